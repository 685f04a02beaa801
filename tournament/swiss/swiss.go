// Package swiss is what an arbiter does with a Swiss event beside pairing
// it: the byes players ask for before a round is paired (RequestBye) and
// the pairing cards that explain a round's boards (PairingCards). The
// pairing itself and the cards' engine are the root's plugs
// (tournament.Options Pairing and Swiss), which engines fills; a round's
// read carries its cards (tournament.Service.PairingCardsOf). It knows no
// HTTP and no SQL.
package swiss

import (
	"context"
	"fmt"
	"time"

	"adiukh/tournament"
)

// Service runs the Swiss use cases. The signed-in user comes from the
// context, as for tournament.Service.
type Service struct {
	store  tournament.Store
	events *tournament.Service
	now    func() time.Time
}

// NewService returns the service over the domain's store st; events
// explains the rounds; now is the clock of its audit entries,
// time.Now when nil.
func NewService(st tournament.Store, events *tournament.Service, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: st, events: events, now: now}
}

// RequestBye records that a player of a Swiss event sits out round n with a
// requested half- or zero-point bye; an empty kind takes the request back.
// The pairing of round n leaves the player out and enters the bye.
func (s *Service) RequestBye(ctx context.Context, eventID, playerID int64, n int, kind tournament.ByeKind, reason string) (*tournament.Player, error) {
	var player *tournament.Player
	err := s.store.Update(ctx, func(tx tournament.Tx) error {
		e, u, err := tournament.Manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if e.System != tournament.Swiss {
			return tournament.Invalid("system", "requested byes belong to Swiss events; %s is %s", e.Name, e.System)
		}
		if e.Discipline.IsTeam() {
			return tournament.Invalid("discipline", "requested byes belong to individual events; in a team event a player sits out a round when the team's line-up leaves him out")
		}
		// A finished event has no round left to pair, so none to ask a
		// bye for: reopening is the advice that applies.
		if err := e.TableOpen("round"); err != nil {
			return err
		}
		switch kind {
		case tournament.HalfByeRequest, tournament.ZeroByeRequest, "":
		default:
			return tournament.Invalid("kind", "unknown bye %q; use \"half\", \"zero\" or \"\" to take the request back", kind)
		}
		rounds, err := tx.Rounds(eventID)
		if err != nil {
			return err
		}
		if kind != "" && (n <= len(rounds) || (e.Rounds > 0 && n > e.Rounds)) {
			return tournament.Invalid("round", "a bye can be requested for a round not yet paired (%d to %d); got %d", len(rounds)+1, e.Rounds, n)
		}
		players, err := tx.Players(eventID)
		if err != nil {
			return err
		}
		if player = tournament.FindPlayer(players, playerID); player == nil {
			return tournament.NotFound("player %d of event %d not found", playerID, eventID)
		}
		if kind != "" && !player.PlaysIn(n) {
			return tournament.Conflict("round", "%s does not play in round %d (withdrawn or entering later)", player.Name, n)
		}
		before := *player
		player.ByeRound, player.ByeKind = n, kind
		if kind == "" {
			player.ByeRound = 0
		}
		if err := tx.UpdatePlayer(player); err != nil {
			return err
		}
		return tournament.Audit(tx, s.now(), u, eventID, tournament.ActionPlayerBye, fmt.Sprintf("player %d", player.StartNo), before, player, reason)
	})
	return player, err
}

// PairingCards explains the boards of round n of a Swiss event: floats and
// colour reasons, from the data the pairing engine used.
func (s *Service) PairingCards(ctx context.Context, eventID int64, n int) ([]tournament.PairingCard, error) {
	var cards []tournament.PairingCard
	err := s.store.View(ctx, func(tx tournament.Tx) error {
		e, err := tournament.Readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if e.System != tournament.Swiss {
			return tournament.Invalid("system", "pairing cards explain Swiss pairings; %s is %s", e.Name, e.System)
		}
		all, err := tx.Rounds(eventID)
		if err != nil {
			return err
		}
		r, err := tournament.FindRound(tournament.VisibleRounds(ctx, e, all), eventID, n)
		if err != nil {
			return err
		}
		players, err := tx.Players(eventID)
		if err != nil {
			return err
		}
		cards, err = s.events.PairingCardsOf(e, players, all, r)
		return err
	})
	return cards, err
}
