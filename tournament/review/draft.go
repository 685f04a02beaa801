package review

import (
	"context"
	"fmt"

	"adiukh/tournament"
)

// roundWarningsKey is the key of a hand-made round's warnings in the
// audit log.
const roundWarningsKey = "warnings"

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
func (s *Service) SwapSeats(ctx context.Context, eventID int64, n int, a, b Seat, reason string) (*tournament.Round, error) {
	if a == b {
		return nil, tournament.Invalid("seat", "choose two different seats; both are %s", a)
	}
	var round *tournament.Round
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := tournament.Manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		rounds, old, err := draftRound(tx, eventID, n)
		if err != nil {
			return err
		}
		pairings := tournament.PairedBoards(old)
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
		if round, err = s.events.NewRound(e, players, pairings, n); err != nil {
			return err
		}
		if err := s.replaceDraft(tx, e, players, rounds, old, round); err != nil {
			return err
		}
		return tournament.Audit(tx, s.now(), u, eventID, ActionRoundSwap, fmt.Sprintf("round %d: %s ↔ %s", n, a, b), tournament.BoardsView(old), manualView(round), reason)
	})
	return round, err
}

// seatOf points at the player ID of a seat; the empty seat of the bye
// cannot be swapped.
func seatOf(pairings []tournament.Pairing, s Seat) (*int64, error) {
	if s.Board < 1 || s.Board > len(pairings) {
		return nil, tournament.Invalid("board", "the round has boards 1 to %d; there is no board %d", len(pairings), s.Board)
	}
	p := &pairings[s.Board-1]
	if s.White {
		return &p.WhiteID, nil
	}
	if p.BlackID == 0 {
		return nil, tournament.Invalid("board", "board %d is the bye: it has no black player to swap", s.Board)
	}
	return &p.BlackID, nil
}

// BoardInput is one board of a hand-made pairing, by start number; BlackNo 0
// gives White the pairing-allocated bye.
type BoardInput struct {
	WhiteNo int `json:"white"`
	BlackNo int `json:"black"`
}

// EditPairing replaces the boards of a draft round by the arbiter's own
// pairing. The pairing is stored even when it breaks an absolute criterion;
// the warnings stay on the round and in the audit log. Requested byes are
// entered by the pairing itself and are not part of boards.
func (s *Service) EditPairing(ctx context.Context, eventID int64, n int, boards []BoardInput, reason string) (*tournament.Round, error) {
	var round *tournament.Round
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := tournament.Manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		rounds, old, err := draftRound(tx, eventID, n)
		if err != nil {
			return err
		}
		players, err := tx.Players(eventID)
		if err != nil {
			return err
		}
		byNo := make(map[int]int64, len(players))
		for _, p := range players {
			byNo[p.StartNo] = p.ID
		}
		pairings := make([]tournament.Pairing, len(boards))
		for i, b := range boards {
			white, black := byNo[b.WhiteNo], byNo[b.BlackNo]
			switch {
			case white == 0:
				return tournament.Invalid(fmt.Sprintf("boards[%d].white", i), "board %d: no player has start number %d", i+1, b.WhiteNo)
			case b.BlackNo != 0 && black == 0:
				return tournament.Invalid(fmt.Sprintf("boards[%d].black", i), "board %d: no player has start number %d", i+1, b.BlackNo)
			case b.WhiteNo == b.BlackNo:
				return tournament.Invalid(fmt.Sprintf("boards[%d]", i), "board %d: player %d cannot play himself", i+1, b.WhiteNo)
			}
			pairings[i] = tournament.Pairing{WhiteID: white, BlackID: black}
		}
		if round, err = s.events.NewRound(e, players, pairings, n); err != nil {
			return err
		}
		if err := s.replaceDraft(tx, e, players, rounds, old, round); err != nil {
			return err
		}
		return tournament.Audit(tx, s.now(), u, eventID, ActionRoundEdit, fmt.Sprintf("round %d", n), tournament.BoardsView(old), manualView(round), reason)
	})
	return round, err
}

// draftRound reads the rounds of an event and its round n, which must still
// be a draft: once published, a round's pairings are what the players play
// (SwapSeats and EditPairing both change pairings by hand).
func draftRound(tx tournament.RoundTx, eventID int64, n int) ([]tournament.Round, *tournament.Round, error) {
	rounds, old, err := tournament.StoredRound(tx, eventID, n)
	if err != nil {
		return nil, nil, err
	}
	if old.Status != tournament.Draft {
		return nil, nil, tournament.Conflict("", "round %d is published; only a draft round's pairings can be changed", n)
	}
	return rounds, old, nil
}

// replaceDraft stores a hand-edited round in place of the draft old, after
// checking it against the absolute criteria (its warnings stay on the round).
func (s *Service) replaceDraft(tx Tx, e *tournament.Event, players []tournament.Player, rounds []tournament.Round, old, edited *tournament.Round) error {
	if err := s.checkManual(e, players, rounds[:edited.Number-1], edited); err != nil {
		return err
	}
	return s.events.ReplaceDraft(tx, e, rounds, old, edited)
}

// manualView is a hand-edited round as the audit log keeps it: the boards
// and the warnings of the check.
func manualView(r *tournament.Round) map[string]any {
	return map[string]any{"boards": tournament.BoardsView(r), roundWarningsKey: r.Warnings}
}

// checkManual checks a hand-edited Swiss round against the absolute
// criteria and keeps the warnings on the round.
func (s *Service) checkManual(e *tournament.Event, players []tournament.Player, before []tournament.Round, r *tournament.Round) error {
	if e.System != tournament.Swiss || s.check == nil {
		return nil
	}
	warnings, err := s.check(tournament.PairingInput{Event: e, Players: players, Rounds: before, Round: r.Number}, tournament.PairedBoards(r))
	if err != nil {
		return err
	}
	r.Warnings = warnings
	return nil
}
