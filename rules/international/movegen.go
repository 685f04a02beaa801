package international

import "math/bits"

// maxCaptures bounds the pieces one move can take: a side has at most 20.
const maxCaptures = 20

// Move is one legal move: a quiet move, or a whole capture with the square
// the piece landed on after each piece it took.
type Move struct {
	From, To Square
	// Taken has a bit for every square whose piece the move takes.
	Taken uint64
	// Crowns reports whether a man becomes a king: its move ends on the far
	// row (FMJD; one that only passes it during a capture stays a man).
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

// Play returns the position after the move. The pieces taken leave the
// board only now, when the move is over (FMJD 4.5).
func (p Position) Play(m *Move) Position {
	side := p.Side
	// A capture may end where it started, so the start is cleared before
	// the end is set.
	from, to := uint64(1)<<m.From, uint64(1)<<m.To
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
func (v *Variant) LegalMoves(p *Position) []Move { return v.AppendLegalMoves(nil, p) }

// AppendLegalMoves appends the legal moves to dst, one per distinct
// resulting position; reusing dst keeps a search free of allocations.
func (v *Variant) AppendLegalMoves(dst []Move, p *Position) []Move {
	return v.appendMoves(dst, p, p.Men[p.Side], true)
}

// appendMoves appends the legal moves of the pieces on from; whether a
// capture is compulsory, and how many pieces it must take, is decided over
// the whole board. With distinct false every route of a capture is kept,
// also those with the same result.
func (v *Variant) appendMoves(dst []Move, p *Position, from uint64, distinct bool) []Move {
	side := p.Side
	from &= p.Men[side]
	empty := v.all &^ p.occupied()
	if v.CanCapture(p) {
		// FMJD 4.2, 4.3: capturing is compulsory, and the sequence that
		// takes the most pieces must be played, kings and men counting
		// alike; among the longest the player chooses freely.
		g := generator{v: v, moves: dst, start: len(dst), enemy: p.Men[side^1], routes: !distinct}
		for pieces := p.Men[side]; pieces != 0; pieces &= pieces - 1 {
			s := lowest(pieces)
			bit := uint64(1) << s
			g.empty = empty | bit // the piece has left its square
			g.cur = Move{From: s}
			g.record = from&bit != 0
			g.crown = v.promotion[side]
			if p.Kings&bit != 0 {
				g.crown = 0
				g.kingCaptures(s, noDirection)
			} else {
				g.manCaptures(s, noDirection)
			}
		}
		if distinct {
			return dedupe(g.moves, g.start)
		}
		return g.moves
	}
	for men := from &^ p.Kings; men != 0; men &= men - 1 {
		s := lowest(men)
		for _, d := range forward[side] {
			// FMJD: a man steps one square diagonally forward.
			if to := v.step[s][d]; to != noSquare && empty&(1<<to) != 0 {
				dst = append(dst, Move{From: s, To: to, Crowns: v.promotion[side]&(1<<to) != 0})
			}
		}
	}
	for kings := from & p.Kings; kings != 0; kings &= kings - 1 {
		s := lowest(kings)
		for d := 0; d < 4; d++ {
			// FMJD: a king moves along a diagonal to any free square.
			for to := v.step[s][d]; to != noSquare && empty&(1<<to) != 0; to = v.step[to][d] {
				dst = append(dst, Move{From: s, To: to})
			}
		}
	}
	return dst
}

// CanCapture reports whether the side to move has a capture, which it must
// make (FMJD 4.2, 4.3).
func (v *Variant) CanCapture(p *Position) bool {
	side := p.Side
	empty := v.all &^ p.occupied()
	enemy := p.Men[side^1]
	men := p.Men[side] &^ p.Kings
	// FMJD 4.1: a man captures forward and backward alike.
	for d := 0; d < 4; d++ {
		if v.shift(v.shift(men, d)&enemy, d)&empty != 0 {
			return true
		}
	}
	for kings := p.Men[side] & p.Kings; kings != 0; kings &= kings - 1 {
		s := lowest(kings)
		for d := 0; d < 4; d++ {
			t := v.step[s][d]
			for t != noSquare && empty&(1<<t) != 0 {
				t = v.step[t][d]
			}
			if t != noSquare && enemy&(1<<t) != 0 {
				if l := v.step[t][d]; l != noSquare && empty&(1<<l) != 0 {
					return true
				}
			}
		}
	}
	return false
}

// HasMove reports whether the side to move can move at all; without a move
// it has lost (FMJD).
func (v *Variant) HasMove(p *Position) bool {
	if v.CanCapture(p) {
		return true
	}
	side := p.Side
	empty := v.all &^ p.occupied()
	men := p.Men[side] &^ p.Kings
	kings := p.Men[side] & p.Kings
	for _, d := range forward[side] {
		if v.shift(men, d)&empty != 0 {
			return true
		}
	}
	for d := 0; d < 4; d++ {
		if v.shift(kings, d)&empty != 0 {
			return true
		}
	}
	return false
}

// quietMoves counts the moves of the side to move when it has no capture,
// one set of squares per direction rather than one move at a time.
func (v *Variant) quietMoves(p *Position) int {
	side := p.Side
	empty := v.all &^ p.occupied()
	men := p.Men[side] &^ p.Kings
	n := 0
	for _, d := range forward[side] {
		n += bits.OnesCount64(v.shift(men, d) & empty)
	}
	for d := 0; d < 4; d++ {
		// Every king still moving takes one more step each round.
		for kings := p.Men[side] & p.Kings; kings != 0; {
			kings = v.shift(kings, d) & empty
			n += bits.OnesCount64(kings)
		}
	}
	return n
}

// generator searches the captures of the side to move, keeping only those
// that take the most pieces. The pieces taken stay on the board until the
// move is over: they block the way and none is taken twice (FMJD: the
// Turkish strike is impossible). Squares may be crossed again.
type generator struct {
	v     *Variant
	moves []Move
	start int    // where this search's moves begin in moves
	best  uint8  // the most pieces a capture found so far takes
	enemy uint64 // the opponent's pieces, taken or not
	empty uint64 // the free squares, the moving piece's start among them
	crown uint64 // the row where the moving man would be crowned, 0 for a king
	// record is false while a piece the caller did not ask about is
	// searched: its captures count for the majority but are not kept.
	record bool
	// all keeps every capture however few pieces it takes, also those that
	// stop where they could go on, to tell a player that a longer one was
	// required.
	all bool
	// routes is true when every route is wanted, as a written move is
	// matched against them: a king going on along the diagonal it captured
	// on is then searched from every landing square before the next piece
	// (each is a landing a player may write), not from the first alone.
	routes bool
	cur    Move
}

// manCaptures finds every way a man goes on capturing from at after a jump
// in direction last, and records the captures that end there. It reports
// whether a capture was possible: going on is compulsory (FMJD 4.5).
func (g *generator) manCaptures(at Square, last int) bool {
	v := g.v
	found := false
	for d := 0; d < 4; d++ {
		if d == last^1 {
			continue // the piece just taken stands behind
		}
		t := v.step[at][d]
		if t == noSquare || g.enemy&^g.cur.Taken&(1<<t) == 0 {
			continue
		}
		l := v.step[t][d]
		if l == noSquare || g.empty&(1<<l) == 0 {
			continue
		}
		found = true
		n := g.cur.captures
		g.cur.Taken |= 1 << t
		g.cur.path[n] = l
		g.cur.captures++
		if !g.manCaptures(l, d) || g.all {
			g.emit(l)
		}
		g.cur.captures--
		g.cur.Taken &^= 1 << t
	}
	return found
}

// kingCaptures is manCaptures for a king, which sees along the diagonal
// over free squares and may land on any free square behind the piece it
// takes (FMJD 4.3); the majority rule then keeps the landings from which
// the capture goes on longest.
func (g *generator) kingCaptures(at Square, last int) bool {
	v := g.v
	found := false
	for d := 0; d < 4; d++ {
		if last != noDirection && d == last^1 {
			continue
		}
		t := v.step[at][d]
		for t != noSquare && g.empty&(1<<t) != 0 {
			t = v.step[t][d]
		}
		if t == noSquare || g.enemy&^g.cur.Taken&(1<<t) == 0 {
			continue
		}
		l := v.step[t][d]
		if l == noSquare || g.empty&(1<<l) == 0 {
			continue
		}
		found = true
		n := g.cur.captures
		g.cur.Taken |= 1 << t
		g.cur.captures++
		goesOn := false
		for x := l; x != noSquare && g.empty&(1<<x) != 0; x = v.step[x][d] {
			g.cur.path[n] = x
			// Going on along d finds the same next piece from every landing
			// square: it is searched from the first one only, unless every
			// route is wanted.
			if g.kingCapturesFrom(x, d, x == l || g.routes) {
				goesOn = true
			}
		}
		if !goesOn || g.all {
			for x := l; x != noSquare && g.empty&(1<<x) != 0; x = v.step[x][d] {
				g.cur.path[n] = x
				g.emit(x)
			}
		}
		g.cur.captures--
		g.cur.Taken &^= 1 << t
	}
	return found
}

// kingCapturesFrom goes on capturing from a landing square reached along
// direction d; alongToo says whether to look further along d as well.
func (g *generator) kingCapturesFrom(x Square, d int, alongToo bool) bool {
	if alongToo {
		return g.kingCaptures(x, d)
	}
	v := g.v
	// Only the two directions across d: look for a piece to take there
	// without recursing when there is none.
	for _, e := range [2]int{(d + 2) % 4, (d+2)%4 ^ 1} {
		t := v.step[x][e]
		for t != noSquare && g.empty&(1<<t) != 0 {
			t = v.step[t][e]
		}
		if t == noSquare || g.enemy&^g.cur.Taken&(1<<t) == 0 {
			continue
		}
		if l := v.step[t][e]; l != noSquare && g.empty&(1<<l) != 0 {
			return g.kingCaptures(x, d)
		}
	}
	return false
}

// emit records the capture in progress, ending on to, if it takes at least
// as many pieces as the longest found so far.
func (g *generator) emit(to Square) {
	n := g.cur.captures
	if n < g.best && !g.all {
		return
	}
	if n > g.best && !g.all {
		g.best = n
		g.moves = g.moves[:g.start]
	}
	if !g.record {
		return
	}
	m := g.cur
	m.To = to
	m.Crowns = g.crown&(1<<to) != 0
	g.moves = append(g.moves, m)
}

// dedupe keeps one move of moves[start:] per result: routes with the same
// start, end and pieces taken are one move.
func dedupe(moves []Move, start int) []Move {
	out := moves[:start]
	for i := start; i < len(moves); i++ {
		m := &moves[i]
		dup := false
		for j := start; j < len(out); j++ {
			if o := &out[j]; o.From == m.From && o.To == m.To && o.Taken == m.Taken {
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
