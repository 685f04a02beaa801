// Package dutch pairs the next round of a Swiss tournament by the FIDE Dutch
// system (Handbook C.04.3, the rules in force from February 2026).
//
// It is pure and deterministic: a Tournament (the players' past rounds and
// who is absent next) goes in, a Pairing (boards with colours, in board
// order, and the pairing-allocated bye) comes out. It knows nothing of files,
// databases or the adiukh domain; package trf and the tournament service
// convert their data into a Tournament.
//
// The pairing is computed as a sequence of maximum-weight matchings whose
// edge weights encode the absolute and quality criteria in order, in the
// formulation of bbpPairings, so that both programs produce identical
// pairings; see docs/pairing.md.
package dutch

import (
	"errors"
	"fmt"
)

// Color is a piece colour.
type Color int8

// The colours; NoColor means none (no game, or no preference).
const (
	NoColor Color = iota
	White
	Black
)

func (c Color) invert() Color {
	switch c {
	case White:
		return Black
	case Black:
		return White
	}
	return NoColor
}

// Outcome is a player's result in one round.
type Outcome int8

// The outcomes, from the player's side.
const (
	Loss Outcome = iota
	Draw
	Win
)

// Round is one player's record of one earlier round.
type Round struct {
	Opponent int     // pairing number of the opponent; 0 when the player had none
	Color    Color   // colour the player had; NoColor when no game was paired
	Outcome  Outcome // the result scored (a half-point bye is a Draw, a forfeit win a Win…)
	// Played is true when the game was played over the board; forfeits,
	// byes and absences are not played games (C.04.3 A.6, colour and float
	// rules count played games only).
	Played bool
	// Paired is true when the pairing system paired the player in this
	// round: a game, a forfeit, or the pairing-allocated bye. Requested byes
	// and absences are not paired.
	Paired bool
}

// Player is one player of the tournament.
type Player struct {
	ID int // pairing number (1-based)
	// History holds rounds 1, 2, …; missing trailing rounds count as absences.
	History []Round
	// Acceleration optionally gives virtual points per round (index 0 is
	// round 1), in the units of Points, for accelerated pairings.
	Acceleration []int
	// Absent players are not paired in the next round: withdrawn, or on a
	// requested (half- or zero-point) bye.
	Absent bool
}

// Points is the scoring table, in any consistent unit (e.g. tenths of a
// point, or Adiukh's 2/1/0).
type Points struct {
	Win, Draw, Loss int
	ZeroPointBye    int // scored for an absence or a requested zero-point bye
	ForfeitLoss     int
	PairingBye      int // scored for the pairing-allocated bye
}

// StandardPoints is the FIDE scoring 1 / ½ / 0 in tenths of a point.
var StandardPoints = Points{Win: 10, Draw: 5, Loss: 0, ZeroPointBye: 0, ForfeitLoss: 0, PairingBye: 10}

// Tournament is the state before the round to be paired.
type Tournament struct {
	// Players in ranking order (by pairing number unless the event ranks
	// otherwise); their order gives the tie-breaks of the Dutch system.
	Players      []Player
	PlayedRounds int // rounds already paired and played
	TotalRounds  int // rounds planned for the event
	Points       Points
	// InitialColor is the colour of the top-ranked player in round 1; when
	// NoColor it is inferred from the history, or White before round 1.
	InitialColor Color
	// Forbidden lists groups of pairing numbers that must not meet (e.g.
	// players of the same club, when the event forbids it).
	Forbidden [][]int
	// Baku applies the Baku acceleration (C.04.5.1) from the ranking order.
	Baku bool
}

// Board is one game of the pairing, by pairing number.
type Board struct{ White, Black int }

// Pairing is the pairing of one round.
type Pairing struct {
	Boards []Board // in board order
	Bye    int     // pairing number of the player given the pairing-allocated bye; 0 when none
}

// ErrNoPairing is returned (wrapped) when no pairing satisfies the absolute
// criteria.
var ErrNoPairing = errors.New("no pairing satisfies the absolute criteria")

// noPairing is the error of a round whose players cannot all be paired: it
// wraps ErrNoPairing, and says to people what that means for the round.
type noPairing struct{}

func (noPairing) Error() string { return ErrNoPairing.Error() + ": the players cannot all be paired" }

func (noPairing) Unwrap() error { return ErrNoPairing }

// Phrase gives the message to a catalogue of translations (as
// tournament/catalog), which words it in the reader's language.
func (noPairing) Phrase() (string, []any) {
	return "no legal pairing exists: the absolute criteria (no rematch, colours, bye) cannot all be met", nil
}

// InputError describes a Tournament that cannot be paired as given. Format
// and Args are the English message as a gettext-style message ID and its
// arguments, for the translated (Russian) text.
type InputError struct {
	Player int // pairing number concerned, 0 when none
	Format string
	Args   []any
}

func inputError(player int, format string, args ...any) *InputError {
	return &InputError{Player: player, Format: format, Args: args}
}

func (e *InputError) Error() string {
	msg := fmt.Sprintf(e.Format, e.Args...)
	if e.Player != 0 {
		return fmt.Sprintf("player %d: %s", e.Player, msg)
	}
	return msg
}

// Phrase gives the message to a catalogue of translations (as
// tournament/catalog), which words it in the reader's language, after the
// player it concerns.
func (e *InputError) Phrase() (string, []any) {
	if e.Player != 0 {
		return "player %d: %s", []any{e.Player, phrase{e.Format, e.Args}}
	}
	return e.Format, e.Args
}

// phrase is a message inside another, translated with it.
type phrase struct {
	format string
	args   []any
}

func (p phrase) Phrase() (string, []any) { return p.format, p.args }
