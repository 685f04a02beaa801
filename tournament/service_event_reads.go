package tournament

import "context"

// The reads below answer for an event of players inside the caller's
// transaction, once it has read the event: package teams reads an event of
// either kind in one snapshot, answering a team competition's tables and
// rounds itself and an event of players' through these
// (teams.Service.Tables, RoundsOf; ReadRound with VisibleRounds, FindRound
// and Service.PairingCardsOf), so that the pages and the
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
	return s.crosstable(tx, e, players, visibleRounds(nil, e, rounds), afterRound)
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

// VisibleRounds are the rounds of e the context's user may see: drafts
// only for those who may change the event.
func VisibleRounds(ctx context.Context, e *Event, rounds []Round) []Round {
	return visibleRounds(UserFromContext(ctx), e, rounds)
}

// FindRound is round n among an event's rounds, ENOTFOUND when missing.
func FindRound(rounds []Round, eventID int64, n int) (*Round, error) {
	return findRound(rounds, eventID, n)
}
