package international

import (
	"strconv"
	"strings"

	"adiukh/rules"
	"adiukh/rules/flat"
)

func say(format string, args ...any) rules.Message { return rules.Message{Format: format, Args: args} }

// SquareName writes a square as the game does: its number (international
// draughts, 1–50) or its name (Brazilian draughts, a1 … h8).
func (v *Variant) SquareName(s Square) string {
	if v.numbered {
		return strconv.Itoa(int(s) + 1)
	}
	file, rank := v.coordinates(s)
	return string(rune('a'+file)) + strconv.Itoa(rank+1)
}

// parseSquare reads a square by its number (1–50 or 1–32, as PDN numbers
// either board) or, on the 8×8 board, by its name.
func (v *Variant) parseSquare(text string) (Square, bool) {
	if n, err := strconv.Atoi(text); err == nil {
		if n < 1 || n > v.squares {
			return noSquare, false
		}
		return Square(n - 1), true
	}
	if v.numbered || len(text) != 2 {
		return noSquare, false
	}
	s := v.at(int(text[0])-'a', int(text[1])-'1')
	return s, s != noSquare
}

// squareHint is how a message names the squares of the board.
func (v *Variant) squareHint() string {
	if v.numbered {
		return "1–50"
	}
	return "a1, c1 … h8, or 1–32"
}

// FEN writes the position as PDN 3.0 does: "W:W31,32,K50:B1,2", the side
// to move first, a king marked K, each colour's squares in the order of
// their numbers (by name on the 8×8 board, as lidraughts writes it).
func (v *Variant) FEN(p Position) string {
	var squares [2][]string
	for _, c := range []Color{White, Black} {
		for set := p.Men[c]; set != 0; set &= set - 1 {
			s := lowest(set)
			name := v.SquareName(s)
			if p.Kings&(1<<s) != 0 {
				name = "K" + name
			}
			squares[c] = append(squares[c], name)
		}
	}
	return flat.WriteFEN(p.Side, squares, !v.numbered)
}

