package flat

import (
	"slices"
	"strings"

	"adiukh/rules"
)

// FEN is how a game reads a position in PDN 3.0's FEN: the side to move,
// then each colour's pieces, "W:Wa1,c3,Kh8:Bb8,d6", K before a king;
// fields after the two colours (lidraughts' ":H0:F1") and a final "." are
// left aside. The game names its squares and words the mistakes that show
// an example of its board.
type FEN struct {
	// NoSide and NoColour word a text that does not start with the side to
	// move, and a list of pieces that does not start with its colour;
	// NoPieces one that gives no piece. They are asked only for a mistake,
	// so that the example they show costs nothing otherwise.
	NoSide, NoColour func(field string) rules.Message
	NoPieces         func() rules.Message
	// Place puts a piece on the squares an item of a list names (a square,
	// or a range of numbered ones), or says why it cannot; Check says what
	// is wrong with the whole position read (too many pieces, a man on its
	// last row). The zero Message says nothing is.
	Place func(c rules.Color, king bool, item string) rules.Message
	Check func() rules.Message
}

// Read reads text and returns the side to move; the pieces went to Place.
// An error is a *rules.PositionError, which says where the mistake stands.
func (f FEN) Read(text string) (rules.Color, error) {
	bad := func(offset int, m rules.Message) (rules.Color, error) {
		return rules.White, &rules.PositionError{Offset: offset, Detail: m}
	}
	body := strings.TrimSuffix(strings.TrimSpace(text), ".")
	lead := len(text) - len(strings.TrimLeft(text, " \t\r\n"))
	fields := strings.Split(body, ":")
	var side rules.Color
	switch strings.ToUpper(strings.TrimSpace(fields[0])) {
	case "W":
		side = rules.White
	case "B":
		side = rules.Black
	default:
		return bad(lead+1, f.NoSide(fields[0]))
	}
	offset := lead + len(fields[0]) + 1
	seen := [2]bool{}
	for _, field := range fields[1:] {
		at := offset + 1
		offset += len(field) + 1
		trimmed := strings.TrimSpace(field)
		if trimmed == "" {
			continue
		}
		var c rules.Color
		// The colours are capitals only: a lower-case b would be read as a
		// file by anyone who left the colour out.
		switch trimmed[0] {
		case 'W':
			c = rules.White
		case 'B':
			c = rules.Black
		default:
			if seen[rules.White] && seen[rules.Black] {
				continue // H0, F1 and the like: counters PDN allows after the pieces
			}
			return bad(at, f.NoColour(field))
		}
		if seen[c] {
			return bad(at, say("%s is given twice", c))
		}
		seen[c] = true
		itemAt := at + len(field) - len(strings.TrimLeft(field, " ")) + 1
		for _, item := range strings.Split(trimmed[1:], ",") {
			here := itemAt + len(item) - len(strings.TrimLeft(item, " "))
			itemAt += len(item) + 1
			item = strings.TrimSpace(item)
			if item == "" {
				continue
			}
			king := false
			if item[0] == 'K' || item[0] == 'k' {
				king, item = true, item[1:]
			}
			if m := f.Place(c, king, item); m.Format != "" {
				return bad(here, m)
			}
		}
	}
	if !seen[rules.White] && !seen[rules.Black] {
		return bad(lead+1, f.NoPieces())
	}
	if m := f.Check(); m.Format != "" {
		return bad(lead+1, m)
	}
	return side, nil
}

// WriteFEN writes a position as PDN 3.0 does: the side to move, then each
// colour's pieces, "W:W31,32,K50:B1,2", a king's square after K. The
// squares are given in the order to write them, unless byName: then they
// are written in the order of their names, as lidraughts writes a board
// whose squares have names.
func WriteFEN(side rules.Color, squares [2][]string, byName bool) string {
	var b strings.Builder
	b.WriteString(colorLetter[side])
	for _, c := range []rules.Color{rules.White, rules.Black} {
		b.WriteString(":")
		b.WriteString(colorLetter[c])
		if byName {
			slices.SortFunc(squares[c], func(a, b string) int {
				return strings.Compare(strings.TrimPrefix(a, "K"), strings.TrimPrefix(b, "K"))
			})
		}
		b.WriteString(strings.Join(squares[c], ","))
	}
	return b.String()
}

var colorLetter = [2]string{"W", "B"}

// Names reports whether the squares of a written move (its start, any
// landing squares, its end) name a route: the same start and end, the
// squares written between them landing squares of the route in order
// (those between its start and end, none for a quiet move).
func Names[S comparable](written []S, from, to S, landings []S) bool {
	n := len(written)
	if written[0] != from || written[n-1] != to {
		return false
	}
	for _, s := range written[1 : n-1] {
		i := slices.Index(landings, s)
		if i < 0 {
			return false
		}
		landings = landings[i+1:]
	}
	return true
}

// NamedShort is Named for a move in short notation ("cd4"), which names
// the file of its start only: moves from two squares of the file are
// ambiguous, and the error asks for the start square (from names a
// move's).
func NamedShort[M any, S comparable](text string, found []M, from func(*M) S, write func(*M) string, whyNot func() rules.Message) (M, error) {
	if len(found) > 1 && from(&found[0]) != from(&found[1]) {
		var none M
		names := make([]string, len(found))
		for i := range found {
			names[i] = write(&found[i])
		}
		slices.Sort(names)
		return none, &rules.MoveError{Detail: say("%s is ambiguous: it fits %s; write the square the move starts from", text, strings.Join(names, ", "))}
	}
	return Named(text, found, write, whyNot)
}

// Named is the one move among found, the legal moves a written move names
// with their different results. None is an error saying why not (the
// game's whyNot); several, an error naming each as write writes it, so
// that the player can write the squares the piece lands on.
func Named[M any](text string, found []M, write func(*M) string, whyNot func() rules.Message) (M, error) {
	var none M
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return none, &rules.MoveError{Detail: whyNot()}
	}
	names := make([]string, len(found))
	for i := range found {
		names[i] = write(&found[i])
	}
	slices.Sort(names)
	return none, &rules.MoveError{Detail: say("%s is ambiguous: it fits %s; write the squares the piece lands on", text, strings.Join(names, ", "))}
}
