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
// signal costs the watcher one read.
type watchers struct {
	mu       sync.Mutex
	subs     map[int64]map[chan struct{}]bool
	versions map[int64]int // the version each watched game had at the last poll
	polling  bool
}

// Watch returns a channel that receives a signal after each change of the
// game, and the function that stops watching.
func (s *Service) Watch(gameID int64) (<-chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	w := &s.watchers
	w.mu.Lock()
	if w.subs == nil {
		w.subs, w.versions = map[int64]map[chan struct{}]bool{}, map[int64]int{}
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
	w.signal(gameID)
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
			if last, ok := w.versions[id]; ok && last != v {
				if last >= 0 {
					w.signal(id)
				}
				w.versions[id] = v
			}
		}
		w.mu.Unlock()
	}
}
