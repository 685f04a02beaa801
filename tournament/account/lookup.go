package account

import (
	"context"
	"strings"

	"adiukh/tournament"
)

// User returns the account with that e-mail; a web session names its user
// by e-mail. A missing account is an ENOTFOUND error.
func (s *Service) User(ctx context.Context, email string) (*tournament.User, error) {
	var u *tournament.User
	err := s.store.View(ctx, func(tx Tx) (err error) {
		u, err = tx.UserByEmail(strings.ToLower(strings.TrimSpace(email)))
		return err
	})
	return u, err
}
