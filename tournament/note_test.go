package tournament_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/engines"
	"adiukh/tournament/store/storetest"
)

// A note keeps a message among its arguments with the message's own
// arguments and their types, so that it is read back as it was written.
func TestNoteKeepsNestedMessages(t *testing.T) {
	t.Parallel()
	problem := rules.Message{Format: "the score sheet is not valid at line %d: %s", Args: []any{2,
		rules.Message{Format: "the game is over: %s has no legal move (final position, score %s), so %s cannot be played", Args: []any{rules.Black, "17:7", "c3-d4"}}}}
	claimed := rules.Message{Format: "the score sheet says the game ended by %s, but %s was entered", Args: []any{tournament.LossOnTime, tournament.Agreement}}
	for _, m := range []rules.Message{problem, claimed} {
		note := tournament.Note("note.result.against_sheet", "ошибка записи", m)
		want := rules.Message{Format: "note.result.against_sheet", Args: []any{"ошибка записи", m}}
		if got := tournament.NoteMessage(note); !reflect.DeepEqual(got, want) {
			t.Errorf("note %s reads back as %#v, want %#v", note, got, want)
		}
	}
}

// A result saved against its sheet keeps the arbiter's reason as typed and
// logs the sheet's problem as a message, read in the reader's language; a
// correction against the sheet is logged as such.
func TestOverrideIsLoggedInTheReadersLanguage(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, svc *tournament.Service) {
		e, _ := storetest.Event(t, ctx, svc, "round-robin", 0, "А", "Б", "В", "Г")
		if _, err := svc.PairNextRound(ctx, e.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.PublishRound(ctx, e.ID, 1); err != nil {
			t.Fatal(err)
		}
		in := tournament.ResultInput{EventID: e.ID, Round: 1, Board: 1, Score: "24:0", EndReason: "resignation", Sheet: "1. c3-d4 zz9", Version: 1, Reason: "бланк испорчен"}
		g, err := svc.RecordResult(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		if g.OverrideReason != "бланк испорчен" {
			t.Errorf("override reason %q, want the arbiter's own", g.OverrideReason)
		}
		a := lastAudit(t, ctx, svc, e.ID)
		ru := catalog.For(catalog.Russian).Message(tournament.NoteMessage(a.Reason))
		en := catalog.For(catalog.English).Message(tournament.NoteMessage(a.Reason))
		if a.Action != tournament.ActionResultOverride || !strings.HasPrefix(ru, "бланк испорчен (вопреки бланку: ") ||
			strings.Contains(ru, "score sheet") || strings.Contains(ru, "override") {
			t.Errorf("override logged as %s, reason %q; want result.override with the reason and the problem in Russian", a.Action, ru)
		}
		if !strings.HasPrefix(en, "бланк испорчен (against the score sheet: the score sheet is not valid at line 1") {
			t.Errorf("English reason %q", en)
		}

		in.Score, in.EndReason, in.Sheet, in.Version, in.Reason = "0:24", "resignation", "", g.Version, "перепутали сдавшегося"
		if _, err := svc.RecordResult(ctx, in); err != nil {
			t.Fatal(err)
		}
		if a := lastAudit(t, ctx, svc, e.ID); a.Action != tournament.ActionResultCorrectOverride || !strings.HasPrefix(catalog.For(catalog.Russian).Message(tournament.NoteMessage(a.Reason)), "перепутали сдавшегося (вопреки бланку: ") {
			t.Errorf("a correction against the sheet logged as %s, reason %s", a.Action, a.Reason)
		}
	})
}

// TestErrorOfANestedNoteNamesItsKey: an error quoting a stored note (a
// move refused after the flag fell) reads in a log as the note's key with
// its arguments, never with fmt's %!(EXTRA …) noise; so does the message
// itself, printed where no catalogue is at hand.
func TestErrorOfANestedNoteNamesItsKey(t *testing.T) {
	note := tournament.NoteMessage(tournament.Note("note.game.flag.white", "2026-11-26 12:00:05 MSK"))
	err := tournament.Conflict("", "game %d is no longer played: %s", 7, note)
	want := "game 7 is no longer played: note.game.flag.white(2026-11-26 12:00:05 MSK)"
	if err.Error() != want {
		t.Errorf("Error() = %q, want %q", err.Error(), want)
	}
	if got := (rules.Message{Format: "game %d is no longer played: %s", Args: []any{7, note}}).String(); got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if got := tournament.NoteMessage(tournament.Note("note.game.flag.black", "12:00", 3)).String(); got != "note.game.flag.black(12:00, 3)" {
		t.Errorf("a note's own message prints %q", got)
	}
}
