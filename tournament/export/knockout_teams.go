package export

import (
	"strconv"

	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/report"
	"adiukh/tournament/teams"
)

// teamName is a side of a tie as the bracket prints it: "3. Name".
func teamName(t *teams.Team) string {
	if t == nil {
		return ""
	}
	return strconv.Itoa(t.StartNo) + ". " + t.Name
}

// tieRows are a team knockout round's ties as the bracket prints them:
// each tie's score the match points of its own legs with their board
// points, the tie-break stages' likewise, and its legs with their boards.
func tieRows(loc catalog.Lang, e *tournament.Event, ties []teams.KnockoutTie) []report.BracketMatch {
	var rows []report.BracketMatch
	for _, t := range ties {
		mv := report.BracketMatch{Board: t.Number, White: teamName(t.Top), Black: teamName(t.Bottom), Bye: t.Bye(), ThirdPlace: t.ThirdPlace, AwaitsLot: t.AwaitsLot}
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
			mv.Winner = teamName(t.Top)
		default:
			mv.Winner = teamName(t.Bottom)
		}
		for _, l := range t.Legs {
			sides := t.Sides(l)
			lv := report.BracketLeg{Number: l.Number, Tempo: l.Tempo, TimeControl: l.TimeControl, Round: l.EventRound, Table: l.Match.Table, Home: sides[0].Name, Away: sides[1].Name}
			if l.Score.Done {
				lv.MatchPoints = report.MatchScore(loc, l.Score.HomeMatchPoints, l.Score.AwayMatchPoints)
				lv.BoardPoints = report.MatchScore(loc, l.Score.HomeGamePoints, l.Score.AwayGamePoints)
			}
			for _, bd := range t.Boards(e, l) {
				lv.Boards = append(lv.Boards, strconv.Itoa(bd.Board)+". "+boardPlayer(bd.Home)+" – "+boardPlayer(bd.Away)+" "+bd.Result)
			}
			mv.Legs = append(mv.Legs, lv)
		}
		rows = append(rows, mv)
	}
	return rows
}

// boardPlayer names who played a board for a team: "—" for an empty one.
func boardPlayer(p *tournament.Player) string {
	if p == nil {
		return "—"
	}
	return p.Name
}
