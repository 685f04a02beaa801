package tournament_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	registration "adiukh/tournament/players"
	"adiukh/tournament/store/storetest"
)

// TestFinishedEventResultsStandUntilReopened: «Завершить турнир» promises a
// final table, so a correction after it is refused until the arbiter
// reopens the event with a reason, which the audit and the event keep;
// then the correction goes through and the event is finished again (issue
// 60, item 5).
func TestFinishedEventResultsStandUntilReopened(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, svc *tournament.Service) {
		e, _ := storetest.Event(t, ctx, svc, "round-robin", 0, "Аба", "Буба")
		r, err := svc.PairNextRound(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.PublishRound(ctx, e.ID, 1); err != nil {
			t.Fatal(err)
		}
		played, err := svc.RecordResult(ctx, tournament.ResultInput{EventID: e.ID, Round: 1, Board: 1, Score: "13:11", EndReason: "final_position", Version: r.Games[0].Version})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.UpdateEvent(ctx, e.ID, tournament.EventInput{Status: ptr("finished")}, ""); err != nil {
			t.Fatal(err)
		}
		correction := tournament.ResultInput{EventID: e.ID, Round: 1, Board: 1, Score: "11:13", EndReason: "final_position", Version: played.Version, Reason: "перепутаны цвета"}
		_, err = svc.RecordResult(ctx, correction)
		var refused *tournament.Error
		if !errors.As(err, &refused) || refused.Code != tournament.ECONFLICT || refused.Field != "" {
			t.Fatalf("a correction on a finished event: error %v, want ECONFLICT", err)
		}
		if st := standingsOrder(t, ctx, svc, e.ID); st != "Аба Буба" {
			t.Errorf("the final table after a refused correction is %q, want it unchanged", st)
		}

		_, err = svc.ReopenEvent(ctx, e.ID, "  ")
		if !errors.As(err, &refused) || refused.Code != tournament.EINVALID || refused.Field != "reason" {
			t.Fatalf("reopening without a reason: error %v, want EINVALID on reason", err)
		}
		reopened, err := svc.ReopenEvent(ctx, e.ID, "перепутаны цвета на 1-й доске")
		if err != nil {
			t.Fatal(err)
		}
		if reopened.Status != tournament.Running || reopened.ReopenReason != "перепутаны цвета на 1-й доске" || reopened.ReopenedAt.IsZero() {
			t.Fatalf("the reopened event: status %s, reason %q, at %v", reopened.Status, reopened.ReopenReason, reopened.ReopenedAt)
		}
		if _, err := svc.RecordResult(ctx, correction); err != nil {
			t.Fatalf("the correction once reopened: %v", err)
		}
		if st := standingsOrder(t, ctx, svc, e.ID); st != "Буба Аба" {
			t.Errorf("the table after the correction is %q, want Буба first", st)
		}
		again, err := svc.UpdateEvent(ctx, e.ID, tournament.EventInput{Status: ptr("finished")}, "")
		if err != nil {
			t.Fatal(err)
		}
		if again.ReopenReason != reopened.ReopenReason || !sameMoment(again.ReopenedAt, reopened.ReopenedAt) {
			t.Errorf("finished again, the event keeps reopened %v %q; want %v %q", again.ReopenedAt, again.ReopenReason, reopened.ReopenedAt, reopened.ReopenReason)
		}
		stored, err := svc.Event(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if stored.ReopenReason != reopened.ReopenReason || !sameMoment(stored.ReopenedAt, reopened.ReopenedAt) {
			t.Errorf("the stored event says reopened %v %q; want %v %q", stored.ReopenedAt, stored.ReopenReason, reopened.ReopenedAt, reopened.ReopenReason)
		}
		log, err := svc.Audit(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		var actions []string
		for _, a := range log {
			actions = append(actions, a.Action)
			if a.Action == tournament.ActionEventReopen && a.Reason != reopened.ReopenReason {
				t.Errorf("the audit's reopening gives the reason %q, want %q", a.Reason, reopened.ReopenReason)
			}
		}
		want := []string{"event.update", "event.reopen", "result.correct", "event.update"}
		if len(actions) < len(want) || !equal(actions[len(actions)-len(want):], want) {
			t.Errorf("the audit ends with %v, want %v", actions, want)
		}
	})
}

func standingsOrder(t *testing.T, ctx context.Context, svc *tournament.Service, eventID int64) string {
	t.Helper()
	st, err := svc.Standings(ctx, eventID, 0)
	if err != nil {
		t.Fatal(err)
	}
	order := ""
	for i, row := range st.Rows {
		if i > 0 {
			order += " "
		}
		order += row.Name
	}
	return order
}

// sameMoment compares moments as PostgreSQL keeps them, to the
// microsecond.
func sameMoment(a, b time.Time) bool {
	return a.Sub(b).Abs() < time.Microsecond
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestFinishedEventIsFinalAtEveryDoor: once finished, every change that can
// move the table — a setting it is counted by, a rating, a withdrawal, a
// player coming or going, a bye, a round — is refused with the one
// conflict that says how to reopen the event, and nothing changes; its
// name, place and arbiters still may. Reopened with a reason, the same
// changes go through (issue 64).
func TestFinishedEventIsFinalAtEveryDoor(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, svc *tournament.Service) {
		e, players := storetest.Event(t, ctx, svc, "swiss", 1, "Аба", "Буба", "Вова", "Гога")
		r, err := svc.PairNextRound(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.PublishRound(ctx, e.ID, 1); err != nil {
			t.Fatal(err)
		}
		for _, g := range r.Games {
			if _, err := svc.RecordResult(ctx, tournament.ResultInput{EventID: e.ID, Round: 1, Board: g.Board, Score: "13:11", EndReason: "final_position", Version: g.Version}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := svc.UpdateEvent(ctx, e.ID, tournament.EventInput{Status: ptr("finished")}, ""); err != nil {
			t.Fatal(err)
		}
		finished, err := svc.Event(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		table := standingsOrder(t, ctx, svc, e.ID)
		first := players[0]
		doors := []struct {
			name, field string
			change      func() error
		}{
			{"scoring 3/1/0", "scoring", func() error {
				_, err := svc.UpdateEvent(ctx, e.ID, tournament.EventInput{Scoring: &tournament.Scoring{Win: 3, Draw: 1, ForfeitWin: 3, Bye: 3}}, "по положению")
				return err
			}},
			{"tie-breaks", "tiebreaks", func() error {
				_, err := svc.UpdateEvent(ctx, e.ID, tournament.EventInput{TieBreaks: &[]string{"wins"}}, "")
				return err
			}},
			{"rounds", "rounds", func() error {
				_, err := svc.UpdateEvent(ctx, e.ID, tournament.EventInput{Rounds: ptr(2)}, "")
				return err
			}},
			{"a rating", "rating", func() error {
				_, err := registration.NewService(svc).UpdatePlayer(ctx, e.ID, first.ID, tournament.PlayerInput{Rating: ptr(2500)}, "")
				return err
			}},
			{"a withdrawal", "withdraw_from_round", func() error {
				_, err := registration.NewService(svc).UpdatePlayer(ctx, e.ID, first.ID, tournament.PlayerInput{WithdrawFromRound: ptr(2)}, "заболел")
				return err
			}},
			{"a player removed", "", func() error { return registration.NewService(svc).RemovePlayer(ctx, e.ID, first.ID, "ошибка") }},
			{"a player registered", "", func() error {
				_, err := registration.NewService(svc).RegisterPlayer(ctx, e.ID, tournament.PlayerInput{Name: ptr("Дода")})
				return err
			}},
			{"a round paired", "", func() error {
				_, err := svc.PairNextRound(ctx, e.ID)
				return err
			}},
		}
		for _, door := range doors {
			err := door.change()
			var refused *tournament.Error
			if !errors.As(err, &refused) || refused.Code != tournament.ECONFLICT || refused.Field != door.field ||
				!strings.Contains(refused.Message, "reopen the event first with the reason") || !strings.Contains(refused.Message, fmt.Sprintf("PATCH /api/v1/events/%d ", e.ID)) {
				t.Errorf("%s on a finished event: error %v, want ECONFLICT at %q saying how to reopen", door.name, err, door.field)
			}
		}
		after, err := svc.Event(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if after.Scoring != finished.Scoring || !equal(after.TieBreaks, finished.TieBreaks) || after.Rounds != finished.Rounds {
			t.Errorf("the refused settings changed the event: %+v, was %+v", after, finished)
		}
		stored, err := svc.Players(ctx, e.ID)
		if p := tournament.FindPlayer(stored, first.ID); err != nil || p == nil || p.Rating != first.Rating || p.WithdrawnFrom != 0 {
			t.Errorf("the refused changes changed the player: %+v %v", p, err)
		}
		if got := standingsOrder(t, ctx, svc, e.ID); got != table {
			t.Errorf("the final table is %q after the refusals, want %q", got, table)
		}

		renamed, err := svc.UpdateEvent(ctx, e.ID, tournament.EventInput{Name: ptr("Первенство Майкопа"), Venue: ptr("Шахматный клуб"), Arbiters: &[]string{"Иванов И. И."}}, "")
		if err != nil || renamed.Name != "Первенство Майкопа" || renamed.Status != tournament.Finished {
			t.Fatalf("renaming a finished event: %+v %v", renamed, err)
		}

		if _, err := svc.ReopenEvent(ctx, e.ID, "положение: 3 очка за победу"); err != nil {
			t.Fatal(err)
		}
		for _, door := range doors[:5] {
			if err := door.change(); err != nil {
				t.Errorf("%s once reopened: %v", door.name, err)
			}
		}
	})
}

// TestNewEventTakesTheServersTimeZone: a new event is played in the
// server's zone (Options.TimeZone) unless its arbiter chooses another, not
// in Moscow wherever it is held; an emptied zone keeps the event's
// (issue 64).
func TestNewEventTakesTheServersTimeZone(t *testing.T) {
	t.Parallel()
	opt := engines.Options()
	opt.TimeZone = "Asia/Vladivostok"
	forEachService(t, opt, func(t *testing.T, ctx context.Context, svc *tournament.Service) {
		if svc.TimeZone() != "Asia/Vladivostok" {
			t.Errorf("the service's zone is %q", svc.TimeZone())
		}
		for _, tc := range []struct {
			zone *string
			want string
		}{
			{nil, "Asia/Vladivostok"},
			{ptr(""), "Asia/Vladivostok"},
			{ptr("Europe/Kaliningrad"), "Europe/Kaliningrad"},
		} {
			e, err := svc.CreateEvent(ctx, tournament.EventInput{Name: ptr("Кубок Приморья"), Discipline: ptr("rapid"), System: ptr("round-robin"), TimeZone: tc.zone})
			if err != nil {
				t.Fatal(err)
			}
			if e.TimeZone != tc.want || e.Location().String() != tc.want {
				t.Errorf("a new event given zone %v is in %q (%v), want %q", tc.zone, e.TimeZone, e.Location(), tc.want)
			}
			if kept, err := svc.UpdateEvent(ctx, e.ID, tournament.EventInput{TimeZone: ptr(" ")}, ""); err != nil || kept.TimeZone != tc.want {
				t.Errorf("the zone emptied: %v %v, want %q kept", kept, err, tc.want)
			}
		}
	})
}
