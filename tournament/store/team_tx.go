package store

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"adiukh/tournament"
	"adiukh/tournament/teams"
)

func (t *tx) TeamSettings(eventID int64) (*teams.TeamSettings, bool, error) {
	var rows []teamSettingsRow
	if err := t.db.Where("event_id = ?", eventID).Limit(1).Find(&rows).Error; err != nil {
		return nil, false, fmt.Errorf("read team settings of event %d: %w", eventID, err)
	}
	if len(rows) == 0 {
		return nil, false, nil
	}
	r := rows[0]
	s := &teams.TeamSettings{
		Boards: r.Boards, MatchWin: r.MatchWin, MatchDraw: r.MatchDraw, MatchLoss: r.MatchLoss, MatchBye: r.MatchBye,
		Ranking: teams.Ranking(r.Ranking), ColourPreferences: teams.ColourPreferences(r.ColourPreferences),
	}
	if r.TieBreaks != "" {
		s.TieBreaks = strings.Split(r.TieBreaks, ",")
	}
	return s, true, nil
}

func (t *tx) SaveTeamSettings(eventID int64, s *teams.TeamSettings) error {
	row := teamSettingsRow{
		EventID: eventID, Boards: s.Boards, MatchWin: s.MatchWin, MatchDraw: s.MatchDraw, MatchLoss: s.MatchLoss, MatchBye: s.MatchBye,
		Ranking: string(s.Ranking), TieBreaks: strings.Join(s.TieBreaks, ","), ColourPreferences: string(s.ColourPreferences),
	}
	if err := t.db.Omit("Event").Save(&row).Error; err != nil {
		return fmt.Errorf("save team settings of event %d: %w", eventID, err)
	}
	return nil
}

func (t *tx) CreateTeam(team *teams.Team) error {
	row := teamToRow(team)
	if err := t.db.Omit("Event").Create(row).Error; err != nil {
		return fmt.Errorf("create team %q: %w", team.Name, err)
	}
	team.ID = row.ID
	for i, p := range team.Roster {
		if p.ID == 0 {
			return fmt.Errorf("create team %q: roster player %d is not stored yet", team.Name, i+1)
		}
		member := teamMemberRow{TeamID: team.ID, Position: i, PlayerID: p.ID}
		if err := t.db.Omit("Team", "Player").Create(&member).Error; err != nil {
			return fmt.Errorf("create roster of team %q: %w", team.Name, err)
		}
	}
	return nil
}

func (t *tx) Teams(eventID int64) ([]teams.Team, error) {
	var rows []teamRow
	if err := t.db.Where("event_id = ?", eventID).Order("start_no, id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("list teams of event %d: %w", eventID, err)
	}
	if len(rows) == 0 {
		return nil, nil
	}
	out := make([]teams.Team, len(rows))
	index := make(map[int64]int, len(rows))
	ids := make([]int64, len(rows))
	for i, r := range rows {
		out[i] = teams.Team{ID: r.ID, EventID: r.EventID, StartNo: r.StartNo, Name: r.Name, Club: r.Club, City: r.City, Captain: r.Captain, WithdrawnFrom: r.WithdrawnFrom}
		index[r.ID], ids[i] = i, r.ID
	}
	var members []teamMemberRow
	if err := t.db.Where("team_id IN ?", ids).Order("team_id, position").Find(&members).Error; err != nil {
		return nil, fmt.Errorf("list rosters of event %d: %w", eventID, err)
	}
	players, err := t.Players(eventID)
	if err != nil {
		return nil, err
	}
	byID := make(map[int64]tournament.Player, len(players))
	for _, p := range players {
		byID[p.ID] = p
	}
	for _, m := range members {
		team := &out[index[m.TeamID]]
		team.Roster = append(team.Roster, byID[m.PlayerID])
	}
	return out, nil
}

func (t *tx) UpdateTeam(team *teams.Team) error {
	if err := t.db.Omit("Event").Save(teamToRow(team)).Error; err != nil {
		return fmt.Errorf("update team %d: %w", team.ID, err)
	}
	return nil
}

