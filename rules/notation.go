package rules

import (
	"slices"
	"strings"
)

// Record is a move as a person wrote it: full notation ("c3-b4", "a3:a7"),
// full with turning squares ("f8:b4:d2:f4:h2") or short ("cb4"), with the
// analysis marks and draw offer that may follow it.
type Record struct {
	Text       string   // as written, marks included
	Squares    []Square // start, turning squares, end; for a short record only the end
	ShortFile  int      // short record: the file of the start square (0 = a); -1 otherwise
	Capture    bool     // written with ':' or 'x' between squares
	Dash       bool     // written with '-' between squares
	Annotation string   // "!", "?!", … as written
	DrawOffer  bool     // "=" after the move (§6.1.3.2)
	// Latin is the move in Latin letters when it was written with
	// Cyrillic ones, "" otherwise.
	Latin string
	// Readings are the move's two readings when its Cyrillic letters read
	// two ways and nothing settles which (е is e as a look-alike, f as the
	// sixth letter of а–з): as look-alikes first, then in the alphabet's
	// order. The record is the reading that names squares, the look-alike
	// one when both do, and then Other is the other one.
	Readings [2]string
	Other    *Record
}

// Short reports whether the record is in the short notation of §7.2.
func (r Record) Short() bool { return r.ShortFile >= 0 }

// Cyrillic file letters are read two ways. A Russian sheet writes the
// files а б в г д е ж з, a–h in the alphabet's order; a Russian keyboard
// types а, с, е (and the capitals А, С, Е, В, Н) for the Latin letters
// they look like. A move or a sheet with any of б в г д ж з is written in
// the alphabet's order throughout; one whose only Cyrillic letters are
// look-alikes is read as look-alikes, and where the alphabet's order reads
// it otherwise (е, Е, В) it reads two ways (Record.Other).
var (
	inOrder = map[rune]rune{'а': 'a', 'б': 'b', 'в': 'c', 'г': 'd', 'д': 'e', 'е': 'f', 'ж': 'g', 'з': 'h',
		'А': 'a', 'Б': 'b', 'В': 'c', 'Г': 'd', 'Д': 'e', 'Е': 'f', 'Ж': 'g', 'З': 'h'}
	lookalikes = map[rune]rune{'а': 'a', 'с': 'c', 'е': 'e', 'А': 'a', 'С': 'c', 'Е': 'e', 'В': 'b', 'Н': 'h'}
)

// writtenInOrder reports whether a text has a Cyrillic file letter that
// is no look-alike (б в г д ж з), so that its Cyrillic letters are the
// files in the alphabet's order.
func writtenInOrder(text string) bool {
	for _, c := range text {
		_, ordered := inOrder[c]
		if _, looks := lookalikes[c]; ordered && !looks {
			return true
		}
	}
	return false
}

// FindReading finds the move a record names with find, a game's search
// for it. A record whose Cyrillic letters read two ways (Other) names the
// move of the reading that is legal; when both are, it is ambiguous, and
// the error names both. It returns the reading taken.
func FindReading[M any](rec Record, find func(Record) (M, error)) (M, Record, error) {
	m, err := find(rec)
	if rec.Other == nil {
		return m, rec, err
	}
	other, otherErr := find(*rec.Other)
	switch {
	case err == nil && otherErr == nil:
		return m, rec, &MoveError{Detail: say("%s is written with Cyrillic letters, which read two ways, both legal: %s as the Latin letters they look like, %s with а–з as a–h; write it in Latin letters", rec.Text, rec.Readings[0], rec.Readings[1])}
	case err != nil && otherErr == nil:
		return other, *rec.Other, nil
	}
	return m, rec, err
}

// CyrillicNote is the warning on a move written with Cyrillic letters
// (a reading with Latin set), played as the move played.
func CyrillicNote(written Record, played any) Message {
	if written.Readings[0] != "" {
		return say("%s is written with Cyrillic letters, which read two ways: %s as the Latin letters they look like, %s with а–з as a–h; read as %s", written.Text, written.Readings[0], written.Readings[1], played)
	}
	return say("%s is written with Cyrillic letters; read as %s", written.Text, played)
}

// ParseRecord reads one written move. The error says what is wrong with the
// text; it is about notation only, not about legality.
func ParseRecord(text string) (Record, error) {
	r, _, err := parseRecord(text, nil, writtenInOrder(text))
	return r, err
}

