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
// go on from the stored stamps (the turn's start and each side's time),
// the time the server was away charged to the side to move, as the clock
// on the table would have; the next move is charged from the turn's start,
// and a flag that fell meanwhile is found by the first sweep.
func TestLiveClocksAfterARestart(t *testing.T) {
	t.Parallel()
	for name, dsn := range storetest.DSNs(t) {
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

			// The server stops at 20 s and starts again at 80 s.
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

			for _, c := range []struct {
				g            correspondence.View
				ply          int
				white, black time.Duration
			}{
				// White's 2:57 less the 65 s since Black's move; Black's 2:52.
				{one, 2, 3*time.Minute - 3*time.Second - 65*time.Second, 3*time.Minute - 8*time.Second},
				// White's 2:52; Black's 3:00 less the 70 s since White's move.
				{two, 1, 3*time.Minute - 8*time.Second, 3*time.Minute - 70*time.Second},
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
			if last := v.Moves[len(v.Moves)-1]; last.Used != 67*time.Second || v.Bank[rules.White] != 3*time.Minute-3*time.Second-67*time.Second+2*time.Second {
				t.Errorf("White's move 67 s into the turn, across the restart: used %v, clock %v", last.Used, v.Bank[rules.White])
			}

			// Black's flag in game 2 fell at 3:10, with nobody connected.
			ended, err := svc.ExpireLive(context.Background(), t0.Add(191*time.Second))
			if err != nil || ended != 1 {
				t.Fatalf("the sweep at 3:11 ended %d games (%v), want game 2", ended, err)
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
