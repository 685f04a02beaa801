package store

import (
	"encoding/json"
	"fmt"
	"strings"

	"gorm.io/gorm"
)

// Migration 20261125043118 stores the notes the server writes
// (tournament.Note: an audit entry's reason, a correspondence game's note)
// by a stable key instead of their English printf format. The format was
// also the message's ID in the catalogue, so rewording a message would have
// left every row stored before it untranslated. A row
//
//	{"note":"White's time ran out at %s","args":["2026-12-11 15:00 MSK"]}
//
// becomes
//
//	{"key":"note.game.time_out.white","args":["2026-12-11 15:00 MSK"]}
//
// and a message among the arguments (a score sheet's problem),
// {"note":format,"args":[…]}, becomes {"format":format,"args":[…]}. The
// formats below are every one a note was ever written with; a row with any
// other, which no version wrote, is kept as the English it reads as, like
// the plain notes of the versions before notes were translated. It changes
// data only, on the tables as migrations 2026112201 and 2026112250 made them.

// noteKeys20261125043118 are the notes' formats until this migration and
// the keys that replace them.
var noteKeys20261125043118 = map[string]string{
	"round 1 paired":       "note.event.first_round_paired",
	"a list of %d players": "note.players.list",
	"a list of %d players; possible duplicates confirmed": "note.players.list_duplicates_confirmed",
	"%s (against the score sheet: %s)":                    "note.result.against_sheet",
	"%s withdrew from the event":                          "note.game.withdrawn",
	"the event ended on %s with the game unfinished":      "note.game.event_ended",
	"White's time ran out at %s":                          "note.game.time_out.white",
	"Black's time ran out at %s":                          "note.game.time_out.black",
	"final position after %s: White has no legal move":    "note.game.final.white",
	"final position after %s: Black has no legal move":    "note.game.final.black",
	"the position after ply %d occurred for the third time with White to move (§5: the arbiter decides)": "note.game.repetition.white",
	"the position after ply %d occurred for the third time with Black to move (§5: the arbiter decides)": "note.game.repetition.black",
	"draw agreed":    "note.game.draw_agreed",
	"White resigned": "note.game.resigned.white",
	"Black resigned": "note.game.resigned.black",
}

// noteKeysNote20261125043118 is a note as this migration writes it, and
// noteKeysMessage20261125043118 a message among its arguments; the fields'
// order is the JSON's, which readers test the start of.
type noteKeysNote20261125043118 struct {
	Key  string `json:"key"`
	Args []any  `json:"args,omitempty"`
}

type noteKeysMessage20261125043118 struct {
	Format string `json:"format"`
	Args   []any  `json:"args,omitempty"`
}

// noteKeysColumns20261125043118 are the columns notes are stored in.
var noteKeysColumns20261125043118 = []struct{ table, column string }{
	{"audit_entries", "reason"},
	{"correspondence_games", "note"},
}

func noteKeysMigration(tx *gorm.DB) error {
	for _, c := range noteKeysColumns20261125043118 {
		var rows []struct {
			ID   int64
			Text string
		}
		err := tx.Table(c.table).Select("id, "+c.column+" AS text").
			Where(c.column+" LIKE ?", `{"note":%`).Order("id").Find(&rows).Error
		if err != nil {
			return fmt.Errorf("read %s.%s: %w", c.table, c.column, err)
		}
		for _, r := range rows {
			text, ok := noteKeysRewrite20261125043118(r.Text)
			if !ok {
				continue
			}
			if err := tx.Table(c.table).Where("id = ?", r.ID).Update(c.column, text).Error; err != nil {
				return fmt.Errorf("rewrite %s %d: %w", c.table, r.ID, err)
			}
		}
	}
	return nil
}

// noteKeysRewrite20261125043118 is a stored note in its new form; ok is
// false for text that is not a note (a person's words that happen to start
// like one), which stays as it is.
func noteKeysRewrite20261125043118(stored string) (string, bool) {
	dec := json.NewDecoder(strings.NewReader(stored))
	dec.UseNumber() // numbers are written back as they were
	var old map[string]any
	if dec.Decode(&old) != nil || dec.More() {
		return "", false
	}
	format, ok := old["note"].(string)
	if !ok {
		return "", false
	}
	args, _ := old["args"].([]any)
	key, known := noteKeys20261125043118[format]
	if !known {
		return noteKeysEnglish20261125043118(format, args), true
	}
	b, err := json.Marshal(noteKeysNote20261125043118{Key: key, Args: noteKeysArgs20261125043118(args)})
	if err != nil {
		return "", false
	}
	return string(b), true
}

// noteKeysArgs20261125043118 rewrites the messages among a note's arguments.
func noteKeysArgs20261125043118(args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		out[i] = a
		if m, ok := a.(map[string]any); ok {
			if format, ok := m["note"].(string); ok {
				inner, _ := m["args"].([]any)
				out[i] = noteKeysMessage20261125043118{Format: format, Args: noteKeysArgs20261125043118(inner)}
			}
		}
	}
	return out
}

// noteKeysEnglish20261125043118 writes a note out in English: a colour or
// an end reason as stored, a message among the arguments in its own English.
func noteKeysEnglish20261125043118(format string, args []any) string {
	plain := make([]any, len(args))
	for i, a := range args {
		plain[i] = a
		switch a := a.(type) {
		case json.Number:
			if n, err := a.Int64(); err == nil {
				plain[i] = n
			} else if f, err := a.Float64(); err == nil {
				plain[i] = f
			}
		case map[string]any:
			if inner, ok := a["note"].(string); ok {
				innerArgs, _ := a["args"].([]any)
				plain[i] = noteKeysEnglish20261125043118(inner, innerArgs)
			} else if side, ok := a["side"].(string); ok {
				plain[i] = side
			} else if reason, ok := a["reason"].(string); ok {
				plain[i] = strings.ReplaceAll(reason, "_", " ")
			}
		}
	}
	return fmt.Sprintf(format, plain...)
}
