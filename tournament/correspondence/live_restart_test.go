package correspondence_test

import (
	"context"
	"testing"
	"time"

	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

// A server stopped in the middle of a live round and started again on the
// same database loses nothing: every game's moves are there and its clocks
// go on from the stored stamps (the turn's start and each side's time), as
// they stood at the live clock's last beat: the time the server was away
// is given back to the side to move, not charged; the next move is charged
// from the turn's start less the outage, and a flag falls that much later.
func TestLiveClocksAfterARestart(t *testing.T) {
	t.Parallel()
	for name, dsn := range storetest.MigratedDSNs(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			clk := &clock{now: t0}
			opt := correspondence.Options{Pairing: engines.Options().Pairing, Now: clk.Now}
			first, err := store.Open(dsn)
			if err != nil {
				t.Fatal(err)
			}
			svc := correspondence.NewService(first.Correspondence(), opt)
			sec, games := liveEvent(t, first, svc, clk, 4, "3+2", time.Time{})
			if len(games) != 2 {
				t.Fatalf("%d games, want 2", len(games))
			}
			for _, g := range games {
				for _, id := range []int64{g.WhiteID, g.BlackID} {
					if err := svc.Present(sec.as(id), g.ID); err != nil {
						t.Fatal(err)
					}
				}
			}
			play := func(svc *correspondence.Service, g correspondence.View, at time.Duration, side int64, move string, ply int) *correspondence.View {
				t.Helper()
				clk.Set(t0.Add(at))
				v, err := svc.Move(sec.as(side), correspondence.MoveInput{GameID: g.ID, Move: move, Ply: ply})
				if err != nil {
					t.Fatal(err)
				}
				return v
			}
			// Game 1: White moves at 5 s, Black at 15 s; game 2: White at 10 s.
			one, two := games[0], games[1]
			play(svc, one, 5*time.Second, one.WhiteID, "c3-d4", 0)
			play(svc, one, 15*time.Second, one.BlackID, "f6-e5", 1)
			play(svc, two, 10*time.Second, two.WhiteID, "c3-d4", 0)

			// The server's live clock beats last at 20 s; it stops, and
			// starts again at 80 s.
			if _, err := svc.Beat(context.Background(), t0.Add(20*time.Second)); err != nil {
				t.Fatal(err)
			}
			if err := first.Close(); err != nil {
				t.Fatal(err)
			}
			clk.Set(t0.Add(80 * time.Second))
			again, err := store.Open(dsn)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { again.Close() })
			svc = correspondence.NewService(again.Correspondence(), opt)
			events := tournament.NewService(again, engines.Options())
			if outage, err := svc.Beat(context.Background(), clk.Now()); err != nil || outage != time.Minute {
				t.Fatalf("the first beat after the restart gave back %v (%v), want the minute away", outage, err)
			}
			// A second instance started at once gives nothing more back.
			other := correspondence.NewService(again.Correspondence(), opt)
			if outage, err := other.Beat(context.Background(), clk.Now().Add(time.Millisecond)); err != nil || outage != 0 {
				t.Fatalf("a second instance's first beat gave back %v (%v), want nothing", outage, err)
			}

			for _, c := range []struct {
				g            correspondence.View
				ply          int
				white, black time.Duration
			}{
				// White's 2:57 less the 5 s used before the stop; Black's
				// 2:52.
				{one, 2, 3*time.Minute - 8*time.Second, 3*time.Minute - 8*time.Second},
				// White's 2:52; Black's 3:00 less the 10 s used before the
				// stop.
				{two, 1, 3*time.Minute - 8*time.Second, 3*time.Minute - 10*time.Second},
			} {
				v, err := svc.Game(sec.ctx, c.g.ID)
				if err != nil {
					t.Fatal(err)
				}
				if v.Ply != c.ply || len(v.Moves) != c.ply || v.Left[rules.White] != c.white || v.Left[rules.Black] != c.black {
					t.Errorf("game %d after the restart: ply %d with %d moves, clocks %v; want ply %d, White %v, Black %v",
						c.g.ID, v.Ply, len(v.Moves), v.Left, c.ply, c.white, c.black)
				}
			}
			v := play(svc, one, 82*time.Second, one.WhiteID, "d4:f6", 2)
			if last := v.Moves[len(v.Moves)-1]; last.Used != 7*time.Second || v.Bank[rules.White] != 3*time.Minute-3*time.Second-7*time.Second+2*time.Second {
				t.Errorf("White's move 67 s into the turn, a minute of it the outage: used %v, clock %v; want 7 s used", last.Used, v.Bank[rules.White])
			}

			// Black's flag in game 2 falls at 4:10 (3:10 and the minute
			// given back), with nobody connected.
			if ended, err := svc.ExpireLive(context.Background(), t0.Add(191*time.Second)); err != nil || ended != 0 {
				t.Fatalf("the sweep at 3:11 ended %d games (%v), want none: the outage is not charged", ended, err)
			}
			ended, err := svc.ExpireLive(context.Background(), t0.Add(251*time.Second))
			if err != nil || ended != 1 {
				t.Fatalf("the sweep at 4:11 ended %d games (%v), want game 2", ended, err)
			}
			r, err := events.Round(sec.ctx, sec.eventID, 1)
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range r.Games {
				switch {
				case g.ID == two.ID && (g.Result == nil || g.Result.Score() != "24:0" || g.Result.EndReason != tournament.LossOnTime):
					t.Errorf("game 2 in the round: %+v, want Black lost on time", g.Result)
				case g.ID == one.ID && g.Result != nil:
					t.Errorf("game 1 in the round: %+v, want it still played", g.Result)
				}
			}
		})
	}
}
