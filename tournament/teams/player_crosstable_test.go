package teams_test

import (
	"context"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/store/storetest"
	"adiukh/tournament/teams"
)

// TestCrosstableAfter plays two rounds of a round robin and publishes the
// third: the crosstable after round 1 holds one round and the standings
// after it; the default holds every published round with the standings
// after the last finished one.
func TestCrosstableAfter(t *testing.T) {
	t.Parallel()
	forEachService(t, engines.Options(), func(t *testing.T, ctx context.Context, svc *tournament.Service, competitions *teams.Service) {
		e, _ := storetest.Event(t, ctx, svc, "round-robin", 0, "Первый", "Второй", "Третий", "Четвёртый")
		for n := 1; n <= 3; n++ {
			r, err := svc.PairNextRound(ctx, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := svc.PublishRound(ctx, e.ID, n); err != nil {
				t.Fatal(err)
			}
			if n == 3 {
				break
			}
			for _, g := range r.Games {
				if _, err := svc.RecordResult(ctx, tournament.ResultInput{EventID: e.ID, Round: n, Board: g.Board, Score: "17:7", EndReason: "final_position", Version: g.Version}); err != nil {
					t.Fatal(err)
				}
			}
		}
		for _, tc := range []struct {
			after, wantRounds, wantAfter int
		}{{1, 1, 1}, {2, 2, 2}, {0, 3, 2}} {
			ct, err := competitions.CrosstableAfter(ctx, e.ID, tc.after)
			if err != nil {
				t.Fatalf("after round %d: %v", tc.after, err)
			}
			if ct.Standings.AfterRound != tc.wantAfter || len(ct.Rows[0].Games) != tc.wantRounds {
				t.Errorf("after round %d: standings after %d with %d rounds, want after %d with %d", tc.after, ct.Standings.AfterRound, len(ct.Rows[0].Games), tc.wantAfter, tc.wantRounds)
			}
		}
		if _, err := competitions.CrosstableAfter(ctx, e.ID, 3); tournament.ErrorCode(err) != tournament.EINVALID {
			t.Errorf("after the round still being played: error %v, want EINVALID", err)
		}
	})
}
