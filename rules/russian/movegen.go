package russian

import (
	"math/bits"
	"strings"
)

// maxCaptures bounds the pieces one move can take: a side has 12.
const maxCaptures = 12

// Move is one legal move: a quiet move, or a whole capture with every
// square the piece landed on.
type Move struct {
	From, To Square
	// Taken has a bit for every square whose piece the move takes.
	Taken uint32
	// Crowns reports whether a man becomes a king: on the last row, at the
	// end of a quiet move or anywhere in a capture (RD 6, LD 9).
	Crowns   bool
	captures uint8
	path     [maxCaptures]Square // landing square after each capture
}

// IsCapture reports whether the move takes pieces.
func (m *Move) IsCapture() bool { return m.captures > 0 }

// Captures is the number of pieces the move takes.
func (m *Move) Captures() int { return int(m.captures) }

// landings are the squares the piece lands on between its start and its
// end: none for a quiet move.
func (m *Move) landings() []Square {
	if m.captures == 0 {
		return nil
	}
	return m.path[:m.captures-1]
}

// Path returns the squares the piece stands on in turn: the start, then the
// landing square after each capture (a quiet move: start and end).
func (m *Move) Path() []Square {
	if m.captures == 0 {
		return []Square{m.From, m.To}
	}
	return append([]Square{m.From}, m.path[:m.captures]...)
}

// String writes the move as the game writes it, with every landing square:
// "c3-d4", "c3:e5:g3".
func (m Move) String() string {
	var b strings.Builder
	b.Grow(3*int(m.captures) + 5)
	b.WriteString(m.From.String())
	if m.captures == 0 {
		b.WriteString("-")
		b.WriteString(m.To.String())
	}
	for _, s := range m.path[:m.captures] {
		b.WriteString(":")
		b.WriteString(s.String())
	}
	return b.String()
}

// Play returns the position after the move. The pieces taken leave the
// board only now, when the move is over (RD 3, LD 4).
func (p Position) Play(m *Move) Position {
	side := p.Side
	// A capture may end where it started (LD 12: squares may be crossed
	// again), so the start is cleared before the end is set.
	from, to := uint32(1)<<m.From, uint32(1)<<m.To
	p.Men[side] = p.Men[side]&^from | to
	p.Men[side^1] &^= m.Taken
	if p.Kings&from != 0 {
		p.Kings = p.Kings&^from | to
	} else if m.Crowns {
		p.Kings |= to
	}
	p.Kings &^= m.Taken
	p.Side = side ^ 1
	return p
}

// LegalMoves returns the legal moves of the side to move, one per distinct
// resulting position.
func (p *Position) LegalMoves() []Move { return p.AppendLegalMoves(nil) }

// AppendLegalMoves appends the legal moves to dst, one per distinct
// resulting position; reusing dst keeps a search free of allocations.
func (p *Position) AppendLegalMoves(dst []Move) []Move {
	return p.appendMoves(dst, p.Men[p.Side], true)
}

// appendMoves appends the legal moves of the pieces on from; whether a
// capture is compulsory is decided over the whole board. With distinct
// false every route of a capture is kept, also those with the same result.
func (p *Position) appendMoves(dst []Move, from uint32, distinct bool) []Move {
	side := p.Side
	from &= p.Men[side]
	empty := ^p.occupied()
	if p.CanCapture() {
		// RD 3: capturing is compulsory; RD 8, LD 8: among captures the
		// player chooses freely, however many pieces each takes.
		start := len(dst)
		g := generator{moves: dst, enemy: p.Men[side^1], crown: kingRow[side]}
		for pieces := from; pieces != 0; pieces &= pieces - 1 {
			s := lowest(pieces)
			bit := uint32(1) << s
			g.empty = empty | bit // the piece has left its square
			g.cur = Move{From: s}
			if p.Kings&bit != 0 {
				g.kingCaptures(s, noDirection)
			} else {
				g.manCaptures(s, noDirection)
			}
		}
		if distinct {
			return dedupe(g.moves, start)
		}
		return g.moves
	}
	for men := from &^ p.Kings; men != 0; men &= men - 1 {
		s := lowest(men)
		for _, d := range forward[side] {
			// RD 1: a man steps one square diagonally forward.
			if to := step[s][d]; to != noSquare && empty&(1<<to) != 0 {
				dst = append(dst, Move{From: s, To: to, Crowns: kingRow[side]&(1<<to) != 0})
			}
		}
	}
	for kings := from & p.Kings; kings != 0; kings &= kings - 1 {
		s := lowest(kings)
		for d := 0; d < 4; d++ {
			// RD 2: a king moves along a diagonal to any free square.
			for to := step[s][d]; to != noSquare && empty&(1<<to) != 0; to = step[to][d] {
				dst = append(dst, Move{From: s, To: to})
			}
		}
	}
	return dst
}

// CanCapture reports whether the side to move has a capture, which it must
// make (RD 3).
func (p *Position) CanCapture() bool {
	side := p.Side
	empty := ^p.occupied()
	enemy := p.Men[side^1]
	men := p.Men[side] &^ p.Kings
	// RD 4, LD 2: a man captures forward and backward alike.
	for d := 0; d < 4; d++ {
		if shift(shift(men, d)&enemy, d)&empty != 0 {
			return true
		}
	}
	for kings := p.Men[side] & p.Kings; kings != 0; kings &= kings - 1 {
		s := lowest(kings)
		for d := 0; d < 4; d++ {
			v := step[s][d]
			for v != noSquare && empty&(1<<v) != 0 {
				v = step[v][d]
			}
			if v != noSquare && enemy&(1<<v) != 0 {
				if l := step[v][d]; l != noSquare && empty&(1<<l) != 0 {
					return true
				}
			}
		}
	}
	return false
}

