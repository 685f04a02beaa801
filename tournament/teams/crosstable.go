package teams

import (
	"context"

	"adiukh/tournament"
)

// TeamCrosstable is every team's matches round by round, with the
// standings after the last finished round. Rows are by start number.
type TeamCrosstable struct {
	Event     *tournament.Event
	Settings  TeamSettings
	Standings *TeamStandings
	Rows      []TeamCrosstableRow
}

// TeamCrosstableRow is one team's line of the crosstable; the points are
// those of its standings row (finished rounds only).
type TeamCrosstableRow struct {
	Team        Team
	Rank        int
	RankTo      int
	MatchPoints float64
	GamePoints  float64
	// Matches holds one cell per published round, in round order.
	Matches []TeamCrosstableCell
}

// TeamCrosstableCell is one round of one team, seen from that team.
type TeamCrosstableCell struct {
	Round int
	Table int // 0 when the team was not paired
	// OpponentNo is the other team's start number; 0 for the bye or a
	// round without a match.
	OpponentNo int
	Home       bool
	Bye        bool
	// Done is false while a board of the match waits for its result; the
	// game points are then those of the boards with results, and the match
	// points 0.
	Done               bool
	GamePoints         float64
	OpponentGamePoints float64
	MatchPoints        float64
}

// TeamCrosstable builds the crosstable of a team event from its published
// rounds.
func (s *Service) TeamCrosstable(ctx context.Context, eventID int64) (*TeamCrosstable, error) {
	var ct *TeamCrosstable
	err := s.store.View(ctx, func(tx Tx) error {
		d, err := s.loadPublicTeam(ctx, tx, eventID)
		if err != nil {
			return err
		}
		st, err := s.teamStandings(tx, d, 0)
		if err != nil {
			return err
		}
		ct = buildTeamCrosstable(d, st)
		return nil
	})
	return ct, err
}

func buildTeamCrosstable(d *TeamEventData, st *TeamStandings) *TeamCrosstable {
	ct := &TeamCrosstable{Event: d.Event, Settings: d.Settings, Standings: st, Rows: make([]TeamCrosstableRow, len(d.Teams))}
	row := make(map[int64]*TeamCrosstableRow, len(d.Teams))
	for i, t := range d.Teams {
		ct.Rows[i] = TeamCrosstableRow{Team: t, Matches: make([]TeamCrosstableCell, len(d.Rounds))}
		row[t.ID] = &ct.Rows[i]
	}
	for _, sr := range st.Rows {
		if r := row[sr.TeamID]; r != nil {
			r.Rank, r.RankTo, r.MatchPoints, r.GamePoints = sr.Rank, sr.RankTo, sr.MatchPoints, sr.GamePoints
		}
	}
	for ri, r := range d.Rounds {
		for i := range ct.Rows {
			ct.Rows[i].Matches[ri].Round = r.Number
		}
		for mi := range r.Matches {
			m := &r.Matches[mi]
			ms := m.Score(d.Event, d.Settings)
			if home := row[m.HomeID]; home != nil {
				home.Matches[ri] = TeamCrosstableCell{Round: r.Number, Table: m.Table, OpponentNo: m.AwayNo, Home: true, Bye: m.IsBye(),
					Done: ms.Done, GamePoints: ms.HomeGamePoints, OpponentGamePoints: ms.AwayGamePoints, MatchPoints: ms.HomeMatchPoints}
			}
			if away := row[m.AwayID]; away != nil && !m.IsBye() {
				away.Matches[ri] = TeamCrosstableCell{Round: r.Number, Table: m.Table, OpponentNo: m.HomeNo,
					Done: ms.Done, GamePoints: ms.AwayGamePoints, OpponentGamePoints: ms.HomeGamePoints, MatchPoints: ms.AwayMatchPoints}
			}
		}
	}
	return ct
}
