package solve

import (
	"math"
)

// Proof-number search (df-pn, Nagai 2002): each node has a proof number, the
// fewest undecided leaves whose proof would prove it, and a disproof number,
// the same for a disproof. The search always goes down to the most-proving
// node: at the prover's move the child with the least proof number, at the
// defender's move the one with the least disproof number, and stays there
// until its numbers pass thresholds derived from the second-best child.
// Unlike a depth-limited search it needs no horizon, so a disproof that
// must follow the game to its end is searched once, not once per depth.

// infinity is the proof or disproof number of a decided node.
const infinity = math.MaxUint32 / 4

// numbers are a node's proof and disproof numbers and, once it is decided,
// the depth of the shallowest position above it that a disproof relies on
// (low) and the length of a proof (dist).
type numbers struct {
	pn, dn uint32
	low    int32
	dist   int32
}

// decided turns a verdict into numbers.
func decided(st status, low, dist int32) numbers {
	if st == proved {
		return numbers{0, infinity, noLow, dist}
	}
	return numbers{infinity, 0, low, 0}
}

// pnFrame is what mid keeps of the children of one node on the path.
type pnFrame struct {
	kids []numbers
}

// mid expands n, which stands at depth on the path, until its proof number
// reaches thpn or its disproof number thdn, or it is decided.
//
// Repetitions: a play that comes back to a position of the path counts as a
// loss for the prover. That is exact at the root: if the prover can force its
// goal it can do so without ever repeating a position (its distance to the
// goal drops with every move), and a prover who wins while repetitions count
// against it wins anyway. But such a disproof holds only for this path, so
// the table may keep it only when every repetition it relied on was of the
// node itself or of positions below it (low ≥ depth): then the search from
// the node with no history at all would have found the same. A proof never
// relies on a repetition and is always kept. The children's numbers are kept
// in the node's frame while it is on the path, so a disproof that is not for
// the table still counts for as long as it holds. Proof and disproof numbers
// of undecided nodes go to a table of their own (pnTable): they only steer.
func (s *Solver) mid(n *node, h uint64, depth int32, thpn, thdn uint32) numbers {
	if s.nodes >= s.stop {
		// The budget, or the question's share of it, is spent: this node
		// is not searched, nor counted.
		s.aborted = true
		return numbers{1, 1, noLow, 0}
	}
	s.nodes++
	if s.nodes&(checkEvery-1) == 0 && s.interrupted() {
		s.aborted = true
		return numbers{1, 1, noLow, 0}
	}
	cut := -1
	if e := s.table.find(h, n); e != nil {
		if st, dist := e.known(s.goal); st != unknown {
			return decided(st, noLow, int32(dist))
		}
		cut = int(e.cut) - 1
	}
	for int(depth) >= len(s.moves) {
		s.moves = append(s.moves, nil)
		s.children = append(s.children, nil)
		s.frames = append(s.frames, pnFrame{})
	}
	moves := n.pos.AppendLegalMoves(s.moves[depth][:0], n.side)
	s.moves[depth] = moves
	if len(moves) == 0 {
		white := n.pos.Score().White
		e := s.table.slot(h, n)
		e.wProved, e.wDisproved, e.wDist = int8(white), int8(white+1), 0
		e.bProved, e.bDisproved, e.bDist = int8(white), int8(white-1), 0
		if s.goal.reached(white) {
			return decided(proved, noLow, 0)
		}
		return decided(disproved, noLow, 0)
	}
	before := s.nodes
	kids := s.order(n, moves, cut, s.children[depth][:0])
	s.children[depth] = kids
	nums := s.frames[depth].kids[:0]
	for i := range kids {
		c := &kids[i]
		v := numbers{1, 1, noLow, 0}
		if d := s.path.depthOf(c.hash, &c.n); d >= 0 {
			v = decided(disproved, d, 0)
		} else if c.st != unknown {
			v = decided(c.st, noLow, c.dist)
		}
		if v.pn != 0 && v.dn != 0 {
			if pn, dn, ok := s.pns.find(c.hash, s.goal); ok {
				v.pn, v.dn = pn, dn
			} else {
				v = s.initial(&c.n)
			}
		}
		nums = append(nums, v)
	}
	s.frames[depth].kids = nums
	proverMoves := n.side == s.goal.prover
	s.path.push(h, n)
	var out numbers
	for {
		out = combine(nums, proverMoves)
		if out.pn == 0 || out.dn == 0 || out.pn >= thpn || out.dn >= thdn {
			break
		}
		best, second := pick(nums, proverMoves)
		c := &kids[best]
		var cthpn, cthdn uint32
		if proverMoves {
			cthpn = min(thpn, grow(second))
			cthdn = thdn - out.dn + nums[best].dn
		} else {
			cthdn = min(thdn, grow(second))
			cthpn = thpn - out.pn + nums[best].pn
		}
		nums[best] = s.mid(&c.n, c.hash, depth+1, cthpn, cthdn)
		if s.aborted {
			break
		}
	}
	s.path.pop()
	if s.aborted {
		return numbers{1, 1, noLow, 0}
	}
	if out.dn == 0 && out.low < depth {
		return out // relies on the path above: not for the table
	}
	if out.pn != 0 && out.dn != 0 {
		s.pns.store(h, s.goal, out.pn, out.dn)
		return out
	}
	e := s.table.slot(h, n)
	e.work = uint32(min(s.nodes-before, math.MaxUint32))
	if d := deciding(nums, proverMoves); d >= 0 && kids[d].index < 255 {
		e.cut = uint8(kids[d].index + 1)
	}
	if out.pn == 0 {
		e.learn(s.goal, proved, int(out.dist))
	} else {
		e.learn(s.goal, disproved, 0)
		out.low = noLow
	}
	return out
}

