package export

import (
	"context"
	"io"

	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/knockout"
	"adiukh/tournament/report"
)

// BoardGameRecordPDF writes the record of game number of board b of round
// n: of a knockout, the game of the board's match (MatchGameRecordView);
// else the game of a micro-match (MicroGameRecordView).
func (x *Exporter) BoardGameRecordPDF(ctx context.Context, w io.Writer, loc catalog.Lang, eventID int64, n, b, number int) error {
	d, err := x.eventData(ctx, eventID)
	if err != nil {
		return err
	}
	var rec report.GameRecord
	if d.Event.ResultsOnBracket() {
		bk, err := x.matches.Bracket(ctx, eventID)
		if err != nil {
			return err
		}
		rec, err = MatchGameRecordView(d, bk, n, b, number)
		if err != nil {
			return err
		}
	} else if rec, err = MicroGameRecordView(d, n, b, number, loc); err != nil {
		return err
	}
	x.stamp(&rec.Event)
	return report.GameRecordPDF(w, loc, rec)
}

// MatchGameRecordView is the record of game number of the knockout match
// on board b of round n, as the bracket bk has it: the players as they had
// the colours in it, its number in the match and a tie-break game's tempo,
// its moves (its score sheet's, or the moves played on the site) and its
// result. The game needs moves that replay.
func MatchGameRecordView(d *tournament.EventData, bk *knockout.BracketView, n, b, number int) (report.GameRecord, error) {
	var match *knockout.MatchView
	for _, r := range bk.Rounds {
		for i := range r.Matches {
			if r.Number == n && r.Matches[i].Board == b {
				match = &r.Matches[i]
			}
		}
	}
	switch {
	case match == nil:
		return report.GameRecord{}, tournament.NotFound("board %d of round %d not found", b, n)
	case match.Bye():
		return report.GameRecord{}, tournament.NotFound("board %d of round %d is a bye, not a match", b, n)
	case len(match.Games) == 0:
		return report.GameRecord{}, tournament.NotFound("the match of board %d of round %d has no game played yet", b, n)
	case number < 1 || number > len(match.Games):
		return report.GameRecord{}, tournament.Invalid("game", "the match of board %d of round %d has games 1 to %d; got %d", b, n, len(match.Games), number)
	}
	g := match.Games[number-1]
	black := match.White.ID
	if g.WhiteID == black {
		black = match.Black.ID
	}
	rec := report.GameRecord{
		Event: EventView(d.Event), Round: n, Board: b, Date: roundDate(d.Event), Game: number, Match: true, TieBreak: g.Tempo,
		White: PlayerView(d.Player(g.WhiteID)), Black: PlayerView(d.Player(black)),
	}
	if g.Sheet == nil {
		return report.GameRecord{}, tournament.NotFound("game %d of the match of board %d of round %d has no score sheet", number, b, n)
	}
	v, err := sheetVerdict(d.Event.Game, nil, g.Sheet.Text)
	if err != nil {
		return report.GameRecord{}, err
	}
	if !v.Replayed {
		return report.GameRecord{}, tournament.Conflict("sheet", "the score sheet of game %d of the match of board %d in round %d does not replay (%s); correct it first", number, b, n, problemOf(v.Errors, v.Plies))
	}
	sheetScore := fillRecord(&rec, d.Event.Game, v)
	rec.Result = gameScore(d.Event, g.Result, true)
	if g.Result.EndReason != tournament.FinalPosition {
		rec.EndReason = string(g.Result.EndReason)
	}
	if g.Sheet.OverrideReason != "" {
		rec.Override = g.Sheet.OverrideReason
		if sheetScore != nil {
			rec.SheetScore = sheetScore.String()
		}
	}
	return rec, nil
}
