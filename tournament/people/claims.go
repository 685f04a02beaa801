package people

import (
	"context"

	"adiukh/tournament"
)

// A player's account is linked to their person of the register by a
// request (tournament.PersonClaim) that an administrator or an arbiter
// confirms: never silently, since the link shows the person's ratings and
// events as the account holder's own.

// Register audit actions of the requests.
const (
	ActionClaimCreate  = "person.claim"
	ActionClaimConfirm = "person.claim.confirm"
	ActionClaimDecline = "person.claim.decline"
)

// ClaimTx keeps the requests; tournament.PersonClaimTx reads them.
type ClaimTx interface {
	CreateClaim(c *tournament.PersonClaim) error
	UpdateClaim(c *tournament.PersonClaim) error
	// Claim reads one request; ENOTFOUND when none.
	Claim(id int64) (*tournament.PersonClaim, error)
}

// ClaimPerson asks, for the signed-in account, to be linked to the person:
// "this is me". An account has one person and a person one account; a
// second request waits for the first to be decided.
func (s *Service) ClaimPerson(ctx context.Context, personID int64) (*tournament.PersonClaim, error) {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return nil, tournament.Unauthorized("sign in to link your account to the register")
	}
	c := &tournament.PersonClaim{UserID: u.ID, PersonID: personID, Status: tournament.ClaimPending, CreatedAt: s.now().UTC()}
	err := s.store.Update(ctx, func(tx Tx) error {
		p, err := tx.Person(personID)
		if err != nil {
			return err
		}
		if p.MergedInto != 0 {
			return tournament.Conflict("", "person %d was merged into person %d; ask for that one", p.ID, p.MergedInto)
		}
		mine, err := tx.Claims("", u.ID, 0)
		if err != nil {
			return err
		}
		for _, m := range mine {
			switch m.Status {
			case tournament.ClaimConfirmed:
				return tournament.Conflict("", "your account is linked to person %d already", m.PersonID)
			case tournament.ClaimPending:
				return tournament.Conflict("", "your request for person %d waits for a decision", m.PersonID)
			}
		}
		theirs, err := tx.Claims(tournament.ClaimConfirmed, 0, personID)
		if err != nil {
			return err
		}
		if len(theirs) > 0 {
			return tournament.Conflict("", "person %d is linked to another account; ask an administrator if it is you", personID)
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
	tournament.PersonClaim
	User   tournament.User
	Person tournament.Person
}

// PendingClaims lists the requests waiting, for administrators and
// arbiters.
func (s *Service) PendingClaims(ctx context.Context) ([]ClaimView, error) {
	if _, err := mayAddPeople(ctx); err != nil {
		return nil, err
	}
	var out []ClaimView
	err := s.store.View(ctx, func(tx Tx) error {
		claims, err := tx.Claims(tournament.ClaimPending, 0, 0)
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
			out = append(out, ClaimView{PersonClaim: c, User: tournament.User{ID: u.ID, Email: u.Email, Name: u.Name}, Person: *p})
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
		if reason, err = tournament.CleanText("reason", reason, 1000, true); err != nil {
			return tournament.Invalid("reason", "say why the request is declined; the player reads it")
		}
	}
	return s.store.Update(ctx, func(tx Tx) error {
		c, err := tx.Claim(claimID)
		if err != nil {
			return err
		}
		if c.Status != tournament.ClaimPending {
			return tournament.Conflict("", "request %d is decided already", c.ID)
		}
		before := *c
		c.Status, c.Reason, c.DecidedAt, c.DecidedBy = tournament.ClaimDeclined, reason, s.now().UTC(), u.ID
		action := ActionClaimDecline
		if confirm {
			theirs, err := tx.Claims(tournament.ClaimConfirmed, 0, c.PersonID)
			if err != nil {
				return err
			}
			if len(theirs) > 0 {
				return tournament.Conflict("", "person %d is linked to another account", c.PersonID)
			}
			c.Status, c.Reason, action = tournament.ClaimConfirmed, "", ActionClaimConfirm
		}
		if err := tx.UpdateClaim(c); err != nil {
			return err
		}
		return s.registerAudit(tx, u, action, c.PersonID, before, c)
	})
}
