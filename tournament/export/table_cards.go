package export

import (
	"context"
	"io"

	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/report"
)

// TableCardsPDF writes the table cards of round n (issue 67): a card for
// each board to be played, or, before round n is paired, a card for each
// player due in it. A team event's tables are its matches, whose cards
// are the match cards (PairingsPDF); it has none of these.
func (x *Exporter) TableCardsPDF(ctx context.Context, w io.Writer, loc catalog.Lang, eventID int64, n int) error {
	d, err := x.eventData(ctx, eventID)
	if err != nil {
		return err
	}
	c, err := TableCardsView(d, n)
	if err != nil {
		return err
	}
	x.stamp(&c.Event)
	return report.TableCardsPDF(w, loc, c)
}

// TableCardsView is the table cards of round n: its boards to be played
// (byes and games forfeited at the pairing have no table) with their
// players, or, when n is the round to pair next, its players due in it
// (not withdrawn, not entering later, not on a requested bye), each with
// a card of their own.
func TableCardsView(d *tournament.EventData, n int) (report.TableCards, error) {
	c := report.TableCards{Event: EventView(d.Event), Round: n}
	r, err := findRound(d, n)
	if err != nil {
		if n != len(d.Rounds)+1 || (d.Event.Rounds > 0 && n > d.Event.Rounds) || d.Event.Status == tournament.Finished {
			return c, err
		}
		for i := range d.Players {
			if p := &d.Players[i]; p.DueIn(n) {
				c.Cards = append(c.Cards, report.TableCard{Players: []report.Player{playerAsOf(p, n)}})
			}
		}
		return c, nil
	}
	for _, g := range r.Games {
		if g.IsBye() || (g.Result != nil && !g.Result.Played()) {
			continue
		}
		c.Cards = append(c.Cards, report.TableCard{Table: g.Board, Players: []report.Player{playerAsOf(d.Player(g.WhiteID), n), playerAsOf(d.Player(g.BlackID), n)}})
	}
	return c, nil
}
