package solve

import (
	"math"

	"adiukh/rules"
	"adiukh/rules/adiukh"
)

// goal is one yes-or-no question the search answers: can the prover force
// a final position with White on at least t points (prover White) or at
// most t points (prover Black)? Endless play never reaches a final position,
// so it counts against the prover.
type goal struct {
	prover rules.Color
	t      int8
}

// reached reports whether a final position worth white points to White
// fulfils the goal.
func (g goal) reached(white int) bool {
	if g.prover == rules.White {
		return white >= int(g.t)
	}
	return white <= int(g.t)
}

// beyond is the next harder goal of the same prover: one point more for
// White, one less for Black.
func (g goal) beyond() goal {
	if g.prover == rules.White {
		g.t++
	} else {
		g.t--
	}
	return g
}

// refutation is the defender's goal whose proof disproves g: for White's
// "at least t", Black's "at most t−1", and the other way round.
func (g goal) refutation() goal {
	if g.prover == rules.White {
		return goal{rules.Black, g.t - 1}
	}
	return goal{rules.White, g.t + 1}
}

type status uint8

const (
	unknown status = iota
	proved
	disproved
)

// noLow marks a disproof that relies on no position above the node.
const noLow = math.MaxInt32

// child is a move's resulting node with the key the search tries it by.
type child struct {
	n     node
	hash  uint64 // hashOf(&n)
	key   int
	index int // of the move in generation order
	// st is what the table knew of the child for the goal when it was
	// ordered, dist the length of a proof.
	st   status
	dist int32
}

// order returns the nodes the moves lead to, the most promising for the
// side to move first: what the table already decided for it, then what the
// table's bounds for other thresholds suggest (entry.hint), then the points
// White would have if the game stopped there. The move that decided the
// node's last search (cut) goes before all others. Proof-number search
// breaks its ties in this order.
func (s *Solver) order(n *node, moves []adiukh.Move, cut int, out []child) []child {
	mover := n.side
	for i := range moves {
		c := child{n: node{n.pos.Play(moves[i]), mover.Opponent()}, index: i}
		white := c.n.pos.Score().White
		if mover == rules.Black {
			white = -white
		}
		c.key = white
		c.hash = hashOf(&c.n)
		if e := s.table.find(c.hash, &c.n); e != nil {
			// The mover wants the goal proved if it is the prover, disproved
			// otherwise.
			st, dist := e.known(s.goal)
			c.st, c.dist = st, int32(dist)
			switch {
			case st == proved && mover == s.goal.prover, st == disproved && mover != s.goal.prover:
				c.key += 1000
			case st != unknown:
				c.key -= 1000
			default:
				c.key += e.hint(mover)
			}
		}
		if i == cut {
			c.key += 100000
		}
		j := len(out)
		out = append(out, c)
		for ; j > 0 && out[j-1].key < c.key; j-- {
			out[j] = out[j-1]
		}
		out[j] = c
	}
	return out
}

// prove answers g for n by proof-number search (see mid) until it reaches a
// verdict or the node budget runs out; it returns the verdict and, for a
// proof, its length in plies.
func (s *Solver) prove(n *node, g goal) (status, int, error) {
	s.goal = g
	if w, b := n.pos.Checkers(); g.prover == rules.White && int(g.t) > w+b || g.prover == rules.Black && g.t < 0 {
		return disproved, 0, nil // no final position has such a score
	}
	h := hashOf(n)
	if e := s.table.find(h, n); e != nil {
		if st, dist := e.known(g); st != unknown {
			return st, dist, nil
		}
	}
	for {
		v := s.mid(n, h, 0, infinity+1, infinity+1)
		switch {
		case s.aborted:
			return unknown, 0, s.stopped()
		case v.pn == 0:
			return proved, int(v.dist), nil
		case v.dn == 0:
			return disproved, 0, nil
		}
	}
}