// HasMove reports whether the side to move can move at all; without a move
// it has lost (RD 9, axiom 1).
func (p *Position) HasMove() bool {
	if p.CanCapture() {
		return true
	}
	side := p.Side
	empty := ^p.occupied()
	men := p.Men[side] &^ p.Kings
	kings := p.Men[side] & p.Kings
	for _, d := range forward[side] {
		if shift(men, d)&empty != 0 {
			return true
		}
	}
	for d := 0; d < 4; d++ {
		if shift(kings, d)&empty != 0 {
			return true
		}
	}
	return false
}

// quietMoves counts the moves of the side to move when it has no capture,
// one set of squares per direction rather than one move at a time.
func (p *Position) quietMoves() int {
	side := p.Side
	empty := ^p.occupied()
	men := p.Men[side] &^ p.Kings
	n := 0
	for _, d := range forward[side] {
		n += bits.OnesCount32(shift(men, d) & empty)
	}
	for d := 0; d < 4; d++ {
		// Every king still moving takes one more step each round.
		for kings := p.Men[side] & p.Kings; kings != 0; {
			kings = shift(kings, d) & empty
			n += bits.OnesCount32(kings)
		}
	}
	return n
}

// generator searches the captures of one piece. The pieces it takes stay
// on the board until the move is over: they block the way and none is
// taken twice (RD 7, LD 11: the Turkish strike). Squares may be crossed
// any number of times (LD 12).
type generator struct {
	moves []Move
	enemy uint32 // the opponent's pieces, taken or not
	empty uint32 // the free squares, the moving piece's start among them
	crown uint32 // the row where a man becomes a king
	cur   Move
}

// manCaptures finds every way a man goes on capturing from at after a jump
// in direction last, and records the moves that end there. It reports
// whether a capture was possible: going on is compulsory (RD 4).
func (g *generator) manCaptures(at Square, last int) bool {
	found := false
	for d := 0; d < 4; d++ {
		if d == last^1 {
			continue // the piece just taken stands behind
		}
		v := step[at][d]
		if v == noSquare || g.enemy&^g.cur.Taken&(1<<v) == 0 {
			continue
		}
		l := step[v][d]
		if l == noSquare || g.empty&(1<<l) == 0 {
			continue
		}
		found = true
		n := g.cur.captures
		g.cur.Taken |= 1 << v
		g.cur.path[n] = l
		g.cur.captures++
		if g.crown&(1<<l) != 0 {
			// RD 6, LD 9: a man reaching the last row during a capture is a
			// king at once and goes on capturing as a king.
			g.cur.Crowns = true
			if !g.kingCaptures(l, d) {
				g.emit(l)
			}
			g.cur.Crowns = false
		} else if !g.manCaptures(l, d) {
			g.emit(l)
		}
		g.cur.captures--
		g.cur.Taken &^= 1 << v
	}
	return found
}

// kingCaptures is manCaptures for a king, which sees along the diagonal
// over free squares and lands on any free square behind the piece it takes
// (RD 5, LD 7) — but on one it can go on capturing from, if there is one,
// since a king must capture as long as it can (RD 5).
func (g *generator) kingCaptures(at Square, last int) bool {
	found := false
	for d := 0; d < 4; d++ {
		if last != noDirection && d == last^1 {
			continue
		}
		v := step[at][d]
		for v != noSquare && g.empty&(1<<v) != 0 {
			v = step[v][d]
		}
		if v == noSquare || g.enemy&^g.cur.Taken&(1<<v) == 0 {
			continue
		}
		l := step[v][d]
		if l == noSquare || g.empty&(1<<l) == 0 {
			continue
		}
		found = true
		n := g.cur.captures
		g.cur.Taken |= 1 << v
		g.cur.captures++
		goesOn := false
		for x := l; x != noSquare && g.empty&(1<<x) != 0; x = step[x][d] {
			g.cur.path[n] = x
			if g.kingCaptures(x, d) {
				goesOn = true
			}
		}
		if !goesOn {
			for x := l; x != noSquare && g.empty&(1<<x) != 0; x = step[x][d] {
				g.cur.path[n] = x
				g.emit(x)
			}
		}
		g.cur.captures--
		g.cur.Taken &^= 1 << v
	}
	return found
}

func (g *generator) emit(to Square) {
	m := g.cur
	m.To = to
	g.moves = append(g.moves, m)
}

// dedupe keeps one move of moves[start:] per result: routes with the same
// start, end, pieces taken and crowning are one move.
func dedupe(moves []Move, start int) []Move {
	out := moves[:start]
	for i := start; i < len(moves); i++ {
		m := &moves[i]
		dup := false
		for j := start; j < len(out); j++ {
			if o := &out[j]; o.From == m.From && o.To == m.To && o.Taken == m.Taken && o.Crowns == m.Crowns {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, *m)
		}
	}
	return out
}
