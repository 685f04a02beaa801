package correspondence_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/store/storetest"
)

// An arbiter adjourns a game 9 s after its start, before either player
// has shown up; both open it during the adjournment, and the arbiter
// resumes it after the no-show time: nobody is forfeited, they were there.
// In a second game only White opens it while it stands adjourned: the
// no-show time stood still with the clocks, so Black, absent, loses only
// when the rest of it has run after the resumption.
func TestLiveAdjournedGameForfeitsNobodyWhoCame(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svc, clk := serviceAt(st, t0)
			sec, games := liveEvent(t, st, svc, clk, 4, "5+3", time.Time{})
			clk.Set(t0.Add(9 * time.Second))
			for _, g := range games {
				if _, err := svc.Adjourn(sec.ctx, correspondence.AdjournInput{GameID: g.ID, Reason: "сбой связи"}); err != nil {
					t.Fatal(err)
				}
			}
			both, one := games[0], games[1]
			clk.Set(t0.Add(time.Minute))
			for _, id := range []int64{both.WhiteID, both.BlackID, one.WhiteID} {
				g := both
				if id == one.WhiteID {
					g = one
				}
				if err := svc.Present(sec.as(id), g.ID); err != nil {
					t.Fatal(err)
				}
			}
			clk.Set(t0.Add(10 * time.Minute))
			for _, g := range games {
				if _, err := svc.Reopen(sec.ctx, correspondence.ReopenInput{GameID: g.ID, Reason: "связь восстановлена"}); err != nil {
					t.Fatal(err)
				}
			}
			if n, err := svc.ExpireLive(context.Background(), clk.Now()); err != nil || n != 0 {
				t.Fatalf("the sweep right after the resumption ended %d games (%v), want none", n, err)
			}
			v, err := svc.Game(sec.ctx, both.ID)
			if err != nil {
				t.Fatal(err)
			}
			if v.Status != correspondence.Running || v.Shown[rules.White].IsZero() || v.Shown[rules.Black].IsZero() {
				t.Errorf("the game both players opened while adjourned: %s, shown %v", v.Status, v.Shown)
			}
			// 9 s of the 5 min ran before the adjournment: Black loses by
			// no-show 4:51 after the resumption, not at once.
			clk.Set(t0.Add(10*time.Minute + 4*time.Minute + 50*time.Second))
			if n, err := svc.ExpireLive(context.Background(), clk.Now()); err != nil || n != 0 {
				t.Fatalf("the sweep before the no-show time counted while running ended %d games (%v)", n, err)
			}
			clk.Set(t0.Add(10*time.Minute + 4*time.Minute + 52*time.Second))
			if n, err := svc.ExpireLive(context.Background(), clk.Now()); err != nil || n != 2 {
				// White's flag falls in the first game at the same time.
				t.Fatalf("the sweep after the no-show time ended %d games (%v), want both", n, err)
			}
			v, err = svc.Game(sec.ctx, one.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got := v.Result.Score() + " " + string(v.Result.EndReason); got != "24:0 forfeit" {
				t.Errorf("the game only White opened: %s, want 24:0 forfeit", got)
			}
			v, err = svc.Game(sec.ctx, both.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got := v.Result.Score() + " " + string(v.Result.EndReason); got != "0:24 time" {
				t.Errorf("the game both opened, White never moving: %s, want 0:24 time", got)
			}
		})
	}
}

