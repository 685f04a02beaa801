package export

import (
	"context"
	"fmt"
	"io"

	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/report"
	"adiukh/tournament/teams"
)

// The documents of a team event: its tables rank teams by match points and
// its rounds are matches, so they have views and renderers of their own.
// The exporter's methods pick them for a team event (see isTeamEvent).

// isTeamEvent reads whether the event is a team competition.
func (x *Exporter) isTeamEvent(ctx context.Context, eventID int64) (bool, error) {
	e, err := x.events.Event(ctx, eventID)
	if err != nil {
		return false, err
	}
	return e.Discipline.IsTeam(), nil
}

// TeamView is a team as the team tables print it, withdrawn when it has
// withdrawn from any round.
func TeamView(t *teams.Team) report.Team {
	return report.Team{StartNo: t.StartNo, Name: t.Name, Club: t.Club, City: t.City, Captain: t.Captain, Withdrawn: t.WithdrawnFrom > 0}
}

// teamAsOf is a team as a document of round n prints it: withdrawn only
// when the withdrawal counts from round n or before.
func teamAsOf(t *teams.Team, n int) report.Team {
	v := TeamView(t)
	v.Withdrawn = t.WithdrawnFrom > 0 && t.WithdrawnFrom <= n
	return v
}

func teamTieBreaks(infos []tournament.TieBreakInfo) []report.TieBreak {
	var tbs []report.TieBreak
	for _, tb := range infos {
		tbs = append(tbs, tieBreakView(tb))
	}
	return tbs
}

func teamStandingsRow(st *teams.TeamStandings, r teams.TeamStandingsRow) report.TeamStandingsRow {
	row := report.TeamStandingsRow{
		Place: r.Rank, PlaceLast: r.RankTo, MatchPoints: r.MatchPoints, GamePoints: r.GamePoints,
		Team:      report.Team{StartNo: r.StartNo, Name: r.Name, Club: r.Club},
		TieBreaks: make([]float64, len(st.TieBreaks)), Playoff: r.Playoff != 0,
	}
	for i, tb := range st.TieBreaks {
		row.TieBreaks[i] = r.TieBreaks[tb.ID]
	}
	return row
}

// TeamStandingsView is the team standings in order of place, without the
// matches; teams, when given, fill in each team's city, captain and
// withdrawal, which the standings rows do not hold.
func TeamStandingsView(st *teams.TeamStandings, list []teams.Team) report.TeamStandings {
	s := report.TeamStandings{Event: EventView(st.Event), AfterRound: st.AfterRound, TieBreaks: teamTieBreaks(st.TieBreaks)}
	for _, r := range st.Rows {
		row := teamStandingsRow(st, r)
		for i := range list {
			if list[i].ID == r.TeamID {
				row.Team = TeamView(&list[i])
			}
		}
		s.Rows = append(s.Rows, row)
	}
	return s
}

// TeamCrosstableView is the standings after the last finished round with
// every team's matches, for the team crosstable and progress table.
func TeamCrosstableView(ct *teams.TeamCrosstable) report.TeamStandings {
	list := make([]teams.Team, len(ct.Rows))
	byNo := make(map[int]*teams.TeamCrosstableRow, len(ct.Rows))
	for i := range ct.Rows {
		list[i] = ct.Rows[i].Team
		byNo[ct.Rows[i].Team.StartNo] = &ct.Rows[i]
	}
	s := TeamStandingsView(ct.Standings, list)
	for i := range s.Rows {
		cr := byNo[s.Rows[i].Team.StartNo]
		if cr == nil {
			continue
		}
		for _, m := range cr.Matches {
			if m.Table == 0 && !m.Bye {
				continue // not paired in the round
			}
			s.Rows[i].Matches = append(s.Rows[i].Matches, report.TeamMatch{
				Round: m.Round, Opponent: m.OpponentNo, Home: m.Home, Bye: m.Bye, Done: m.Done,
				GamePoints: m.GamePoints, OpponentGamePoints: m.OpponentGamePoints,
			})
		}
	}
	return s
}

