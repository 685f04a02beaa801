package ratings_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"adiukh/tournament"
	registration "adiukh/tournament/players"
	"adiukh/tournament/rating"
	"adiukh/tournament/store/storetest"
)

// TestRussianListShowsItsScores: a Russian draughts list rates its games
// by who won (in Adiukh's 24 points, as the formula counts), and its
// period's report, the event's report and a person's history show each
// game as it was written: 2:0, 1:1, 0:2, never 24:0, 12:12 or 0:24.
func TestRussianListShowsItsScores(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			events, lists, admin, arbiter := ratingDesk(t, st)
			persons := addPeople(t, arbiter, registerOf(st), "Аслан", "Бислан", "Заур", "Мурат")
			e, err := events.CreateEvent(arbiter, tournament.EventInput{Name: ptr("Кубок по русским шашкам"), Game: ptr("russian"), Discipline: ptr("rapid"),
				System: ptr("round-robin"), TimeControl: ptr("15+10"), StartDate: ptr("2026-10-10"), EndDate: ptr("2026-10-10"), Rated: ptr(true)})
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range persons {
				if _, err := registration.NewService(events).RegisterPlayer(arbiter, e.ID, tournament.PlayerInput{PersonID: &p.ID}); err != nil {
					t.Fatal(err)
				}
			}
			scores := []string{"2:0", "1:1", "0:2", "2:0", "1:1", "0:2"}
			i := 0
			for n := 1; n <= 3; n++ {
				r, err := events.PairNextRound(arbiter, e.ID)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := events.PublishRound(arbiter, e.ID, n); err != nil {
					t.Fatal(err)
				}
				for _, g := range r.Games {
					if _, err := events.RecordResult(arbiter, tournament.ResultInput{EventID: e.ID, Round: n, Board: g.Board, Score: scores[i], EndReason: "final_position", Version: g.Version}); err != nil {
						t.Fatal(err)
					}
					i++
				}
			}
			if _, err := events.UpdateEvent(arbiter, e.ID, tournament.EventInput{Status: ptr("finished")}, ""); err != nil {
				t.Fatal(err)
			}
			list, err := lists.ClosePeriod(admin, "russian-rapid", "2026-10-31")
			if err != nil {
				t.Fatal(err)
			}
			if list.Period == nil || list.Period.Games != 6 {
				t.Fatalf("the period %+v, want the event's 6 games", list.Period)
			}
			shown := func(lines []rating.Line) []string {
				var out []string
				for _, l := range lines {
					out = append(out, fmt.Sprintf("%d:%d", l.Points, l.OpponentPoints))
				}
				return out
			}
			want := func(what string, got []string) {
				t.Helper()
				if len(got) == 0 {
					t.Errorf("%s shows no games", what)
				}
				for _, s := range got {
					if !slices.Contains([]string{"2:0", "1:1", "0:2"}, s) {
						t.Errorf("%s shows a game %s, want 2:0, 1:1 or 0:2: %v", what, s, got)
					}
				}
			}
			report, err := lists.PeriodReport(context.Background(), "russian-rapid", list.Period.ID)
			if err != nil {
				t.Fatal(err)
			}
			var all []string
			for _, c := range report.Changes {
				all = append(all, shown(c.Lines)...)
			}
			want("the period's report", all)
			if len(all) != 12 {
				t.Errorf("the period's report has %d lines, want 12 (each game twice)", len(all))
			}
			er, err := lists.EventReport(context.Background(), e.ID)
			if err != nil {
				t.Fatal(err)
			}
			all = nil
			for _, p := range er.Periods {
				for _, c := range p.Changes {
					all = append(all, shown(c.Lines)...)
					want("the event's report, the whole change", shown(c.Change.Lines))
				}
			}
			want("the event's report", all)
			if len(all) != 12 {
				t.Errorf("the event's report has %d lines, want 12: %v", len(all), all)
			}
			history, err := lists.PersonHistory(context.Background(), persons[0].ID)
			if err != nil {
				t.Fatal(err)
			}
			all = nil
			for _, h := range history {
				for _, c := range h.Changes {
					all = append(all, shown(c.Lines)...)
				}
			}
			want("a person's history", all)
		})
	}
}
