package tournament

import (
	"encoding/json"
	"strings"

	"adiukh/rules"
)

// storedNote is the JSON form of a Note.
type storedNote struct {
	Note string `json:"note"`
	Args []any  `json:"args,omitempty"`
}

// Note is a reason or remark the server writes itself, where a person would
// type one (a game that ended on time, a list of players registered at
// once): it is kept as its English format, which is the key of its
// translation, and its arguments, so that the audit log and the game's page
// read in each reader's language. Arguments are numbers and strings only;
// a colour, which is worded per language, goes into the format instead.
func Note(format string, args ...any) string {
	b, err := json.Marshal(storedNote{format, args})
	if err != nil {
		panic(err) // numbers and strings always marshal
	}
	return string(b)
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
	for i, a := range n.Args {
		if f, ok := a.(float64); ok && f == float64(int(f)) {
			n.Args[i] = int(f)
		}
	}
	return rules.Message{Format: n.Note, Args: n.Args}
}
