package entries

import (
	"context"

	"adiukh/tournament"
)

// Inbox lists the signed-in account's notices on the site, newest first,
// at most limit: every notice this area tells (tournament.Tell), whether
// or not it was also mailed.
func (s *Service) Inbox(ctx context.Context, limit int) ([]tournament.KeptNotice, error) {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return nil, tournament.Unauthorized("sign in to read your notifications")
	}
	var out []tournament.KeptNotice
	err := s.store.View(ctx, func(tx Tx) (err error) {
		out, err = tx.Inbox(u.ID, limit)
		return err
	})
	return out, err
}

// MarkNoticesRead marks the signed-in account's notices read; numbers of
// others' notices change nothing.
func (s *Service) MarkNoticesRead(ctx context.Context, ids []int64) error {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return tournament.Unauthorized("sign in to read your notifications")
	}
	return s.store.Update(ctx, func(tx Tx) error { return tx.MarkNoticesRead(u.ID, ids) })
}
