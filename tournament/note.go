package tournament

import (
	"encoding/json"
	"fmt"
	"strings"

	"adiukh/rules"
)

// storedNote is the JSON form of a Note: the key of its message in the
// catalogue and its arguments.
type storedNote struct {
	Key  string `json:"key"`
	Args []any  `json:"args,omitempty"`
}

// storedMessage is the JSON form of a message among a note's arguments
// (a score sheet's problem): its own format and arguments.
type storedMessage struct {
	Format string `json:"format"`
	Args   []any  `json:"args,omitempty"`
}

// storedWord is the JSON form of an argument worded in each language: a
// colour or an end reason.
type storedWord struct {
	Side   string `json:"side,omitempty"`
	Reason string `json:"reason,omitempty"`
}

// Note is a reason or remark the server writes itself, where a person would
// type one (a game that ended on time, a list of players registered at
// once), as it is stored: the key of its message in the catalogue
// (tournament/catalog), a short dotted ID such as "note.game.resigned.white",
// and its arguments, so that the audit log and the game's page read in each
// reader's language. A stored row keeps the key, never the words: the
// catalogue may reword the message and the rows written before still read,
// in the new words. A key, once stored, is never reused, nor renamed but by
// a migration that rewrites the rows (as 20261125043118-note-keys did).
//
// Arguments are numbers, strings (kept as they are, like an arbiter's own
// words), messages (a rules.Message, such as a score sheet's problem, kept
// with its own format and arguments), colours and end reasons; a colour or
// an end reason is worded in the reader's language when the note is read,
// as in any message. A value with a String method is kept as it prints.
func Note(key string, args ...any) string {
	n := storedNote{Key: key}
	for _, a := range args {
		n.Args = append(n.Args, noteArg(a))
	}
	b, err := json.Marshal(n)
	if err != nil {
		panic(err) // numbers, strings and the stored forms always marshal
	}
	return string(b)
}

func noteArg(a any) any {
	switch a := a.(type) {
	case rules.Message:
		m := storedMessage{Format: a.Format}
		for _, arg := range a.Args {
			m.Args = append(m.Args, noteArg(arg))
		}
		return m
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

// NoteMessage reads a reason or remark as a message: a Note as its key and
// arguments, which the catalogue words; a person's text as it was typed.
func NoteMessage(s string) rules.Message {
	var n storedNote
	if !strings.HasPrefix(s, `{"key":`) || json.Unmarshal([]byte(s), &n) != nil || n.Key == "" {
		if s == "" {
			return rules.Message{}
		}
		return rules.Message{Format: "%s", Args: []any{s}}
	}
	return rules.Message{Format: n.Key, Args: readNoteArgs(n.Args)}
}

func readNoteArgs(stored []any) []any {
	args := make([]any, len(stored))
	for i, a := range stored {
		args[i] = readNoteArg(a)
	}
	return args
}

// readNoteArg gives an argument back the type it was written with.
func readNoteArg(a any) any {
	switch a := a.(type) {
	case float64:
		if a == float64(int(a)) {
			return int(a)
		}
	case map[string]any:
		if format, ok := a["format"].(string); ok {
			args, _ := a["args"].([]any)
			return rules.Message{Format: format, Args: readNoteArgs(args)}
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
