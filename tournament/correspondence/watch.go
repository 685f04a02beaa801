package correspondence

import (
	"context"
	"sync"
	"time"
)

// watchPoll is how often an instance reads the versions of the games its
// streams watch, in one query, to learn what another instance changed
// when the store has no change feed (SQLite); watchBackstop is how often
// it does so beside a feed, for a notice lost with a broken connection.
const (
	watchPoll     = 500 * time.Millisecond
	watchBackstop = 5 * time.Second
)

// A ChangeFeed tells every instance sharing the database of each game
// changed on any of them, as it commits (PostgreSQL's LISTEN/NOTIFY).
// A store without one is polled every watchPoll.
type ChangeFeed interface {
	// ListenGames calls heard with a notice of each game changed, once it
	// is listening (ready), until ctx ends or the connection breaks, and
	// then returns why.
	ListenGames(ctx context.Context, ready func(), heard func(GameNotice)) error
}

// A GameNotice tells that a game changed: its ID and new version and, when
// the feed could carry them, the game as the change left it (Game), the
// moves the change added (Moves, by ply) and the version it changed (From).
// An instance that has version From of a live game makes the new one from
// the notice, without reading the game: a move made on one instance costs
// the other no read.
type GameNotice struct {
	GameID  int64
	Version int
	From    int
	Game    *Game
	Moves   []Move
}

// watchers keep, for every game somebody watches through this instance,
// the newest version of it the instance has read (one read per change, not
// one per watcher: a game watched by two thousand costs what a game
// watched by two does) and tell its watchers when it has a newer one. A
// change made through this instance is known at once, a move with the game
// as it left it (no read at all); one made on another instance is heard
// from the change feed, a live game's move with the game and the move
// (no read either: GameNotice), or found by a poll of the watched games'
// versions.
// A watcher that registers before it reads the game (Subscribe, then
// Read) misses no change: one made before its read is in what it read,
// one made after is signalled.
type watchers struct {
	mu      sync.Mutex
	games   map[int64]*watched
	polling bool
	// listening: the change feed is connected, and the poll is only the
	// backstop, every backstop.
	listening bool
	backstop  time.Duration
}

// watched is one watched game.
type watched struct {
	// players and subs are its players' watchers and everyone else's: the
	// players hear of a change first, ahead of a crowd of spectators.
	players, subs map[chan struct{}]struct{}
	// view is the newest version of the game this instance has: shared by
	// its watchers, read, never changed.
	view *View
	// reading: a read of the game is under way; again: a change was heard
	// during it, which it may have missed.
	reading, again bool
}

// Watch returns a channel that receives a signal after each change of the
// game, and the function that stops watching. Latest gives the game after
// the signal. A player's watch is signalled before the others.
func (s *Service) Watch(gameID int64, player bool) (<-chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	w := &s.watchers
	w.mu.Lock()
	if w.games == nil {
		w.games = map[int64]*watched{}
	}
	g := w.games[gameID]
	if g == nil {
		g = &watched{players: map[chan struct{}]struct{}{}, subs: map[chan struct{}]struct{}{}}
		w.games[gameID] = g
	}
	set := g.subs
	if player {
		set = g.players
	}
	set[ch] = struct{}{}
	if !w.polling {
		w.polling = true
		go s.pollWatched()
	}
	w.mu.Unlock()
	return ch, func() {
		w.mu.Lock()
		delete(set, ch)
		if len(g.players)+len(g.subs) == 0 && w.games[gameID] == g {
			delete(w.games, gameID)
		}
		w.mu.Unlock()
	}
}

// Latest is the newest version of the game this instance has, when it is
// newer than version; nil otherwise. The view is shared: it is read, never
// changed.
func (s *Service) Latest(gameID int64, version int) *View {
	w := &s.watchers
	w.mu.Lock()
	defer w.mu.Unlock()
	if g := w.games[gameID]; g != nil && g.view != nil && g.view.Version > version {
		return g.view
	}
	return nil
}

// keep makes v the game's newest version when it is newer than the one
// kept, and signals its watchers; the caller holds w.mu.
func (w *watchers) keep(v *View) bool {
	g := w.games[v.ID]
	if g == nil || g.view != nil && g.view.Version >= v.Version {
		return false
	}
	g.view = v
	signal(g.players)
	signal(g.subs)
	return true
}

func signal(watchers map[chan struct{}]struct{}) {
	for ch := range watchers {
		select {
		case ch <- struct{}{}:
		default: // the watcher has a signal to take already
		}
	}
}

// moved hands the game's watchers the game as a move committed through
// this instance left it, moves and clocks.
func (s *Service) moved(v *View) {
	w := &s.watchers
	w.mu.Lock()
	defer w.mu.Unlock()
	if g := w.games[v.ID]; g != nil && g.view != nil && v.Micro == nil && v.Match == nil {
		// A move leaves a micro-match or a knockout match as it was (the
		// move's view is made without it).
		v.Micro, v.Match = g.view.Micro, g.view.Match
	}
	w.keep(v)
}

// offer gives the watchers a version of the game read by one of them (a
// watch's first Read), which spares them a read when it is newer than
// theirs.
func (s *Service) offer(v *View) {
	s.moved(v)
}

