package correspondence

import (
	"context"
	"sync"
)

// watchers tell the pages and streams watching a game on this instance
// that it may have changed: a move, a draw offer, a flag. A change made on
// another instance reaches them by their own poll of the game's version
// (GameVersion), so a missed or spurious signal costs one cheap read.
type watchers struct {
	mu   sync.Mutex
	subs map[int64]map[chan struct{}]bool
}

// Watch returns a channel that receives a signal after each change of the
// game made through this service, and the function that stops watching.
func (s *Service) Watch(gameID int64) (<-chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	w := &s.watchers
	w.mu.Lock()
	if w.subs == nil {
		w.subs = map[int64]map[chan struct{}]bool{}
	}
	if w.subs[gameID] == nil {
		w.subs[gameID] = map[chan struct{}]bool{}
	}
	w.subs[gameID][ch] = true
	w.mu.Unlock()
	return ch, func() {
		w.mu.Lock()
		delete(w.subs[gameID], ch)
		if len(w.subs[gameID]) == 0 {
			delete(w.subs, gameID)
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
	for ch := range w.subs[gameID] {
		select {
		case ch <- struct{}{}:
		default:
		}
	}
}

// GameVersion reads a game's version, which every change raises: what a
// stream polls, having read the game once (Game) to check the reader may.
func (s *Service) GameVersion(ctx context.Context, gameID int64) (int, error) {
	version := 0
	err := s.store.View(ctx, func(tx Tx) error {
		g, err := tx.Game(gameID)
		if err != nil {
			return err
		}
		version = g.Version
		return nil
	})
	return version, err
}
