package correspondence

import (
	"context"
	"sync"
	"time"
)

// watchPoll is how often an instance reads the versions of the games its
// streams watch, in one query, to learn what another instance changed.
const watchPoll = 500 * time.Millisecond

// watchers tell the streams watching a game that it may have changed: at
// once for a change made through this instance (a move, a draw offer, a
// flag), and within watchPoll for one made on another instance sharing the
// database, which a poll of the watched games' versions finds. A spurious
// signal costs the watcher one read. A move made through this instance
// leaves the game as it made it (latest), which its watchers send without
// reading it again: a move of a thousand watched games costs no read per
// watcher.
type watchers struct {
	mu       sync.Mutex
	subs     map[int64]map[chan struct{}]bool
	versions map[int64]int   // the last version of each watched game this instance knows of
	latest   map[int64]*View // the game as the last move through this instance left it
	polling  bool
}

// Watch returns a channel that receives a signal after each change of the
// game, and the function that stops watching.
func (s *Service) Watch(gameID int64) (<-chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	w := &s.watchers
	w.mu.Lock()
	if w.subs == nil {
		w.subs, w.versions, w.latest = map[int64]map[chan struct{}]bool{}, map[int64]int{}, map[int64]*View{}
	}
	if w.subs[gameID] == nil {
		w.subs[gameID] = map[chan struct{}]bool{}
		w.versions[gameID] = -1 // read at the first poll
	}
	w.subs[gameID][ch] = true
	if !w.polling {
		w.polling = true
		go s.pollWatched()
	}
	w.mu.Unlock()
	return ch, func() {
		w.mu.Lock()
		delete(w.subs[gameID], ch)
		if len(w.subs[gameID]) == 0 {
			delete(w.subs, gameID)
			delete(w.versions, gameID)
			delete(w.latest, gameID)
		}
		w.mu.Unlock()
	}
}

// changed signals the game's watchers without waiting: a watcher that has
// not taken the last signal yet will read the game anyway.
func (s *Service) changed(gameID int64) {
	w := &s.watchers
	w.mu.Lock()
	defer w.mu.Unlock()
	delete(w.latest, gameID) // the watchers read what changed
	w.signal(gameID)
}

// moved signals the game's watchers with the game as a move committed
// through this instance left it, moves and clocks, for them to send as
// it is (Latest).
func (s *Service) moved(v *View) {
	w := &s.watchers
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.subs[v.ID] == nil {
		return
	}
	if v.Version <= w.versions[v.ID] {
		// A later change is known already (the poll found it, the move
		// committing before this call came): the watchers read it.
		w.signal(v.ID)
		return
	}
	if last := w.latest[v.ID]; last == nil || last.Version < v.Version {
		w.latest[v.ID] = v
	}
	// The poll need not signal again what the watchers hear now.
	w.versions[v.ID] = max(w.versions[v.ID], v.Version)
	w.signal(v.ID)
}

// Latest is the game as the last move made through this instance left it,
// when that is newer than version; nil when the watcher must read the
// game (a change made otherwise, or on another instance). The view is
// shared: it is read, never changed.
func (s *Service) Latest(gameID int64, version int) *View {
	w := &s.watchers
	w.mu.Lock()
	defer w.mu.Unlock()
	if v := w.latest[gameID]; v != nil && v.Version > version {
		return v
	}
	return nil
}

func (w *watchers) signal(gameID int64) {
	for ch := range w.subs[gameID] {
		select {
		case ch <- struct{}{}:
		default:
		}
	}
}

// pollWatched reads the versions of the watched games every watchPoll and
// signals the watchers of those that changed, until nobody watches.
func (s *Service) pollWatched() {
	w := &s.watchers
	tick := time.NewTicker(watchPoll)
	defer tick.Stop()
	for range tick.C {
		w.mu.Lock()
		if len(w.subs) == 0 {
			w.polling = false
			w.mu.Unlock()
			return
		}
		ids := make([]int64, 0, len(w.subs))
		for id := range w.subs {
			ids = append(ids, id)
		}
		w.mu.Unlock()
		var versions map[int64]int
		err := s.store.View(context.Background(), func(tx Tx) (err error) {
			versions, err = tx.GameVersions(ids)
			return err
		})
		if err != nil {
			continue // the next poll tries again
		}
		w.mu.Lock()
		for id, v := range versions {
			// Versions only grow: one older than what a move through
			// this instance told (read before it committed) is no news.
			if last, ok := w.versions[id]; ok && last < v {
				if last >= 0 {
					w.signal(id)
				}
				w.versions[id] = v
			}
		}
		w.mu.Unlock()
	}
}