// changed tells the game's watchers that it changed on this instance
// otherwise than by a move (a draw offer, a flag, the arbiter): the game is
// read once for all of them.
func (s *Service) changed(gameID int64) {
	s.heard(GameNotice{GameID: gameID, Version: -1})
}

// heard is told that the game is at version n.Version (-1: unknown, read
// it): when that is newer than the version kept, the watchers are given the
// version the notice makes of the kept one, or else the game is read once
// for all of them.
func (s *Service) heard(n GameNotice) {
	w := &s.watchers
	w.mu.Lock()
	defer w.mu.Unlock()
	g := w.games[n.GameID]
	if g == nil || n.Version >= 0 && g.view != nil && g.view.Version >= n.Version {
		return
	}
	if !g.reading && g.view != nil {
		if v := g.view.after(&n, s.now()); v != nil {
			w.keep(v)
			return
		}
	}
	if g.reading {
		g.again = true
		return
	}
	g.reading = true
	go s.read(n.GameID, g)
}

// after is the version of the live game the notice makes of v: the game as
// the notice gives it, v's moves and the notice's, and the clocks now under
// the section's settings and leave v was made with. It is nil when the
// notice does not carry the change, or does not follow v (another version,
// moves missing), or the game is not live (leave booked in a
// correspondence section may change its clocks without a change of the
// game; live events have none), or v was not made with its settings: the
// game is read then.
func (v *View) after(n *GameNotice, now time.Time) *View {
	if n.Game == nil || !n.Game.Live || n.From != v.Version || n.Version != n.Game.Version || v.st == nil ||
		n.Game.ID != v.ID || len(v.Moves) != v.Ply || v.Ply+len(n.Moves) != n.Game.Ply {
		return nil
	}
	for i, m := range n.Moves {
		if m.GameID != v.ID || m.Ply != v.Ply+1+i {
			return nil
		}
	}
	if (v.Micro != nil || v.Match != nil) && n.Game.Status != v.Status {
		// A micro-match's or knockout match's game that ends may start
		// the next: read it.
		return nil
	}
	next := viewOf(v.Kind, n.Game, v.st, v.leaves, now)
	next.Micro, next.Match = v.Micro, v.Match
	next.Moves = append(v.Moves[:len(v.Moves):len(v.Moves)], n.Moves...)
	return &next
}

// read reads the game for its watchers, again while changes are heard
// during the read. A read that fails leaves the game to the next change or
// poll.
func (s *Service) read(gameID int64, g *watched) {
	w := &s.watchers
	for {
		v, err := s.readView(context.Background(), gameID)
		w.mu.Lock()
		if err == nil {
			w.keep(v)
		}
		if !g.again || w.games[gameID] != g {
			g.reading, g.again = false, false
			w.mu.Unlock()
			return
		}
		g.again = false
		w.mu.Unlock()
	}
}

// pollWatched reads the versions of the watched games every watchPoll (or
// watchBackstop while the change feed listens) and has those that changed
// read, until nobody watches.
func (s *Service) pollWatched() {
	w := &s.watchers
	failing := false
	for {
		w.mu.Lock()
		every := watchPoll
		if w.listening {
			every = w.backstop
		}
		w.mu.Unlock()
		time.Sleep(every)
		w.mu.Lock()
		if len(w.games) == 0 {
			w.polling = false
			w.mu.Unlock()
			return
		}
		ids := make([]int64, 0, len(w.games))
		for id := range w.games {
			ids = append(ids, id)
		}
		w.mu.Unlock()
		var versions map[int64]int
		err := s.store.View(context.Background(), func(tx Tx) (err error) {
			versions, err = tx.GameVersions(ids)
			return err
		})
		if err != nil {
			// The next poll tries again; a run of failures is told once.
			if !failing {
				s.log.Error("watched games: reading their versions failed; trying again", "every", every, "err", err)
			}
			failing = true
			continue
		}
		if failing {
			s.log.Info("watched games: their versions are read again")
			failing = false
		}
		for id, v := range versions {
			s.heard(GameNotice{GameID: id, Version: v})
		}
	}
}

// Listening reports whether the change feed is connected.
func (s *Service) Listening() bool {
	s.watchers.mu.Lock()
	defer s.watchers.mu.Unlock()
	return s.watchers.listening
}

// ListenForChanges hears the changes other instances make through the
// store's change feed until ctx ends, connecting again a second after a
// broken connection (told to report); without a feed it returns at once,
// and the watched games are polled.
func (s *Service) ListenForChanges(ctx context.Context, report func(error)) {
	feed, ok := s.store.(ChangeFeed)
	if !ok {
		return
	}
	w := &s.watchers
	for ctx.Err() == nil {
		err := feed.ListenGames(ctx, func() {
			w.mu.Lock()
			w.listening = true
			ids := make([]int64, 0, len(w.games))
			for id := range w.games {
				ids = append(ids, id)
			}
			w.mu.Unlock()
			// What changed while the feed was down is read now.
			for _, id := range ids {
				s.changed(id)
			}
		}, s.heard)
		w.mu.Lock()
		w.listening = false
		w.mu.Unlock()
		if err != nil && ctx.Err() == nil {
			report(err)
			select {
			case <-ctx.Done():
			case <-time.After(time.Second):
			}
		}
	}
}
