package matching

import (
	"math/rand/v2"
	"testing"
)

// TestMaxCardinality compares with an exhaustive search on random small
// graphs, odd cycles (blossoms) included.
func TestMaxCardinality(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		n := 1 + rng.IntN(10)
		w := make([][]uint64, n)
		for i := range w {
			w[i] = make([]uint64, n)
		}
		adj := make([][]int, n)
		for i := range n {
			for j := i + 1; j < n; j++ {
				if rng.IntN(3) == 0 {
					w[i][j], w[j][i] = 1, 1
					adj[i] = append(adj[i], j)
					if rng.IntN(2) == 0 {
						adj[j] = append(adj[j], i)
					}
				}
			}
		}
		if got, want := MaxCardinality(n, adj), bruteForce(n, w); uint64(got) != want {
			t.Fatalf("graph %v: MaxCardinality = %d, exhaustive search = %d", adj, got, want)
		}
	}
	if got := MaxCardinality(0, nil); got != 0 {
		t.Fatalf("empty graph: MaxCardinality = %d, want 0", got)
	}
}