func (t *tx) AddToRoster(team *teams.Team, p *tournament.Player) error {
	member := teamMemberRow{TeamID: team.ID, Position: len(team.Roster), PlayerID: p.ID}
	if err := t.db.Omit("Team", "Player").Create(&member).Error; err != nil {
		return fmt.Errorf("add player %d to the roster of team %d: %w", p.ID, team.ID, err)
	}
	team.Roster = append(team.Roster, *p)
	return nil
}

func (t *tx) MoveToRoster(from, to *teams.Team, p *tournament.Player) error {
	var member teamMemberRow
	if err := t.db.Where("player_id = ? AND team_id = ?", p.ID, from.ID).First(&member).Error; err != nil {
		return fmt.Errorf("find player %d on the roster of team %d: %w", p.ID, from.ID, err)
	}
	// Free the player's row first, then close the gap one position at a
	// time from the top, so that (team, position) stays unique.
	member.TeamID, member.Position = to.ID, len(to.Roster)
	if err := t.db.Model(&teamMemberRow{}).Where("id = ?", member.ID).
		Updates(map[string]any{"team_id": member.TeamID, "position": member.Position}).Error; err != nil {
		return fmt.Errorf("move player %d to team %d: %w", p.ID, to.ID, err)
	}
	var rest []teamMemberRow
	if err := t.db.Where("team_id = ?", from.ID).Order("position").Find(&rest).Error; err != nil {
		return fmt.Errorf("list the roster of team %d: %w", from.ID, err)
	}
	for i, m := range rest {
		if m.Position != i {
			if err := t.db.Model(&teamMemberRow{}).Where("id = ?", m.ID).Update("position", i).Error; err != nil {
				return fmt.Errorf("close the roster of team %d: %w", from.ID, err)
			}
		}
	}
	from.Roster = slices.DeleteFunc(from.Roster, func(q tournament.Player) bool { return q.ID == p.ID })
	to.Roster = append(to.Roster, *p)
	return nil
}

func (t *tx) DeleteTeam(team *teams.Team) error {
	if err := t.db.Where("team_id = ?", team.ID).Delete(&teamMemberRow{}).Error; err != nil {
		return fmt.Errorf("delete the roster of team %d: %w", team.ID, err)
	}
	for i := range team.Roster {
		if err := t.DeletePlayer(&team.Roster[i]); err != nil {
			return err
		}
	}
	if err := t.db.Delete(&teamRow{}, team.ID).Error; err != nil {
		return fmt.Errorf("delete team %d: %w", team.ID, err)
	}
	return nil
}

func teamToRow(team *teams.Team) *teamRow {
	return &teamRow{ID: team.ID, EventID: team.EventID, StartNo: team.StartNo, Name: team.Name, Club: team.Club, City: team.City, Captain: team.Captain,
		WithdrawnFrom: team.WithdrawnFrom}
}

func (t *tx) CreateMatches(roundID int64, matches []teams.Match) error {
	for i := range matches {
		m := &matches[i]
		row := matchRow{RoundID: roundID, TableNo: m.Table, HomeTeamID: m.HomeID, AwayTeamID: nullID(m.AwayID)}
		if err := t.db.Omit("Round", "HomeTeam", "AwayTeam").Create(&row).Error; err != nil {
			return fmt.Errorf("create table %d: %w", m.Table, err)
		}
		m.ID, m.RoundID = row.ID, roundID
		for _, b := range m.Boards {
			board := matchBoardRow{MatchID: m.ID, Board: b.Board, HomePlayerID: nullID(b.HomePlayerID), AwayPlayerID: nullID(b.AwayPlayerID)}
			if err := t.db.Omit("Match").Create(&board).Error; err != nil {
				return fmt.Errorf("create board %d of table %d: %w", b.Board, m.Table, err)
			}
		}
	}
	return nil
}

