package catalog

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"adiukh/rules"
	"adiukh/rules/solve"
	"adiukh/tournament"
	"adiukh/tournament/pairing/dutch"
	"adiukh/tournament/trf"
)

// Phrased is an error worded in the catalogue by its own format and
// arguments, such as a command line's mistakes.
type Phrased interface {
	error
	Phrase() (format string, args []any)
}

// Problem is an error worded in the catalogue by its format and arguments:
// a command line's mistakes.
type Problem struct {
	format string
	args   []any
}

// NewProblem returns a Problem; its format is a catalogue message.
func NewProblem(format string, args ...any) error { return &Problem{format, args} }

func (p *Problem) Error() string { return fmt.Sprintf(p.format, p.args...) }

// Phrase gives the problem's message to the catalogue.
func (p *Problem) Phrase() (string, []any) { return p.format, p.args }

// Explain words an error in the language: the domain's, the rules', the
// solver's, the pairing engine's and the TRF reader's errors carry their
// message IDs, and a file that is missing or may not be read is named; a
// wrapping prefix such as "--position: " is kept. Any other error is given
// as it is.
func (l *Localizer) Explain(err error) string {
	if s, ok := l.explained(err); ok {
		return s
	}
	if inner := errors.Unwrap(err); inner != nil {
		if prefix, ok := strings.CutSuffix(err.Error(), inner.Error()); ok {
			return prefix + l.Explain(inner)
		}
	}
	return err.Error()
}

func (l *Localizer) explained(err error) (string, bool) {
	if errors.Is(err, dutch.ErrNoPairing) {
		return l.Sprintf("no legal pairing exists: the absolute criteria (no rematch, colours, bye) cannot all be met"), true
	}
	switch e := err.(type) {
	case *fs.PathError:
		switch {
		case errors.Is(e.Err, fs.ErrNotExist):
			return l.Sprintf("%s: no such file or folder", e.Path), true
		case errors.Is(e.Err, fs.ErrPermission):
			return l.Sprintf("%s: permission denied", e.Path), true
		}
		return "", false
	case Phrased:
		format, args := e.Phrase()
		return l.Sprintf(format, args...), true
	case *tournament.Error:
		// The field is named as the command's flags and the API spell it.
		if e.Field != "" {
			return e.Field + ": " + l.Error(e), true
		}
		return l.Error(e), true
	case *rules.PositionError:
		return l.Sprintf("position, character %d: %s", e.Offset, e.Detail), true
	case *rules.MoveError:
		return l.Message(e.Detail), true
	case *rules.RecordError:
		return l.Message(e.Detail), true
	case *rules.ScoreError:
		return l.Message(e.Detail), true
	case *solve.StipulationError:
		return l.Message(e.Detail), true
	case *solve.BudgetError:
		return l.Message(e.Detail()), true
	case *dutch.InputError:
		msg := l.Sprintf(e.Format, e.Args...)
		if e.Player != 0 {
			return l.Sprintf("player %d: %s", e.Player, msg), true
		}
		return msg, true
	case *trf.Error:
		msg := e.Message
		if e.Format != "" {
			msg = l.Sprintf(e.Format, e.Args...)
		}
		if e.Column > 0 {
			return l.Sprintf("line %d, column %d: %s", e.Line, e.Column, msg), true
		}
		return l.Sprintf("line %d: %s", e.Line, msg), true
	}
	return "", false
}
