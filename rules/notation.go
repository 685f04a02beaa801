package rules

import (
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

// MoveError says why a written move cannot be played.
type MoveError struct {
	Detail     Message
	Candidates []string // the legal moves an ambiguous record matches, in full notation
}

func (e *MoveError) Error() string { return e.Detail.String() }

func (e *MoveError) Phrase() (string, []any) { return e.Detail.Format, e.Detail.Args }

func recordError(format string, args ...any) error {
	return &RecordError{say(format, args...)}
}
