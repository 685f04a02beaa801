package catalog

import (
	"encoding/json"
	"testing"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"

	"adiukh/tournament"
)

// A note is stored by its key, so a later version may reword the
// catalogue's text of it: the rows stored before read in the new words, in
// both languages. The rows here are as this version stores them; the
// store's migration test turns the rows of earlier versions (kept by their
// English format) into these.
func TestRewordedNoteReadsStoredRows(t *testing.T) {
	rows := map[string]string{
		"note.game.time_out.black": `{"key":"note.game.time_out.black","args":["2026-12-11 15:00 MSK"]}`,
		"note.players.list":        `{"key":"note.players.list","args":[21]}`,
	}
	reworded := map[Lang][]*i18n.Message{
		Russian: {{ID: "note.game.time_out.black", Other: "чёрные просрочили ход: %s"},
			{ID: "note.players.list", One: "%d участник списком", Few: "%d участника списком", Many: "%d участников списком", Other: "%d участника списком"}},
		English: {{ID: "note.game.time_out.black", Other: "Black overstepped the time limit at %s"},
			{ID: "note.players.list", One: "%d player from a list", Other: "%d players from a list"}},
	}
	want := map[Lang]map[string]string{
		Russian: {"note.game.time_out.black": "чёрные просрочили ход: 2026-12-11 15:00 MSK", "note.players.list": "21 участник списком"},
		English: {"note.game.time_out.black": "Black overstepped the time limit at 2026-12-11 15:00 MSK", "note.players.list": "21 players from a list"},
	}
	for _, l := range Langs {
		before := For(l)
		after := rewordedLocalizer(t, l, reworded[l])
		for key, row := range rows {
			m := tournament.NoteMessage(row)
			if m.Format != key {
				t.Fatalf("row %s reads as %q, want its key %q", row, m.Format, key)
			}
			if got := before.Message(m); got == want[l][key] || got == "" {
				t.Errorf("%s: row %s reads %q before the rewording", l, row, got)
			}
			if got := after.Message(m); got != want[l][key] {
				t.Errorf("%s: row %s reads %q after the rewording, want %q", l, row, got, want[l][key])
			}
		}
	}
}

// rewordedLocalizer is the catalogue in language l with some messages
// reworded, as a later version might reword them.
func rewordedLocalizer(t *testing.T, l Lang, messages []*i18n.Message) *Localizer {
	t.Helper()
	b := i18n.NewBundle(language.Russian)
	b.RegisterUnmarshalFunc("json", json.Unmarshal)
	for _, name := range localeFiles(l) {
		if _, err := b.LoadMessageFileFS(files, name); err != nil {
			t.Fatal(err)
		}
	}
	tag := language.Make(string(l))
	for _, m := range messages {
		if !For(l).Has(m.ID) {
			t.Fatalf("the catalogue has no %q to reword", m.ID)
		}
	}
	if err := b.AddMessages(tag, messages...); err != nil {
		t.Fatal(err)
	}
	return &Localizer{Lang: l, loc: i18n.NewLocalizer(b, string(l))}
}
