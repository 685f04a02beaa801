package correspondence_test

import (
	"testing"
	"time"

	"adiukh/rules"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/store/storetest"
)

// Issue 64: a live game's player is connected while a stream of theirs is
// open, and has left once none is: the game says so of each side, as a
// change its watchers hear. A newer stream of the same player keeps them
// connected when the older closes; a spectator connects nobody. On both
// databases.
func TestLiveConnection(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svc, clk := serviceAt(st, t0)
			sec, games := liveEvent(t, st, svc, clk, 2, "3+2", time.Time{})
			g := games[0]
			presence := func(when string, white, black correspondence.Presence) {
				t.Helper()
				v, err := svc.Game(sec.ctx, g.ID)
				if err != nil {
					t.Fatal(err)
				}
				if got := [2]correspondence.Presence{v.PresenceOf(rules.White), v.PresenceOf(rules.Black)}; got != [2]correspondence.Presence{white, black} {
					t.Fatalf("%s: White %q, Black %q; want %q, %q", when, got[0], got[1], white, black)
				}
			}
			presence("before anyone came", correspondence.PresenceNone, correspondence.PresenceNone)
			if _, err := svc.Connect(sec.ctx, g.ID); err != nil {
				t.Fatalf("a spectator's stream: %v", err)
			}
			presence("a spectator watches", correspondence.PresenceNone, correspondence.PresenceNone)

			before, err := svc.Game(sec.ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			leaveWhite, err := svc.Connect(sec.as(g.WhiteID), g.ID)
			if err != nil {
				t.Fatal(err)
			}
			after, err := svc.Game(sec.ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			if after.Version <= before.Version {
				t.Errorf("White's connection left the game at version %d: its watchers do not hear of it", after.Version)
			}
			presence("White's stream opened", correspondence.PresenceConnected, correspondence.PresenceNone)
			first, err := svc.Connect(sec.as(g.BlackID), g.ID)
			if err != nil {
				t.Fatal(err)
			}
			second, err := svc.Connect(sec.as(g.BlackID), g.ID)
			if err != nil {
				t.Fatal(err)
			}
			first()
			presence("Black's older stream closed, the newer open", correspondence.PresenceConnected, correspondence.PresenceConnected)
			leaveWhite()
			presence("White's stream closed", correspondence.PresenceLeft, correspondence.PresenceConnected)
			second()
			presence("both streams closed", correspondence.PresenceLeft, correspondence.PresenceLeft)
			back, err := svc.Connect(sec.as(g.WhiteID), g.ID)
			if err != nil {
				t.Fatal(err)
			}
			defer back()
			presence("White came back", correspondence.PresenceConnected, correspondence.PresenceLeft)
		})
	}
}
