// Package people keeps the federation's register of people: persons with
// their federation IDs and Latin names, the search of the register, likely
// duplicates and their merges (undone while the ratings they moved stand),
// the persons' photos, accounts linked to persons on a request someone
// confirms, and the desk's matching of an event's players to the register.
// An event's player is linked to a person through linkPerson,
// which writes the event's audit log in the same transaction; what the
// events read of the register (tournament.Person, tournament.PersonTx) is
// in package tournament, which never imports this one.
package people

import (
	"context"
	"encoding/json"
	"time"

	"adiukh/tournament"
)

// Options configure a Service.
type Options struct {
	// Now is the clock; time.Now when nil.
	Now func() time.Time
}

// Service carries out the use cases of the register.
type Service struct {
	store Store
	now   func() time.Time
}

// NewService returns the register's service over st.
func NewService(st Store, opt Options) *Service {
	s := &Service{store: st, now: opt.Now}
	if s.now == nil {
		s.now = time.Now
	}
	return s
}

// Store keeps the register on the tournament's database.
type Store interface {
	Update(ctx context.Context, fn func(tx Tx) error) error
	View(ctx context.Context, fn func(tx Tx) error) error
}

// Tx is the store inside one transaction: the register's own parts, and
// the parts of the tournament's transaction it reads and writes (an
// event's players linked to persons, in the event's audit log; the
// accounts that ask to be linked).
type Tx interface {
	tournament.EventTx
	Players(eventID int64) ([]tournament.Player, error)
	// PlayerAccounts maps the event's player IDs to their accounts.
	PlayerAccounts(eventID int64) (map[int64]tournament.User, error)
	linkWriter
	tournament.UserTx
	tournament.PersonTx
	tournament.PersonClaimTx
	RegisterTx
	ClaimTx
	PhotoTx
}

// mayAddPeople: administrators and arbiters add people to the register
// (an arbiter meets new players at registration).
func mayAddPeople(ctx context.Context) (*tournament.User, error) {
	u := tournament.UserFromContext(ctx)
	switch {
	case u == nil:
		return nil, tournament.Unauthorized("sign in to keep the register of people")
	case u.Role != tournament.Admin && u.Role != tournament.ArbiterRole:
		return nil, tournament.Forbidden("only administrators and arbiters add people to the register")
	}
	return u, nil
}

// may tells a view whether the reader passes a check of what they may do.
func may(_ *tournament.User, err error) bool { return err == nil }

// mayEditPeople: the federation's administrators change, merge and unmerge
// persons.
func mayEditPeople(ctx context.Context) (*tournament.User, error) {
	u := tournament.UserFromContext(ctx)
	switch {
	case u == nil:
		return nil, tournament.Unauthorized("sign in to keep the register of people")
	case u.Role != tournament.Admin:
		return nil, tournament.Forbidden("only administrators change and merge the persons of the register")
	}
	return u, nil
}

func (s *Service) registerAudit(tx RegisterTx, u *tournament.User, action string, personID int64, before, after any) error {
	a := &RegisterAudit{At: s.now().UTC(), UserID: u.ID, UserEmail: u.Email, Action: action, PersonID: personID}
	for _, v := range []struct {
		in  any
		out *string
	}{{before, &a.Before}, {after, &a.After}} {
		if v.in == nil {
			continue
		}
		b, err := json.Marshal(v.in)
		if err != nil {
			return err
		}
		*v.out = string(b)
	}
	return tx.AddRegisterAudit(a)
}
