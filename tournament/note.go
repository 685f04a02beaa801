package tournament

import (
	"encoding/json"
	"fmt"
	"strings"

	"adiukh/rules"
)

// storedNote is the JSON form of a Note, and of a message among its
// arguments.
type storedNote struct {
	Note string `json:"note"`
	Args []any  `json:"args,omitempty"`
}

// storedWord is the JSON form of an argument worded in each language: a
// colour or an end reason.
type storedWord struct {
	Side   string `json:"side,omitempty"`
	Reason string `json:"reason,omitempty"`
}

// Note is a reason or remark the server writes itself, where a person would
// type one (a game that ended on time, a list of players registered at
// once): it is kept as its English format, which is the key of its
// translation, and its arguments, so that the audit log and the game's page
// read in each reader's language. Arguments are numbers, strings (kept as
// they are, like an arbiter's own words), messages (a rules.Message, such as
// a score sheet's problem, kept with its own format and arguments),
// colours and end reasons; a colour or an end reason is worded in the
// reader's language when the note is read, as in any message. A value with
// a String method is kept as it prints.
func Note(format string, args ...any) string {
	b, err := json.Marshal(noteOf(format, args))
	if err != nil {
		panic(err) // numbers, strings and the stored forms always marshal
	}
	return string(b)
}

func noteOf(format string, args []any) storedNote {
	n := storedNote{Note: format}
	for _, a := range args {
		n.Args = append(n.Args, noteArg(a))
	}
	return n
}

func noteArg(a any) any {
	switch a := a.(type) {
	case rules.Message:
		return noteOf(a.Format, a.Args)
	case rules.Color:
		return storedWord{Side: a.String()}
	case rules.EndReason:
		return storedWord{Reason: string(a)}
	case EndReason:
		return storedWord{Reason: string(a)}
	case fmt.Stringer:
		return a.String()
	}
	return a
}

// NoteMessage reads a reason or remark as a message: a Note in its own
// format, a person's text as it was typed.
func NoteMessage(s string) rules.Message {
	var n storedNote
	if !strings.HasPrefix(s, `{"note":`) || json.Unmarshal([]byte(s), &n) != nil || n.Note == "" {
		if s == "" {
			return rules.Message{}
		}
		return rules.Message{Format: "%s", Args: []any{s}}
	}
	return n.message()
}

func (n storedNote) message() rules.Message {
	args := make([]any, len(n.Args))
	for i, a := range n.Args {
		args[i] = readNoteArg(a)
	}
	return rules.Message{Format: n.Note, Args: args}
}

// readNoteArg gives an argument back the type it was written with.
func readNoteArg(a any) any {
	switch a := a.(type) {
	case float64:
		if a == float64(int(a)) {
			return int(a)
		}
	case map[string]any:
		if format, ok := a["note"].(string); ok {
			args, _ := a["args"].([]any)
			return storedNote{Note: format, Args: args}.message()
		}
		if side, ok := a["side"].(string); ok {
			if side == rules.Black.String() {
				return rules.Black
			}
			return rules.White
		}
		if reason, ok := a["reason"].(string); ok {
			return EndReason(reason)
		}
	}
	return a
}
