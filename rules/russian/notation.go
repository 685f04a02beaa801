package russian

import (
	"strconv"
	"strings"

	"adiukh/rules"
	"adiukh/rules/flat"
)

func say(format string, args ...any) rules.Message { return rules.Message{Format: format, Args: args} }

// FEN writes the position as PDN 3.0 does for GameType 25, with the
// game's square names: "W:Wa1,c3,Kh8:Bb8,d6", the side to move first, a
// king marked K, the squares of each colour in order of their names.
func (p Position) FEN() string {
	var squares [2][]string
	for _, c := range []Color{White, Black} {
		for set := p.Men[c]; set != 0; set &= set - 1 {
			s := lowest(set)
			name := s.String()
			if p.Kings&(1<<s) != 0 {
				name = "K" + name
			}
			squares[c] = append(squares[c], name)
		}
	}
	return flat.WriteFEN(p.Side, squares, true)
}

func (p Position) String() string { return p.FEN() }

// ParseFEN reads a position in PDN 3.0's FEN (flat.FEN): the side to move,
// then each colour's pieces, "W:Wa1,c3,Kh8:Bb8,d6". Squares are named as
// the game names them (a1 … h8) or numbered as PDN numbers the board of
// GameType 25 and lidraughts writes it, 1 = b8 … 32 = g1, ranges
// ("21-32") allowed.
func ParseFEN(text string) (Position, error) {
	var p Position
	place := func(c Color, king bool, item string) rules.Message {
		squares, ok := fenSquares(item)
		if !ok {
			return say("%q is not a dark square (a1, c1 … h8, or 1–32)", item)
		}
		for _, s := range squares {
			bit := uint32(1) << s
			if p.occupied()&bit != 0 {
				return say("square %s is given twice", s)
			}
			p.Men[c] |= bit
			if king {
				p.Kings |= bit
			}
		}
		return rules.Message{}
	}
	check := func() rules.Message {
		for _, c := range []Color{White, Black} {
			if n, _ := p.count(c); n > 12 {
				return say("%s has %d pieces: each side has at most 12", c, n)
			}
			if men := p.Men[c] &^ p.Kings & kingRow[c]; men != 0 {
				return say("a %s man stands on %s, its last row, where it would be a king", c, lowest(men))
			}
		}
		return rules.Message{}
	}
	side, err := flat.FEN{
		NoSide: func(field string) rules.Message {
			return say("%q: a FEN starts with the side to move, W or B, as in W:Wa1,c3:Bf6", field)
		},
		NoColour: func(field string) rules.Message {
			return say("%q: each colour's pieces follow W or B, as in W:Wa1,c3:Bf6", field)
		},
		NoPieces: func() rules.Message { return say("no pieces given: write W:Wa1,c3:Bf6") },
		Place:    place, Check: check,
	}.Read(text)
	if err != nil {
		return Position{}, err
	}
	p.Side = side
	return p, nil
}

// fenSquares reads one square of a FEN list: a name, a number or a range
// of numbers.
func fenSquares(item string) ([]Square, bool) {
	if s, ok := rules.ParseSquare(strings.ToLower(item)); ok {
		return []Square{s}, true
	}
	lo, hi, isRange := strings.Cut(item, "-")
	if !isRange {
		hi = lo
	}
	a, err1 := strconv.Atoi(lo)
	b, err2 := strconv.Atoi(hi)
	if err1 != nil || err2 != nil || a < 1 || b > 32 || a > b {
		return nil, false
	}
	var out []Square
	for n := a; n <= b; n++ {
		out = append(out, numbered(n))
	}
	return out, true
}

// numbered is the square PDN numbers n on the board of GameType 25: 1 is
// b8, 4 is h8, 5 is a7 … 29 is a1, 32 is g1 (row by row from Black's side,
// left to right as White sees the board).
func numbered(n int) Square {
	row, col := (n-1)/4, (n-1)%4
	rank := 7 - row
	s, _ := rules.SquareAt(2*col+rank%2, rank)
	return s
}

