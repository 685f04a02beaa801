package catalog

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"

	"adiukh/rules"
	"adiukh/rules/adiukh"
	_ "adiukh/rules/international" // its messages' keys
	_ "adiukh/rules/russian"       // its messages' keys
	"adiukh/tournament"
	"adiukh/tournament/composition"
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

// Every message of the rules and the solver may be stored (a score sheet's
// problem with a submitted sheet, a note quoting one, a composition's
// findings), and so may the domain's messages that quote them (why a
// result disagrees with its sheet) and what the check of a solving
// contest's answer says of it, so each has a key that stays when its words
// change.
func TestEveryStoredMessageHasAKey(t *testing.T) {
	found := 0
	domain := regexp.MustCompile(`^tournament/[^/]+\.go:`)
	answers := 0
	for _, x := range scan(t).ids {
		// What CheckAnswer says of an answer is kept with it.
		answer := strings.HasPrefix(x.at, "tournament/composition/check.go:") && x.fn == "say"
		if !strings.HasPrefix(x.at, "rules/") && !(domain.MatchString(x.at) && x.fn == "say") && !answer {
			continue
		}
		found++
		if answer {
			answers++
		}
		if _, ok := rules.KeyOf(x.id); !ok {
			t.Errorf("%s: %q has no stored key: add it to its package's keys (rules/keys.go, rules/flat/keys.go, rules/russian/keys.go, rules/international/keys.go, rules/solve/messages.go, tournament/note.go, tournament/composition/keys.go)", x.at, x.id)
		}
	}
	if answers < 5 {
		t.Errorf("found only %d messages of a solving answer's check; is the scan broken?", answers)
	}
	if found < 50 {
		t.Fatalf("found only %d messages of the rules; is the scan broken?", found)
	}
}

// A game's sheet report is stored with its problems by key: read back, a
// problem says itself in each language, and after its words change in the
// catalogue, in the new words.
func TestStoredSheetReportReadsInBothLanguages(t *testing.T) {
	checked := adiukh.ValidateSheet("1. c3-b4 b6-c5 2. g3-e5")
	if len(checked.Errors) == 0 {
		t.Fatal("the sheet has no problem to store")
	}
	p := checked.Errors[0]
	stored, err := json.Marshal(tournament.SheetReport{Errors: []tournament.SheetError{{Line: p.Line, Ply: p.Ply, MoveNo: p.MoveNumber, Message: p.Message, Detail: p.Detail}}})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(stored), p.Message) || !strings.Contains(string(stored), `"key":"rules.`) {
		t.Fatalf("the report is stored as %s: want its problem by key, not its English words %q", stored, p.Message)
	}
	var read tournament.SheetReport
	if err := json.Unmarshal(stored, &read); err != nil {
		t.Fatal(err)
	}
	got := read.Errors[0]
	if got.Line != p.Line || got.Ply != p.Ply || got.MoveNo != p.MoveNumber || got.Message != p.Message {
		t.Fatalf("read back as %+v, want line %d, ply %d, move %d, %q", got, p.Line, p.Ply, p.MoveNumber, p.Message)
	}
	for _, l := range Langs {
		want := For(l).Message(p.Detail)
		if have := For(l).Message(got.Detail); have != want || have == "" {
			t.Errorf("%s: the stored problem reads %q, want %q", l, have, want)
		}
		reworded := rewordedLocalizer(t, l, []*i18n.Message{{ID: p.Detail.Format, Other: "[" + string(l) + "] " + p.Detail.Format}})
		if have := reworded.Message(got.Detail); !strings.HasPrefix(have, "["+string(l)+"] ") {
			t.Errorf("%s: after rewording, the stored problem reads %q", l, have)
		}
	}
	if got.Detail.Format != p.Detail.Format || fmt.Sprint(got.Detail.Args) != fmt.Sprint(p.Detail.Args) {
		t.Errorf("read back as %#v, want %#v", got.Detail, p.Detail)
	}
}

// An old report, stored with its problems' English words only, still reads
// in those words.
func TestOldSheetReportKeepsItsWords(t *testing.T) {
	var read tournament.SheetReport
	if err := json.Unmarshal([]byte(`{"Valid":false,"Errors":[{"Line":1,"Ply":3,"MoveNo":2,"Message":"g3-e5 is not a legal move for white"}]}`), &read); err != nil {
		t.Fatal(err)
	}
	if e := read.Errors[0]; e.Message != "g3-e5 is not a legal move for white" || e.Detail.Format != "" || e.Ply != 3 {
		t.Fatalf("read as %+v", e)
	}
}

// Where a solving contest's answer goes wrong is stored with it by key, so
// a later version may reword the contest's message: the answers stored
// before read in the new words, in both languages. The row is as this
// version stores it; the store's migration test turns the rows of earlier
// versions (kept by their English format) into such rows.
func TestRewordedAnswerFaultReadsStoredRows(t *testing.T) {
	row := `{"key":"composition.answer.short","args":[{"int":3},{"int":5}]}`
	var fault composition.Text
	if err := json.Unmarshal([]byte(row), &fault); err != nil {
		t.Fatal(err)
	}
	again, err := json.Marshal(fault)
	if err != nil || string(again) != row {
		t.Fatalf("the fault is stored again as %s (%v), want %s", again, err, row)
	}
	format := "the answer stops after %d moves; the solution's main line has %d"
	reworded := map[Lang]*i18n.Message{
		Russian: {ID: format, One: "ответ обрывается после %d-го хода из %d", Few: "ответ обрывается после %d-го хода из %d",
			Many: "ответ обрывается после %d-го хода из %d", Other: "ответ обрывается после %d-го хода из %d"},
		English: {ID: format, One: "the answer ends after move %d of %d", Other: "the answer ends after move %d of %d"},
	}
	want := map[Lang]string{Russian: "ответ обрывается после 3-го хода из 5", English: "the answer ends after move 3 of 5"}
	for _, l := range Langs {
		if got := For(l).Message(fault.Message); got == want[l] || got == "" {
			t.Errorf("%s: the row reads %q before the rewording", l, got)
		}
		after := rewordedLocalizer(t, l, []*i18n.Message{reworded[l]})
		if got := after.Message(fault.Message); got != want[l] {
			t.Errorf("%s: the row reads %q after the rewording, want %q", l, got, want[l])
		}
	}
}
