package entries

import (
	"adiukh/internal/keptparts"
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
// (the event's published rounds, a player of it, a player's board of the
// round being played, their latest game played, their calendar's games)
// are kept by the event's versions (keptparts), as the event's pages are:
// a page of an account in a big event, or its calendar polled hourly,
// costs the joining of the kept parts, not their making (issue 65). Each
// is made at most once a version of its event; whether the reader may
// read the event is asked at every request.

// maxKeptParts bounds the parts kept in all (the rounds of an event, a
// player, a board, a latest game, a calendar's game each); past it they
// are forgotten and made again as they are asked for.
const maxKeptParts = 50000

// The kinds of the parts, each by player ID (the rounds by 0).
const (
	partRounds  = "rounds"
	partPlayer  = "player"
	partLatest  = "latest"
	partLast    = "last"
	partFeed    = "feed"
	roundsOfAll = 0
)

// keptOr is the part of kind and id of the snapshot's event, kept or
// else made by making and kept, counting for count(part) of the bound.
func keptOr[T any](snap *eventSnapshot, kind string, id int64, making func() (T, error), count func(T) int) (T, error) {
	if part, ok := keptparts.Get[T](snap.kept, snap.parts, kind, id); ok {
		return part, nil
	}
	part, err := making()
	if err != nil {
		return part, err
	}
	keptparts.Put(snap.kept, snap.parts, kind, id, part, count(part))
	return part, nil
}

// one counts a part as one.
func one[T any](T) int { return 1 }

// feedCount counts a calendar's games each, and none as one.
func feedCount(g []FeedGame) int { return max(len(g), 1) }

// keptRounds are the event's published rounds kept at the snapshot's
// versions.
func keptRounds(kept *keptparts.Parts, parts *keptparts.Event) ([]tournament.Round, bool) {
	return keptparts.Get[[]tournament.Round](kept, parts, partRounds, roundsOfAll)
}
