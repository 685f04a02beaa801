package hall

import (
	"context"
	"sync"
	"time"

	"adiukh/tournament"
)

// watchPoll is how often an instance looks at the versions of the events
// whose halls its readers follow. The versions are kept in memory and
// moved by every instance's writes as they commit (store.KeepVersions:
// PostgreSQL's notices, SQLite's poll), so a look costs no round trip
// unless the event changed; a change is read once for all its followers.
const watchPoll = 250 * time.Millisecond

// watchers keep, for every hall followed through this instance, the
// newest version of it read and the channels of its followers. The two
// thousand readers of a hall cost one read a change, not two thousand.
type watchers struct {
	mu      sync.Mutex
	halls   map[hallKey]*watched
	polling bool
}

// hallKey is a followed hall: an event's round, 0 for the current one.
type hallKey struct {
	event int64
	round int
}

// watched is one followed hall.
type watched struct {
	subs map[chan struct{}]struct{}
	// hall is the newest version read: shared by the followers, read,
	// never changed.
	hall *Hall
}

// Following is a reader's follow of a hall: First is the hall as read
// after the follow began, so that no change falls between the two;
// Changes receives a signal after each change, and Next gives the hall
// then. Stop ends the follow.
type Following struct {
	First   *Hall
	Changes <-chan struct{}
	s       *Service
	key     hallKey
	stop    func()
}

// Follow follows round n of an event's hall (0: the current round, which
// moves to the next round when it is published) for the context's user,
// who must be allowed to read it. The follow registers before the hall is
// read.
func (s *Service) Follow(ctx context.Context, eventID int64, n int) (*Following, error) {
	key := hallKey{eventID, n}
	ch, stop := s.watch(key)
	first, err := s.Read(ctx, eventID, n)
	if err != nil {
		stop()
		return nil, err
	}
	s.offer(key, first)
	return &Following{First: first, Changes: ch, s: s, key: key, stop: stop}, nil
}

// Next is the newest version of the hall when it is newer than the
// version seen; nil otherwise.
func (f *Following) Next(seen int64) *Hall {
	w := &f.s.watchers
	w.mu.Lock()
	defer w.mu.Unlock()
	if g := w.halls[f.key]; g != nil && g.hall != nil && g.hall.Version > seen {
		return g.hall
	}
	return nil
}

// Stop ends the follow.
func (f *Following) Stop() { f.stop() }

// watch registers a follower of the hall and starts the poll.
func (s *Service) watch(key hallKey) (<-chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	w := &s.watchers
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.halls == nil {
		w.halls = map[hallKey]*watched{}
	}
	g := w.halls[key]
	if g == nil {
		g = &watched{subs: map[chan struct{}]struct{}{}}
		w.halls[key] = g
	}
	g.subs[ch] = struct{}{}
	if !w.polling {
		w.polling = true
		go s.poll()
	}
	return ch, func() {
		w.mu.Lock()
		defer w.mu.Unlock()
		delete(g.subs, ch)
		if len(g.subs) == 0 && w.halls[key] == g {
			delete(w.halls, key)
		}
	}
}

// offer keeps h as the hall's newest version when it is newer than the
// kept one, and signals the followers.
func (s *Service) offer(key hallKey, h *Hall) {
	w := &s.watchers
	w.mu.Lock()
	defer w.mu.Unlock()
	g := w.halls[key]
	if g == nil || g.hall != nil && g.hall.Version >= h.Version {
		return
	}
	g.hall = h
	for ch := range g.subs {
		select {
		case ch <- struct{}{}:
		default: // the follower has a signal to take already
		}
	}
}

// poll looks at the followed events' versions every watchPoll, and reads
// a hall again when its event moved on; it ends with the last follower.
func (s *Service) poll() {
	tick := time.NewTicker(watchPoll)
	defer tick.Stop()
	for range tick.C {
		w := &s.watchers
		w.mu.Lock()
		if len(w.halls) == 0 {
			w.polling = false
			w.mu.Unlock()
			return
		}
		kept := make(map[hallKey]int64, len(w.halls))
		for key, g := range w.halls {
			kept[key] = -1
			if g.hall != nil {
				kept[key] = g.hall.Version
			}
		}
		w.mu.Unlock()
		s.refresh(kept)
	}
}

// refresh reads again each followed hall whose event's version moved past
// the version kept of it.
func (s *Service) refresh(kept map[hallKey]int64) {
	ctx := context.Background()
	versions := map[int64]int64{}
	for key, had := range kept {
		v, ok := versions[key.event]
		if !ok {
			var err error
			if v, err = s.version(ctx, key.event); err != nil {
				continue // the next poll tries again
			}
			versions[key.event] = v
		}
		if v <= had {
			continue
		}
		if h, err := s.readFollowed(ctx, key); err == nil {
			s.offer(key, h)
		}
	}
}

// readFollowed reads a followed hall for all its followers, whose right
// to read the event Follow checked: the hall shows every reader the same
// (no drafts, nobody's own parts).
func (s *Service) readFollowed(ctx context.Context, key hallKey) (*Hall, error) {
	version, err := s.version(ctx, key.event)
	if err != nil {
		return nil, err
	}
	var h *Hall
	err = s.store.View(ctx, func(tx tournament.Tx) error {
		e, err := tx.Event(key.event)
		if err != nil {
			return err
		}
		if err := hasHall(e); err != nil {
			return err
		}
		h, err = read(tx, e, key.round, s.now())
		return err
	})
	if err != nil {
		return nil, err
	}
	h.Version = version
	return h, nil
}
