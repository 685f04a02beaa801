package tournament

import (
	"context"
	"fmt"
)

// ActionRoundSwap records an arbiter's change to a draft round's pairings.
const ActionRoundSwap = "round.swap"

// Seat is one side of one board: the board number and the colour.
type Seat struct {
	Board int
	White bool
}

func (s Seat) String() string {
	if s.White {
		return fmt.Sprintf("board %d white", s.Board)
	}
	return fmt.Sprintf("board %d black", s.Board)
}

// SwapSeats exchanges the players of two seats of a draft round, so that an
// arbiter reviewing a pairing can correct it before publishing: the two
// seats of one board swap colours; seats on two boards exchange players.
// The results the pairing gives by itself (forfeits of withdrawn players)
// follow the players to their new boards.
func (s *Service) SwapSeats(ctx context.Context, eventID int64, n int, a, b Seat, reason string) (*Round, error) {
	if a == b {
		return nil, Invalid("seat", "choose two different seats; both are %s", a)
	}
	var round *Round
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		rounds, old, err := draftRound(tx, eventID, n)
		if err != nil {
			return err
		}
		pairings := pairedBoards(old)
		pa, err := seatOf(pairings, a)
		if err != nil {
			return err
		}
		pb, err := seatOf(pairings, b)
		if err != nil {
			return err
		}
		*pa, *pb = *pb, *pa
		players, err := tx.Players(eventID)
		if err != nil {
			return err
		}
		if round, err = newRound(e, players, pairings, n); err != nil {
			return err
		}
		if err := s.replaceDraft(tx, e, players, rounds, old, round); err != nil {
			return err
		}
		return Audit(tx, s.now(), u, eventID, ActionRoundSwap, fmt.Sprintf("round %d: %s ↔ %s", n, a, b), pairingsView(old), manualView(round), reason)
	})
	return round, err
}

// seatOf points at the player ID of a seat; the empty seat of the bye
// cannot be swapped.
func seatOf(pairings []Pairing, s Seat) (*int64, error) {
	if s.Board < 1 || s.Board > len(pairings) {
		return nil, Invalid("board", "the round has boards 1 to %d; there is no board %d", len(pairings), s.Board)
	}
	p := &pairings[s.Board-1]
	if s.White {
		return &p.WhiteID, nil
	}
	if p.BlackID == 0 {
		return nil, Invalid("board", "board %d is the bye: it has no black player to swap", s.Board)
	}
	return &p.BlackID, nil
}
