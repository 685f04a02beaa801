package adiukh

import (
	"adiukh/rules"
)

// The words every game shares are those of rules: the 32 dark squares of
// the 8×8 board (a1=0, c1=1 … h8=31), the colours, a written move, a sheet
// and its problems, scores and messages. Adiukh says them as its own, as
// rules/russian does, so that its hot loops read as they did.
type (
	Square      = rules.Square
	Color       = rules.Color
	Record      = rules.Record
	Message     = rules.Message
	Score       = rules.Score
	Sheet       = rules.Sheet
	SheetMove   = rules.SheetMove
	SheetResult = rules.SheetResult
	Problem     = rules.Problem
	Header      = rules.Header
	EndReason   = rules.EndReason
)

const (
	White    = rules.White
	Black    = rules.Black
	NoSquare = rules.NoSquare
)

// say is text for people made of parts, kept with its English format and
// arguments so that the catalogue can translate it.
func say(format string, args ...any) Message { return Message{Format: format, Args: args} }

// newProblem is a problem with the text at a line and column.
func newProblem(line, column int, text string, m Message) Problem {
	return Problem{Line: line, Column: column, Text: text, Message: m.String(), Detail: m}
}