// combine returns the numbers of a node from its children's: the prover
// needs one child proved, the defender one disproved. A decided node gets
// the verdict's repetition depth and proof length.
func combine(kids []numbers, proverMoves bool) numbers {
	out := numbers{low: noLow}
	var sum uint64
	first := true
	for _, k := range kids {
		if proverMoves {
			if first || k.pn < out.pn {
				out.pn = k.pn
			}
			sum += uint64(k.dn)
		} else {
			if first || k.dn < out.dn {
				out.dn = k.dn
			}
			sum += uint64(k.pn)
		}
		first = false
	}
	total := uint32(min(sum, infinity))
	if proverMoves {
		out.dn = total
	} else {
		out.pn = total
	}
	switch {
	case out.pn == 0 && proverMoves:
		// Proved by the child with the shortest proof.
		out.dist = math.MaxInt32
		for _, k := range kids {
			if k.pn == 0 {
				out.dist = min(out.dist, k.dist+1)
			}
		}
	case out.pn == 0:
		// Proved when every child is: the longest proof counts.
		for _, k := range kids {
			out.dist = max(out.dist, k.dist+1)
		}
	case out.dn == 0 && proverMoves:
		// Disproved when every child is: by all their repetitions.
		for _, k := range kids {
			out.low = min(out.low, k.low)
		}
	case out.dn == 0:
		// Disproved by one child: the one relying on the least of the path.
		out.low = math.MinInt32
		for _, k := range kids {
			if k.dn == 0 {
				out.low = max(out.low, k.low)
			}
		}
	}
	return out
}

// grow is the 1+ε trick (Pawlewicz and Lew 2007): the chosen child may go
// on until its number exceeds the second best by half, not by one, so
// the search switches between close siblings less often.
func grow(second uint32) uint32 {
	return min(second+second/2+1, infinity+1)
}

// pick returns the child to expand (the prover's least proof number, the
// defender's least disproof number) and the second least of those numbers.
func pick(kids []numbers, proverMoves bool) (best int, second uint32) {
	value := func(k numbers) uint32 {
		if proverMoves {
			return k.pn
		}
		return k.dn
	}
	best, second = -1, infinity
	for i, k := range kids {
		v := value(k)
		switch {
		case best < 0 || v < value(kids[best]):
			if best >= 0 {
				second = value(kids[best])
			}
			best = i
		case v < second:
			second = v
		}
	}
	return best, second
}

// deciding returns the child that decided a node (for the table's cut), or
// −1 when all children did.
func deciding(kids []numbers, proverMoves bool) int {
	for i, k := range kids {
		if proverMoves && k.pn == 0 || !proverMoves && k.dn == 0 {
			return i
		}
	}
	return -1
}

// pnTable keeps the proof and disproof numbers of undecided nodes by hash
// alone: they only steer the search, so a collision costs time, never a
// wrong answer.
type pnTable struct {
	slots []pnSlot
	mask  uint64
}

type pnSlot struct {
	key    uint64
	pn, dn uint32
}

func newPNTable(bytes int) pnTable {
	n := 1
	for n*2*16 <= bytes {
		n *= 2
	}
	return pnTable{slots: make([]pnSlot, n), mask: uint64(n - 1)}
}

func pnKey(h uint64, g goal) uint64 {
	return (h ^ uint64(g.prover)<<62 ^ uint64(uint8(g.t))<<54) * 0x9E3779B97F4A7C15
}

func (t *pnTable) find(h uint64, g goal) (pn, dn uint32, ok bool) {
	k := pnKey(h, g)
	sl := &t.slots[(k>>20)&t.mask]
	if sl.key != k {
		return 0, 0, false
	}
	return sl.pn, sl.dn, true
}

func (t *pnTable) store(h uint64, g goal, pn, dn uint32) {
	k := pnKey(h, g)
	t.slots[(k>>20)&t.mask] = pnSlot{k, pn, dn}
}

// initial returns the numbers of a node the search has not met yet (df-pn+):
// a final position is decided by its score at once; otherwise the more first
// steps the side to move has (adiukh.Position.Mobility), the more work the
// proof (defender to move) or the disproof (prover to move) is likely to
// take, as every one of its moves must be answered. It cuts the nodes of the
// rule book's figures and the late random-game positions by a third, and
// their time with them (docs/benchmarks.md).
func (s *Solver) initial(n *node) numbers {
	moves := uint32(n.pos.Mobility(n.side))
	switch {
	case moves == 0 && s.goal.reached(n.pos.Score().White):
		return decided(proved, noLow, 0)
	case moves == 0:
		return decided(disproved, noLow, 0)
	case n.side == s.goal.prover:
		return numbers{1, moves, noLow, 0}
	}
	return numbers{moves, 1, noLow, 0}
}
