package openings

import (
	"math"
	"math/rand/v2"
)

// NewSource is the random source of a draw from its seed: PCG, whose
// output the Go project specifies, so that a seed an event stores draws
// the same openings again, on any machine and release.
func NewSource(seed uint64) rand.Source { return rand.NewPCG(seed, seed) }

// Draw picks n openings from the table: one for a round, or one for each
// board. drawn are the numbers drawn before in the event, in the order
// drawn; no opening comes again until every opening of the table has been
// drawn, and then the table starts over (numbers no longer in the table
// are left aside). The same table, drawn numbers and source give the same
// openings, so that a draw can be reproduced and audited from its seed.
func Draw(t *Table, src rand.Source, n int, drawn []int) ([]Opening, error) {
	switch {
	case len(t.Openings) == 0:
		return nil, &Error{Detail: say("the table has no openings")}
	case n < 1:
		return nil, &Error{Detail: say("%d openings cannot be drawn: draw one or more", n)}
	}
	inTable := make(map[int]bool, len(t.Openings))
	for _, o := range t.Openings {
		inTable[o.Number] = true
	}
	used := map[int]bool{}
	for _, number := range drawn {
		if inTable[number] {
			used[number] = true
			if len(used) == len(t.Openings) {
				clear(used)
			}
		}
	}
	out := make([]Opening, 0, n)
	pool := make([]Opening, 0, len(t.Openings))
	for len(out) < n {
		if len(used) == len(t.Openings) {
			clear(used)
		}
		pool = pool[:0]
		for _, o := range t.Openings {
			if !used[o.Number] {
				pool = append(pool, o)
			}
		}
		o := pool[uniform(src, len(pool))]
		used[o.Number] = true
		out = append(out, o)
	}
	return out, nil
}

// uniform returns a number from 0 to n-1, each as likely, from the
// source's 64-bit outputs alone (what math/rand/v2 does with them may
// change between releases; this does not).
func uniform(src rand.Source, n int) int {
	bound := uint64(n)
	limit := math.MaxUint64 - math.MaxUint64%bound
	for {
		if x := src.Uint64(); x < limit {
			return int(x % bound)
		}
	}
}
