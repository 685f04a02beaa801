package relay_test

import (
	"testing"
	"time"

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
