package kit

import (
	"adiukh/tournament"
	"adiukh/tournament/teams"
)

// MatchRow is one match of a round as the page shows it.
type MatchRow struct {
	Table  int
	Home   *teams.Team
	Away   *teams.Team // nil for the bye
	Score  teams.MatchScore
	Boards []MatchBoardRow
}

// MatchBoardRow is one board of a match as the page shows it.
type MatchBoardRow struct {
	Board     int
	GameNo    int // the game's board number within the round, for the game viewer; 0 without a game
	HomeWhite bool
	Home      *tournament.Player // nil: the board was left empty
	Away      *tournament.Player
	Result    teams.BoardResult
	HasSheet  bool
	// Opening and Micro are a micro-match board's: the opening drawn for
	// it (nil where the round has one), and its two games.
	Opening *tournament.DrawnOpening
	Micro   []microGame
}

// NewMatchRows are the matches of team round r as the page shows them.
func NewMatchRows(d *teams.TeamEventData, r *teams.TeamRound) []MatchRow {
	player := map[int64]*tournament.Player{}
	for i := range d.Teams {
		for j := range d.Teams[i].Roster {
			player[d.Teams[i].Roster[j].ID] = &d.Teams[i].Roster[j]
		}
	}
	views := make([]MatchRow, len(r.Matches))
	for i := range r.Matches {
		m := &r.Matches[i]
		v := MatchRow{Table: m.Table, Home: d.Team(m.HomeID), Score: m.Score(d.Event, d.Settings)}
		if !m.IsBye() {
			v.Away = d.Team(m.AwayID)
		}
		for j := range m.Boards {
			b := &m.Boards[j]
			row := MatchBoardRow{
				Board: b.Board, HomeWhite: b.HomeWhite(), Home: player[b.HomePlayerID], Away: player[b.AwayPlayerID],
				Result: b.Result(d.Event),
			}
			if b.Game != nil {
				row.GameNo, row.HasSheet = b.Game.Board, b.Game.Sheet != ""
			}
			if d.Event.MicroMatch.On() && !m.IsBye() {
				if d.Event.MicroMatch == tournament.DrawPerBoard {
					// The round's opening is shown above its matches.
					row.Opening = r.OpeningOf(teams.GameNumber(m.Table, b.Board, d.Settings.Boards))
				}
				if b.Game != nil {
					row.Micro = microGames(d.Event.ID, r.Number, b.Game)
				}
			}
			v.Boards = append(v.Boards, row)
		}
		views[i] = v
	}
	return views
}
