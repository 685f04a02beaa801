package openings

import (
	"fmt"

	"adiukh/rules"
)

// The fields of an opening an error may name.
const (
	FieldNumber = "number"
	FieldName   = "name"
	FieldNameEn = "name_en"
	FieldMoves  = "moves"
	FieldFEN    = "fen"
)

func say(format string, args ...any) rules.Message { return rules.Message{Format: format, Args: args} }

// Error says what is wrong with a table and where: the line of a file
// (CSV, or JSON that does not parse), or the place of an opening in a JSON
// list; the field at fault; for a move, its ply (1 is White's first).
// Detail is the message, the rules' own for a move that cannot be played.
type Error struct {
	Line, Entry int
	Field       string
	Ply         int
	Detail      rules.Message
}

func (e *Error) Error() string {
	format, args := e.Phrase()
	return fmt.Sprintf(format, args...)
}

// Phrase gives the message to a catalogue of translations (as
// tournament/catalog), which words it in the reader's language, after its
// place in the file.
func (e *Error) Phrase() (string, []any) {
	switch {
	case e.Line > 0 && e.Ply > 0:
		return "line %d, moves, ply %d: %s", []any{e.Line, e.Ply, e.Detail}
	case e.Entry > 0 && e.Ply > 0:
		return "opening %d of the list, moves, ply %d: %s", []any{e.Entry, e.Ply, e.Detail}
	case e.Ply > 0:
		return "ply %d: %s", []any{e.Ply, e.Detail}
	}
	switch e.Field {
	case FieldNumber:
		switch {
		case e.Line > 0:
			return "line %d, number: %s", []any{e.Line, e.Detail}
		case e.Entry > 0:
			return "opening %d of the list, number: %s", []any{e.Entry, e.Detail}
		}
	case FieldName:
		switch {
		case e.Line > 0:
			return "line %d, name: %s", []any{e.Line, e.Detail}
		case e.Entry > 0:
			return "opening %d of the list, name: %s", []any{e.Entry, e.Detail}
		}
	case FieldNameEn:
		switch {
		case e.Line > 0:
			return "line %d, English name: %s", []any{e.Line, e.Detail}
		case e.Entry > 0:
			return "opening %d of the list, English name: %s", []any{e.Entry, e.Detail}
		}
	case FieldMoves:
		switch {
		case e.Line > 0:
			return "line %d, moves: %s", []any{e.Line, e.Detail}
		case e.Entry > 0:
			return "opening %d of the list, moves: %s", []any{e.Entry, e.Detail}
		}
	case FieldFEN:
		if e.Entry > 0 {
			return "opening %d of the list, FEN: %s", []any{e.Entry, e.Detail}
		}
	}
	switch {
	case e.Line > 0:
		return "line %d: %s", []any{e.Line, e.Detail}
	case e.Entry > 0:
		return "opening %d of the list: %s", []any{e.Entry, e.Detail}
	}
	return "%s", []any{e.Detail}
}
