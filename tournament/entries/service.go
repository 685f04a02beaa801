// Package entries is how players come to an event and keep up with it:
// the arbiter's list of players registered at once, the calendar of events
// (and its iCalendar feeds), an event's regulations, entries to an event
// online (the arbiter's terms and conditions, the waiting list, acceptance
// and declining, told to the player), and a signed-in player's follows and
// own page. These are one area because they read each other: the calendar
// shows whether entries are open and the regulations attached, and the
// player's page lists the player's entries beside their games and follows.
//
// An accepted entry becomes the event's player through
// players.AdmitPlayer, which registers and links the player with their
// event audit entries in the entry's own transaction, and a list's players
// through players.AdmitPlayers; what the event's desk reads of the
// regulations (tournament.Regulations) is in package tournament, which
// never imports this one.
package entries

import (
	"context"
	"time"

	"adiukh/internal/keptparts"
	"adiukh/tournament"
)

// Options configure a Service.
type Options struct {
	// Now is the clock; time.Now when nil.
	Now func() time.Time
	// Notify mails players the arbiter's decisions on their entries, and
	// everyone in an event's plans its cancellation; nil mails nothing.
	// The site's inbox keeps every notice either way.
	Notify tournament.Notifier
	// KeepParts keeps what the accounts' own pages and calendars are made
	// of, event by event, by the events' versions (parts.go): a server's
	// service does; a site that makes every page afresh, to compare with,
	// does not.
	KeepParts bool
}

// Service carries out the use cases of entries, the calendar, regulations
// and follows.
type Service struct {
	store    Store
	now      func() time.Time
	notifier tournament.Notifier
	parts    *keptparts.Parts // nil: nothing kept
}

// NewService returns the service over st.
func NewService(st Store, opt Options) *Service {
	s := &Service{store: st, now: opt.Now, notifier: opt.Notify}
	if s.now == nil {
		s.now = time.Now
	}
	if opt.KeepParts {
		s.parts = keptparts.New(maxKeptParts)
	}
	return s
}

// Store keeps the area's data on the tournament's database.
type Store interface {
	Update(ctx context.Context, fn func(tx Tx) error) error
	View(ctx context.Context, fn func(tx Tx) error) error
}

// Tx is the store inside one transaction: the area's own parts and the
// tournament's transaction, whose players an accepted entry adds
// (players.AdmitPlayer) and whose events, players, rounds and persons
// the calendar and the player's page read.
type Tx interface {
	tournament.Tx
	EntryTx
	FollowTx
	RegulationsTx
	FeedTx
	AccountTx
	tournament.InboxTx
	VersionTx
}

// updateTelling runs fn in one transaction, keeps the notices it gathers
// in *told in their accounts' inboxes in that same transaction
// (tournament.Tell), and, once it is kept, hands them to the mail. fn sets
// *told afresh: a transaction tried again starts with none.
func (s *Service) updateTelling(ctx context.Context, told *[]tournament.Notice, fn func(tx Tx) error) error {
	err := s.store.Update(ctx, func(tx Tx) error {
		*told = nil
		if err := fn(tx); err != nil {
			return err
		}
		return tournament.Tell(tx, s.now(), *told)
	})
	if err != nil {
		return err
	}
	s.notify(ctx, *told...)
	return nil
}

// notify hands notices to the notifier, if any.
func (s *Service) notify(ctx context.Context, notices ...tournament.Notice) {
	if s.notifier == nil {
		return
	}
	for _, n := range notices {
		s.notifier(ctx, n)
	}
}
