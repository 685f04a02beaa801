package composition

import (
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"adiukh/rules"
	"adiukh/rules/solve"
	"adiukh/tournament"
)

// longer tells whether a text is longer than max characters: the limits
// of texts are said in characters, which is how people count them (a
// Cyrillic letter is two bytes).
func longer(text string, max int) bool { return utf8.RuneCountInString(text) > max }

// say makes a message whose English format is the key of its translation
// (the one catalogue, tournament/catalog).
func say(format string, args ...any) rules.Message {
	return rules.Message{Format: format, Args: args}
}

// Text is a message kept with a work or an answer: its English format and
// its arguments, each with its kind, so that every reader sees it in their
// own language. Moves and scores are written the same in every language and
// are kept as they read.
type Text struct{ rules.Message }

// storedText is the JSON form of a Text: a message by its stored key
// (rules.KeyOf: the rules', the solver's, the contest's own, keys.go),
// which stays when the message is reworded; a message without a key by
// its format.
type storedText struct {
	Key    string      `json:"key,omitempty"`
	Format string      `json:"format,omitempty"`
	Args   []storedArg `json:"args,omitempty"`
}

// storedArg is one argument of a stored message: exactly one field is set.
type storedArg struct {
	Text        *Text   `json:"text,omitempty"`
	Stipulation string  `json:"stipulation,omitempty"`
	Color       string  `json:"color,omitempty"`
	Int         *int    `json:"int,omitempty"`
	Count       *int64  `json:"count,omitempty"`
	String      *string `json:"string,omitempty"`
}

func (t Text) MarshalJSON() ([]byte, error) {
	out := storedText{Format: t.Format}
	if key, ok := rules.KeyOf(t.Format); ok {
		out = storedText{Key: key}
	}
	for _, a := range t.Args {
		var s storedArg
		switch a := a.(type) {
		case rules.Message:
			s.Text = &Text{a}
		case solve.Stipulation:
			s.Stipulation = a.String()
		case rules.Color:
			s.Color = a.String()
		case int:
			s.Int = &a
		case int64:
			n := int(a)
			s.Int = &n
		case rules.Count:
			n := int64(a)
			s.Count = &n
		default:
			text := fmt.Sprint(a)
			s.String = &text
		}
		out.Args = append(out.Args, s)
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads a stored message. Works checked before messages were
// kept this way hold plain English text, which is shown as it is.
func (t *Text) UnmarshalJSON(b []byte) error {
	var plain string
	if json.Unmarshal(b, &plain) == nil {
		*t = Plain(plain)
		return nil
	}
	var in storedText
	if err := json.Unmarshal(b, &in); err != nil {
		return err
	}
	t.Format, t.Args = in.Format, nil
	if in.Key != "" {
		format, ok := rules.FormatOf(in.Key)
		if !ok {
			return fmt.Errorf("%q is not the key of a message", in.Key)
		}
		t.Format = format
	}
	if len(in.Args) > 0 {
		t.Args = make([]any, len(in.Args))
	}
	for i, a := range in.Args {
		switch {
		case a.Text != nil:
			t.Args[i] = a.Text.Message
		case a.Stipulation != "":
			st, err := solve.ParseStipulation(a.Stipulation)
			if err != nil {
				return fmt.Errorf("argument %d of %q: %w", i+1, t.Format, err)
			}
			t.Args[i] = st
		case a.Color != "":
			c, ok := sides[a.Color]
			if !ok {
				return fmt.Errorf("argument %d of %q: %q is not a colour", i+1, t.Format, a.Color)
			}
			t.Args[i] = c
		case a.Int != nil:
			t.Args[i] = *a.Int
		case a.Count != nil:
			t.Args[i] = rules.Count(*a.Count)
		case a.String != nil:
			t.Args[i] = *a.String
		default:
			return fmt.Errorf("argument %d of %q has no value", i+1, t.Format)
		}
	}
	return nil
}

// Plain is text kept before messages were stored with their arguments: it
// is shown as it is, in the language it was written in.
func Plain(text string) Text {
	if text == "" {
		return Text{}
	}
	return Text{say("%s", text)}
}

// listOf says the messages one after another, separated by commas; nil
// says nothing (a zero message).
func listOf(items []rules.Message) rules.Message {
	var list rules.Message
	for i, m := range items {
		if i == 0 {
			list = m
		} else {
			list = say("%s, %s", list, m)
		}
	}
	return list
}

// IsZero reports whether there is no message.
func (t Text) IsZero() bool { return t.Format == "" }

// errorText keeps a domain error's message with its arguments.
func errorText(e *tournament.Error) Text { return Text{e.Said()} }
