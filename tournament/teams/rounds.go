package teams

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"adiukh/tournament"
)

// loadTeamRounds reads the rounds of an event with their matches, each
// board linked to its game.
func loadTeamRounds(tx interface {
	tournament.RoundTx
	TeamTx
}, eventID int64, boards int) ([]TeamRound, error) {
	rounds, err := tx.Rounds(eventID)
	if err != nil {
		return nil, err
	}
	matches, err := tx.Matches(eventID)
	if err != nil {
		return nil, err
	}
	teamRounds := make([]TeamRound, len(rounds))
	index := make(map[int64]int, len(rounds))
	for i := range rounds {
		teamRounds[i] = TeamRound{Round: rounds[i]}
		index[rounds[i].ID] = i
	}
	for _, m := range matches {
		i, ok := index[m.RoundID]
		if !ok {
			return nil, fmt.Errorf("match %d belongs to round %d, which is not a round of event %d", m.ID, m.RoundID, eventID)
		}
		teamRounds[i].Matches = append(teamRounds[i].Matches, m)
	}
	for i := range teamRounds {
		linkGames(&teamRounds[i], boards)
	}
	return teamRounds, nil
}

// linkGames points every board with two players at its game.
func linkGames(tr *TeamRound, boards int) {
	for mi := range tr.Matches {
		m := &tr.Matches[mi]
		m.Round = tr.Number
		for bi := range m.Boards {
			b := &m.Boards[bi]
			b.Game = tournament.FindGame(&tr.Round, GameNumber(m.Table, b.Board, boards))
		}
	}
}

func findTeamRound(rounds []TeamRound, eventID int64, n int) (*TeamRound, error) {
	for i := range rounds {
		if rounds[i].Number == n {
			return &rounds[i], nil
		}
	}
	return nil, tournament.NotFound("round %d of event %d not found", n, eventID)
}

// TeamEventData is a team event with everything in it, read in one
// transaction: what pages and printed documents of a team event need.
type TeamEventData struct {
	Event    *tournament.Event
	Settings TeamSettings
	Teams    []Team      // by start number, with rosters
	Rounds   []TeamRound // by number; drafts only for those who may change the event
}

// Team returns the team with that ID, or nil.
func (d *TeamEventData) Team(id int64) *Team { return findTeam(d.Teams, id) }

// TeamNo returns the team with that start number, or nil.
func (d *TeamEventData) TeamNo(no int) *Team { return findTeamByNo(d.Teams, no) }

// TeamEventData reads a team event with its teams, rounds and matches.
func (s *Service) TeamEventData(ctx context.Context, eventID int64) (*TeamEventData, error) {
	var d *TeamEventData
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := tournament.Readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		d, err = s.loadTeamEvent(tx, e, tournament.UserFromContext(ctx))
		return err
	})
	return d, err
}

func (s *Service) loadTeamEvent(tx interface {
	tournament.RoundTx
	TeamTx
}, e *tournament.Event, reader *tournament.User) (*TeamEventData, error) {
	if !e.Discipline.IsTeam() {
		return nil, tournament.Invalid("discipline", "%s is an individual event (%s), not a team event", e.Name, e.Discipline)
	}
	settings, err := s.teamSettings(tx, e)
	if err != nil {
		return nil, err
	}
	teams, err := tx.Teams(e.ID)
	if err != nil {
		return nil, err
	}
	rounds, err := loadTeamRounds(tx, e.ID, settings.Boards)
	if err != nil {
		return nil, err
	}
	if !tournament.CanManage(reader, e) {
		rounds = slices.DeleteFunc(rounds, func(r TeamRound) bool { return r.Status == tournament.Draft })
	}
	return &TeamEventData{Event: e, Settings: settings, Teams: teams, Rounds: rounds}, nil
}