// Find returns the legal move that a written move names: its start, its
// end and, in order, any landing squares written between them, or, in the
// short notation of Russian books and sheets, the file of its start and
// its end ("cd4", "hf6"). A record that names no legal move, or several
// with different results, is an error that says why; an ambiguous one
// lists the candidates.
func (p *Position) Find(r rules.Record) (Move, error) {
	if r.Short() {
		return p.findShort(r)
	}
	routes := p.appendMoves(nil, 1<<r.Squares[0], false)
	var found []Move
	for i := range routes {
		if flat.Names(r.Squares, routes[i].From, routes[i].To, routes[i].landings()) {
			found = append(found, routes[i])
		}
	}
	return flat.Named(r.Text, dedupe(found, 0), (*Move).String, func() rules.Message { return p.whyIllegal(r) })
}

// findShort finds the move a short record names: a piece of the file it
// writes moving to its square, a capture written so too ("hf6" for h4:f6,
// "gc3" for g7:e5:c3). Two pieces of the file that can make the move
// make it ambiguous: the full notation tells them apart.
func (p *Position) findShort(r rules.Record) (Move, error) {
	var file uint32
	for s := range Square(32) {
		if s.File() == r.ShortFile {
			file |= 1 << s
		}
	}
	routes := p.appendMoves(nil, file, false)
	var found []Move
	for _, m := range routes {
		if m.To == r.Squares[0] {
			found = append(found, m)
		}
	}
	from := func(m *Move) Square { return m.From }
	return flat.NamedShort(r.Text, dedupe(found, 0), from, (*Move).String, func() rules.Message {
		switch {
		case !p.HasMove():
			return say("%s: %s has no legal move, the game is over", r.Text, p.Side)
		case p.CanCapture():
			return say("%s is not legal: capturing is compulsory (RD 3)", r.Text)
		}
		return say("%s is not a legal move for %s", r.Text, p.Side)
	})
}

// whyIllegal explains the likeliest reason a record fits no legal move.
func (p *Position) whyIllegal(r rules.Record) rules.Message {
	side := p.Side
	if !p.HasMove() {
		return say("%s: %s has no legal move, the game is over", r.Text, side)
	}
	from := r.Squares[0]
	c, _, ok := p.Piece(from)
	switch {
	case !ok:
		return say("%s: there is no piece on %s", r.Text, from)
	case c != side:
		return say("%s: the piece on %s is %s's, and %s is to move", r.Text, from, c, side)
	case p.CanCapture() && !r.Capture:
		return say("%s is not legal: capturing is compulsory (RD 3)", r.Text)
	}
	if twice, ok := p.jumpsTwice(r); ok {
		return say("%s is not legal: it jumps the piece on %s twice, and a piece taken stays on the board until the capture ends (the Turkish strike, RD 7)", r.Text, twice)
	}
	return say("%s is not a legal move for %s", r.Text, side)
}

// jumpsTwice finds the piece a written capture would jump twice, walking
// its squares on the board before the move, where the pieces it takes
// stand until it ends (RD 7). ok is false when the squares do not trace
// jumps over single pieces of the opponent.
func (p *Position) jumpsTwice(r rules.Record) (twice Square, ok bool) {
	if !r.Capture || len(r.Squares) < 3 {
		return noSquare, false
	}
	empty := ^p.occupied() | 1<<r.Squares[0]
	enemy := p.Men[p.Side^1]
	var jumped uint32
	for i := 0; i+1 < len(r.Squares); i++ {
		over, ok := jumpBetween(r.Squares[i], r.Squares[i+1], empty, enemy)
		if !ok {
			return noSquare, false
		}
		if jumped&(1<<over) != 0 {
			return over, true
		}
		jumped |= 1 << over
	}
	return noSquare, false
}

// jumpBetween is the one piece of enemy a jump from a to b along a
// diagonal passes over, the other squares between them empty.
func jumpBetween(a, b Square, empty, enemy uint32) (Square, bool) {
	for d := 0; d < 4; d++ {
		over := noSquare
		for s := step[a][d]; s != noSquare; s = step[s][d] {
			if s == b {
				return over, over != noSquare
			}
			if empty&(1<<s) != 0 {
				continue
			}
			if enemy&(1<<s) == 0 || over != noSquare {
				break // a piece of its own, or a second one, blocks the way
			}
			over = s
		}
	}
	return noSquare, false
}
