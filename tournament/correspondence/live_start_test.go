package correspondence_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
	"adiukh/tournament/store/storetest"
)

// The players open their live game before its timed start, each on an
// instance of its own: nothing changes for them until the start, and at
// the start the sweep (both instances' at once) tells both watchers, with
// a new version of the game whose clocks run, once. Without being told, a
// page opened before the start never shows the move form.
func TestLiveStartReachesTheWatchers(t *testing.T) {
	t.Parallel()
	for name, dsn := range storetest.MigratedDSNs(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			stores := storetest.TwoInstances(t, dsn)
			clk := &clock{now: t0}
			opt := correspondence.Options{Pairing: engines.Options().Pairing, Now: clk.Now, Backstop: time.Hour}
			a := correspondence.NewService(stores[0].Correspondence(), opt)
			b := correspondence.NewService(stores[1].Correspondence(), opt)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			// On PostgreSQL B hears A's changes from the change feed; on
			// SQLite, which has none, it polls the versions.
			go b.ListenForChanges(ctx, func(err error) { t.Errorf("the change feed: %v", err) })
			for try := 0; name == "postgres" && !b.Listening(); try++ {
				if try == 500 {
					t.Fatal("instance B's change feed does not listen")
				}
				time.Sleep(10 * time.Millisecond)
			}
			// A start finer than the millisecond, to which the store keeps
			// the moment the sweep looks at the game.
			start := t0.Add(time.Minute + 123456789*time.Nanosecond)
			sec, games := liveEvent(t, stores[0], a, clk, 2, "3+2", start)
			g := games[0]
			// Both have shown up before they watch, so that nothing but the
			// start changes the game while they do.
			for _, id := range []int64{g.WhiteID, g.BlackID} {
				if _, err := a.Game(sec.as(id), g.ID); err != nil {
					t.Fatal(err)
				}
			}
			white := a.Subscribe(g.ID, true)
			defer white.Stop()
			if _, err := white.Read(sec.as(g.WhiteID)); err != nil {
				t.Fatal(err)
			}
			black := b.Subscribe(g.ID, true)
			defer black.Stop()
			if _, err := black.Read(sec.as(g.BlackID)); err != nil {
				t.Fatal(err)
			}
			waiting := white.First.Version
			if !white.First.NotStarted || black.First.Version != waiting {
				t.Fatalf("before the start the watchers begin with versions %d and %d (not started: %v)", waiting, black.First.Version, white.First.NotStarted)
			}

			clk.Set(start.Add(-time.Millisecond))
			if n, err := a.ExpireLive(context.Background(), clk.Now()); err != nil || n != 0 {
				t.Fatalf("the sweep a millisecond before the start ended %d games (%v)", n, err)
			}
			if v, err := a.Game(sec.ctx, g.ID); err != nil || v.Version != waiting {
				t.Fatalf("a millisecond before the start the game is at version %d (%v), want %d as it was", v.Version, err, waiting)
			}

			clk.Set(start.Add(300 * time.Millisecond))
			var wg sync.WaitGroup
			for _, svc := range []*correspondence.Service{a, b} {
				wg.Go(func() {
					if n, err := svc.ExpireLive(context.Background(), clk.Now()); err != nil || n != 0 {
						t.Errorf("the sweep at the start ended %d games (%v), want none", n, err)
					}
				})
			}
			wg.Wait()
			for who, f := range map[string]*correspondence.Following{"White on A": white, "Black on B": black} {
				v := nextVersion(t, f, waiting)
				if v.Version != waiting+1 || v.NotStarted || v.Left[v.ToMove].Round(time.Millisecond) != 3*time.Minute-300*time.Millisecond {
					t.Errorf("%s is told of version %d (not started: %v, clocks %v), want version %d, started, the side to move's clock running from the start",
						who, v.Version, v.NotStarted, v.Left, waiting+1)
				}
			}
			page, err := a.GamePage(sec.as(g.WhiteID), g.ID)
			if err != nil {
				t.Fatal(err)
			}
			if !page.CanMove || page.Version != waiting+1 {
				t.Errorf("White's page after the start: may move %v at version %d, want the move at version %d", page.CanMove, page.Version, waiting+1)
			}
		})
	}
}

// nextVersion waits for the watch's first version newer than after.
func nextVersion(t *testing.T, f *correspondence.Following, after int) *correspondence.View {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case <-f.Changes:
			if v := f.Next(after); v != nil {
				return v
			}
		case <-deadline:
			t.Fatalf("the watcher heard nothing after version %d", after)
		}
	}
}

// A round's start saves its games a few to a transaction, each at the
// version the sweep read, and the sweeping instance's watchers make the
// new version from the game saved, as from a notice: no game is locked
// or read again for it (a round of 500 games on two instances, whose
// sweeps each locked every game in one transaction and then read each,
// kept the first moves waiting for seconds). Every watcher still gets
// the started game, the same as one read afresh.
func TestLiveStartSavesAndReadsNoGameTwice(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			counted := &statementsCounted{Store: st.Correspondence()}
			clk := &clock{now: t0}
			svc := correspondence.NewService(counted, correspondence.Options{Pairing: engines.Options().Pairing, Now: clk.Now, Backstop: time.Hour})
			start := t0.Add(time.Minute)
			const players = 60 // 30 games: two transactions
			sec, games := liveEvent(t, st, svc, clk, players, "3+2", start)
			// Shown up before they watch: nothing but the start changes
			// the games while they do, and no read of a watcher's is
			// under way as the sweep begins.
			for _, g := range games {
				if err := svc.Present(sec.as(g.WhiteID), g.ID); err != nil {
					t.Fatal(err)
				}
			}
			var watching []*correspondence.Following
			for _, g := range games {
				f := svc.Subscribe(g.ID, true)
				defer f.Stop()
				if _, err := f.Read(sec.as(g.WhiteID)); err != nil {
					t.Fatal(err)
				}
				watching = append(watching, f)
			}
			clk.Set(start.Add(300 * time.Millisecond))
			before := counted.statements.Load()
			if n, err := svc.ExpireLive(context.Background(), clk.Now()); err != nil || n != 0 {
				t.Fatalf("the sweep at the start ended %d games (%v), want none", n, err)
			}
			// The sweep's read (two statements), and per transaction its
			// beginning, end, the event and the games' save.
			batches := (len(games) + 24) / 25
			if got, want := counted.statements.Load()-before, int64(2+4*batches); got > want {
				t.Errorf("the start of %d watched games took %d statements, want at most %d", len(games), got, want)
			}
			for i, f := range watching {
				v := nextVersion(t, f, f.First.Version)
				fresh, err := svc.Game(sec.as(games[i].WhiteID), games[i].ID)
				if err != nil {
					t.Fatal(err)
				}
				if v.Version != f.First.Version+1 || v.NotStarted || v.Version != fresh.Version || !v.Deadline.Equal(fresh.Deadline) || v.Left != fresh.Left || v.Position != fresh.Position {
					t.Errorf("game %d: the watcher has version %d (not started %v, deadline %v, clocks %v), read afresh %d (deadline %v, clocks %v)",
						games[i].ID, v.Version, v.NotStarted, v.Deadline, v.Left, fresh.Version, fresh.Deadline, fresh.Left)
				}
			}
		})
	}
}
