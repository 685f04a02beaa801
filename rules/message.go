package rules

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Message is text for people kept with its English format and arguments: the
// format is the ID under which a caller looks up a translation, and the
// arguments (squares, moves, scores, colours, reasons, other messages) are
// rendered again in the reader's language.
type Message struct {
	Format string
	Args   []any
}

func say(format string, args ...any) Message { return Message{format, args} }

// Count is a large quantity in a message, such as a node budget: it is
// written with its digits grouped by thousands, 2,000,000 in English (the
// catalogue writes 2 000 000 in Russian), whatever the verb.
type Count int64

// Format writes the count grouped by commas.
func (c Count) Format(f fmt.State, _ rune) { f.Write([]byte(c.Grouped(","))) }

// Grouped writes the count with sep between groups of three digits.
func (c Count) Grouped(sep string) string {
	digits := strconv.FormatInt(int64(c), 10)
	sign := ""
	if c < 0 {
		sign, digits = "-", digits[1:]
	}
	var b strings.Builder
	b.WriteString(sign)
	for i, d := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(d)
	}
	return b.String()
}

// firstLetters is the start of s quoted in a message: its first n letters
// (runes), never a letter cut in its bytes.
func firstLetters(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

func (m Message) String() string { return sprintf(m.Format, m.Args) }

// sprintf formats a message's arguments into its format. A format with
// no verb and arguments is a key that no lookup knew (a stored note's
// "note.game.flag.white", read in a log or an English error where the
// catalogue is not at hand): it is written with its arguments in brackets,
// "note.game.flag.white(12:00)", not with fmt's %!(EXTRA …) noise.
func sprintf(format string, args []any) string {
	if len(args) > 0 && !strings.Contains(format, "%") {
		parts := make([]string, len(args))
		for i, a := range args {
			parts[i] = fmt.Sprint(a)
		}
		return format + "(" + strings.Join(parts, ", ") + ")"
	}
	return fmt.Sprintf(format, args...)
}

// Translate renders the message in another language: lookup maps an English
// format to its translation (the English stays where it has none), word
// renders an argument such as a Color or an EndReason in that language.
// Arguments that are messages themselves are translated the same way.
func (m Message) Translate(lookup func(format string) (string, bool), word func(arg any) any) string {
	format, ok := lookup(m.Format)
	if !ok {
		format = m.Format
	}
	args := make([]any, len(m.Args))
	for i, a := range m.Args {
		if inner, ok := a.(Message); ok {
			args[i] = inner.Translate(lookup, word)
		} else {
			args[i] = word(a)
		}
	}
	return sprintf(format, args)
}

// Detail returns the message of an error of this package, to be shown in
// the reader's language; any other error is its text.
func Detail(err error) Message {
	var pe *PositionError
	var re *RecordError
	var me *MoveError
	var se *ScoreError
	switch {
	case errors.As(err, &pe):
		return say("position, character %d: %s", pe.Offset, pe.Detail)
	case errors.As(err, &re):
		return re.Detail
	case errors.As(err, &me):
		return me.Detail
	case errors.As(err, &se):
		return se.Detail
	}
	return say("%s", err.Error())
}

// RecordError says why a written move cannot be read.
type RecordError struct{ Detail Message }

func (e *RecordError) Error() string { return e.Detail.String() }

// Phrase gives the message to a catalogue of translations (as
// tournament/catalog), which words it in the reader's language; so do the
// other errors of this package.
func (e *RecordError) Phrase() (string, []any) { return e.Detail.Format, e.Detail.Args }

// ScoreError says why a written score is not a game score.
type ScoreError struct{ Detail Message }

func (e *ScoreError) Error() string { return e.Detail.String() }

func (e *ScoreError) Phrase() (string, []any) { return e.Detail.Format, e.Detail.Args }
