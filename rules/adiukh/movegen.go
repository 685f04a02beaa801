package adiukh

import (
	"math"
	"math/bits"
	"strings"
)

// maxCaptures bounds the checkers one move can take: each capture moves one
// enemy checker under the capturing tower, and a side has 12 checkers.
const maxCaptures = 12

// Move is one legal move: a quiet move (no captures) or a whole capture with
// every square the piece landed on.
type Move struct {
	From, To Square
	captures uint8
	path     [maxCaptures]Square // landing square after each capture; path[captures-1] == To
	taken    [maxCaptures]Square // square of the tower each capture took the top checker of
}

// IsCapture reports whether the move takes checkers.
func (m Move) IsCapture() bool { return m.captures > 0 }

// Captures is the number of checkers the move takes.
func (m Move) Captures() int { return int(m.captures) }

// Path returns the squares the piece stands on in turn: the start square, then
// the landing square after each capture (for a quiet move, start and end).
func (m Move) Path() []Square {
	if m.captures == 0 {
		return []Square{m.From, m.To}
	}
	out := make([]Square, 0, m.captures+1)
	out = append(out, m.From)
	return append(out, m.path[:m.captures]...)
}

// Taken returns the squares of the towers the move takes a checker from, in
// order; a tower taken twice appears twice (§3.14).
func (m Move) Taken() []Square { return append([]Square(nil), m.taken[:m.captures]...) }

// String writes the move in full notation with every landing square:
// "c3-b4", "f4:d6:b4".
func (m Move) String() string {
	sep := ":"
	if m.captures == 0 {
		sep = "-"
	}
	var b strings.Builder
	for i, s := range m.Path() {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(s.String())
	}
	return b.String()
}

// Short writes the move in the short notation of §7.2: the file of the start
// square, then the destination: "cb4".
func (m Move) Short() string {
	return string(rune('a'+m.From.File())) + m.To.String()
}

// Play returns the position after the move. The mover's tower is lifted whole
// (§3.3); each capture takes the top checker of a tower and puts it under the
// mover (§3.7, §3.9); the rest of a taken tower stays on its square.
func (p Position) Play(m Move) Position {
	mover := p.At(m.From)
	p.Put(m.From, Tower{})
	for _, s := range m.taken[:m.captures] {
		p.popTop(s)
		mover.Other++
	}
	p.Put(m.To, mover)
	return p
}

// popTop removes the top checker of the tower on s. A tower whose top block is
// used up is freed: the other colour's block becomes its owner (figure 23).
func (p *Position) popTop(s Square) {
	bit := uint32(1) << s
	owner := White
	if p.top[Black]&bit != 0 {
		owner = Black
	}
	p.own[s]--
	if p.own[s] > 0 {
		return
	}
	p.top[owner] &^= bit
	if p.other[s] > 0 {
		p.own[s], p.other[s] = p.other[s], 0
		p.top[owner^1] |= bit
	}
}

// LegalMoves returns the legal moves of side, one per distinct resulting
// position.
func (p *Position) LegalMoves(side Color) []Move {
	return p.AppendLegalMoves(nil, side)
}

// AppendLegalMoves appends the legal moves of side to dst, one per distinct
// resulting position, and returns the extended slice. Reusing dst keeps a
// search free of allocations.
func (p *Position) AppendLegalMoves(dst []Move, side Color) []Move {
	return p.appendMoves(dst, side, true)
}

// appendMoves appends the legal moves of side; with distinct false it keeps
// every route of a capture, also those that end in the same position.
func (p *Position) appendMoves(dst []Move, side Color, distinct bool) []Move {
	return p.appendMovesFrom(dst, side, p.top[side], distinct)
}

// appendMovesFrom appends the legal moves of side that start on the squares
// of from. Whether a capture is compulsory is decided over the whole board.
func (p *Position) appendMovesFrom(dst []Move, side Color, from uint32, distinct bool) []Move {
	start := len(dst)
	from &= p.top[side]
	if p.canCapture(side) {
		g := generator{pos: *p, side: side, moves: dst}
		for towers := from; towers != 0; towers &= towers - 1 {
			if s := lowestSquare(towers); p.inReach(side, s) {
				g.capturesFrom(s)
			}
		}
		if distinct {
			return dedupe(g.moves, start)
		}
		return g.moves
	}
	// §3.4: quiet moves only when no capture is possible anywhere; §3.5: a
	// king (a tower on its promotion row) has none.
	empty := ^p.occupied()
	for men := from &^ kingRow[side]; men != 0; men &= men - 1 {
		s := lowestSquare(men)
		for _, d := range forward[side] {
			if to := neighbour[s][d]; to != NoSquare && empty&(1<<to) != 0 {
				dst = append(dst, Move{From: s, To: to})
			}
		}
	}
	return dst
}

// inReach is a quick test before a capture search: a man needs an enemy
// next to it, a king one on its diagonals.
func (p *Position) inReach(side Color, s Square) bool {
	reach := adjacent[s]
	if kingRow[side]&(1<<s) != 0 {
		reach = diagonals[s]
	}
	return reach&p.top[side^1] != 0
}

// canCapture reports whether any tower of side can take a checker: a first
// jump exists, so the whole capture does.
func (p *Position) canCapture(side Color) bool { return p.firstJumps(side, 1) > 0 }

