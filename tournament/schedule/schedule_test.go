package schedule_test

import (
	"context"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/schedule"
	"adiukh/tournament/store/storetest"
)

// TestSetRoundStart: a round played over the board starts at a date and
// hour of the event's zone, both or neither given, each refusal naming its
// input, and the start cleared with neither; an event played live starts
// its rounds at their publish instead (issue 60, item 6).
func TestSetRoundStart(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			roundStarts(t, storetest.Arbiter(t, st), tournament.NewService(st, engines.Options()), schedule.NewService(st, nil))
		})
	}
}

func roundStarts(t *testing.T, ctx context.Context, svc *tournament.Service, starts *schedule.Service) {
	e, _ := storetest.Event(t, ctx, svc, "round-robin", 0, "Аба", "Буба")
	if _, err := svc.PairNextRound(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		in        schedule.RoundStartInput
		wantField string
	}{
		{schedule.RoundStartInput{Date: "2026-12-07"}, "time"},
		{schedule.RoundStartInput{Time: "10:00"}, "date"},
		{schedule.RoundStartInput{Date: "07.12.2026", Time: "10:00"}, "date"},
		{schedule.RoundStartInput{Date: "2026-12-07", Time: "10 ч"}, "time"},
		// Issue 65: past 9999 SQLite dropped the start and PostgreSQL kept
		// it; a round starts in a sensible year on both.
		{schedule.RoundStartInput{Date: "9999-12-31", Time: "23:30"}, "date"},
		{schedule.RoundStartInput{Date: "2101-01-01", Time: "10:00"}, "date"},
		{schedule.RoundStartInput{Date: "1899-12-31", Time: "10:00"}, "date"},
	} {
		_, err := starts.SetRoundStart(ctx, e.ID, 1, tc.in)
		if tournament.ErrorCode(err) != tournament.EINVALID || err.(*tournament.Error).Field != tc.wantField {
			t.Errorf("%+v: %v, want EINVALID on %s", tc.in, err, tc.wantField)
		}
	}
	r, err := starts.SetRoundStart(ctx, e.ID, 1, schedule.RoundStartInput{Date: "2026-12-07", Time: "10:00"})
	moscow, _ := time.LoadLocation("Europe/Moscow")
	if err != nil || !r.StartsAt.Equal(time.Date(2026, 12, 7, 10, 0, 0, 0, moscow)) {
		t.Fatalf("the start: %v, %v", r, err)
	}
	if r, err := starts.SetRoundStart(ctx, e.ID, 1, schedule.RoundStartInput{}); err != nil || !r.StartsAt.IsZero() {
		t.Errorf("the start cleared: %v, %v", r, err)
	}

	live, _ := storetest.Event(t, ctx, svc, "round-robin", 0, "Аба", "Буба")
	if _, err := svc.UpdateEvent(ctx, live.ID, tournament.EventInput{Discipline: ptr("blitz"), TimeControl: ptr("3+2"), Online: ptr(true)}, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.PairNextRound(ctx, live.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := starts.SetRoundStart(ctx, live.ID, 1, schedule.RoundStartInput{Date: "2026-12-07", Time: "10:00"}); tournament.ErrorCode(err) != tournament.EINVALID {
		t.Errorf("a live event's round: %v, want EINVALID", err)
	}
}

func ptr[T any](v T) *T { return &v }
