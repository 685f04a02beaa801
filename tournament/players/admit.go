package players

import (
	"fmt"
	"time"

	"adiukh/tournament"
)

// The writers through which the other areas enter and take out an event's
// players in their own transactions, as the desk does.

// AdmitPlayer registers a player in the event e, which u manages and the
// transaction has locked, and gives it the account, each with its entry in
// the event's audit log at now: the one writer through which an accepted
// entry (package entries) becomes the event's player in the entry's own
// transaction, as correspondence stores a game through tournament.StoreGame.
func AdmitPlayer(tx tournament.Tx, now time.Time, e *tournament.Event, u *tournament.User, in tournament.PlayerInput, account *tournament.User) (*tournament.Player, error) {
	p, err := registerPlayer(tx, now, e, u, in)
	if err != nil {
		return nil, err
	}
	return p, tournament.LinkPlayerAccount(tx, now, u, e.ID, p.ID, account)
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
func AdmitPlayers(tx tournament.Tx, now time.Time, e *tournament.Event, u *tournament.User, players []tournament.Player, fresh, paired int, reason string) ([]tournament.Player, error) {
	existing, added := players[:len(players)-fresh], players[len(players)-fresh:]
	if err := LinkToRegister(tx, e, existing, added); err != nil {
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
	var out []tournament.Player
	for _, id := range ids {
		p := tournament.FindPlayer(players, id)
		out = append(out, *p)
		if err := tournament.Audit(tx, now, u, e.ID, tournament.ActionPlayerCreate, fmt.Sprintf("player %d", p.ID), nil, p, reason); err != nil {
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
func LeaveEvent(tx tournament.Tx, now time.Time, e *tournament.Event, account *tournament.User, playerID int64, reason string) error {
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
func WithdrawPlayer(tx tournament.Tx, now time.Time, e *tournament.Event, u *tournament.User, playerID int64, reason string) (*tournament.Player, error) {
	paired, err := tx.CountRounds(e.ID)
	if err != nil {
		return nil, err
	}
	next := paired + 1
	return updatePlayer(tx, now, e, u, playerID, tournament.PlayerInput{WithdrawFromRound: &next}, reason)
}
