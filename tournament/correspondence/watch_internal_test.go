package correspondence

import "testing"

// A move whose call comes after a later change is known (the poll found
// version 6 before the move's version 5 was told) is not kept for the
// watchers to send: they read the game, and see version 6.
func TestMoveToldAfterALaterChange(t *testing.T) {
	var s Service
	w := &s.watchers
	signal := make(chan struct{}, 1)
	w.subs = map[int64]map[chan struct{}]bool{7: {signal: true}}
	w.versions = map[int64]int{7: 6}
	w.latest = map[int64]*View{}
	s.moved(&View{Game: Game{ID: 7, Version: 5}})
	if v := s.Latest(7, 4); v != nil {
		t.Errorf("the watcher is given version %d, older than the version 6 known", v.Version)
	}
	select {
	case <-signal:
	default:
		t.Error("the move did not signal the watcher")
	}
}