// No draw is offered or agreed before the clocks start: a move is refused
// then, and so is a 12:12 with no move played: a player offers a draw only
// after making a move (§6.1.3.1).
func TestLiveNoDrawBeforeTheStart(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svc, clk := serviceAt(st, t0)
			starts := t0.Add(10 * time.Minute)
			sec, games := liveEvent(t, st, svc, clk, 2, "3+2", starts)
			g := games[0]
			if _, err := svc.OfferDraw(sec.as(g.WhiteID), g.ID); tournament.ErrorCode(err) != tournament.ECONFLICT {
				t.Fatalf("a draw offered 10 minutes before the start: %v, want a conflict naming the start", err)
			}
			clk.Set(starts.Add(time.Second))
			_, err := svc.OfferDraw(sec.as(g.WhiteID), g.ID)
			var refused *tournament.Error
			if !errors.As(err, &refused) || refused.Code != tournament.ECONFLICT || !strings.Contains(catalog.For(catalog.English).Phrase(refused), "only after one's own move") {
				t.Fatalf("a draw offered at the start before any move: %v, want refused by the rule", err)
			}
			if _, err := svc.Move(sec.as(g.WhiteID), correspondence.MoveInput{GameID: g.ID, Move: "c3-d4", Ply: 0}); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.OfferDraw(sec.as(g.BlackID), g.ID); tournament.ErrorCode(err) != tournament.ECONFLICT {
				t.Fatalf("a draw offered by Black before Black's first move: %v, want refused", err)
			}
			if _, err := svc.OfferDraw(sec.as(g.WhiteID), g.ID); err != nil {
				t.Fatalf("a draw offered by White after White's move: %v", err)
			}
			v, err := svc.AcceptDraw(sec.as(g.BlackID), g.ID)
			if err != nil || v.Result == nil || v.Result.Score() != "12:12" {
				t.Fatalf("the draw accepted after the start: %+v %v", v, err)
			}
		})
	}
}

// A player whose opponent has not shown up and who claims early is told
// when the no-show time comes, not what the absent player's clock shows;
// at that time the claim wins by forfeit.
func TestLiveClaimAgainstAnAbsentOpponent(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	svc, clk := serviceAt(st, t0)
	sec, games := liveEvent(t, st, svc, clk, 2, "3+2", time.Time{})
	g := games[0]
	clk.Set(t0.Add(10 * time.Second))
	if _, err := svc.Move(sec.as(g.WhiteID), correspondence.MoveInput{GameID: g.ID, Move: "c3-d4", Ply: 0}); err != nil {
		t.Fatal(err)
	}
	_, err := svc.ClaimFlag(sec.as(g.WhiteID), g.ID)
	if tournament.ErrorCode(err) != tournament.ECONFLICT || !strings.Contains(err.Error(), "has not shown up") || !strings.Contains(err.Error(), "in 170 s") {
		t.Fatalf("an early claim against an absent opponent: %v; want the no-show time, 170 s away", err)
	}
	clk.Set(t0.Add(3*time.Minute + time.Second))
	v, err := svc.ClaimFlag(sec.as(g.WhiteID), g.ID)
	if err != nil || v.Result == nil || v.Result.Score() != "24:0" || v.Result.EndReason != tournament.Forfeit {
		t.Fatalf("the claim at the no-show time: %+v %v, want 24:0 by forfeit", v, err)
	}
}

// The game's page carries what its reader may do, decided by the service
// for the page and the API alike: the side to move may move, the other may
// claim once the mover's flag is down, and a spectator may do neither.
func TestGamePageSaysWhatTheReaderMayDo(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	svc, clk := serviceAt(st, t0)
	sec, games := liveEvent(t, st, svc, clk, 2, "3+2", time.Time{})
	g := games[0]
	page := func(ctx context.Context) *correspondence.GamePage {
		t.Helper()
		p, err := svc.GamePage(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	clk.Set(t0.Add(time.Second))
	if w := page(sec.as(g.WhiteID)); !w.CanMove || w.CanClaim || !w.AtTheBoard || w.Offer != "" {
		t.Errorf("White to move: %+v", w)
	}
	if b := page(sec.as(g.BlackID)); b.CanMove || !b.CanClaim || b.FlagDown || !b.AtTheBoard {
		t.Errorf("Black waiting: %+v", b)
	}
	if a := page(context.Background()); a.CanMove || a.CanClaim || a.AtTheBoard {
		t.Errorf("a spectator: %+v", a)
	}
	clk.Set(t0.Add(3*time.Minute + 2*time.Second))
	if b := page(sec.as(g.BlackID)); !b.CanClaim || !b.FlagDown {
		t.Errorf("Black after White's flag fell: %+v", b)
	}
}
