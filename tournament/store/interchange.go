package store

import (
	"context"

	"adiukh/tournament/interchange"
)

// Interchange is the store of the events exchanged with other programs
// (tournament/interchange): the domain's own tables, written by an import
// in short transactions.
func (s *Store) Interchange() interchange.Store { return interchangeStore{s} }

type interchangeStore struct{ s *Store }

func (m interchangeStore) Update(ctx context.Context, fn func(tx interchange.Tx) error) error {
	return m.s.run(ctx, m.s.db, nil, func(t *tx) error { return fn(t) })
}

func (m interchangeStore) View(ctx context.Context, fn func(tx interchange.Tx) error) error {
	return m.s.run(ctx, m.s.read, m.s.viewOptions(), func(t *tx) error { return fn(t) })
}