// PairNextTeamRound pairs the next round of a team event as a draft: the
// matches by the event's system, and on each board the players of the
// teams' default line-ups (the first players of the roster who can play).
// The line-ups may be changed until a match has results (SetLineup).
func (s *Service) PairNextTeamRound(ctx context.Context, eventID int64) (*TeamRound, error) {
	var tr *TeamRound
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := teamEvent(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if err := e.TableOpen(""); err != nil {
			return err
		}
		pair := s.teams.Pairing[e.System]
		if pair == nil {
			return tournament.Invalid("system", "team pairing for %s events is not available yet in this version of adiukh", e.System)
		}
		d, err := s.loadTeamEvent(tx, e, u)
		if err != nil {
			return err
		}
		next := len(d.Rounds) + 1
		if err := readyToPairTeams(e, d, next); err != nil {
			return err
		}
		if next == 1 {
			before := *e
			if e.System.IsRoundRobin() {
				e.Rounds = tournament.RoundRobinRounds(len(d.Teams), e.System == tournament.DoubleRoundRobin) * max(e.Cycles, 1)
			}
			e.Status = tournament.Running
			if err := tx.UpdateEvent(e); err != nil {
				return err
			}
			if err := tournament.Audit(tx, s.now(), u, eventID, tournament.ActionEventUpdate, fmt.Sprintf("event %d", eventID), before, e, tournament.Note("note.event.first_round_paired")); err != nil {
				return err
			}
		}
		in := TeamPairingInput{Event: e, Settings: d.Settings, Teams: d.Teams, Rounds: d.Rounds, Round: next}
		if IsTeamKnockout(e) {
			if in.Lots, err = tx.KnockoutLots(eventID); err != nil {
				return err
			}
		}
		pairings, err := pair(in)
		if err != nil {
			return err
		}
		if tr, err = newTeamRound(e, d.Settings, d.Teams, pairings, next); err != nil {
			return err
		}
		if tr.Openings, err = s.drawOpenings(tx, e, d, tr); err != nil {
			return err
		}
		if err := tx.CreateRound(&tr.Round); err != nil {
			return err
		}
		linkGames(tr, d.Settings.Boards)
		if err := tx.CreateMatches(tr.ID, tr.Matches); err != nil {
			return err
		}
		return tournament.Audit(tx, s.now(), u, eventID, tournament.ActionRoundPair, fmt.Sprintf("round %d", next), nil, matchesLog(tr.Matches), "")
	})
	return tr, err
}

// drawOpenings draws the openings of a new round of an event whose boards
// play micro-matches (tournament.Service.DrawOpenings): one for the round,
// or one for every board of every match with two teams, an empty board's
// too, which gets its game when a line-up fills it.
func (s *Service) drawOpenings(tx Tx, e *tournament.Event, d *TeamEventData, tr *TeamRound) ([]tournament.DrawnOpening, error) {
	if !e.MicroMatch.On() {
		return nil, nil
	}
	earlier := make([]tournament.Round, len(d.Rounds))
	for i := range d.Rounds {
		earlier[i] = d.Rounds[i].Round
	}
	var boards []int
	for _, m := range tr.Matches {
		for b := 1; m.AwayID != 0 && b <= d.Settings.Boards; b++ {
			boards = append(boards, GameNumber(m.Table, b, d.Settings.Boards))
		}
	}
	return s.events.DrawOpenings(tx, e, earlier, boards)
}

func readyToPairTeams(e *tournament.Event, d *TeamEventData, next int) error {
	var prev *tournament.Round
	if next > 1 {
		prev = &d.Rounds[next-2].Round
	}
	if err := tournament.CheckPreviousRound(e, prev, next); err != nil {
		return err
	}
	active := 0
	for i := range d.Teams {
		if d.Teams[i].PlaysIn(next) {
			active++
		}
	}
	if active < 2 {
		return tournament.Conflict("", "round %d needs at least 2 teams; %d can play", next, active)
	}
	return nil
}

// newTeamRound turns team pairings into the matches and games of a draft
// round. The home team has White on board 1, the away team on board 2, and
// so on; a board where a team fields nobody has no game.
func newTeamRound(e *tournament.Event, settings TeamSettings, teams []Team, pairings []TeamPairing, n int) (*TeamRound, error) {
	tr := &TeamRound{Round: tournament.Round{EventID: e.ID, Number: n, Status: tournament.Draft}}
	for i, pr := range pairings {
		table := i + 1
		home, away := findTeam(teams, pr.HomeID), findTeam(teams, pr.AwayID)
		if home == nil || (pr.AwayID != 0 && away == nil) || pr.HomeID == pr.AwayID {
			return nil, fmt.Errorf("team pairing engine for %s returned table %d with unknown teams %d-%d", e.System, table, pr.HomeID, pr.AwayID)
		}
		m := Match{Round: n, Table: table, HomeID: home.ID, HomeNo: home.StartNo}
		if away != nil {
			m.AwayID, m.AwayNo = away.ID, away.StartNo
			homeLineup, awayLineup := defaultLineup(home, settings.Boards, n), defaultLineup(away, settings.Boards, n)
			for b := 1; b <= settings.Boards; b++ {
				mb := MatchBoard{Board: b, HomePlayerID: homeLineup[b-1], AwayPlayerID: awayLineup[b-1]}
				if g := boardGame(&mb, home, away, GameNumber(table, b, settings.Boards)); g != nil {
					tr.Games = append(tr.Games, *g)
				}
				m.Boards = append(m.Boards, mb)
			}
		}
		tr.Matches = append(tr.Matches, m)
	}
	return tr, nil
}

