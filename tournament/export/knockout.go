package export

import (
	"io"
	"slices"
	"strconv"

	"adiukh/tournament"
	"adiukh/tournament/brackets"
	"adiukh/tournament/catalog"
	"adiukh/tournament/knockout"
	"adiukh/tournament/report"
)

// BracketPDF prints a knockout event's bracket as read by
// brackets.Service.Bracket.
func (x *Exporter) BracketPDF(w io.Writer, loc catalog.Lang, b *brackets.Bracket) error {
	v := BracketView(loc, b)
	x.stamp(&v.Event)
	return report.BracketPDF(w, loc, v)
}

// BracketView is the bracket as the documents print it: the rounds'
// matches of players, or a team knockout's ties (tieRows).
func BracketView(loc catalog.Lang, b *brackets.Bracket) report.Bracket {
	e := b.Event()
	k := e.Knockout
	v := report.Bracket{Event: EventView(e), MatchGames: k.MatchGames, Boards: b.Boards()}
	for _, s := range k.TieBreaks {
		v.TieBreaks = append(v.TieBreaks, report.BracketStage{Games: s.Games, Tempo: s.Tempo})
	}
	if t := b.Ties; t != nil {
		v.Winner, v.RunnerUp, v.Third = teamName(t.Winner), teamName(t.RunnerUp), teamName(t.Third)
		for _, r := range t.Rounds {
			v.Rounds = append(v.Rounds, report.BracketRound{Stage: r.Stage, Of: r.Of, Paired: len(r.Ties) > 0, Matches: tieRows(loc, e, r.Ties)})
		}
		return v
	}
	m := b.Matches
	v.Winner, v.RunnerUp, v.Third = playerName(m.Winner), playerName(m.RunnerUp), playerName(m.Third)
	for _, r := range m.Rounds {
		v.Rounds = append(v.Rounds, report.BracketRound{Stage: r.Stage, Of: r.Of, Paired: r.Paired, Matches: matchRows(loc, r.Matches)})
	}
	return v
}

// playerName is a side of a match as the bracket prints it: "3. Name".
func playerName(p *knockout.PlayerRef) string {
	if p == nil {
		return ""
	}
	return strconv.Itoa(p.StartNo) + ". " + p.Name
}

// matchRows are a round's matches as the bracket prints them.
func matchRows(loc catalog.Lang, matches []knockout.MatchView) []report.BracketMatch {
	var rows []report.BracketMatch
	for _, m := range matches {
		mv := report.BracketMatch{Board: m.Board, White: playerName(m.White), Black: playerName(m.Black), Bye: m.Bye(), ThirdPlace: m.ThirdPlace,
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
			mv.Winner = playerName(m.White)
		default:
			mv.Winner = playerName(m.Black)
		}
		rows = append(rows, mv)
	}
	return rows
}

// MatchScoreSheetsView is a pre-filled score sheet for every game of the
// matches of knockout round n, as the bracket b has them: the match's own
// games, its colours alternating, the tie-break games played and the one to
// play next, each marked with its number in the match and a tie-break's
// tempo, with its result once entered. A bye, and a match decided at the
// pairing (a withdrawn player's), have nothing to record.
func MatchScoreSheetsView(d *tournament.EventData, b *knockout.BracketView, n int) ([]report.ScoreSheet, error) {
	if _, err := findRound(d, n); err != nil {
		return nil, err
	}
	i := slices.IndexFunc(b.Rounds, func(r knockout.RoundView) bool { return r.Number == n })
	if i < 0 {
		return nil, tournament.NotFound("round %d of event %d not found", n, d.Event.ID)
	}
	event, date := EventView(d.Event), roundDate(d.Event)
	var sheets []report.ScoreSheet
	for _, m := range b.Rounds[i].Matches {
		if m.Bye() || (m.Result != nil && !m.Result.Played() && len(m.Games) == 0) {
			continue
		}
		sheet := func(number int, whiteID int64, tempo string) report.ScoreSheet {
			white, black := m.White.ID, m.Black.ID
			if whiteID == black {
				white, black = black, white
			}
			return report.ScoreSheet{Event: event, Round: n, Board: m.Board, Date: date, White: PlayerView(d.Player(white)), Black: PlayerView(d.Player(black)),
				Match: true, Game: number, TieBreak: tempo}
		}
		for _, g := range m.Games {
			s := sheet(g.Number, g.WhiteID, g.Tempo)
			if g.Result.Played() {
				s.Score = g.Result.Score()
			}
			sheets = append(sheets, s)
		}
		for number := len(m.Games) + 1; number <= b.Settings.MatchGames; number++ {
			white := m.White.ID
			if number%2 == 0 {
				white = m.Black.ID
			}
			sheets = append(sheets, sheet(number, white, ""))
		}
		if next := m.Next; next != nil && next.Stage > 0 {
			sheets = append(sheets, sheet(next.Number, next.WhiteID, next.Tempo))
		}
	}
	return sheets, nil
}
