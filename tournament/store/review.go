package store

import (
	"context"

	"adiukh/tournament/review"
)

// Review is the store of the arbiter's review of rounds
// (tournament/review): the domain's own tables.
func (s *Store) Review() review.Store { return reviewStore{s} }

type reviewStore struct{ s *Store }

func (m reviewStore) Update(ctx context.Context, fn func(tx review.Tx) error) error {
	return m.s.run(ctx, m.s.db, nil, func(t *tx) error { return fn(t) })
}
