package teamswiss

import (
	"math/rand/v2"
	"testing"
)

// TestMaxMatching compares the blossom algorithm with an exhaustive search
// on random small graphs, odd cycles (blossoms) included.
func TestMaxMatching(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		n := 1 + rng.IntN(10)
		edges := make([][]bool, n)
		for i := range edges {
			edges[i] = make([]bool, n)
		}
		adj := make([][]int, n)
		for i := range n {
			for j := i + 1; j < n; j++ {
				if rng.IntN(3) == 0 {
					edges[i][j], edges[j][i] = true, true
					adj[i] = append(adj[i], j)
					adj[j] = append(adj[j], i)
				}
			}
		}
		if got, want := maxMatching(n, adj), bruteMatching(edges, make([]bool, n)); got != want {
			t.Fatalf("graph %v: maxMatching = %d, exhaustive search = %d", adj, got, want)
		}
	}
}

func bruteMatching(edges [][]bool, used []bool) int {
	first := -1
	for i, u := range used {
		if !u {
			first = i
			break
		}
	}
	if first < 0 {
		return 0
	}
	used[first] = true
	best := bruteMatching(edges, used) // first stays single
	for j := range used {
		if !used[j] && edges[first][j] {
			used[j] = true
			best = max(best, 1+bruteMatching(edges, used))
			used[j] = false
		}
	}
	used[first] = false
	return best
}
