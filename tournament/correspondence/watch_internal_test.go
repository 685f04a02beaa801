package correspondence

import "testing"

// A move whose call comes after a later version was read (the poll or the
// feed had version 6 read before the move's version 5 was told) does not
// take the place of the newer version, nor wake the watchers for nothing.
func TestMoveToldAfterALaterChange(t *testing.T) {
	var s Service
	signal, stop := s.Watch(7, false)
	defer stop()
	s.moved(&View{Game: Game{ID: 7, Version: 6}})
	<-signal
	s.moved(&View{Game: Game{ID: 7, Version: 5}})
	if v := s.Latest(7, 4); v == nil || v.Version != 6 {
		t.Errorf("the watcher is given %+v, want version 6", v)
	}
	select {
	case <-signal:
		t.Error("the older move woke the watcher")
	default:
	}
}
