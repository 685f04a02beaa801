package relay_test

import (
	"context"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	registration "adiukh/tournament/players"
	"adiukh/tournament/relay"
	"adiukh/tournament/store/storetest"
)

// Two instances on one database: a board pushed through one is signalled
// to the round's watchers on the other, which then read it.
func TestWatchAcrossInstances(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			r := newRelayed(t, st, storetest.Arbiter(t, st), "international", relay.Options{})
			other := relay.NewService(st.Relay(), r.events, relay.Options{})
			ch, stop := other.Watch(r.event.ID, 1)
			defer stop()
			if _, err := r.relay.Push(r.arbiter, relay.PushInput{EventID: r.event.ID, Round: 1, Board: 2, PDN: r.pdn(2, "1. 32-28 *")}); err != nil {
				t.Fatal(err)
			}
			select {
			case <-ch:
			case <-time.After(30 * time.Second): // generous: only a signal that never comes fails
				t.Fatal("the other instance's watcher was not told of the push")
			}
			v, err := other.Round(r.arbiter, r.event.ID, 1)
			if err != nil {
				t.Fatal(err)
			}
			if b := v.Board(2); b == nil || len(b.Plies) != 1 || b.LastMove.Move != "32-28" {
				t.Errorf("board 2 read on the other instance: %+v", b)
			}
		})
	}
}

// Two instances, each a store of its own on one database as two servers
// are, keeping the versions as serve does: a board pushed through one
// reaches the round's watchers on the other by the store's feed of writes
// (PostgreSQL's notices; SQLite's poll of the data version), the watchers'
// own poll switched off so that nothing else can deliver it.
func TestWatchHearsTheOtherInstanceByTheFeed(t *testing.T) {
	t.Parallel()
	for name, dsn := range storetest.MigratedDSNs(t) {
		t.Run(name, func(t *testing.T) {
			stores := storetest.TwoInstances(t, dsn)
			r := newRelayed(t, stores[0], storetest.Arbiter(t, stores[0]), "russian", relay.Options{FallbackPoll: -1})
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			for _, st := range stores {
				go st.KeepVersions(ctx, func(err error) { t.Errorf("the versions' feed: %v", err) })
			}
			for try := 0; !stores[0].KeepingVersions() || !stores[1].KeepingVersions(); try++ {
				if try == 500 {
					t.Fatal("the instances do not hear the versions' feed")
				}
				time.Sleep(10 * time.Millisecond)
			}
			other := relay.NewService(stores[1].Relay(), tournament.NewService(stores[1], engines.Options()), relay.Options{FallbackPoll: -1})
			ch, stop := other.Watch(r.event.ID, 1)
			defer stop()
			select {
			case <-ch: // a signal of the feed starting: not the push's
			default:
			}
			pushed := time.Now()
			if _, err := r.relay.Push(r.arbiter, relay.PushInput{EventID: r.event.ID, Round: 1, Board: 1, PDN: r.pdn(1, "1. c3-d4 *")}); err != nil {
				t.Fatal(err)
			}
			select {
			case <-ch:
				// Not asserted (the machine may be loaded): on PostgreSQL
				// milliseconds, on SQLite within its 250 ms poll.
				t.Logf("heard %v after the push", time.Since(pushed))
			case <-time.After(30 * time.Second): // generous: only a signal that never comes fails
				t.Fatal("the other instance's watcher was not told of the push by the feed")
			}
			v, err := other.Round(r.arbiter, r.event.ID, 1)
			if err != nil {
				t.Fatal(err)
			}
			if b := v.Board(1); b == nil || len(b.Plies) != 1 || b.LastMove.Move != "c3-d4" {
				t.Errorf("board 1 read on the other instance: %+v", b)
			}
			// A write of the event that leaves the relay alone (a late
			// entry) is heard of too, and signals nobody: the round's
			// stamp did not move.
			late, rating := "Новиков Николай", 1500
			if _, err := registration.NewService(r.events).RegisterPlayer(r.arbiter, r.event.ID, tournament.PlayerInput{Name: &late, Rating: &rating}); err != nil {
				t.Fatal(err)
			}
			select {
			case <-ch:
				t.Error("a late entry signalled the round's relay watchers")
			case <-time.After(time.Second):
			}
		})
	}
}
