package tournament

import (
	"context"
	"errors"
)

// The reads below answer for an event of players inside the caller's
// transaction, once it has read the event: package teams reads an event of
// either kind in one snapshot, answering a team competition's tables and
// rounds itself and an event of players' through these
// (teams.Service.Tables, RoundsOf, ReadRound), so that the pages and the
// API ask for what they show and learn the kind of event from the answer.

// PlayerTables reads the crosstable of an event of players, e, which the
// reader may see, with the standings after round afterRound it is built
// on; 0 means every published round, with the standings after the last
// round that, with all rounds before it, has every result.
func (s *Service) PlayerTables(tx Tx, e *Event, afterRound int) (*Crosstable, error) {
	players, rounds, err := playersAndRounds(tx, e.ID)
	if err != nil {
		return nil, err
	}
	return s.crosstable(e, players, visibleRounds(nil, e, rounds), afterRound)
}

// PlayerRounds reads the rounds of an event of players, e, with their
// games, as the context's user may see them (drafts only for those who may
// change the event).
func PlayerRounds(ctx context.Context, tx RoundTx, e *Event) ([]Round, error) {
	rounds, err := tx.Rounds(e.ID)
	if err != nil {
		return nil, err
	}
	return visibleRounds(UserFromContext(ctx), e, rounds), nil
}

// RoundRead is one round of an event of players as the reader may see it:
// its games (Round), each player's score before it, and in a Swiss event
// the pairing cards that explain it, or why they cannot (CardsRefused: a
// hand-made pairing the engine would not make, say).
type RoundRead struct {
	Event        *Event
	Round        *Round
	ScoresBefore map[int64]float64
	Cards        []PairingCard
	CardsRefused *Error
}

// ReadPlayerRound reads round n of an event of players, e, which the
// context's user may see.
func (s *Service) ReadPlayerRound(ctx context.Context, tx Tx, e *Event, n int) (*RoundRead, error) {
	players, all, err := playersAndRounds(tx, e.ID)
	if err != nil {
		return nil, err
	}
	rounds := visibleRounds(UserFromContext(ctx), e, all)
	r, err := findRound(rounds, e.ID, n)
	if err != nil {
		return nil, err
	}
	d := EventData{Event: e, Players: players, Rounds: rounds}
	rr := &RoundRead{Event: e, Round: r, ScoresBefore: d.ScoresBefore(n)}
	if e.System != Swiss {
		return rr, nil
	}
	rr.Cards, err = s.pairingCards(e, players, all, r)
	if refused := (*Error)(nil); errors.As(err, &refused) {
		rr.CardsRefused, err = refused, nil
	}
	return rr, err
}
