package relay

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"adiukh/tournament"
)

// Operators are the accounts the arbiter named to tap round n's moves.
func (s *Service) Operators(ctx context.Context, eventID int64, n int) ([]tournament.User, error) {
	var out []tournament.User
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := tournament.Readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if err := tournament.MayManage(ctx, e); err != nil {
			return err
		}
		ids, err := tx.RelayOperators(eventID, n)
		if err != nil {
			return err
		}
		for _, id := range ids {
			u, err := tx.UserByID(id)
			if err != nil {
				return err
			}
			out = append(out, *u)
		}
		return nil
	})
	return out, err
}

// NameOperator names the account with that e-mail an operator of round n
// (named false: no longer one), audited.
func (s *Service) NameOperator(ctx context.Context, eventID int64, n int, email string, named bool) error {
	return s.store.Update(ctx, func(tx Tx) error {
		e, u, err := tournament.Manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if _, _, err := tournament.StoredRound(tx, eventID, n); err != nil {
			return err
		}
		op, err := tx.UserByEmail(strings.TrimSpace(email))
		if tournament.ErrorCode(err) == tournament.ENOTFOUND {
			return tournament.Invalid("email", "no account has the e-mail %s", email)
		}
		if err != nil {
			return err
		}
		ids, err := tx.RelayOperators(eventID, n)
		if err != nil {
			return err
		}
		if slices.Contains(ids, op.ID) == named {
			return nil
		}
		if err := tx.SetRelayOperator(eventID, n, op.ID, named); err != nil {
			return err
		}
		before, after := "", op.Email
		if !named {
			before, after = op.Email, ""
		}
		return tournament.Audit(tx, s.now(), u, e.ID, ActionOperator, fmt.Sprintf("round %d", n), before, after, "")
	})
}

// MakeLink makes the one-time link of round n's operators: its key, which
// the link carries. It lets its holder tap the round's moves and nothing
// else, and expires when the round's results are all in.
func (s *Service) MakeLink(ctx context.Context, eventID int64, n int) (string, error) {
	return s.makeKey(ctx, eventID, n, Operator)
}

// MakePushKey makes a key that pushes the games of every round of the
// event and does nothing else: for an e-board's bridge.
func (s *Service) MakePushKey(ctx context.Context, eventID int64) (string, error) {
	return s.makeKey(ctx, eventID, 0, Push)
}

func (s *Service) makeKey(ctx context.Context, eventID int64, n int, kind Source) (string, error) {
	value, hash, err := newKey()
	if err != nil {
		return "", err
	}
	err = s.store.Update(ctx, func(tx Tx) error {
		e, u, err := tournament.Manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		action, subject := ActionPushKey, "event"
		if n != 0 {
			_, r, err := tournament.StoredRound(tx, eventID, n)
			if err != nil {
				return err
			}
			if err := relayable(e, r); err != nil {
				return err
			}
			action, subject = ActionLink, fmt.Sprintf("round %d", n)
		}
		if err := tx.CreateRelayKey(&Key{Hash: hash, EventID: eventID, Round: n, Kind: kind, CreatedBy: u.ID, CreatedAt: s.now()}); err != nil {
			return err
		}
		return tournament.Audit(tx, s.now(), u, eventID, action, subject, nil, nil, "")
	})
	if err != nil {
		return "", err
	}
	return value, nil
}

// KeyRound is the event and round a relay key serves (round 0: every
// round), for the operator's page the link opens; ENOTFOUND for a key
// that is none.
func (s *Service) KeyRound(ctx context.Context, key string) (int64, int, error) {
	var k *Key
	err := s.store.View(ctx, func(tx Tx) (err error) {
		k, err = tx.RelayKey(hashKey(key))
		return err
	})
	if err != nil {
		return 0, 0, err
	}
	return k.EventID, k.Round, nil
}
