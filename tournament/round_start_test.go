package tournament_test

import (
	"context"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/store/storetest"
)

// TestSetRoundStart: a round played over the board starts at a date and
// hour of the event's zone, both or neither given, each refusal naming its
// input, and the start cleared with neither; an event played live starts
// its rounds at their publish instead (issue 60, item 6).
func TestSetRoundStart(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, svc *tournament.Service) {
		e, _ := storetest.Event(t, ctx, svc, "round-robin", 0, "Аба", "Буба")
		if _, err := svc.PairNextRound(ctx, e.ID); err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			in        tournament.RoundStartInput
			wantField string
		}{
			{tournament.RoundStartInput{Date: "2026-12-07"}, "time"},
			{tournament.RoundStartInput{Time: "10:00"}, "date"},
			{tournament.RoundStartInput{Date: "07.12.2026", Time: "10:00"}, "date"},
			{tournament.RoundStartInput{Date: "2026-12-07", Time: "10 ч"}, "time"},
		} {
			_, err := svc.SetRoundStart(ctx, e.ID, 1, tc.in)
			if tournament.ErrorCode(err) != tournament.EINVALID || err.(*tournament.Error).Field != tc.wantField {
				t.Errorf("%+v: %v, want EINVALID on %s", tc.in, err, tc.wantField)
			}
		}
		r, err := svc.SetRoundStart(ctx, e.ID, 1, tournament.RoundStartInput{Date: "2026-12-07", Time: "10:00"})
		moscow, _ := time.LoadLocation("Europe/Moscow")
		if err != nil || !r.StartsAt.Equal(time.Date(2026, 12, 7, 10, 0, 0, 0, moscow)) {
			t.Fatalf("the start: %v, %v", r, err)
		}
		if r, err := svc.SetRoundStart(ctx, e.ID, 1, tournament.RoundStartInput{}); err != nil || !r.StartsAt.IsZero() {
			t.Errorf("the start cleared: %v, %v", r, err)
		}

		live, _ := storetest.Event(t, ctx, svc, "round-robin", 0, "Аба", "Буба")
		if _, err := svc.UpdateEvent(ctx, live.ID, tournament.EventInput{Discipline: ptr("blitz"), TimeControl: ptr("3+2"), Online: ptr(true)}, ""); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.PairNextRound(ctx, live.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.SetRoundStart(ctx, live.ID, 1, tournament.RoundStartInput{Date: "2026-12-07", Time: "10:00"}); tournament.ErrorCode(err) != tournament.EINVALID {
			t.Errorf("a live event's round: %v, want EINVALID", err)
		}
	})
}