// boardGame is the game of a board with two players, coloured by board
// number; nil while a side is empty.
func boardGame(b *MatchBoard, home, away *Team, number int) *tournament.Game {
	if b.HomePlayerID == 0 || b.AwayPlayerID == 0 {
		return nil
	}
	g := &tournament.Game{Board: number, WhiteID: b.HomePlayerID, BlackID: b.AwayPlayerID}
	g.WhiteNo, g.BlackNo = home.Roster[home.rosterIndex(b.HomePlayerID)].StartNo, away.Roster[away.rosterIndex(b.AwayPlayerID)].StartNo
	if !b.HomeWhite() {
		g.WhiteID, g.BlackID = g.BlackID, g.WhiteID
		g.WhiteNo, g.BlackNo = g.BlackNo, g.WhiteNo
	}
	return g
}

// LineupInput is a team's line-up for one round: the player on each board
// (0 leaves the board empty), from board 1 down.
type LineupInput struct {
	EventID int64
	Round   int
	TeamNo  int // the team's start number
	Players []int64
	Reason  string
}

// SetLineup sets who a team fields in a round, from its roster in order
// (checkLineup). The games of the match follow: a board that gains its
// second player gets a game, one that loses a player loses its game. A
// line-up is fixed once any board of its match has a result.
func (s *Service) SetLineup(ctx context.Context, in LineupInput) (*Match, error) {
	var match *Match
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := teamEvent(ctx, tx, in.EventID)
		if err != nil {
			return err
		}
		if err := e.TableOpen(""); err != nil {
			return err
		}
		d, err := s.loadTeamEvent(tx, e, u)
		if err != nil {
			return err
		}
		tr, err := findTeamRound(d.Rounds, in.EventID, in.Round)
		if err != nil {
			return err
		}
		team := findTeamByNo(d.Teams, in.TeamNo)
		if team == nil {
			return tournament.NotFound("team %d not found in event %d", in.TeamNo, in.EventID)
		}
		if match = matchOf(tr, team.ID); match == nil {
			return tournament.NotFound("team %d is not paired in round %d", in.TeamNo, in.Round)
		}
		switch {
		case e.Online && tr.Status != tournament.Draft:
			// Its board games started when it was published.
			return tournament.Conflict("players", "round %d of an event played live started its games when it was published; its line-ups are fixed", in.Round)
		case match.IsBye():
			return tournament.Conflict("", "team %d has the bye in round %d and fields no line-up", in.TeamNo, in.Round)
		case !team.PlaysIn(in.Round):
			return tournament.Conflict("", "team %d is withdrawn from round %d and fields no line-up", in.TeamNo, team.WithdrawnFrom)
		}
		for _, b := range match.Boards {
			if b.Game == nil {
				continue
			}
			if b.Game.Result != nil {
				return tournament.Conflict("players", "board %d of table %d already has a result (%s); a line-up is fixed once its match has results", b.Board, match.Table, b.Game.Result.Score())
			}
			for i, r := range b.Game.MicroGames {
				if r != nil {
					return tournament.Conflict("players", "game %d of the micro-match on board %d of table %d already has a result (%s); a line-up is fixed once its match has results", i+1, b.Board, match.Table, r.Score())
				}
			}
		}
		if err := checkLineup(team, in.Players, d.Settings.Boards, in.Round); err != nil {
			return err
		}
		home := match.HomeID == team.ID
		before := lineupLog(match, home)
		homeTeam, awayTeam := d.Team(match.HomeID), d.Team(match.AwayID)
		for i := range match.Boards {
			b := &match.Boards[i]
			if home {
				b.HomePlayerID = in.Players[i]
			} else {
				b.AwayPlayerID = in.Players[i]
			}
			if err := setBoardGame(tx, tr, match, b, homeTeam, awayTeam, d.Settings.Boards); err != nil {
				return err
			}
			if err := tx.UpdateMatchBoard(match.ID, b); err != nil {
				return err
			}
		}
		// An empty board is a forfeit, a result: a line-up can complete
		// the round.
		if err := tournament.SettleRound(tx, &tr.Round); err != nil {
			return err
		}
		subject := fmt.Sprintf("round %d table %d team %d", in.Round, match.Table, in.TeamNo)
		return tournament.Audit(tx, s.now(), u, in.EventID, ActionLineupSet, subject, before, lineupLog(match, home), in.Reason)
	})
	return match, err
}

