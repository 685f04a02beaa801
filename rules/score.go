package rules

import "fmt"

// Score is a game result in a game's points (Adiukh's 17:7, Russian draughts' 2:0), White's first: 17:7.
type Score struct {
	White, Black int
}

func (s Score) String() string { return fmt.Sprintf("%d:%d", s.White, s.Black) }

// PositionError tells what is wrong in a position text and where (a 1-based
// character offset into the text).
type PositionError struct {
	Offset int
	Detail Message
}

func (e *PositionError) Error() string {
	return fmt.Sprintf("position, character %d: %s", e.Offset, e.Detail)
}

func (e *PositionError) Phrase() (string, []any) {
	return "position, character %d: %s", []any{e.Offset, e.Detail}
}
