package matching

import (
	"math/rand/v2"
	"testing"
)

// bruteForce returns the maximum total weight of a matching, by trying every
// matching of the (small) graph.
func bruteForce(n int, w [][]uint64) uint64 {
	var best func(used uint32) uint64
	memo := map[uint32]uint64{}
	best = func(used uint32) uint64 {
		first := -1
		for v := range n {
			if used&(1<<v) == 0 {
				first = v
				break
			}
		}
		if first < 0 {
			return 0
		}
		if r, ok := memo[used]; ok {
			return r
		}
		r := best(used | 1<<first) // first stays unmatched
		for u := first + 1; u < n; u++ {
			if used&(1<<u) == 0 && w[first][u] > 0 {
				r = max(r, w[first][u]+best(used|1<<first|1<<u))
			}
		}
		memo[used] = r
		return r
	}
	return best(0)
}

func matchedWeight(t *testing.T, m *Matcher, w [][]uint64) uint64 {
	t.Helper()
	var total uint64
	for v := range m.n {
		u := m.Mate(v)
		if u < 0 {
			continue
		}
		if m.Mate(u) != v {
			t.Fatalf("mate(%d) = %d but mate(%d) = %d", v, u, u, m.Mate(u))
		}
		if w[v][u] == 0 {
			t.Fatalf("vertices %d and %d matched by an absent edge", v, u)
		}
		if v < u {
			total += w[v][u]
		}
	}
	return total
}

// TestMatcherAgainstBruteForce checks maximality after each of a series of
// random edge changes, fixed pairs and rebuilds, which exercises the
// warm-started re-solving.
func TestMatcherAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 3000 {
		n := 2 + rng.IntN(13)
		words := 1 + rng.IntN(2)
		m := New(n, words)
		w := make([][]uint64, n)
		for i := range w {
			w[i] = make([]uint64, n)
		}
		maxW := uint64(1 + rng.IntN(20))
		enc := func(x uint64) Weight {
			wt := NewWeight(words)
			wt[0] = x
			if words > 1 {
				// The same order with the value spread over two words.
				wt[1] = x >> 3
				wt[0] = x << 61
			}
			return wt
		}
		set := func(u, v int, x uint64) {
			w[u][v], w[v][u] = x, x
			m.SetWeight(u, v, enc(x))
			if err := m.check(); err != nil && err.Error()[:4] != "free" {
				t.Fatalf("after SetWeight(%d,%d): %v", u, v, err)
			}
		}
		for u := range n {
			for v := range u {
				if rng.IntN(3) > 0 {
					set(u, v, uint64(rng.IntN(int(maxW)+1)))
				}
			}
		}
		for step := range 8 {
			m.Solve()
			if err := m.check(); err != nil {
				t.Fatalf("trial %d step %d: %v", trial, step, err)
			}
			if got, want := matchedWeight(t, m, w), bruteForce(n, w); got != want {
				t.Fatalf("trial %d step %d (n=%d): matching weight %d, maximum %d", trial, step, n, got, want)
			}
			if n > 2 && rng.IntN(4) == 0 {
				// Fix a pair, as the Dutch pairing does with final pairs.
				a, b := rng.IntN(n), rng.IntN(n)
				if a != b {
					x := uint64(1 + rng.IntN(int(maxW)))
					for u := range n {
						w[a][u], w[u][a], w[b][u], w[u][b] = 0, 0, 0, 0
					}
					w[a][b], w[b][a] = x, x
					m.Fix(a, b, enc(x))
					if err := m.check(); err != nil && err.Error()[:4] != "free" {
						t.Fatalf("after Fix(%d,%d): %v", a, b, err)
					}
					continue
				}
			}
			for range 1 + rng.IntN(3) {
				u := rng.IntN(n)
				for v := range n {
					if v != u && rng.IntN(2) == 0 {
						set(u, v, uint64(rng.IntN(int(maxW)+1)))
					}
				}
			}
			if rng.IntN(4) == 0 {
				// Rebuild everything, as the Dutch pairing does for a new
				// bracket.
				m.ReleaseAll()
				if err := m.check(); err != nil && err.Error()[:4] != "free" {
					t.Fatalf("after ReleaseAll: %v", err)
				}
			}
		}
	}
}