// parseRecord reads a record whose squares are appended to arena, so that
// the records of a whole sheet share one allocation; it returns the arena
// grown. ordered says the sheet writes Cyrillic files in the alphabet's
// order.
func parseRecord(text string, arena []Square, ordered bool) (Record, []Square, error) {
	r := Record{Text: text, ShortFile: -1}
	start := len(arena)
	r, err := r.read(text, &arena, ordered)
	r.Squares = arena[start:len(arena):len(arena)]
	if ordered || r.Latin == "" {
		return r, arena, err
	}
	other, _, otherErr := parseRecord(text, nil, true)
	if otherErr != nil || other.Latin == r.Latin {
		return r, arena, err
	}
	readings := [2]string{r.Latin, other.Latin}
	if err == nil {
		r.Other = &other
	} else {
		// е4 is no square as e4, a light one, but f4 is: only the
		// alphabet's order names squares.
		r, err = other, nil
	}
	r.Readings = readings
	return r, arena, err
}

func (r Record) read(text string, arena *[]Square, ordered bool) (Record, error) {
	body := text
	// Marks follow the move: "=" offers a draw, "!", "?" and their pairs
	// annotate it; a final "." closes a game ending on White's move.
	end := len(body)
	for end > 0 && isMarkByte(body[end-1]) {
		end--
	}
	if marks := body[end:]; marks != "" {
		body = body[:end]
		var annotation []byte
		for i := 0; i < len(marks); i++ {
			switch marks[i] {
			case '=':
				r.DrawOffer = true
			case '!', '?':
				annotation = append(annotation, marks[i])
			}
		}
		if a := string(annotation); a != "" {
			if !validAnnotation(a) {
				return r, recordError("%q: %q is not an analysis mark (!, ?, !!, ??, !?, ?!)", text, a)
			}
			r.Annotation = a
		}
	}
	if needsFolding(body) {
		letters := lookalikes
		if ordered {
			letters = inOrder
		}
		var b strings.Builder
		cyrillic := false
		for _, c := range body {
			if l, ok := letters[c]; ok {
				cyrillic = true
				c = l
			}
			if c >= 'A' && c <= 'H' {
				c += 'a' - 'A'
			}
			b.WriteRune(c)
		}
		body = b.String()
		if cyrillic {
			r.Latin = body
		}
	}
	if body == "" {
		return r, recordError("%q: no move", text)
	}
	if len(body) == 3 && isFile(body[0]) && !strings.ContainsAny(body, ":-x") {
		s, ok := ParseSquare(body[1:])
		if !ok {
			return r, recordError("%q: %q is not a dark square", text, body[1:])
		}
		r.ShortFile = int(body[0] - 'a')
		*arena = append(*arena, s)
		return r, nil
	}
	n := 0
	for i := 0; i < len(body); {
		if i > 0 {
			switch body[i] {
			case ':', 'x':
				r.Capture = true
			case '-':
				r.Dash = true
			default:
				return r, recordError("%q: expected '-' or ':' after %s", text, body[i-2:i])
			}
			i++
		}
		if i+2 > len(body) {
			return r, recordError("%q: a square is missing at the end", text)
		}
		s, ok := ParseSquare(body[i : i+2])
		if !ok {
			return r, recordError("%q: %q is not a dark square (a1, c1 … h8)", text, firstLetters(body[i:], 2))
		}
		*arena = append(*arena, s)
		n++
		i += 2
	}
	if n < 2 {
		return r, recordError("%q: a move names its start and end squares, like c3-b4, or is short, like cb4", text)
	}
	return r, nil
}

func isMarkByte(c byte) bool {
	return c == '!' || c == '?' || c == '=' || c == '.' || c == '+'
}

// needsFolding reports whether a record has capitals or non-ASCII letters to
// fold into the plain notation.
func needsFolding(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 || (s[i] >= 'A' && s[i] <= 'Z') {
			return true
		}
	}
	return false
}

func isFile(c byte) bool { return c >= 'a' && c <= 'h' }

func validAnnotation(a string) bool {
	switch a {
	case "!", "?", "!!", "??", "!?", "?!":
		return true
	}
	return false
}

// matches reports whether the record names the move: the same start (or start
// file) and end, and the turning squares it writes are landing squares of the
// move, in order.
func (r Record) matches(m Move) bool {
	if r.Short() {
		return m.From.File() == r.ShortFile && m.To == r.Squares[0]
	}
	n := len(r.Squares)
	if r.Squares[0] != m.From || r.Squares[n-1] != m.To {
		return false
	}
	if m.captures == 0 {
		return n == 2
	}
	landings := m.path[:m.captures-1]
	for _, s := range r.Squares[1 : n-1] {
		i := indexSquare(landings, s)
		if i < 0 {
			return false
		}
		landings = landings[i+1:]
	}
	return true
}