func (t *tx) Matches(eventID int64) ([]teams.Match, error) {
	var rows []matchRow
	err := t.db.Joins("JOIN rounds ON rounds.id = matches.round_id").Where("rounds.event_id = ?", eventID).
		Order("rounds.number, matches.table_no").Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("list matches of event %d: %w", eventID, err)
	}
	if len(rows) == 0 {
		return nil, nil
	}
	var teamRows []teamRow
	if err := t.db.Select("id", "start_no").Where("event_id = ?", eventID).Find(&teamRows).Error; err != nil {
		return nil, fmt.Errorf("list team numbers of event %d: %w", eventID, err)
	}
	startNo := make(map[int64]int, len(teamRows))
	for _, team := range teamRows {
		startNo[team.ID] = team.StartNo
	}
	matches := make([]teams.Match, len(rows))
	index := make(map[int64]int, len(rows))
	ids := make([]int64, len(rows))
	for i, r := range rows {
		m := teams.Match{ID: r.ID, RoundID: r.RoundID, Table: r.TableNo, HomeID: r.HomeTeamID, HomeNo: startNo[r.HomeTeamID]}
		if r.AwayTeamID != nil {
			m.AwayID, m.AwayNo = *r.AwayTeamID, startNo[*r.AwayTeamID]
		}
		matches[i], index[r.ID], ids[i] = m, i, r.ID
	}
	var boards []matchBoardRow
	if err := t.db.Where("match_id IN ?", ids).Order("match_id, board").Find(&boards).Error; err != nil {
		return nil, fmt.Errorf("list boards of event %d: %w", eventID, err)
	}
	for _, b := range boards {
		m := &matches[index[b.MatchID]]
		m.Boards = append(m.Boards, teams.MatchBoard{Board: b.Board, HomePlayerID: idOf(b.HomePlayerID), AwayPlayerID: idOf(b.AwayPlayerID)})
	}
	return matches, nil
}

func (t *tx) UpdateMatchBoard(matchID int64, b *teams.MatchBoard) error {
	err := t.db.Model(&matchBoardRow{}).Where("match_id = ? AND board = ?", matchID, b.Board).Updates(map[string]any{
		"home_player_id": nullID(b.HomePlayerID), "away_player_id": nullID(b.AwayPlayerID),
	}).Error
	if err != nil {
		return fmt.Errorf("update board %d of match %d: %w", b.Board, matchID, err)
	}
	return nil
}

func (t *tx) CreateGame(g *tournament.Game) error {
	g.Version = 1
	row, err := gameToRow(g)
	if err != nil {
		return err
	}
	if err := t.db.Create(row).Error; err != nil {
		return fmt.Errorf("create game %d of round %d: %w", g.Board, g.RoundID, err)
	}
	g.ID = row.ID
	return nil
}

func (t *tx) DeleteGame(g *tournament.Game) error {
	if err := t.db.Delete(&gameRow{}, g.ID).Error; err != nil {
		return fmt.Errorf("delete game %d: %w", g.ID, err)
	}
	return nil
}

// UpdateGamePlayers changes who plays a game, under the same optimistic
// lock as UpdateGame.
func (t *tx) UpdateGamePlayers(g *tournament.Game) error {
	res := t.db.Model(&gameRow{}).Where("id = ? AND version = ?", g.ID, g.Version).Updates(map[string]any{
		"white_id": g.WhiteID, "black_id": nullID(g.BlackID), "version": g.Version + 1,
	})
	if res.Error != nil {
		return fmt.Errorf("update players of game %d: %w", g.ID, res.Error)
	}
	if res.RowsAffected == 0 {
		return tournament.Conflict("version", "game %d was changed meanwhile (version %d is out of date); reload the round", g.Board, g.Version)
	}
	g.Version++
	return nil
}

// nullID stores 0 as NULL.
func nullID(id int64) *int64 {
	if id == 0 {
		return nil
	}
	return &id
}

func idOf(id *int64) int64 {
	if id == nil {
		return 0
	}
	return *id
}

var _ teams.TeamTx = (*tx)(nil)

// Teams is the store of team competitions: the same database, in
// transactions that also read and write the event's players, rounds and
// audit log.
func (s *Store) Teams() teams.Store { return teamsStore{s} }

type teamsStore struct{ s *Store }

func (e teamsStore) Update(ctx context.Context, fn func(tx teams.Tx) error) error {
	return e.s.run(ctx, e.s.db, nil, func(t *tx) error { return fn(t) })
}

func (e teamsStore) View(ctx context.Context, fn func(tx teams.Tx) error) error {
	return e.s.run(ctx, e.s.read, e.s.viewOptions(), func(t *tx) error { return fn(t) })
}
