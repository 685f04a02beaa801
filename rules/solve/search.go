package solve

import (
	"math"

	"adiukh/rules"
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

type status uint8

const (
	unknown status = iota
	proved
	disproved
)

// noLow marks a verdict that depends on no position above the node.
const noLow = math.MaxInt32

// verdict is what a search of one node found: the status, the shallowest
// depth of the path whose repetition the verdict relied on (noLow if none),
// and for a proof the number of plies within which the prover reaches its
// goal.
type verdict struct {
	st   status
	low  int32
	dist int32
}

// search answers s.goal for n, searching at most remaining plies deeper; n
// stands at depth on the path.
//
// Repetitions: a play that comes back to a position of the path counts as a
// loss for the prover. That is exact at the root: if the prover can force its
// goal it can do so without ever repeating a position (its distance to the
// goal drops with every move), and a prover who wins while repetitions count
// against it wins anyway. But such a disproof holds only for this path, so
// the table may keep it only when every repetition it relied on was of the
// node itself or of positions below it (low ≥ depth): then the search from
// the node with no history at all would have found the same. A proof never
// relies on a repetition and is always kept.
func (s *Solver) search(n *node, h uint64, depth int32, remaining int) verdict {
	s.nodes++
	if s.nodes > s.maxNodes {
		s.aborted = true
		return verdict{unknown, noLow, 0}
	}
	if d := s.path.depthOf(h, n); d >= 0 {
		return verdict{disproved, d, 0}
	}
	cut := -1
	if e := s.table.find(h, n); e != nil {
		if st, dist := e.known(s.goal); st != unknown {
			return verdict{st, noLow, int32(dist)}
		}
		if e.unkGoal == s.goal && int(e.unkDepth) >= remaining {
			return verdict{unknown, noLow, 0}
		}
		cut = int(e.cut) - 1
	}
	for int(depth) >= len(s.moves) {
		s.moves = append(s.moves, nil)
		s.children = append(s.children, nil)
	}
	moves := n.pos.AppendLegalMoves(s.moves[depth][:0], n.side)
	s.moves[depth] = moves
	if len(moves) == 0 {
		white := n.pos.Score().White
		e := s.table.slot(h, n)
		e.wProved, e.wDisproved, e.wDist = int8(white), int8(white+1), 0
		e.bProved, e.bDisproved, e.bDist = int8(white), int8(white-1), 0
		if s.goal.reached(white) {
			return verdict{proved, noLow, 0}
		}
		return verdict{disproved, noLow, 0}
	}
	if remaining == 0 {
		return verdict{unknown, noLow, 0}
	}
	before := s.nodes
	kids := s.order(n, moves, cut, remaining > 1, s.children[depth][:0])
	s.children[depth] = kids
	s.path.push(h, n)
	proverMoves := n.side == s.goal.prover
	out := verdict{disproved, noLow, 0}
	if !proverMoves {
		out.st = proved
	}
	decided := -1
	for i := range kids {
		v := s.search(&kids[i].n, kids[i].hash, depth+1, remaining-1)
		if s.aborted {
			break
		}
		if proverMoves {
			if v.st == proved {
				out = verdict{proved, noLow, v.dist + 1}
				decided = kids[i].index
				break
			}
			if v.st == unknown {
				out.st = unknown
			}
			out.low = min(out.low, v.low)
			continue
		}
		if v.st == disproved {
			out = verdict{disproved, v.low, 0}
			decided = kids[i].index
			break
		}
		if v.st == unknown {
			out.st = unknown
			out.low = min(out.low, v.low)
		} else {
			out.dist = max(out.dist, v.dist+1)
		}
	}
	s.path.pop(h)
	if s.aborted {
		return verdict{unknown, noLow, 0}
	}
	if out.st == proved {
		out.low = noLow
	} else if out.low < depth {
		return out // relies on the path above: not for the table
	}
	out.low = noLow
	e := s.table.slot(h, n)
	e.work = uint32(min(s.nodes-before, math.MaxUint32))
	if decided >= 0 && decided < 255 {
		e.cut = uint8(decided + 1)
	}
	if out.st == unknown {
		e.unkGoal, e.unkDepth = s.goal, int16(min(remaining, math.MaxInt16))
	} else {
		e.learn(s.goal, out.st, int(out.dist))
	}
	return out
}

// tableIf returns the table's entry of n when probe is set, else nil.
func (s *Solver) tableIf(probe bool, h uint64, n *node) *entry {
	if !probe {
		return nil
	}
	return s.table.find(h, n)
}

// child is a move's resulting node with the key the search tries it by.
type child struct {
	n     node
	hash  uint64 // hashOf(&n)
	key   int
	index int // of the move in generation order
}

// order returns the nodes the moves lead to, the most promising for the
// side to move first: what the table already decided for it, then the
// points White would have if the game stopped there. The move that decided
// the node's last search (cut) goes before all others. Without probe the
// table is not asked (used one ply above the horizon, where each child
// probes the table in its own search anyway: a probe here too costs a cache
// miss per child and gains little order).
func (s *Solver) order(n *node, moves []rules.Move, cut int, probe bool, out []child) []child {
	mover := n.side
	for i := range moves {
		c := child{n: node{n.pos.Play(moves[i]), mover.Opponent()}, index: i}
		white := c.n.pos.Score().White
		if mover == rules.Black {
			white = -white
		}
		c.key = white
		c.hash = hashOf(&c.n)
		if e := s.tableIf(probe, c.hash, &c.n); e != nil {
			// The mover wants the goal proved if it is the prover, disproved
			// otherwise.
			switch st, _ := e.known(s.goal); {
			case st == proved && mover == s.goal.prover, st == disproved && mover != s.goal.prover:
				c.key += 1000
			case st != unknown:
				c.key -= 1000
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

// prove answers g for n by deepening the search, by half again each time
// (shallow proofs are found first, and the deep searches that disproofs need
// are not repeated too often), until it reaches a verdict or the node budget
// runs out; it returns the verdict and, for a proof, its length in plies.
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
	for limit := 1; ; limit = limit*3/2 + 1 {
		v := s.search(n, h, 0, limit)
		if s.aborted {
			return unknown, 0, &BudgetError{s.maxNodes}
		}
		if v.st != unknown {
			return v.st, int(v.dist), nil
		}
	}
}