// startSquares returns the squares the record's move can start from: the
// square it names, or every square of the file a short record names.
func (r Record) startSquares() uint32 {
	if r.Short() {
		return fileSquares[r.ShortFile]
	}
	return 1 << r.Squares[0]
}

// namesTurnsOf reports whether every square where the capture changes
// direction is written in the record.
func (r Record) namesTurnsOf(m Move) bool {
	prev := m.From
	for i := 0; i+1 < int(m.captures); i++ {
		at, next := m.path[i], m.path[i+1]
		if direction(prev, at) != direction(at, next) && indexSquare(r.Squares, at) < 0 {
			return false
		}
		prev = at
	}
	return true
}

// direction returns the diagonal step from a towards b as a file and rank
// sign pair.
func direction(a, b Square) [2]int {
	return [2]int{sign(b.File() - a.File()), sign(b.Rank() - a.Rank())}
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func indexSquare(list []Square, s Square) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// MoveError says why a written move cannot be played.
type MoveError struct {
	Detail     Message
	Candidates []Move // the legal moves an ambiguous record matches
}

func (e *MoveError) Error() string { return e.Detail.String() }

func (e *MoveError) Phrase() (string, []any) { return e.Detail.Format, e.Detail.Args }

func recordError(format string, args ...any) error {
	return &RecordError{say(format, args...)}
}

// Find returns the legal move of side that the record names. A record that
// names no legal move, or several moves with different results, is an error
// that says why; an ambiguous one lists the candidates in full notation.
func (p *Position) Find(side Color, r Record) (Move, error) {
	return p.findAmong(p.appendMoves(nil, side, false), side, r)
}

// findAmong looks for the record among routes, every route of every legal
// move of side (not only one per result), since the writer may name the
// turning squares of any of them.
func (p *Position) findAmong(routes []Move, side Color, r Record) (Move, error) {
	var first Move
	var found []Move
	n := 0
	for i := range routes {
		if !r.matches(routes[i]) {
			continue
		}
		switch {
		case n == 0:
			first = routes[i]
		case n == 1 && sameResult(&first, &routes[i]):
			continue
		default:
			if found == nil {
				found = append(found, first)
			}
			found = append(found, routes[i])
		}
		n++
	}
	if n == 0 {
		return Move{}, &MoveError{Detail: p.whyIllegal(side, r, p.LegalMoves(side))}
	}
	if found == nil {
		return first, nil
	}
	found = dedupe(found, 0)
	if len(found) > 1 && !r.Short() {
		// §7.2: where a capture can go several ways the record names the
		// turning squares; a move with a turn the record does not name is not
		// the one it means.
		var named []Move
		for _, m := range found {
			if r.namesTurnsOf(m) {
				named = append(named, m)
			}
		}
		if len(named) > 0 {
			found = named
		}
	}
	if len(found) == 1 {
		return found[0], nil
	}
	slices.SortFunc(found, func(a, b Move) int { return strings.Compare(a.String(), b.String()) })
	detail := say("%s is ambiguous: it fits %s; write the turning squares", r.Text, strings.Join(moveNames(found), ", "))
	if slices.ContainsFunc(found, func(m Move) bool { return m.From != found[0].From }) {
		// Short notation names the file only: two pieces of that file can
		// make the move, and the turning squares would not tell them apart.
		detail = say("%s is ambiguous: it fits %s; write the square the move starts from", r.Text, strings.Join(moveNames(found), ", "))
	}
	return Move{}, &MoveError{Detail: detail, Candidates: found}
}

// whyIllegal explains the most likely reason a record fits no legal move.
func (p *Position) whyIllegal(side Color, r Record, legal []Move) Message {
	if len(legal) == 0 {
		return say("%s: %s has no legal move, the game is over", r.Text, side)
	}
	if !r.Short() {
		from := r.Squares[0]
		t := p.At(from)
		switch {
		case t.Empty():
			return say("%s: there is no piece on %s", r.Text, from)
		case t.Owner != side:
			return say("%s: the tower on %s is %s's, and %s is to move", r.Text, from, t.Owner, side)
		}
	}
	if legal[0].IsCapture() && !r.Capture {
		return say("%s is not legal: capturing is compulsory (§3.6)", r.Text)
	}
	if !r.Short() && kingRow[side]&(1<<r.Squares[0]) != 0 && !legal[0].IsCapture() {
		return say("%s is not legal: a king cannot move without capturing (§3.5)", r.Text)
	}
	return say("%s is not a legal move for %s", r.Text, side)
}
