package catalog

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
)

// Phrased is a value worded in the catalogue by its own format, a message
// ID, and arguments, rendered in the reader's language (Arg). The errors of
// rules, rules/solve, the Dutch engine, the TRF reader and the domain
// implement it, as do a command line's mistakes (Problem): the catalogue
// words them all without knowing their types.
type Phrased interface {
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

// Explain words an error in the language: an error that phrases itself
// (Phrased) is worded by its message, and a file that is missing or may
// not be read is named; a wrapping prefix such as "--position: " is kept.
// Any other error is given as it is.
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
		return l.Phrase(e), true
	}
	return "", false
}
