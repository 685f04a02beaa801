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
// (a score sheet's problem): its stored key (rules.KeyOf), which stays when
// the message is reworded, and its arguments. Format is kept only for a
// message that has no key, as rows written before keys were.
type storedMessage struct {
	Key    string `json:"key,omitempty"`
	Format string `json:"format,omitempty"`
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
		return storeMessage(a)
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

// storeMessage is the stored form of a message: by its key where it has
// one, by its format where not.
func storeMessage(m rules.Message) storedMessage {
	s := storedMessage{Format: m.Format}
	if key, ok := rules.KeyOf(m.Format); ok {
		s = storedMessage{Key: key}
	}
	for _, arg := range m.Args {
		s.Args = append(s.Args, noteArg(arg))
	}
	return s
}

// readMessage is the message a stored form keeps, in today's words.
func readMessage(stored map[string]any) (rules.Message, bool) {
	args, _ := stored["args"].([]any)
	if key, ok := stored["key"].(string); ok {
		format, known := rules.FormatOf(key)
		if !known {
			format = key
		}
		return rules.Message{Format: format, Args: readNoteArgs(args)}, true
	}
	if format, ok := stored["format"].(string); ok {
		return rules.Message{Format: format, Args: readNoteArgs(args)}, true
	}
	return rules.Message{}, false
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
		if m, ok := readMessage(a); ok {
			return m
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

// domainKeys are the stored keys of the domain's own messages (see
// rules.KeyOf): why a result disagrees with its sheet is kept in the note
// of a result entered against it.
var domainKeys = map[string]string{
	"result.sheet.invalid":            "the score sheet is not valid",
	"result.sheet.invalid_at_line":    "the score sheet is not valid at line %d: %s",
	"result.sheet.invalid_at_move":    "the score sheet is not valid at line %d, move %d (ply %d): %s",
	"result.sheet.final_reason":       "the score sheet reaches a final position scoring %s, but the result entered ends by %s",
	"result.sheet.final_score":        "the score sheet ends in a final position scoring %s, but %s was entered",
	"result.sheet.not_final":          "the result entered ends in a final position, but the score sheet stops before one",
	"result.sheet.claimed_score":      "the score sheet records %s, but %s was entered",
	"result.sheet.claimed_reason":     "the score sheet says the game ended by %s, but %s was entered",
	"event.time_control.minutes":      "%d–%d minutes",
	"event.time_control.minutes_more": "%d minutes or more",
	"event.time_control.either":       "%s or %s",
}

func init() { rules.RegisterKeys(domainKeys) }