// setBoardGame brings the board's game in line with its players.
func setBoardGame(tx tournament.RoundTx, tr *TeamRound, m *Match, b *MatchBoard, home, away *Team, boards int) error {
	want := boardGame(b, home, away, GameNumber(m.Table, b.Board, boards))
	switch {
	case want == nil && b.Game == nil:
		return nil
	case want == nil:
		if err := tx.DeleteGame(b.Game); err != nil {
			return err
		}
		// The other boards point into tr.Games: delete from a copy, so
		// that no element they point to moves.
		tr.Games = slices.DeleteFunc(slices.Clone(tr.Games), func(g tournament.Game) bool { return g.ID == b.Game.ID })
		b.Game = nil
		return nil
	case b.Game == nil:
		want.RoundID = tr.ID
		if err := tx.CreateGame(want); err != nil {
			return err
		}
		tr.Games = append(tr.Games, *want)
		b.Game = want
		return nil
	case b.Game.WhiteID != want.WhiteID || b.Game.BlackID != want.BlackID:
		b.Game.WhiteID, b.Game.BlackID, b.Game.WhiteNo, b.Game.BlackNo = want.WhiteID, want.BlackID, want.WhiteNo, want.BlackNo
		return tx.UpdateGamePlayers(b.Game)
	}
	return nil
}

func matchOf(tr *TeamRound, teamID int64) *Match {
	for i := range tr.Matches {
		if tr.Matches[i].HomeID == teamID || tr.Matches[i].AwayID == teamID {
			return &tr.Matches[i]
		}
	}
	return nil
}

// MatchResultInput is a result entered by table and board of a match
// instead of by game number.
type MatchResultInput struct {
	tournament.ResultInput
	Table int
}

// RecordMatchResult stores the result of one board of a match; it is
// RecordResult under the board's game number.
func (s *Service) RecordMatchResult(ctx context.Context, in MatchResultInput) (*tournament.RecordedResult, error) {
	var number int
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := tournament.Readable(ctx, tx, in.EventID)
		if err != nil {
			return err
		}
		d, err := s.loadTeamEvent(tx, e, tournament.UserFromContext(ctx))
		if err != nil {
			return err
		}
		tr, err := findTeamRound(d.Rounds, in.EventID, in.Round)
		if err != nil {
			return err
		}
		if in.Table < 1 || in.Table > len(tr.Matches) {
			return tournament.NotFound("table %d of round %d not found", in.Table, in.Round)
		}
		m := &tr.Matches[in.Table-1]
		if in.Board < 1 || in.Board > len(m.Boards) {
			return tournament.NotFound("board %d of table %d in round %d not found", in.Board, in.Table, in.Round)
		}
		if m.Boards[in.Board-1].Game == nil {
			return tournament.Conflict("", "board %d of table %d has an empty side; its forfeit follows from the line-up", in.Board, in.Table)
		}
		number = GameNumber(in.Table, in.Board, d.Settings.Boards)
		return nil
	})
	if err != nil {
		return nil, err
	}
	in.ResultInput.Board = number
	r, err := s.events.RecordResult(ctx, in.ResultInput)
	if e := (*tournament.Error)(nil); errors.As(err, &e) && e.Field == "version" {
		// Said as the arbiter knows the board, not by its game number.
		return nil, tournament.Conflict("version", "board %d of table %d in round %d was changed meanwhile (version %d is out of date); reload the round and enter the result again", in.Board, in.Table, in.Round, in.Version)
	}
	return r, err
}

// matchLog is a match as the audit log keeps it: team and player start
// numbers.
type matchLog struct {
	Table  int      `json:"table"`
	Home   int      `json:"home"`
	Away   int      `json:"away,omitempty"`
	Boards [][2]int `json:"boards,omitempty"`
}

func matchesLog(matches []Match) []matchLog {
	out := make([]matchLog, len(matches))
	for i, m := range matches {
		out[i] = matchLog{Table: m.Table, Home: m.HomeNo, Away: m.AwayNo}
		for _, b := range m.Boards {
			out[i].Boards = append(out[i].Boards, [2]int{int(b.HomePlayerID), int(b.AwayPlayerID)})
		}
	}
	return out
}

// lineupLog lists the player IDs one side of a match fields, board by board.
func lineupLog(m *Match, home bool) []int64 {
	ids := make([]int64, len(m.Boards))
	for i, b := range m.Boards {
		ids[i] = b.AwayPlayerID
		if home {
			ids[i] = b.HomePlayerID
		}
	}
	return ids
}
