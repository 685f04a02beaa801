package hall

import (
	"context"
	"sync"
	"time"

	"adiukh/tournament"
)

// watchPoll is how often an instance looks at the versions of the events
// whose halls its readers follow, besides looking at once when the store's
// feed of writes (relay.WriteFeed) tells of a followed event or the relay
// of a followed round moves. The versions are kept in memory and moved by
// every instance's writes as they commit (store.KeepVersions: PostgreSQL's
// notices, SQLite's poll), so a look costs no round trip unless the event
// changed; a change is read once for all its followers.
const watchPoll = 250 * time.Millisecond

// watchers keep, for every hall followed through this instance, the
// newest version of it read and the channels of its followers. The two
// thousand readers of a hall cost one read a change, not two thousand.
type watchers struct {
	mu      sync.Mutex
	halls   map[hallKey]*watched
	polling bool
	// hearing: the feed of writes calls heard, for the service's life.
	hearing bool
	// wake asks the poll to look now, not at its next tick.
	wake chan struct{}
}

// heard wakes the poll when a followed hall's event was written.
func (w *watchers) heard(events map[int64]bool, all bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for key := range w.halls {
		if all || events[key.event] {
			w.look()
			return
		}
	}
}

// look wakes the poll; the caller holds the lock.
func (w *watchers) look() {
	select {
	case w.wake <- struct{}{}:
	default: // the poll is to look already
	}
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
	// reader is the latest follower, as whom the relay is read.
	reader *tournament.User
	// relayRound is the round whose relay is watched (0: none yet),
	// stopRelay ends that watch; relayMoved is set by a change of it, for
	// the next poll to read the hall again.
	relayRound int
	stopRelay  func()
	relayMoved bool
}

// Following is a reader's follow of a hall: First is the hall as its
// first read (Read) found it; Changes receives a signal after each change
// since the follow began, and Next gives the hall then. Stop ends the
// follow.
type Following struct {
	First   *Hall
	Changes <-chan struct{}
	s       *Service
	key     hallKey
	stop    func()
}

// Subscribe follows round n of an event's hall (0: the current round,
// which moves to the next round when it is published) for the context's
// user, before anything of it is read: Read reads it then.
func (s *Service) Subscribe(ctx context.Context, eventID int64, n int) *Following {
	key := hallKey{eventID, n}
	ch, stop := s.watch(key, tournament.UserFromContext(ctx))
	return &Following{Changes: ch, s: s, key: key, stop: stop}
}

// Read reads the hall for the follow, as the context's user, who must be
// allowed to read it: after the follow registered (Subscribe), so that no
// change falls between the two.
func (f *Following) Read(ctx context.Context) (*Hall, error) {
	first, err := f.s.Read(ctx, f.key.event, f.key.round)
	if err != nil {
		return nil, err
	}
	f.s.offer(f.key, first)
	f.First = first
	return first, nil
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
func (s *Service) watch(key hallKey, reader *tournament.User) (<-chan struct{}, func()) {
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
	g.reader = reader
	if s.feed != nil && !w.hearing {
		w.hearing = true
		s.feed.HearWrites(w.heard)
	}
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
			if g.stopRelay != nil {
				g.stopRelay()
			}
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
	if s.relays != nil && h.Round != 0 && h.Round != g.relayRound {
		s.watchRelay(key, g, h.Round)
	}
}

// watchRelay follows the relay of round n for the hall g, in place of the
// round it followed (the current round moved on); the caller holds the
// watchers' lock.
func (s *Service) watchRelay(key hallKey, g *watched, n int) {
	if g.stopRelay != nil {
		g.stopRelay()
	}
	changes, stop := s.relays.Watch(key.event, n)
	done := make(chan struct{})
	g.relayRound = n
	g.stopRelay = sync.OnceFunc(func() {
		stop()
		close(done)
	})
	go func() {
		for {
			select {
			case <-done:
				return
			case <-changes:
				w := &s.watchers
				w.mu.Lock()
				g.relayMoved = true
				w.look()
				w.mu.Unlock()
			}
		}
	}()
}

// poll looks at the followed events' versions every watchPoll and when
// woken, and reads a hall again when its event moved on; it ends with the
// last follower.
func (s *Service) poll() {
	tick := time.NewTicker(watchPoll)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
		case <-s.watchers.wake:
		}
		w := &s.watchers
		w.mu.Lock()
		if len(w.halls) == 0 {
			w.polling = false
			w.mu.Unlock()
			return
		}
		kept := make(map[hallKey]followed, len(w.halls))
		for key, g := range w.halls {
			f := followed{version: -1, reader: g.reader, again: g.relayMoved}
			if g.hall != nil {
				f.version = g.hall.Version - g.hall.relayStamp
			}
			g.relayMoved = false
			kept[key] = f
		}
		w.mu.Unlock()
		s.refresh(kept)
	}
}

// followed is what a poll knows of a followed hall: the event's version
// it was read at (-1: not read), the reader, and whether its relay moved.
type followed struct {
	version int64
	reader  *tournament.User
	again   bool
}

// refresh reads again each followed hall whose event's version moved past
// the version kept of it, or whose relay moved.
func (s *Service) refresh(kept map[hallKey]followed) {
	ctx := context.Background()
	versions := map[int64]int64{}
	for key, f := range kept {
		v, ok := versions[key.event]
		if !ok {
			var err error
			if v, err = s.version(ctx, key.event); err != nil {
				s.retry(key, f.again)
				continue // the next poll tries again
			}
			versions[key.event] = v
		}
		if v <= f.version && !f.again {
			continue
		}
		h, err := s.readFollowed(ctx, key, f.reader)
		if err != nil {
			s.retry(key, f.again)
			continue
		}
		s.offer(key, h)
	}
}

// retry keeps a relay's change for the next poll when reading it failed.
func (s *Service) retry(key hallKey, again bool) {
	if !again {
		return
	}
	w := &s.watchers
	w.mu.Lock()
	defer w.mu.Unlock()
	if g := w.halls[key]; g != nil {
		g.relayMoved = true
	}
}

// readFollowed reads a followed hall for all its followers, whose right
// to read the event their first Read checked: the hall shows every reader the same
// (no drafts, nobody's own parts). The relay is read as reader, the
// latest follower, whom it lets read the event.
func (s *Service) readFollowed(ctx context.Context, key hallKey, reader *tournament.User) (*Hall, error) {
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
	return h, s.relayed(tournament.NewContextWithUser(ctx, reader), h)
}
