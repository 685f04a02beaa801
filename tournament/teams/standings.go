package teams

import (
	"context"
	"fmt"

	"adiukh/tournament"
)

// TeamStandings is the ranking of a team event after a round, and the
// standings of each board.
type TeamStandings struct {
	Event      *tournament.Event
	Settings   TeamSettings
	AfterRound int
	// Complete is the number of rounds with every result (see Standings).
	Complete int
	// TieBreaks are the event's team tie-breaks in their order.
	TieBreaks []tournament.TieBreakInfo
	Rows      []TeamStandingsRow
	Boards    [][]BoardStandingsRow
	// StalePlayoffs are the finished play-offs whose teams are no longer
	// tied (a result corrected after the event was reopened): their
	// decision is not applied, and the standings say so.
	StalePlayoffs []int64
}

// TeamStandings ranks the teams of an event after round afterRound; 0 means
// after the last round that, with all rounds before it, has every result.
func (s *Service) TeamStandings(ctx context.Context, eventID int64, afterRound int) (*TeamStandings, error) {
	var st *TeamStandings
	err := s.store.View(ctx, func(tx Tx) error {
		d, err := s.loadPublicTeam(ctx, tx, eventID)
		if err != nil {
			return err
		}
		st, err = s.teamStandings(tx, d, afterRound)
		return err
	})
	return st, err
}

// TeamStandingsOf ranks the team event e as TeamStandings does, read by
// the caller in its own snapshot tx (package playoff): after its last
// complete round, with the places its finished play-offs decided.
func (s *Service) TeamStandingsOf(tx Tx, e *tournament.Event) (*TeamStandings, error) {
	d, err := s.loadTeamEvent(tx, e, nil)
	if err != nil {
		return nil, err
	}
	return s.teamStandings(tx, d, 0)
}

// loadPublicTeam reads a team event as the public sees it, whoever asks:
// without its draft rounds. The standings and the crosstable are built
// from it, so an arbiter sees the same tables as everyone else.
func (s *Service) loadPublicTeam(ctx context.Context, tx interface {
	tournament.EventTx
	tournament.RoundTx
	TeamTx
}, eventID int64) (*TeamEventData, error) {
	e, err := tournament.Readable(ctx, tx, eventID)
	if err != nil {
		return nil, err
	}
	return s.loadTeamEvent(tx, e, nil)
}

// teamStandings ranks the team event d after round afterRound; its final
// standings (after its last round, every result in) show the places its
// finished play-offs decided (Options.Playoffs), read in the same snapshot
// tx.
func (s *Service) teamStandings(tx interface {
	tournament.EventTx
	tournament.RoundTx
	TeamTx
}, d *TeamEventData, afterRound int) (*TeamStandings, error) {
	st, err := s.rankTeams(d, afterRound)
	if err != nil || s.teams.Playoffs == nil || len(d.Rounds) == 0 || st.AfterRound != len(d.Rounds) {
		return st, err
	}
	return st, s.teams.Playoffs.DecideTeams(tx, st, func(p *tournament.Event) (*TeamStandings, error) {
		played, err := s.loadTeamEvent(tx, p, nil)
		if err != nil {
			return nil, err
		}
		return s.rankTeams(played, 0)
	})
}

func (s *Service) rankTeams(d *TeamEventData, afterRound int) (*TeamStandings, error) {
	if s.teams.Ranker == nil {
		return nil, tournament.Invalid("discipline", "team standings are not available in this version of adiukh")
	}
	afterRound, complete, err := tournament.StandingsRound(func(i int) bool { return d.Rounds[i].Status == tournament.Done }, len(d.Rounds), afterRound)
	if err != nil {
		return nil, err
	}
	table, err := s.teams.Ranker.RankTeams(TeamStandingsInput{Event: d.Event, Settings: d.Settings, Teams: d.Teams, Rounds: d.Rounds[:afterRound]})
	if err != nil {
		return nil, err
	}
	players := map[int64]*tournament.Player{}
	for i := range d.Teams {
		for j := range d.Teams[i].Roster {
			players[d.Teams[i].Roster[j].ID] = &d.Teams[i].Roster[j]
		}
	}
	for i := range table.Rows {
		r := &table.Rows[i]
		t := d.Team(r.TeamID)
		if t == nil {
			return nil, fmt.Errorf("team standings of event %d name unknown team %d", d.Event.ID, r.TeamID)
		}
		r.StartNo, r.Name, r.Club, r.WithdrawnFrom = t.StartNo, t.Name, t.Club, t.WithdrawnFrom
	}
	for _, board := range table.Boards {
		for i := range board {
			if p := players[board[i].PlayerID]; p != nil {
				board[i].Name, board[i].Federation = p.Name, p.Federation
			}
			if t := d.TeamNo(board[i].TeamNo); t != nil {
				board[i].Team = t.Name
			}
		}
	}
	st := &TeamStandings{Event: d.Event, Settings: d.Settings, AfterRound: afterRound, Complete: complete, Rows: table.Rows, Boards: table.Boards}
	for _, id := range d.Settings.TieBreaks {
		for _, tb := range s.teams.Ranker.TeamTieBreaks() {
			if tb.ID == id {
				st.TieBreaks = append(st.TieBreaks, tb)
			}
		}
	}
	return st, nil
}
