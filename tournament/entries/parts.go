package entries

import (
	"sync"

	"adiukh/tournament"
)

// VersionTx reads the versions of an event's data inside the transaction,
// before its data, so that what the transaction reads of the event is
// never older than them.
type VersionTx interface {
	// EventVersions are the versions of the data no event owns (shared)
	// and of the event's own (event), as store.Store.EventVersions tells
	// them: each grows with every write of its data that commits.
	EventVersions(eventID int64) (shared, event int64, err error)
}

// The parts of the accounts' own pages and calendars that one event makes
// (a player's board of the round being played, their latest game played,
// their calendar's games, the event's published rounds) are kept by the
// event's versions, as the event's pages are: a page of an account in a
// big event, or its calendar polled hourly, costs the joining of the kept
// parts, not their making (issue 65). Each is made at most once a version
// of its event; whether the reader may read the event is asked at every
// request.

// partsStamp is what an event's parts were made at: the shared version
// and the event's.
type partsStamp struct{ shared, event int64 }

// before tells whether s was read before o, which is newer.
func (s partsStamp) before(o partsStamp) bool {
	return s != o && s.shared <= o.shared && s.event <= o.event
}

// maxKeptParts bounds the parts kept in all (a player, a board, a latest
// game, a calendar's game each); past it they are forgotten and made again as
// they are asked for.
const maxKeptParts = 50000

// keptParts holds the events' parts, each at the latest versions read.
type keptParts struct {
	mu     sync.Mutex
	events map[int64]*eventParts
	count  int
}

// eventParts are one event's parts at one stamp; nil maps are made as
// parts are kept.
type eventParts struct {
	stamp partsStamp
	// rounds are the event's published rounds without their games, once
	// haveRounds.
	rounds     []tournament.Round
	haveRounds bool
	// players are the event's players asked for (nil: not of the event),
	// latest each player's board of the latest published round, last
	// their latest game with a result (nil: none), feeds their calendar's
	// games, by player ID.
	players map[int64]*tournament.Player
	latest  map[int64]*Board
	last    map[int64]*Board
	feeds   map[int64][]FeedGame
}

// at is the event's parts at stamp: those kept when they are of it, new
// ones kept in their place when the kept ones are older; nil when the
// kept ones are newer (the transaction's snapshot is older than a
// request's since), whose parts are then made and not kept.
func (k *keptParts) at(eventID int64, stamp partsStamp) *eventParts {
	if k == nil {
		return nil
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	parts := k.events[eventID]
	switch {
	case parts != nil && parts.stamp == stamp:
		return parts
	case parts != nil && stamp.before(parts.stamp):
		return nil
	}
	if parts != nil {
		k.count -= parts.size()
	}
	parts = &eventParts{stamp: stamp, players: map[int64]*tournament.Player{}, latest: map[int64]*Board{}, last: map[int64]*Board{}, feeds: map[int64][]FeedGame{}}
	k.events[eventID] = parts
	return parts
}

func (p *eventParts) size() int {
	n := len(p.players) + len(p.latest) + len(p.last)
	for _, games := range p.feeds {
		n += max(len(games), 1)
	}
	return n
}

// kept runs read on the event's parts under the lock; nil parts are
// never kept.
func (k *keptParts) kept(parts *eventParts, read func(p *eventParts)) {
	if parts == nil {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	read(parts)
}

// keep runs write on the event's parts under the lock and counts the
// parts it added, forgetting every event's when they pass maxKeptParts;
// nil parts keep nothing.
func (k *keptParts) keep(eventID int64, parts *eventParts, write func(p *eventParts)) {
	if parts == nil {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.events[eventID] != parts {
		return // newer parts took their place meanwhile
	}
	before := parts.size()
	write(parts)
	k.count += parts.size() - before
	if k.count > maxKeptParts {
		clear(k.events)
		k.count = 0
	}
}
