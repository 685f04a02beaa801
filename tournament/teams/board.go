package teams

import (
	"context"

	"adiukh/tournament"
)

// The reads below answer a page of one board or one round of an event of
// either kind at the cost of a few small reads, not of the whole event
// (issue 59.3): a team competition's boards are its rounds' games, as an
// event of players' are.

// BoardData reads, of an event the user may see, the event, round n with
// its board b alone and that board's players: what a board's page shows,
// without the rest of the event. A round the user may not see yet (a
// draft) has no board.
func (s *Service) BoardData(ctx context.Context, eventID int64, n, b int) (*tournament.EventData, error) {
	var d *tournament.EventData
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := tournament.Readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		r, err := tx.Board(eventID, n, b)
		if err != nil {
			return err
		}
		if len(tournament.VisibleRounds(ctx, e, []tournament.Round{*r})) == 0 {
			return tournament.NotFound("board %d of round %d not found", b, n)
		}
		d = &tournament.EventData{Event: e, Rounds: []tournament.Round{*r}}
		for _, id := range []int64{r.Games[0].WhiteID, r.Games[0].BlackID} {
			if id == 0 {
				continue
			}
			p, err := tx.Player(eventID, id)
			if err != nil {
				return err
			}
			d.Players = append(d.Players, *p)
		}
		return nil
	})
	return d, err
}

// CheckRound refuses, reading only the event and the count of its rounds,
// a round number past every round paired in it: a page of one round
// (?round=N) answers a wrong number at the cost of two small reads. A
// round paired but not published passes here; the page's own read refuses
// it.
func (s *Service) CheckRound(ctx context.Context, eventID int64, n int) error {
	return s.store.View(ctx, func(tx Tx) error {
		if _, err := tournament.Readable(ctx, tx, eventID); err != nil {
			return err
		}
		paired, err := tx.CountRounds(eventID)
		if err != nil {
			return err
		}
		if n > paired {
			return tournament.NotFound("round %d of event %d not found", n, eventID)
		}
		return nil
	})
}
