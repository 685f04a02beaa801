package store

import "context"

// HasUsers reports whether any account exists; on a fresh database the
// server offers a one-time link to create the first administrator.
func (s *Store) HasUsers(ctx context.Context) (bool, error) {
	var n int64
	err := s.read.WithContext(ctx).Model(&userRow{}).Limit(1).Count(&n).Error
	return n > 0, err
}
