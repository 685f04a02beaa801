// Package interchange is the events adiukh exchanges with other programs
// as TRF files: an event written as a TRF file as it stands before its
// next round, so that any Dutch engine (bbpPairings, JaVaFo) pairs it as
// adiukh does, and a TRF file another program wrote imported as a new
// event with its players and its rounds.
//
// The files are read and written by the plug-ins of Options, which package
// engines fills from the pure package trf. The imported event is checked
// as a new event is at the desk (tournament.Service.NewEvent), its players'
// details as a registered player's (players.ApplyDetails)
// and its players linked to the register as a pasted list's are
// (players.LinkPeople). It knows no HTTP and no SQL.
package interchange

import (
	"context"
	"io"
	"time"

	"adiukh/tournament"
)

// ActionEventTRF is the audit action of an imported event.
const ActionEventTRF = "event.import_trf"

// EventImport is an event read from a file, to be created as a new event:
// its players by start number and its rounds with results. Games name
// players by start number (WhiteNo, BlackNo).
type EventImport struct {
	Event   tournament.EventInput
	Players []tournament.Player
	Rounds  []tournament.Round
}

// Options plug the file formats and the clock into a Service. A format
// left nil answers that it is not available.
type Options struct {
	// WriteTRF writes the event as a TRF file, ready to pair in.Round.
	WriteTRF func(w io.Writer, in tournament.PairingInput) error
	// ReadTRF reads a TRF file as an event of the game (the file's own
	// when "") to import; its errors name the line and column.
	ReadTRF func(r io.Reader, game tournament.GameKind) (*EventImport, error)
	// Now is the clock; time.Now when nil.
	Now func() time.Time
}

// Store keeps the exchanged events on the tournament's database.
type Store interface {
	Update(ctx context.Context, fn func(tx Tx) error) error
	View(ctx context.Context, fn func(tx Tx) error) error
}

// Tx is the part of the domain's transaction an exchange reads and
// writes: the event, its players and its rounds, the persons of the
// register its players are linked to, and the audit log.
type Tx interface {
	tournament.EventTx
	tournament.PlayerTx
	tournament.RoundTx
	tournament.PersonTx
	tournament.AuditWriter
}

// Service carries out the exchange of events. The signed-in user comes
// from the context, as for tournament.Service.
type Service struct {
	store    Store
	events   *tournament.Service
	writeTRF func(w io.Writer, in tournament.PairingInput) error
	readTRF  func(r io.Reader, game tournament.GameKind) (*EventImport, error)
	now      func() time.Time
}

// NewService returns the service over st; events checks an imported
// event's settings as it checks a new event's.
func NewService(st Store, events *tournament.Service, opt Options) *Service {
	s := &Service{store: st, events: events, writeTRF: opt.WriteTRF, readTRF: opt.ReadTRF, now: opt.Now}
	if s.now == nil {
		s.now = time.Now
	}
	return s
}
