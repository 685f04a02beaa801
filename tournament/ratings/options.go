package ratings

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/rating"
)

// The bounds of a list's initial rating: below 100 the expected scores of
// the formula stop meaning anything on a federation's scale, and no one
// enters a list as a grandmaster.
const (
	MinInitial = 100
	MaxInitial = 3000
)

// SetOptions sets a list's options, for an administrator: the initial
// rating of newcomers (MinInitial … MaxInitial) and whether games are
// scored by the points' share. The next period to close is rated with
// them; the periods closed before keep the options they were rated with.
// A change is written to the rating lists' audit log in the same
// transaction.
func (s *Service) SetOptions(ctx context.Context, list string, opt rating.Options) (rating.Options, error) {
	u := tournament.UserFromContext(ctx)
	switch {
	case u == nil:
		return opt, tournament.Unauthorized("sign in to set a rating list's options")
	case u.Role != tournament.Admin:
		return opt, tournament.Forbidden("only administrators set the options of rating lists")
	}
	if err := checkList(list); err != nil {
		return opt, err
	}
	if opt.Initial < MinInitial || opt.Initial > MaxInitial {
		return opt, tournament.Invalid("initial", "the initial rating is %d; it is between %d and %d", opt.Initial, MinInitial, MaxInitial)
	}
	err := s.store.Update(ctx, func(tx Tx) error {
		if err := tx.LockList(list); err != nil {
			return err
		}
		before, err := tx.Options(list)
		if err != nil || before == opt {
			return err
		}
		if err := tx.SaveOptions(list, opt); err != nil {
			return err
		}
		return tx.AddRatingAudit(&AuditEntry{At: s.now().UTC(), UserID: u.ID, UserEmail: u.Email, List: list, Action: ActionOptionsSet,
			Before: tournament.Snapshot(before), After: tournament.Snapshot(opt)})
	})
	return opt, err
}

// OptionsChange is one change of a list's options, as its audit log keeps
// it.
type OptionsChange struct {
	At            time.Time
	UserEmail     string
	Before, After rating.Options
}

func optionsLog(tx Tx, list string) ([]OptionsChange, error) {
	entries, err := tx.RatingAudit(list)
	if err != nil {
		return nil, err
	}
	var out []OptionsChange
	for _, a := range entries {
		if a.Action != ActionOptionsSet {
			continue
		}
		ch := OptionsChange{At: a.At, UserEmail: a.UserEmail}
		if err := json.Unmarshal([]byte(a.Before), &ch.Before); err != nil {
			return nil, fmt.Errorf("rating audit entry %d: %w", a.ID, err)
		}
		if err := json.Unmarshal([]byte(a.After), &ch.After); err != nil {
			return nil, fmt.Errorf("rating audit entry %d: %w", a.ID, err)
		}
		out = append(out, ch)
	}
	return out, nil
}
