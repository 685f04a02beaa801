package tournament

import (
	"context"
	"fmt"
	"time"
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

// CheckDetails checks the personal fields of the input as a player's are
// checked when the player is registered, all but the title, which is
// checked by the rule book of the event's game when the input is applied.
func (in PlayerInput) CheckDetails() error {
	in.Title = nil
	return in.applyDetails(&Player{}, "")
}

// AdmitPlayer registers a player in the event e, which u manages and the
// transaction has locked, and gives it the account, each with its entry in
// the event's audit log at now: the one writer through which an accepted
// entry (package entries) becomes the event's player in the entry's own
// transaction, as correspondence stores a game through StoreGame.
func AdmitPlayer(tx Tx, now time.Time, e *Event, u *User, in PlayerInput, account *User) (*Player, error) {
	p, err := registerPlayer(tx, now, e, u, in)
	if err != nil {
		return nil, err
	}
	return p, linkPlayer(tx, now, u, e.ID, p.ID, account)
}

// RegistrationOpen says why the event e, with paired rounds paired, takes
// no more players, or nil: the desk's rule, which a pasted list (package
// entries) obeys too.
func RegistrationOpen(e *Event, paired int) error { return registrationOpen(e, paired) }

// Lookalike finds the first of players who may be p, as the desk warns of
// a newcomer: the same federation ID, the same name up to case and ё/е,
// or, unless both have federation IDs, a name that may be p's as the
// register reads names. It returns the player's index and what they share
// ("federation_id" or "name"); -1 when none.
func Lookalike(players []Player, p *Player) (int, string) {
	if q := lookalike(players, p); q != nil {
		return q.index, q.field
	}
	return -1, ""
}

// AdmitPlayers registers new players in the event e, which u manages and
// the transaction has locked, with paired rounds paired: players are the
// event's players followed by the fresh new ones, numbered after them.
// The new players are linked to the persons of the register their
// federation IDs name and stored; before round 1 the start list is
// numbered by rating again unless the arbiter numbers by hand; each new
// player has an audit entry at now with the reason. It is the one writer
// through which a pasted list (package entries) enters its players in its
// own transaction, and returns them as stored.
func AdmitPlayers(tx Tx, now time.Time, e *Event, u *User, players []Player, fresh, paired int, reason string) ([]Player, error) {
	existing, added := players[:len(players)-fresh], players[len(players)-fresh:]
	if err := linkToRegister(tx, e, existing, added); err != nil {
		return nil, err
	}
	if err := tx.CreatePlayers(added); err != nil {
		return nil, err
	}
	var ids []int64
	for _, p := range added {
		ids = append(ids, p.ID)
	}
	if paired == 0 && !e.ManualStartNumbers {
		if err := renumber(tx, players); err != nil {
			return nil, err
		}
	}
	var out []Player
	for _, id := range ids {
		p := findPlayer(players, id)
		out = append(out, *p)
		if err := Audit(tx, now, u, e.ID, ActionPlayerCreate, fmt.Sprintf("player %d", p.ID), nil, p, reason); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// LeaveEvent takes a player out of the event e before round 1 at the
// player's own word, as RemovePlayer does at the desk: the one writer
// through which a player withdraws their accepted entry (package entries)
// in the transaction that has locked e. account is the player's, whom the
// audit entry names as the one who left; the reason, which a player may
// leave empty, is kept with it.
func LeaveEvent(tx Tx, now time.Time, e *Event, account *User, playerID int64, reason string) error {
	players, p, err := removable(tx, e, playerID)
	if err != nil {
		return err
	}
	return removePlayer(tx, now, e, account, players, p, reason)
}

// WithdrawPlayer withdraws a player of the event e, which u manages and the
// transaction has locked, from the next round to pair, as UpdatePlayer
// does at the desk: the arbiter's confirmation of a player's own request
// to withdraw after round 1 (package entries). The withdrawal needs a
// reason, as at the desk.
func WithdrawPlayer(tx Tx, now time.Time, e *Event, u *User, playerID int64, reason string) (*Player, error) {
	paired, err := tx.CountRounds(e.ID)
	if err != nil {
		return nil, err
	}
	next := paired + 1
	return updatePlayer(tx, now, e, u, playerID, PlayerInput{WithdrawFromRound: &next}, reason)
}
