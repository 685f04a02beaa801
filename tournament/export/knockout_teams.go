package export

import (
	"io"
	"strconv"

	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/report"
	"adiukh/tournament/teams"
)

// TeamBracketPDF prints a team knockout's bracket as read by
// teams.Service.KnockoutBracket.
func (x *Exporter) TeamBracketPDF(w io.Writer, loc catalog.Lang, b *teams.TeamBracket) error {
	v := TeamBracketView(loc, b)
	x.stamp(&v.Event)
	return report.BracketPDF(w, loc, v)
}

// TeamBracketView is a team knockout's bracket as the documents print
// it: each tie's score the match points of its own legs with their board
// points, the tie-break stages' likewise, and its legs with their boards.
func TeamBracketView(loc catalog.Lang, b *teams.TeamBracket) report.Bracket {
	k := b.Event.Knockout
	v := report.Bracket{Event: EventView(b.Event), MatchGames: k.MatchGames, Boards: b.Settings.Boards}
	for _, s := range k.TieBreaks {
		v.TieBreaks = append(v.TieBreaks, report.BracketStage{Games: s.Games, Tempo: s.Tempo})
	}
	name := func(t *teams.Team) string {
		if t == nil {
			return ""
		}
		return strconv.Itoa(t.StartNo) + ". " + t.Name
	}
	v.Winner, v.RunnerUp, v.Third = name(b.Winner), name(b.RunnerUp), name(b.Third)
	for _, r := range b.Rounds {
		rv := report.BracketRound{Stage: r.Stage, Of: r.Of, Paired: len(r.Ties) > 0}
		for _, t := range r.Ties {
			mv := report.BracketMatch{Board: t.Number, White: name(t.Top), Black: name(t.Bottom), Bye: t.Bye(), ThirdPlace: t.ThirdPlace, AwaitsLot: t.AwaitsLot}
			for i, st := range t.Stages {
				score := report.MatchScore(loc, st.Top, st.Bottom) + " (" + report.MatchScore(loc, st.TopBoards, st.BottomBoards) + ")"
				if i == 0 {
					mv.Score = score
				} else {
					mv.Stages = append(mv.Stages, score)
				}
			}
			if t.Lot != nil {
				mv.Lot = t.Lot.Reason
			}
			switch t.WinnerID {
			case 0:
			case t.Top.ID:
				mv.Winner = name(t.Top)
			default:
				mv.Winner = name(t.Bottom)
			}
			for _, l := range t.Legs {
				sides := t.Sides(l)
				lv := report.BracketLeg{Number: l.Number, Tempo: l.Tempo, TimeControl: l.TimeControl, Round: l.EventRound, Table: l.Match.Table, Home: sides[0].Name, Away: sides[1].Name}
				if l.Score.Done {
					lv.MatchPoints = report.MatchScore(loc, l.Score.HomeMatchPoints, l.Score.AwayMatchPoints)
					lv.BoardPoints = report.MatchScore(loc, l.Score.HomeGamePoints, l.Score.AwayGamePoints)
				}
				for _, bd := range t.Boards(b.Event, l) {
					lv.Boards = append(lv.Boards, strconv.Itoa(bd.Board)+". "+boardPlayer(bd.Home)+" – "+boardPlayer(bd.Away)+" "+bd.Result)
				}
				mv.Legs = append(mv.Legs, lv)
			}
			rv.Matches = append(rv.Matches, mv)
		}
		v.Rounds = append(v.Rounds, rv)
	}
	return v
}

// boardPlayer names who played a board for a team: "—" for an empty one.
func boardPlayer(p *tournament.Player) string {
	if p == nil {
		return "—"
	}
	return p.Name
}