// firstJumps counts the directions in which a tower of side can make the first
// jump of a capture, up to limit.
func (p *Position) firstJumps(side Color, limit int) int {
	count := 0
	occupied, enemy := p.occupied(), p.top[side^1]
	for towers := p.top[side]; towers != 0; towers &= towers - 1 {
		s := lowestSquare(towers)
		if !p.inReach(side, s) {
			continue
		}
		king := kingRow[side]&(1<<s) != 0
		for d := 0; d < 4; d++ {
			victim := neighbour[s][d]
			for king && victim != NoSquare && occupied&(1<<victim) == 0 {
				victim = neighbour[victim][d]
			}
			if victim == NoSquare || enemy&(1<<victim) == 0 {
				continue
			}
			if land := neighbour[victim][d]; land != NoSquare && occupied&(1<<land) == 0 {
				if count++; count == limit {
					return count
				}
			}
		}
	}
	return count
}

// Mobility counts the first steps side can take: the first jumps of its
// captures when it has one (capturing is compulsory), its quiet moves
// otherwise. It is 0 exactly when side has no legal move, and costs far less
// than generating the moves: a search uses it to guess how much work a
// position will take.
func (p *Position) Mobility(side Color) int {
	if n := p.firstJumps(side, math.MaxInt); n > 0 {
		return n
	}
	return p.quietMoves(side, math.MaxInt)
}

// quietMoves counts the quiet moves of side's men, up to limit; a king (a
// tower on its promotion row) has none (§3.5).
func (p *Position) quietMoves(side Color, limit int) int {
	count := 0
	empty := ^p.occupied()
	for men := p.top[side] &^ kingRow[side]; men != 0; men &= men - 1 {
		s := lowestSquare(men)
		for _, d := range forward[side] {
			if to := neighbour[s][d]; to != NoSquare && empty&(1<<to) != 0 {
				if count++; count == limit {
					return count
				}
			}
		}
	}
	return count
}

// hasLegalMove reports whether side can move at all; without a move the
// position is final (§5.1).
func (p *Position) hasLegalMove(side Color) bool {
	return p.canCapture(side) || p.quietMoves(side, 1) > 0
}

// generator searches captures on a scratch copy of the position: the moving
// tower is lifted off its start square and each capture is applied and undone
// as the search goes deeper and back.
type generator struct {
	pos   Position
	side  Color
	moves []Move
	cur   Move
}

func (g *generator) capturesFrom(from Square) {
	bit := uint32(1) << from
	g.pos.top[g.side] &^= bit
	g.cur = Move{From: from}
	g.extend(from, noDirection, kingRow[g.side]&bit != 0)
	g.pos.top[g.side] |= bit
}

// extend finds every way to go on capturing from square at, after a jump in
// direction last, and records the moves that end there. It reports whether a
// capture was possible, because continuation is compulsory (§3.8, §3.10).
func (g *generator) extend(at Square, last int, king bool) bool {
	found := false
	enemy := g.pos.top[g.side^1]
	for d := 0; d < 4; d++ {
		if last != noDirection && d == last^1 {
			continue // §3.14: no 180° turn within one capture
		}
		occupied := g.pos.occupied()
		victim := neighbour[at][d]
		if king {
			// §3.9: a king sees along the diagonal over empty squares.
			for victim != NoSquare && occupied&(1<<victim) == 0 {
				victim = neighbour[victim][d]
			}
		}
		if victim == NoSquare || enemy&(1<<victim) == 0 {
			continue
		}
		land := neighbour[victim][d]
		if land == NoSquare || occupied&(1<<land) != 0 {
			continue
		}
		found = true
		saved := g.pos
		g.pos.popTop(victim)
		n := g.cur.captures
		g.cur.taken[n] = victim
		g.cur.captures++
		if !king {
			g.cur.path[n] = land
			// §3.11: a man reaching the king row during a capture goes on
			// capturing as a king.
			if !g.extend(land, d, kingRow[g.side]&(1<<land) != 0) {
				g.emit(land)
			}
		} else {
			// §3.10: the king may land on any empty square behind the taken
			// checker, but must choose one it can go on capturing from if there
			// is one.
			goesOn := false
			for l := land; l != NoSquare && occupied&(1<<l) == 0; l = neighbour[l][d] {
				g.cur.path[n] = l
				if g.extend(l, d, true) {
					goesOn = true
				}
			}
			if !goesOn {
				for l := land; l != NoSquare && occupied&(1<<l) == 0; l = neighbour[l][d] {
					g.cur.path[n] = l
					g.emit(l)
				}
			}
		}
		g.cur.captures--
		g.pos = saved
	}
	return found
}

func (g *generator) emit(to Square) {
	m := g.cur
	m.To = to
	g.moves = append(g.moves, m)
}

// dedupe removes from moves[start:] every capture that leads to the same
// position as an earlier one: the same start, end and multiset of taken
// towers. Different routes to one result are one move.
func dedupe(moves []Move, start int) []Move {
	out := moves[:start]
	for i := start; i < len(moves); i++ {
		m := moves[i]
		dup := false
		for j := start; j < len(out); j++ {
			if sameResult(&out[j], &m) {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, m)
		}
	}
	return out
}

func sameResult(a, b *Move) bool {
	if a.From != b.From || a.To != b.To || a.captures != b.captures {
		return false
	}
	var count [32]int8
	for i := uint8(0); i < a.captures; i++ {
		count[a.taken[i]]++
		count[b.taken[i]]--
	}
	for _, c := range count {
		if c != 0 {
			return false
		}
	}
	return true
}

func lowestSquare(set uint32) Square {
	return Square(bits.TrailingZeros32(set))
}