// findTeamRound returns round n of the team event data.
func findTeamRound(d *teams.TeamEventData, n int) (*teams.TeamRound, error) {
	for i := range d.Rounds {
		if d.Rounds[i].Number == n {
			return &d.Rounds[i], nil
		}
	}
	return nil, tournament.NotFound("round %d of event %d not found", n, d.Event.ID)
}

// rosterPlayer is the player with that ID on the team's roster; the zero
// Player (printed blank) for an empty board.
func rosterPlayer(t *teams.Team, id int64) report.Player {
	if t == nil || id == 0 {
		return report.Player{}
	}
	for i := range t.Roster {
		if t.Roster[i].ID == id {
			return PlayerView(&t.Roster[i])
		}
	}
	return report.Player{}
}

// boardScore is a board's result from the home team's side; NotPlayed while
// it waits for one.
func boardScore(b *teams.MatchBoard, e *tournament.Event) report.GameScore {
	r := b.Result(e)
	switch {
	case !r.Done:
		return report.GameScore{}
	case r.EndReason == tournament.DoubleForfeit:
		return report.GameScore{Kind: report.DoubleForfeit}
	case r.EndReason == tournament.Forfeit:
		return report.GameScore{Kind: report.Forfeit, Own: r.HomePoints, Opponent: r.AwayPoints}
	}
	g := report.GameScore{Kind: report.Played, Own: r.HomePoints, Opponent: r.AwayPoints}
	if e.ShowsTablePoints() {
		g.Shown = r.Shown(e)
	}
	return g
}

// MatchCardsView is a match card for every match of round n; a bye has no
// card.
func MatchCardsView(d *teams.TeamEventData, n int, lang catalog.Lang) ([]report.MatchCard, error) {
	r, err := findTeamRound(d, n)
	if err != nil {
		return nil, err
	}
	event, date := EventView(d.Event), roundDate(d.Event)
	var cards []report.MatchCard
	for _, m := range r.Matches {
		if m.IsBye() {
			continue
		}
		home, away := d.Team(m.HomeID), d.Team(m.AwayID)
		if home == nil || away == nil {
			return nil, tournament.NotFound("round %d has no team at table %d", n, m.Table)
		}
		score := m.Score(d.Event, d.Settings)
		card := report.MatchCard{
			Event: event, Round: n, Table: m.Table, Date: date, Home: teamAsOf(home, n), Away: teamAsOf(away, n),
			Done: score.Done, HomeGamePoints: score.HomeGamePoints, AwayGamePoints: score.AwayGamePoints,
			Points: boardPoints(d.Event),
		}
		for i := range m.Boards {
			b := &m.Boards[i]
			cb := report.MatchCardBoard{
				Board: b.Board, HomeWhite: b.HomeWhite(),
				Home: rosterPlayer(home, b.HomePlayerID), Away: rosterPlayer(away, b.AwayPlayerID),
				Result: boardScore(b, d.Event),
			}
			if d.Event.MicroMatch.On() {
				cb.Games, cb.Opening = microCardGames(&r.Round, b, d.Settings.Boards, m.Table, lang)
			}
			card.Boards = append(card.Boards, cb)
		}
		cards = append(cards, card)
	}
	return cards, nil
}

// microCardGames are a micro-match board's two games from the home
// player's point of view and the opening it plays from, for its match
// card; a board left empty has no games, but its opening.
func microCardGames(r *tournament.Round, b *teams.MatchBoard, boards, table int, lang catalog.Lang) ([]string, string) {
	var opening string
	if o := r.OpeningOf(teams.GameNumber(table, b.Board, boards)); o != nil {
		opening = openingLine(o, lang)
	}
	if b.Game == nil {
		return nil, opening
	}
	games := make([]string, len(b.Game.MicroGames))
	for i, res := range b.Game.MicroGames {
		if res == nil || res.EndReason == tournament.DoubleForfeit {
			continue
		}
		// The home player has White in game 1 on the boards where the
		// home team has White, and in game 2 on the others.
		home, away := res.White, res.Black
		if b.HomeWhite() != (i == 0) {
			home, away = away, home
		}
		games[i] = fmt.Sprintf("%d:%d", home, away)
	}
	return games, opening
}

