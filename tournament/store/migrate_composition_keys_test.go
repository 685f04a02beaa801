package store_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"adiukh/tournament/catalog"
	"adiukh/tournament/composition"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

// Migration 20261126011907 keeps the messages stored with composition
// contests by key: where a solving answer goes wrong (the contest's own
// message, a refused move kept in its older form) and why the solver found
// an entry unsound. They then read in each language; a fault kept as plain
// text stays as it was.
func TestCompositionKeysMigration(t *testing.T) {
	t.Parallel()
	for name, dsn := range storetest.DSNs(t) {
		t.Run(name, func(t *testing.T) {
			exec, open := olderDatabase(t, dsn, "20261125231700-event-region")
			at := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
			olderEvent(exec, 1, "composition", "", "running")
			faults := []struct{ stored, want string }{
				{`{"format":"move %d (%s): %s","args":[{"int":2},{"string":"b2-b3"},{"text":{"format":"%s is not a legal move for %s","args":[{"string":"b2-b3"},{"color":"white"}]}}]}`,
					`{"key":"composition.line.move","args":[{"int":2},{"text":{"key":"rules.move.not_legal","args":[{"string":"b2-b3"},{"color":"white"}]}}]}`},
				{`{"format":"the answer has no move"}`, `{"key":"composition.answer.no_move"}`},
				{`{"format":"move %d (%s) is not checked: %s; the director decides","args":[{"int":1},{"string":"c3-d4"},{"text":{"format":"not proved within %d nodes","args":[{"count":2000000}]}}]}`,
					`{"key":"composition.answer.unchecked","args":[{"int":1},{"string":"c3-d4"},{"text":{"key":"solve.limit_nodes","args":[{"count":2000000}]}}]}`},
				{"an old fault", "an old fault"},
			}
			for i, f := range faults {
				exec(`INSERT INTO solving_answers (event_id, problem, user_id, text, sent_at, key_right, solved, fault, points) VALUES (1, ?, 1, 'c3-d4', ?, false, false, ?, 0)`,
					i+1, at, f.stored)
			}
			exec(`INSERT INTO composition_works (id, event_id, code, section, author_id, position, side, stipulation, solution, comment, findings, submitted_at, updated_at, withdrawn, eliminated)
				VALUES (1, 1, 'A1', '', 1, 'white: c3; black: f6', 'white', 'white wins', 'c3-d4', '', ?, ?, ?, false, '')`,
				`{"verdict":"unsound","refutation":{"reason":{"format":"%s is refuted by %s","args":[{"string":"c3-d4"},{"string":"f6-e5"}]},"line":["c3-d4","f6-e5"]}}`, at, at)

			st := open()
			for i, f := range faults {
				if got, err := store.Column(st, "solving_answers", "fault", "event_id = 1 AND problem = ? AND user_id = 1", i+1); err != nil || got != f.want {
					t.Errorf("fault %d is stored as %s (%v), want %s", i+1, got, err, f.want)
				}
			}
			findings, err := store.Column(st, "composition_works", "findings", "id = 1")
			if err != nil || !strings.Contains(findings, `"reason":{"key":"solve.refuted_by","args":[{"string":"c3-d4"},{"string":"f6-e5"}]}`) {
				t.Errorf("the findings are stored as %s (%v), want the refutation's reason by key", findings, err)
			}
			en, ru := catalog.For(catalog.English), catalog.For(catalog.Russian)
			err = st.Composition().View(context.Background(), func(tx composition.Tx) error {
				moved, err := tx.Answer(1, 1, 1)
				if err != nil {
					return err
				}
				if got := en.Message(moved.Fault.Message); got != "move 2: b2-b3 is not a legal move for white" {
					t.Errorf("the refused move reads %q in English", got)
				}
				if got := ru.Message(moved.Fault.Message); !strings.Contains(got, "b2-b3") || strings.Contains(got, "legal move") {
					t.Errorf("the refused move reads %q in Russian", got)
				}
				none, err := tx.Answer(1, 2, 1)
				if err != nil {
					return err
				}
				if e, r := en.Message(none.Fault.Message), ru.Message(none.Fault.Message); e != "the answer has no move" || r == e || r == "" {
					t.Errorf("the answer without a move reads %q in English, %q in Russian", e, r)
				}
				plain, err := tx.Answer(1, 4, 1)
				if err != nil {
					return err
				}
				if got := ru.Message(plain.Fault.Message); got != "an old fault" {
					t.Errorf("the plain fault reads %q", got)
				}
				w, err := tx.Work(1)
				if err != nil {
					return err
				}
				if r := w.Findings.Refutation; r == nil || en.Message(r.Reason.Message) != "c3-d4 is refuted by f6-e5" || strings.Contains(ru.Message(r.Reason.Message), "refuted") {
					t.Errorf("the refutation reads %+v", r)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}
