package tournament

import (
	"context"
	"fmt"
	"strings"
)

// ActionRoundUnpublish records a round taken back to a draft.
const ActionRoundUnpublish = "round.unpublish"

// Untouched reports whether no game of the round has changed since it was
// paired: a stored game starts at version 1 and every result entered raises
// it, so a round of version-1 games has had nothing entered.
func (r Round) Untouched() bool {
	for _, g := range r.Games {
		if g.Version != 1 {
			return false
		}
	}
	return true
}

// UnpublishRound takes the last round back to a draft while nothing has
// been entered in it, so that a pairing published by mistake can be
// reviewed, swapped or deleted (an unplayed round undone). A round with any
// result entered stays published: its results are corrected one by one.
// The players may have seen the pairing already, so the arbiter says why;
// the audit log keeps the reason.
func (s *Service) UnpublishRound(ctx context.Context, eventID int64, n int, reason string) (*Round, error) {
	var round *Round
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if e.Discipline.PlayedOnServer() {
			// Every game of the section started with the round; a draft
			// round would leave them running outside any published round.
			return Conflict("", "the rounds of a correspondence section start all their games at once and stay published; round %d cannot be taken back to a draft", n)
		}
		if e.Online {
			// Its games started when it was published.
			return Conflict("", "round %d of an event played live started its games when it was published; it cannot be taken back to a draft", n)
		}
		var rounds []Round
		if rounds, round, err = storedRound(tx, eventID, n); err != nil {
			return err
		}
		switch {
		case round.Status == Draft:
			return Conflict("", "round %d is not published", n)
		case n != len(rounds):
			return Conflict("", "only the last round (%d) can be taken back", len(rounds))
		case !round.Untouched():
			return Conflict("", "round %d already has results entered; correct them one by one instead", n)
		case strings.TrimSpace(reason) == "":
			return Invalid("reason", "say why round %d is taken back to a draft; the audit log keeps it", n)
		}
		before := round.Status
		round.Status = Draft
		if err := tx.UpdateRoundStatus(round); err != nil {
			return err
		}
		return Audit(tx, s.now(), u, eventID, ActionRoundUnpublish, fmt.Sprintf("round %d", n), before, Draft, reason)
	})
	return round, err
}
