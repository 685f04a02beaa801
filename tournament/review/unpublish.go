package review

import (
	"context"
	"fmt"
	"strings"

	"adiukh/tournament"
)

// UnpublishRound takes the last round back to a draft while nothing has
// been entered in it, so that a pairing published by mistake can be
// reviewed, swapped or deleted (an unplayed round undone). A round with any
// result entered stays published: its results are corrected one by one.
// The players may have seen the pairing already, so the arbiter says why;
// the audit log keeps the reason.
func (s *Service) UnpublishRound(ctx context.Context, eventID int64, n int, reason string) (*tournament.Round, error) {
	var round *tournament.Round
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := tournament.Manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if e.Discipline.PlayedOnServer() {
			// Every game of the section started with the round; a draft
			// round would leave them running outside any published round.
			return tournament.Conflict("", "the rounds of a correspondence section start all their games at once and stay published; round %d cannot be taken back to a draft", n)
		}
		if e.Online {
			// Its games started when it was published.
			return tournament.Conflict("", "round %d of an event played live started its games when it was published; it cannot be taken back to a draft", n)
		}
		var rounds []tournament.Round
		if rounds, round, err = tournament.StoredRound(tx, eventID, n); err != nil {
			return err
		}
		switch {
		case round.Status == tournament.Draft:
			return tournament.Conflict("", "round %d is not published", n)
		case n != len(rounds):
			return tournament.Conflict("", "only the last round (%d) can be taken back", len(rounds))
		case !round.Untouched():
			return tournament.Conflict("", "round %d already has results entered; correct them one by one instead", n)
		case strings.TrimSpace(reason) == "":
			return tournament.Invalid("reason", "say why round %d is taken back to a draft; the audit log keeps it", n)
		}
		before := round.Status
		round.Status = tournament.Draft
		if err := tx.UpdateRoundStatus(round); err != nil {
			return err
		}
		return tournament.Audit(tx, s.now(), u, eventID, ActionRoundUnpublish, fmt.Sprintf("round %d", n), before, tournament.Draft, reason)
	})
	return round, err
}

// DeleteDraftRound removes the last round while it is still a draft, so that
// it can be paired again (after a late entry or a correction).
func (s *Service) DeleteDraftRound(ctx context.Context, eventID int64, n int, reason string) error {
	return s.store.Update(ctx, func(tx Tx) error {
		_, u, err := tournament.Manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		rounds, round, err := tournament.StoredRound(tx, eventID, n)
		if err != nil {
			return err
		}
		switch {
		case round.Status != tournament.Draft:
			return tournament.Conflict("", "round %d is published; only a draft round can be deleted", n)
		case n != len(rounds):
			return tournament.Conflict("", "only the last round (%d) can be deleted", len(rounds))
		}
		if err := tx.DeleteRound(round); err != nil {
			return err
		}
		return tournament.Audit(tx, s.now(), u, eventID, ActionRoundDelete, fmt.Sprintf("round %d", n), tournament.BoardsView(round), nil, reason)
	})
}
