package relay

import (
	"context"
	"sync"
	"time"
)

// watchPoll is how often an instance reads the stamps of the rounds its
// readers watch, in one query, to learn what another instance relayed,
// while it does not hear the store's feed of writes (WriteFeed).
const watchPoll = 500 * time.Millisecond

// A WriteFeed tells of the events whose data was written, on this
// instance or another sharing the database: the store's versions' feed
// (PostgreSQL's notices; on SQLite, which has none, its poll of the data
// version). A relayed board's write raises its event's version, so the
// watchers of the event's rounds hear of it as the feed does.
type WriteFeed interface {
	// HearWrites calls heard with the events written (all: any event's
	// may have been) until stop is called; heard must not block.
	HearWrites(heard func(events map[int64]bool, all bool)) (stop func())
	// KeepingVersions reports whether every write is heard of now: while
	// it is false the watchers poll.
	KeepingVersions() bool
}

// watchers keep, for every round somebody watches through this instance,
// the newest stamp it has seen, and signal the round's watchers when it
// moves: at once for a change made through this instance; for one made on
// another, as the store's feed of writes tells of the event (WriteFeed) and
// a read of the stamps finds the round moved, or, while the feed is not
// heard (or the store has none), within the fallback poll. Either way one
// read serves all the rounds to look at, not one per reader, and a write
// of the event that left the round alone signals nobody.
type watchers struct {
	service  *Service
	fallback time.Duration
	mu       sync.Mutex
	rounds   map[RoundKey]*watchedRound
	polling  bool
	hearing  bool
	// told are the events the feed told of since the last look (toldAll:
	// any event's); wake asks the poll to look at their rounds now.
	told    map[int64]bool
	toldAll bool
	wake    chan struct{}
}

type watchedRound struct {
	subs  map[chan struct{}]struct{}
	stamp int64
	known bool
}

// Watch returns a channel that receives a signal after each change of the
// relay of round n of the event, on any instance, and the function that
// stops watching. A reader watches before reading the round (Round), so
// that a change made between the two is signalled, not missed.
func (s *Service) Watch(eventID int64, n int) (<-chan struct{}, func()) {
	key := RoundKey{EventID: eventID, Round: n}
	ch := make(chan struct{}, 1)
	w := &s.watchers
	feed, _ := s.store.(WriteFeed)
	w.mu.Lock()
	if w.rounds == nil {
		w.rounds = map[RoundKey]*watchedRound{}
	}
	r := w.rounds[key]
	first := r == nil
	if first {
		r = &watchedRound{subs: map[chan struct{}]struct{}{}}
		w.rounds[key] = r
	}
	r.subs[ch] = struct{}{}
	if feed != nil && !w.hearing {
		// Heard for the service's life: a round watched later is told
		// without subscribing again.
		w.hearing = true
		feed.HearWrites(w.heard)
	}
	if !w.polling && (w.fallback > 0 || feed != nil) {
		w.polling = true
		go w.poll(feed)
	}
	w.mu.Unlock()
	if first {
		// The round's stamp as the watch begins: a change made on another
		// instance after Watch returns moves it, and is signalled.
		var stamps map[RoundKey]int64
		if err := s.store.View(context.Background(), func(tx Tx) (err error) {
			stamps, err = tx.RelayStamps([]RoundKey{key})
			return err
		}); err == nil {
			w.mu.Lock()
			if !r.known {
				r.stamp, r.known = stamps[key], true
			}
			w.mu.Unlock()
		}
	}
	return ch, func() {
		w.mu.Lock()
		delete(r.subs, ch)
		if len(r.subs) == 0 && w.rounds[key] == r {
			delete(w.rounds, key)
		}
		w.mu.Unlock()
	}
}

// heard wakes the poll to read the stamps of the watched rounds of the
// events written (every round's when all): the feed does not say which
// round, nor whether the write was the relay's.
func (w *watchers) heard(events map[int64]bool, all bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	watched := false
	for key := range w.rounds {
		if all || events[key.EventID] {
			watched = true
			break
		}
	}
	if !watched {
		return
	}
	if all {
		w.toldAll = true
	} else {
		if w.told == nil {
			w.told = map[int64]bool{}
		}
		for id := range events {
			w.told[id] = true
		}
	}
	select {
	case w.wake <- struct{}{}:
	default: // the poll is to look already
	}
}

// changed tells the watchers of b's round that it changed here.
func (s *Service) changed(b *Board) {
	if b != nil {
		s.touch(RoundKey{EventID: b.EventID, Round: b.Round})
	}
}

// touch signals the watchers of a round.
func (s *Service) touch(key RoundKey) {
	w := &s.watchers
	w.mu.Lock()
	defer w.mu.Unlock()
	if r := w.rounds[key]; r != nil {
		signal(r.subs)
	}
}

func signal(subs map[chan struct{}]struct{}) {
	for ch := range subs {
		select {
		case ch <- struct{}{}:
		default: // the watcher has a signal to take already
		}
	}
}

// poll reads the stamps of the watched rounds until nobody watches,
// signalling the rounds whose stamp moved: those of the events the feed
// told of as it tells, and every round every fallback while the feed is
// not heard (it tells of every change sooner, and, as it starts or stops
// being heard, of every event, so that nothing changed in between is
// missed).
func (w *watchers) poll(feed WriteFeed) {
	var tick <-chan time.Time
	if w.fallback > 0 {
		t := time.NewTicker(w.fallback)
		defer t.Stop()
		tick = t.C
	}
	// missed: a look the feed asked for failed; the next tick looks at
	// every round even while the feed is heard.
	missed := false
	for {
		var byFeed bool
		select {
		case <-tick:
		case <-w.wake:
			byFeed = true
		}
		w.mu.Lock()
		if len(w.rounds) == 0 {
			w.polling = false
			w.mu.Unlock()
			return
		}
		if !byFeed && !missed && feed != nil && feed.KeepingVersions() {
			w.mu.Unlock()
			continue
		}
		keys := make([]RoundKey, 0, len(w.rounds))
		for k := range w.rounds {
			if !byFeed || w.toldAll || w.told[k.EventID] {
				keys = append(keys, k)
			}
		}
		w.told, w.toldAll = nil, false
		w.mu.Unlock()
		err := w.look(keys)
		missed = err != nil && (byFeed || missed)
	}
}

// look reads the rounds' stamps in one query and signals the rounds whose
// stamp moved.
func (w *watchers) look(keys []RoundKey) error {
	if len(keys) == 0 {
		return nil
	}
	var stamps map[RoundKey]int64
	err := w.service.store.View(context.Background(), func(tx Tx) (err error) {
		stamps, err = tx.RelayStamps(keys)
		return err
	})
	if err != nil {
		return err // the next look tries again
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, k := range keys {
		r := w.rounds[k]
		if r == nil {
			continue
		}
		st := stamps[k]
		if r.known && st != r.stamp {
			signal(r.subs)
		}
		r.stamp, r.known = st, true
	}
	return nil
}
