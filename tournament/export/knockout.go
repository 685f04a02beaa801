package export

import (
	"io"
	"strconv"

	"adiukh/tournament/catalog"
	"adiukh/tournament/knockout"
	"adiukh/tournament/report"
)

// BracketPDF prints a knockout event's bracket as read by
// knockout.Service.Bracket.
func (x *Exporter) BracketPDF(w io.Writer, loc catalog.Lang, b *knockout.BracketView) error {
	v := BracketView(loc, b)
	x.stamp(&v.Event)
	return report.BracketPDF(w, loc, v)
}

// BracketView is the bracket as the documents print it.
func BracketView(loc catalog.Lang, b *knockout.BracketView) report.Bracket {
	v := report.Bracket{Event: EventView(b.Event), MatchGames: b.Settings.MatchGames}
	for _, s := range b.Settings.TieBreaks {
		v.TieBreaks = append(v.TieBreaks, report.BracketStage{Games: s.Games, Tempo: s.Tempo})
	}
	name := func(p *knockout.PlayerRef) string {
		if p == nil {
			return ""
		}
		return strconv.Itoa(p.StartNo) + ". " + p.Name
	}
	v.Winner, v.RunnerUp, v.Third = name(b.Winner), name(b.RunnerUp), name(b.Third)
	for _, r := range b.Rounds {
		rv := report.BracketRound{Stage: r.Stage, Of: r.Of, Paired: r.Paired}
		for _, m := range r.Matches {
			mv := report.BracketMatch{Board: m.Board, White: name(m.White), Black: name(m.Black), Bye: m.Bye(), ThirdPlace: m.ThirdPlace,
				Score: report.MatchScore(loc, m.Score[0], m.Score[1]), AwaitsLot: m.AwaitsLot}
			for _, s := range m.Stages {
				mv.Stages = append(mv.Stages, report.MatchScore(loc, s[0], s[1]))
			}
			if m.Lot != nil {
				mv.Lot = m.Lot.Reason
			}
			switch m.WinnerID {
			case 0:
			case m.White.ID:
				mv.Winner = name(m.White)
			default:
				mv.Winner = name(m.Black)
			}
			rv.Matches = append(rv.Matches, mv)
		}
		v.Rounds = append(v.Rounds, rv)
	}
	return v
}