// TeamScoreSheetsView is a pre-filled score sheet for every board of round
// n where both teams field a player, numbered by table and board within the
// match (as the match card numbers them), with the players' teams.
func TeamScoreSheetsView(d *teams.TeamEventData, n int, lang catalog.Lang) ([]report.ScoreSheet, error) {
	r, err := findTeamRound(d, n)
	if err != nil {
		return nil, err
	}
	event, date := EventView(d.Event), roundDate(d.Event)
	var sheets []report.ScoreSheet
	for _, m := range r.Matches {
		home, away := d.Team(m.HomeID), d.Team(m.AwayID)
		for i := range m.Boards {
			b := &m.Boards[i]
			if b.Game == nil || home == nil || away == nil {
				continue // an empty board is lost by forfeit: nothing to record
			}
			sheet := report.ScoreSheet{
				Event: event, Round: n, Table: m.Table, Board: b.Board, Date: date,
				White: rosterPlayer(home, b.HomePlayerID), Black: rosterPlayer(away, b.AwayPlayerID),
				WhiteTeam: home.Name, BlackTeam: away.Name,
			}
			if !b.HomeWhite() {
				sheet.White, sheet.Black = sheet.Black, sheet.White
				sheet.WhiteTeam, sheet.BlackTeam = sheet.BlackTeam, sheet.WhiteTeam
			}
			if !d.Event.MicroMatch.On() {
				sheets = append(sheets, sheet)
				continue
			}
			// A micro-match is two games, colours exchanged, from its
			// opening, as on the boards of an event of players.
			if o := r.OpeningOf(b.Game.Board); o != nil {
				sheet.Opening, sheet.Moves = openingLine(o, lang), openingMoves(o)
			}
			second := sheet
			second.White, second.Black = sheet.Black, sheet.White
			second.WhiteTeam, second.BlackTeam = sheet.BlackTeam, sheet.WhiteTeam
			sheet.Game, second.Game = 1, 2
			sheets = append(sheets, sheet, second)
		}
	}
	return sheets, nil
}

// teamCrosstablePDF writes the grid of a team round robin, or the progress
// table of a team Swiss.
func (x *Exporter) teamCrosstablePDF(ctx context.Context, w io.Writer, loc catalog.Lang, eventID int64) error {
	ct, err := x.teams.TeamCrosstable(ctx, eventID)
	if err != nil {
		return err
	}
	s := TeamCrosstableView(ct)
	x.stamp(&s.Event)
	if ct.Event.System.IsRoundRobin() {
		return report.TeamCrosstablePDF(w, loc, s)
	}
	return report.TeamProgressPDF(w, loc, s)
}

// matchCardsPDF writes a match card for every match of round n of a team
// event.
func (x *Exporter) matchCardsPDF(ctx context.Context, w io.Writer, loc catalog.Lang, eventID int64, n int) error {
	d, err := x.teams.TeamEventData(ctx, eventID)
	if err != nil {
		return err
	}
	cards, err := MatchCardsView(d, n, loc)
	if err != nil {
		return err
	}
	for i := range cards {
		x.stamp(&cards[i].Event)
	}
	return report.MatchCardsPDF(w, loc, cards)
}

// teamScoreSheetsPDF writes the score sheets of round n of a team event.
func (x *Exporter) teamScoreSheetsPDF(ctx context.Context, w io.Writer, loc catalog.Lang, eventID int64, n int) error {
	d, err := x.teams.TeamEventData(ctx, eventID)
	if err != nil {
		return err
	}
	sheets, err := TeamScoreSheetsView(d, n, loc)
	if err != nil {
		return err
	}
	return x.scoreSheetsPDF(w, loc, sheets)
}
