// Package review is the arbiter's review of a round before its players
// play it: two seats of a draft round swapped, a draft's boards replaced
// by the arbiter's own pairing (checked against the absolute criteria of
// a Swiss pairing, its warnings kept with the round), a draft deleted to
// be paired again, and the last round taken back to a draft while nothing
// has been entered in it.
//
// The round the pairing made and the one the arbiter makes of it are built
// and stored by the root (tournament.Service.NewRound, tournament.Service.ReplaceDraft,
// which keeps the round's openings or draws them again), so that a round is
// one thing whichever hand paired it. It knows no HTTP and no SQL.
package review

import (
	"context"
	"time"

	"adiukh/tournament"
)

// Audit actions of the review of rounds.
const (
	ActionRoundSwap      = "round.swap"
	ActionRoundEdit      = "round.edit"
	ActionRoundDelete    = "round.delete"
	ActionRoundUnpublish = "round.unpublish"
)

// Options plug the check of hand-made pairings and the clock into a
// Service.
type Options struct {
	// Check lists the absolute criteria a pairing of in.Round of a Swiss
	// event breaks; nil checks nothing.
	Check func(in tournament.PairingInput, pairings []tournament.Pairing) ([]tournament.PairingWarning, error)
	// Now is the clock; time.Now when nil.
	Now func() time.Time
}

// Store keeps the reviewed rounds on the tournament's database.
type Store interface {
	Update(ctx context.Context, fn func(tx Tx) error) error
}

// Tx is the part of the domain's transaction a review reads and writes:
// the event, its players and its rounds, the event's table of openings (a
// micro-match round's openings drawn again) and the audit log.
type Tx interface {
	tournament.EventTx
	tournament.PlayerTx
	tournament.RoundTx
	tournament.OpeningTx
	tournament.AuditWriter
}

// Service carries out the review of rounds. The signed-in user comes from
// the context, as for tournament.Service.
type Service struct {
	store  Store
	events *tournament.Service
	check  func(in tournament.PairingInput, pairings []tournament.Pairing) ([]tournament.PairingWarning, error)
	now    func() time.Time
}

// NewService returns the service over st; events stores a hand-made
// round in place of the draft.
func NewService(st Store, events *tournament.Service, opt Options) *Service {
	s := &Service{store: st, events: events, check: opt.Check, now: opt.Now}
	if s.now == nil {
		s.now = time.Now
	}
	return s
}
