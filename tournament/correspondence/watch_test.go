package correspondence_test

import (
	"testing"
	"time"

	"adiukh/tournament/correspondence"
	"adiukh/tournament/store/storetest"
)

// A move made through this instance wakes the game's watchers with the
// game as it left it, moves and clocks, which they send without reading
// it again; a change made otherwise (the arbiter's, a flag) is read once
// for all of them, and then they are woken.
func TestWatchersGetTheMove(t *testing.T) {
	t.Parallel()
	st := storetest.Open(t)["sqlite"]
	svc, clk := serviceAt(st, t0)
	sec, games := liveEvent(t, st, svc, clk, 2, "3+2", time.Time{})
	g := games[0]
	signal, stop := svc.Watch(g.ID, true)
	defer stop()

	clk.Set(t0.Add(2 * time.Second))
	moved, err := svc.Move(sec.as(g.WhiteID), correspondence.MoveInput{GameID: g.ID, Move: "c3-d4", Ply: 0})
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-signal:
	default:
		t.Fatal("the move did not signal the game's watcher")
	}
	v := svc.Latest(g.ID, g.Version)
	if v == nil || v.Version != moved.Version || v.Ply != 1 || len(v.Moves) != 1 || v.Moves[0].Notation != "c3-d4" || !v.At.Equal(clk.Now()) {
		t.Fatalf("the watcher's game after the move: %+v, want ply 1 with its move, read at the move", v)
	}
	if v := svc.Latest(g.ID, moved.Version); v != nil {
		t.Errorf("a watcher that has sent version %d is given version %d again", moved.Version, v.Version)
	}

	if _, err := svc.Adjourn(sec.ctx, correspondence.AdjournInput{GameID: g.ID, Reason: "спор о ходе"}); err != nil {
		t.Fatal(err)
	}
	select {
	case <-signal:
	case <-time.After(5 * time.Second):
		t.Fatal("the arbiter's adjournment did not reach the watcher")
	}
	if v := svc.Latest(g.ID, moved.Version); v == nil || v.Status != correspondence.Adjudication {
		t.Errorf("after the arbiter adjourned the game the watcher is given %+v, want the adjourned game", v)
	}
}
