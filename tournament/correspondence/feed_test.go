package correspondence_test

import (
	"context"
	"encoding/json"
	"sync/atomic"
	"testing"
	"time"

	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
	"adiukh/tournament/store/storetest"
)

// readsCounted is a store whose reads are counted: the instance that hears
// of a move by the change feed must not read the game for it.
type readsCounted struct {
	correspondence.Store
	correspondence.ChangeFeed
	reads atomic.Int64
}

func (r *readsCounted) View(ctx context.Context, fn func(tx correspondence.Tx) error) error {
	r.reads.Add(1)
	return r.Store.View(ctx, fn)
}

// A live game's move made on one instance reaches the watchers of another
// on the same PostgreSQL database with the game and the move in the
// change feed's notice: the other instance reads nothing for it, and gives
// its watchers what reading the game gives, moves, clocks and all. A
// change that is not moves alone (the arbiter's) is given the same way.
func TestMoveHeardFromAnotherInstanceIsNotRead(t *testing.T) {
	t.Parallel()
	storetest.SkipWithoutPostgres(t)
	dsn := storetest.MigratedDSNs(t)["postgres"]
	stores := storetest.TwoInstances(t, dsn)
	clk := &clock{now: t0}
	opt := correspondence.Options{Pairing: engines.Options().Pairing, Now: clk.Now, Backstop: time.Hour}
	a := correspondence.NewService(stores[0].Correspondence(), opt)
	counted := &readsCounted{Store: stores[1].Correspondence(), ChangeFeed: stores[1].Correspondence().(correspondence.ChangeFeed)}
	b := correspondence.NewService(counted, opt)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sec, games := liveEvent(t, stores[0], a, clk, 2, "3+2", time.Time{})
	g := games[0]
	// Black shows up on A first: B's watch then begins with no change of
	// its own, and reads only to begin.
	if _, err := a.Game(sec.as(g.BlackID), g.ID); err != nil {
		t.Fatal(err)
	}
	// B listens from here: the notices of the game's start and of Black's
	// showing up, which a loaded machine may deliver while B's watch reads
	// to begin, are not B's to hear.
	go b.ListenForChanges(ctx, func(err error) { t.Errorf("the change feed: %v", err) })
	for try := 0; !b.Listening(); try++ {
		if try == 500 {
			t.Fatal("instance B's change feed does not listen")
		}
		time.Sleep(10 * time.Millisecond)
	}
	f := b.Subscribe(g.ID, true)
	defer f.Stop()
	if _, err := f.Read(sec.as(g.BlackID)); err != nil {
		t.Fatal(err)
	}
	next := func(after int) *correspondence.View {
		t.Helper()
		deadline := time.After(10 * time.Second)
		for {
			select {
			case <-f.Changes:
				if v := f.Next(after); v != nil {
					return v
				}
			case <-deadline:
				t.Fatalf("instance B's watcher heard nothing after version %d", after)
			}
		}
	}
	seen := f.First.Version
	reads := counted.reads.Load()
	clk.Set(t0.Add(2 * time.Second))
	moved, err := a.Move(sec.as(g.WhiteID), correspondence.MoveInput{GameID: g.ID, Move: "c3-d4", Ply: 0})
	if err != nil {
		t.Fatal(err)
	}
	heard := next(seen)
	if n := counted.reads.Load() - reads; n != 0 {
		t.Errorf("instance B read %d times to tell its watcher of a move made on A, want none", n)
	}
	if heard.Version != moved.Version || heard.Ply != 1 || len(heard.Moves) != 1 || heard.Moves[0].Notation != "c3-d4" {
		t.Fatalf("instance B's watcher is given version %d at ply %d with %d moves, want version %d with c3-d4", heard.Version, heard.Ply, len(heard.Moves), moved.Version)
	}
	read, err := b.Game(sec.as(g.BlackID), g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := asJSON(t, heard), asJSON(t, read); got != want {
		t.Errorf("the game heard from the notice:\n%s\nwant what reading it gives:\n%s", got, want)
	}

	reads = counted.reads.Load()
	if _, err := a.Adjourn(sec.ctx, correspondence.AdjournInput{GameID: g.ID, Reason: "спор о ходе"}); err != nil {
		t.Fatal(err)
	}
	adjourned := next(heard.Version)
	if n := counted.reads.Load() - reads; n != 0 {
		t.Errorf("instance B read %d times to tell its watcher of the adjournment, want none", n)
	}
	if adjourned.Status != correspondence.Adjudication || len(adjourned.Moves) != 1 {
		t.Errorf("after the arbiter adjourned the game instance B's watcher is given status %s with %d moves", adjourned.Status, len(adjourned.Moves))
	}
}

func asJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