// ParseFEN reads a position in PDN 3.0's FEN (flat.FEN): the side to move,
// then each colour's pieces, "W:W31-50:B1-20", ranges allowed.
func (v *Variant) ParseFEN(text string) (Position, error) {
	var p Position
	place := func(c Color, king bool, item string) rules.Message {
		squares, ok := v.fenSquares(item)
		if !ok {
			return say("%q is not a square of the board (%s)", item, v.squareHint())
		}
		for _, s := range squares {
			bit := uint64(1) << s
			if p.occupied()&bit != 0 {
				return say("square %s is given twice", v.SquareName(s))
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
			if n, _ := p.count(c); n > v.menEach {
				return say("%s has %d pieces: each side has at most %d", c, n, v.menEach)
			}
			if men := p.Men[c] &^ p.Kings & v.promotion[c]; men != 0 {
				return say("a %s man stands on %s, its last row, where it would be a king", c, v.SquareName(lowest(men)))
			}
		}
		return rules.Message{}
	}
	side, err := flat.FEN{
		NoSide: func(field string) rules.Message {
			return say("%q: a FEN starts with the side to move, W or B, as in %s", field, v.FEN(v.Start()))
		},
		NoColour: func(field string) rules.Message {
			return say("%q: each colour's pieces follow W or B, as in %s", field, v.FEN(v.Start()))
		},
		NoPieces: func() rules.Message { return say("no pieces given: write %s", v.FEN(v.Start())) },
		Place:    place, Check: check,
	}.Read(text)
	if err != nil {
		return Position{}, err
	}
	p.Side = side
	return p, nil
}

// fenSquares reads one square of a FEN list: a number, a range of numbers
// or, on the 8×8 board, a name.
func (v *Variant) fenSquares(item string) ([]Square, bool) {
	lo, hi, isRange := strings.Cut(item, "-")
	if !isRange {
		s, ok := v.parseSquare(strings.ToLower(item))
		return []Square{s}, ok
	}
	a, ok1 := v.parseSquare(lo)
	b, ok2 := v.parseSquare(hi)
	if !ok1 || !ok2 || a > b {
		return nil, false
	}
	var out []Square
	for s := a; s <= b; s++ {
		out = append(out, s)
	}
	return out, true
}

// Record is a move as a person wrote it: its squares, the start, any
// landing squares, the end.
type Record struct {
	Text    string
	Squares []Square
	Capture bool // written with 'x' or ':'
	Dash    bool // written with '-'
}

// ParseRecord reads a written move: "32-28", "28x19", "28x17x8" (or
// "c3-d4", "c3:e5:g3" on the 8×8 board, whose squares may also be
// numbered). Analysis marks after it are left aside. The error says what
// is wrong with the text; it is about notation only, not legality.
func (v *Variant) ParseRecord(text string) (Record, error) {
	r := Record{Text: text}
	body := strings.TrimRight(strings.TrimSpace(text), "!?=+#.")
	fail := func(format string, args ...any) (Record, error) {
		return r, &rules.RecordError{Detail: say(format, args...)}
	}
	if body == "" {
		return fail("%q: no move", text)
	}
	parts := strings.FieldsFunc(strings.ToLower(body), func(c rune) bool { return c == '-' || c == 'x' || c == ':' })
	if len(parts) < 2 || strings.Count(body, "-")+strings.Count(strings.ToLower(body), "x")+strings.Count(body, ":") != len(parts)-1 {
		if v.numbered {
			return fail("%q: international draughts writes a move with its start and end squares, like 32-28 or 28x19", text)
		}
		return fail("%q: Brazilian draughts writes a move with its start and end squares, like c3-d4 or c3:e5", text)
	}
	for _, part := range parts {
		s, ok := v.parseSquare(part)
		if !ok {
			if n, err := strconv.Atoi(part); err == nil {
				return fail("%q: there is no square %d: the board's squares are %s", text, n, v.squareHint())
			}
			return fail("%q: %q is not a square of the board (%s)", text, part, v.squareHint())
		}
		r.Squares = append(r.Squares, s)
	}
	r.Capture = strings.ContainsAny(strings.ToLower(body), "x:")
	r.Dash = strings.Contains(body, "-")
	return r, nil
}

// Notate writes a legal move of p as the game writes it. International
// draughts writes a capture by its first and last squares, "28x19", and
// adds the landing squares between them only where another capture has
// the same ends (FMJD notation, as lidraughts writes it); Brazilian
// draughts writes every landing square, "c3xe5xg3": its squares are named
// as the 8×8 board's, its captures with the FMJD's x, as its federations
// and lidraughts write them (the colon is Russian draughts').
func (v *Variant) Notate(p *Position, m *Move) string {
	if !m.IsCapture() {
		return v.SquareName(m.From) + "-" + v.SquareName(m.To)
	}
	path := m.Path()
	if v.numbered && !v.sameEnds(p, m) {
		path = []Square{m.From, m.To}
	}
	names := make([]string, len(path))
	for i, s := range path {
		names[i] = v.SquareName(s)
	}
	return strings.Join(names, "x")
}

// sameEnds reports whether another legal capture of p starts and ends
// where m does.
func (v *Variant) sameEnds(p *Position, m *Move) bool {
	for _, o := range v.appendMoves(nil, p, 1<<m.From, true) {
		if o.To == m.To && o.Taken != m.Taken {
			return true
		}
	}
	return false
}

// fullNotation writes a move with every landing square, as a message
// naming the routes of an ambiguous record does.
func (v *Variant) fullNotation(m *Move) string {
	sep := "-"
	if m.IsCapture() {
		sep = "x"
	}
	names := []string{}
	for _, s := range m.Path() {
		names = append(names, v.SquareName(s))
	}
	return strings.Join(names, sep)
}

// Find returns the legal move that a written move names: its start, its
// end and, in order, any landing squares written between them. A record
// that names no legal move, or several with different results, is an
// error that says why; an ambiguous one names the routes.
func (v *Variant) Find(p *Position, r Record) (Move, error) {
	routes := v.appendMoves(nil, p, 1<<r.Squares[0], false)
	var found []Move
	for i := range routes {
		if flat.Names(r.Squares, routes[i].From, routes[i].To, routes[i].landings()) {
			found = append(found, routes[i])
		}
	}
	return flat.Named(r.Text, dedupe(found, 0), v.fullNotation, func() rules.Message { return v.whyIllegal(p, r) })
}

// findShort finds the move a short record of the 8×8 board names, as
// Russian books and sheets write moves ("cd4", "hf6" for a capture too):
// the one legal move of a piece of the written file to the written
// square. Two pieces of the file that can make the move make it
// ambiguous: the full notation tells them apart.
func (v *Variant) findShort(p *Position, r rules.Record) (Move, error) {
	to := r.Squares[0].String()
	var found []Move
	for _, m := range v.LegalMoves(p) {
		if from := v.SquareName(m.From); int(from[0]-'a') == r.ShortFile && v.SquareName(m.To) == to {
			found = append(found, m)
		}
	}
	from := func(m *Move) Square { return m.From }
	return flat.NamedShort(r.Text, found, from, v.fullNotation, func() rules.Message {
		switch {
		case !v.HasMove(p):
			return say("%s: %s has no legal move, the game is over", r.Text, p.Side)
		case v.CanCapture(p):
			return say("%s is not legal: capturing is compulsory", r.Text)
		}
		return say("%s is not a legal move for %s", r.Text, p.Side)
	})
}

// whyIllegal explains the likeliest reason a record fits no legal move.
func (v *Variant) whyIllegal(p *Position, r Record) rules.Message {
	side := p.Side
	if !v.HasMove(p) {
		return say("%s: %s has no legal move, the game is over", r.Text, side)
	}
	from := r.Squares[0]
	c, king, ok := p.Piece(from)
	switch {
	case !ok:
		return say("%s: there is no piece on %s", r.Text, v.SquareName(from))
	case c != side:
		return say("%s: the piece on %s is %s's, and %s is to move", r.Text, v.SquareName(from), c, side)
	case v.CanCapture(p) && !r.Capture:
		return say("%s is not legal: capturing is compulsory", r.Text)
	}
	if taken, longest, ok := v.shorterCapture(p, r); ok {
		return say("%s takes %d, but the longest capture takes %d pieces: the capture taking the most pieces must be played", r.Text, taken, longest)
	}
	if !king {
		crowned := *p
		crowned.Kings |= 1 << from
		if _, err := v.Find(&crowned, r); err == nil {
			return say("%s: the piece on %s is a man, which moves as a king only once crowned; a man that passes the far row during a capture stays a man", r.Text, v.SquareName(from))
		}
	}
	return say("%s is not a legal move for %s", r.Text, side)
}

// shorterCapture reports whether the record names a capture that the
// majority rule forbids, with the pieces it takes and the most a capture
// takes.
func (v *Variant) shorterCapture(p *Position, r Record) (taken, longest int, ok bool) {
	legal := v.LegalMoves(p)
	if len(legal) == 0 || !legal[0].IsCapture() {
		return 0, 0, false
	}
	longest = legal[0].Captures()
	g := generator{v: v, enemy: p.Men[p.Side^1], all: true, record: true, routes: true}
	from := r.Squares[0]
	g.empty = v.all&^p.occupied() | 1<<from
	g.cur = Move{From: from}
	if p.Kings&(1<<from) != 0 {
		g.kingCaptures(from, noDirection)
	} else {
		g.crown = v.promotion[p.Side]
		g.manCaptures(from, noDirection)
	}
	for i := range g.moves {
		if flat.Names(r.Squares, g.moves[i].From, g.moves[i].To, g.moves[i].landings()) && g.moves[i].Captures() < longest {
			return g.moves[i].Captures(), longest, true
		}
	}
	return 0, 0, false
}
