package tournament

import (
	"context"
)

// CanRead reports whether u may see the event; use-case packages beside this
// one (correspondence) decide with it, as they decide with CanManage what the
// event's arbiter may do.
func CanRead(u *User, e *Event) bool { return canRead(u, e) }

// Readable loads an event the context's user may see (ENOTFOUND for one
// they may not, as for one that does not exist), and Manageable one they
// may change, locked for the rest of the transaction: the use-case packages
// beside this one (people, entries) check access to an event through them.
func Readable(ctx context.Context, tx EventTx, eventID int64) (*Event, error) {
	return readable(ctx, tx, eventID)
}

// Manageable: see Readable.
func Manageable(ctx context.Context, tx EventTx, eventID int64) (*Event, *User, error) {
	return manageable(ctx, tx, eventID)
}

// ReadPublic reads an event the context's user may see with its players
// and the rounds the public sees, as the event's public pages read it.
func ReadPublic(ctx context.Context, tx interface {
	EventTx
	PlayerTx
	RoundTx
}, eventID int64) (*Event, []Player, []Round, error) {
	return loadPublic(ctx, tx, eventID)
}

// ReadPublicRounds is ReadPublic without the players and the rounds'
// games: a page of one account reads the games of its players alone
// (RoundTx.PlayerGames), not the thousands of a big event (issue 65).
func ReadPublicRounds(ctx context.Context, tx interface {
	EventTx
	RoundTx
}, eventID int64) (*Event, []Round, error) {
	e, err := readable(ctx, tx, eventID)
	if err != nil {
		return nil, nil, err
	}
	rounds, err := tx.RoundHeads(eventID)
	if err != nil {
		return nil, nil, err
	}
	return e, visibleRounds(nil, e, rounds), nil
}

// FindPlayer returns the player with that ID among players, or nil.
func FindPlayer(players []Player, id int64) *Player { return findPlayer(players, id) }

// NameKey is what names and places compare and sort by: lower case, ё as е.
func NameKey(name string) string { return nameKey(name) }
