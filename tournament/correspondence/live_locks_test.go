package correspondence_test

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
	"adiukh/tournament/store/storetest"
)

// A move received after the mover's flag fell, before any sweep ran, ends
// the game on time, result into the round, and is refused saying so.
func TestLiveMoveAfterTheFlag(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svc, clk := serviceAt(st, t0)
			sec, games := liveEvent(t, st, svc, clk, 2, "1+0", time.Time{})
			g := games[0]
			for _, id := range []int64{g.WhiteID, g.BlackID} {
				if err := svc.Present(sec.as(id), g.ID); err != nil {
					t.Fatal(err)
				}
			}
			clk.Set(t0.Add(61 * time.Second))
			_, err := svc.Move(sec.as(g.WhiteID), correspondence.MoveInput{GameID: g.ID, Move: "c3-d4", Ply: 0})
			var refused *tournament.Error
			if !errors.As(err, &refused) || refused.Code != tournament.ECONFLICT || !strings.Contains(catalog.For(catalog.English).Phrase(refused), "White's flag fell") {
				t.Fatalf("a move a second after the flag: %v, want refused: White's flag fell", err)
			}
			r, err := sec.events.Round(sec.ctx, sec.eventID, 1)
			if err != nil || r.Status != tournament.Done || r.Games[0].Result == nil || r.Games[0].Result.EndReason != tournament.LossOnTime {
				t.Errorf("round 1 after the late move: %+v (%v), want done, White lost on time", r, err)
			}
		})
	}
}

// The games of one live event are played at once: moves in some games
// while others end and others are opened, each game locked alone for a
// move, the event for an ending. No move waits for a lock it cannot get,
// and once every game has ended, at once, the round is complete.
func TestLiveGamesAtOnce(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svc, clk := serviceAt(st, t0)
			sec, games := liveEvent(t, st, svc, clk, 16, "5+3", time.Time{})
			if len(games) != 8 {
				t.Fatalf("%d games, want 8", len(games))
			}
			clk.Set(t0.Add(time.Second))
			var wg sync.WaitGroup
			for i, g := range games {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if i%2 == 1 {
						if _, err := svc.Resign(sec.as(g.BlackID), g.ID); err != nil {
							t.Errorf("game %d resigned: %v", g.ID, err)
						}
						return
					}
					for _, id := range []int64{g.WhiteID, g.BlackID} {
						if err := svc.Present(sec.as(id), g.ID); err != nil {
							t.Errorf("game %d opened: %v", g.ID, err)
						}
					}
					for ply, m := range []string{"c3-d4", "f6-e5", "d4:f6", "g7:e5"} {
						side := g.WhiteID
						if ply%2 == 1 {
							side = g.BlackID
						}
						if _, err := svc.Move(sec.as(side), correspondence.MoveInput{GameID: g.ID, Move: m, Ply: ply}); err != nil {
							t.Errorf("game %d, ply %d: %v", g.ID, ply+1, err)
						}
					}
				}()
			}
			wg.Wait()
			for i, g := range games {
				if i%2 == 1 {
					continue
				}
				wg.Add(1)
				go func() {
					defer wg.Done()
					if _, err := svc.Resign(sec.as(g.WhiteID), g.ID); err != nil {
						t.Errorf("game %d resigned: %v", g.ID, err)
					}
				}()
			}
			wg.Wait()
			r, err := sec.events.Round(sec.ctx, sec.eventID, 1)
			if err != nil {
				t.Fatal(err)
			}
			results := 0
			for _, g := range r.Games {
				if g.Result != nil {
					results++
				}
			}
			if r.Status != tournament.Done || results != 8 {
				t.Errorf("round 1 after every game ended at once: %s with %d results, want done with 8", r.Status, results)
			}
		})
	}
}

// A move reads the game beside other transactions and writes it only if
// it has not changed since: the opponent showing up in between makes it
// run again on the changed game, and both are kept.
func TestLiveMoveRacingAShowUp(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			clk := &clock{now: t0}
			var mu sync.Mutex
			var between func()
			now := func() time.Time {
				mu.Lock()
				f := between
				between = nil
				mu.Unlock()
				if f != nil {
					f()
				}
				return clk.Now()
			}
			svc := correspondence.NewService(st.Correspondence(), correspondence.Options{Pairing: engines.Options().Pairing, Now: now})
			sec, games := liveEvent(t, st, svc, clk, 2, "5+3", time.Time{})
			g := games[0]
			if err := svc.Present(sec.as(g.WhiteID), g.ID); err != nil {
				t.Fatal(err)
			}
			clk.Set(t0.Add(3 * time.Second))
			mu.Lock()
			between = func() {
				if err := svc.Present(sec.as(g.BlackID), g.ID); err != nil {
					t.Error(err)
				}
			}
			mu.Unlock()
			v, err := svc.Move(sec.as(g.WhiteID), correspondence.MoveInput{GameID: g.ID, Move: "c3-d4", Ply: 0})
			if err != nil {
				t.Fatal(err)
			}
			if v.Ply != 1 || len(v.Moves) != 1 || v.Shown[rules.Black].IsZero() {
				t.Errorf("the move that raced Black's showing up: ply %d, %d moves, Black shown %v; want both kept", v.Ply, len(v.Moves), v.Shown[rules.Black])
			}
			read, err := svc.Game(sec.ctx, g.ID)
			if err != nil || read.Ply != 1 || read.Shown[rules.Black].IsZero() || read.Version != v.Version {
				t.Errorf("the game read back: %+v (%v), want the move and Black shown, version %d", read, err, v.Version)
			}
		})
	}
}
