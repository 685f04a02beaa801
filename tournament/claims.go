package tournament

import (
	"context"
	"time"
)

// A player's account is linked to their person of the register by a
// request that an administrator or an arbiter confirms: never silently,
// since the link shows the person's ratings and events as the account
// holder's own.

// ClaimStatus is where a request for a person is.
type ClaimStatus string

const (
	ClaimPending   ClaimStatus = "pending"
	ClaimConfirmed ClaimStatus = "confirmed" // the account is the person's
	ClaimDeclined  ClaimStatus = "declined"
)

// PersonClaim is an account's request to be linked to a person.
type PersonClaim struct {
	ID        int64
	UserID    int64
	PersonID  int64
	Status    ClaimStatus
	Reason    string // why it was declined
	CreatedAt time.Time
	DecidedAt time.Time
	DecidedBy int64
}

// Register audit actions of the requests.
const (
	ActionClaimCreate  = "person.claim"
	ActionClaimConfirm = "person.claim.confirm"
	ActionClaimDecline = "person.claim.decline"
)

// PersonClaimTx keeps the requests.
type PersonClaimTx interface {
	CreateClaim(c *PersonClaim) error
	UpdateClaim(c *PersonClaim) error
	// Claim reads one request; ENOTFOUND when none.
	Claim(id int64) (*PersonClaim, error)
	// Claims lists the requests, oldest first, narrowed by what is given
	// (a zero value narrows nothing).
	Claims(status ClaimStatus, userID, personID int64) ([]PersonClaim, error)
}

// ClaimPerson asks, for the signed-in account, to be linked to the person:
// "this is me". An account has one person and a person one account; a
// second request waits for the first to be decided.
func (s *Service) ClaimPerson(ctx context.Context, personID int64) (*PersonClaim, error) {
	u := UserFromContext(ctx)
	if u == nil {
		return nil, Unauthorized("sign in to link your account to the register")
	}
	c := &PersonClaim{UserID: u.ID, PersonID: personID, Status: ClaimPending, CreatedAt: s.now().UTC()}
	err := s.store.Update(ctx, func(tx Tx) error {
		p, err := tx.Person(personID)
		if err != nil {
			return err
		}
		if p.MergedInto != 0 {
			return Conflict("", "person %d was merged into person %d; ask for that one", p.ID, p.MergedInto)
		}
		mine, err := tx.Claims("", u.ID, 0)
		if err != nil {
			return err
		}
		for _, m := range mine {
			switch m.Status {
			case ClaimConfirmed:
				return Conflict("", "your account is linked to person %d already", m.PersonID)
			case ClaimPending:
				return Conflict("", "your request for person %d waits for a decision", m.PersonID)
			}
		}
		theirs, err := tx.Claims(ClaimConfirmed, 0, personID)
		if err != nil {
			return err
		}
		if len(theirs) > 0 {
			return Conflict("", "person %d is linked to another account; ask an administrator if it is you", personID)
		}
		if err := tx.CreateClaim(c); err != nil {
			return err
		}
		return s.registerAudit(tx, u, ActionClaimCreate, personID, nil, c)
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

// ClaimView is a request with its account and person, for those who
// decide.
type ClaimView struct {
	PersonClaim
	User   User
	Person Person
}

// PendingClaims lists the requests waiting, for administrators and
// arbiters.
func (s *Service) PendingClaims(ctx context.Context) ([]ClaimView, error) {
	if _, err := mayAddPeople(ctx); err != nil {
		return nil, err
	}
	var out []ClaimView
	err := s.store.View(ctx, func(tx Tx) error {
		claims, err := tx.Claims(ClaimPending, 0, 0)
		if err != nil {
			return err
		}
		for _, c := range claims {
			u, err := tx.UserByID(c.UserID)
			if err != nil {
				return err
			}
			p, err := tx.Person(c.PersonID)
			if err != nil {
				return err
			}
			out = append(out, ClaimView{PersonClaim: c, User: User{ID: u.ID, Email: u.Email, Name: u.Name}, Person: *p})
		}
		return nil
	})
	return out, err
}

// DecideClaim confirms a request (the account is the person's) or declines
// it with the reason, for an administrator or an arbiter.
func (s *Service) DecideClaim(ctx context.Context, claimID int64, confirm bool, reason string) error {
	u, err := mayAddPeople(ctx)
	if err != nil {
		return err
	}
	if !confirm {
		if reason, err = cleanText("reason", reason, 1000, true); err != nil {
			return Invalid("reason", "say why the request is declined; the player reads it")
		}
	}
	return s.store.Update(ctx, func(tx Tx) error {
		c, err := tx.Claim(claimID)
		if err != nil {
			return err
		}
		if c.Status != ClaimPending {
			return Conflict("", "request %d is decided already", c.ID)
		}
		before := *c
		c.Status, c.Reason, c.DecidedAt, c.DecidedBy = ClaimDeclined, reason, s.now().UTC(), u.ID
		action := ActionClaimDecline
		if confirm {
			theirs, err := tx.Claims(ClaimConfirmed, 0, c.PersonID)
			if err != nil {
				return err
			}
			if len(theirs) > 0 {
				return Conflict("", "person %d is linked to another account", c.PersonID)
			}
			c.Status, c.Reason, action = ClaimConfirmed, "", ActionClaimConfirm
		}
		if err := tx.UpdateClaim(c); err != nil {
			return err
		}
		return s.registerAudit(tx, u, action, c.PersonID, before, c)
	})
}

// MyPerson is the signed-in account's person and its latest request: the
// person when linked, the request while it waits or after a decline.
func (s *Service) MyPerson(ctx context.Context) (*Person, *PersonClaim, error) {
	u := UserFromContext(ctx)
	if u == nil {
		return nil, nil, nil
	}
	var p *Person
	var last *PersonClaim
	err := s.store.View(ctx, func(tx Tx) error {
		claims, err := tx.Claims("", u.ID, 0)
		if err != nil || len(claims) == 0 {
			return err
		}
		last = &claims[len(claims)-1]
		for _, c := range claims {
			if c.Status == ClaimConfirmed {
				if p, err = personOf(tx, c.PersonID); err != nil {
					return err
				}
			}
		}
		return nil
	})
	return p, last, err
}

// linkedPerson is the person an account is linked to by a confirmed
// request; nil when none.
func linkedPerson(tx interface {
	PersonTx
	PersonClaimTx
}, userID int64) (*Person, error) {
	claims, err := tx.Claims(ClaimConfirmed, userID, 0)
	if err != nil || len(claims) == 0 {
		return nil, err
	}
	return personOf(tx, claims[0].PersonID)
}
