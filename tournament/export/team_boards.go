package export

import (
	"cmp"
	"context"
	"io"
	"slices"

	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/report"
	"adiukh/tournament/teams"
)

// BoardStandingsView is the board prizes table of the team standings st:
// for each board every player who had a result on it, in the standings'
// order and places (package standings ranks them), with the player's
// details from the rosters of d.
func BoardStandingsView(d *teams.TeamEventData, st *teams.TeamStandings) report.BoardStandings {
	s := report.BoardStandings{Event: EventView(d.Event), AfterRound: st.AfterRound}
	for i, rows := range st.Boards {
		if len(rows) == 0 {
			continue
		}
		table := report.BoardTable{Board: i + 1}
		for _, r := range rows {
			team := d.TeamNo(r.TeamNo)
			row := report.BoardRow{Place: r.Rank, PlaceLast: r.RankTo, Player: rosterPlayer(team, r.PlayerID),
				Games: r.Games, Points: r.Points, Percent: r.Percent, Adiukh: r.AdiukhPoints}
			if team != nil {
				row.Team = team.Name
			}
			table.Rows = append(table.Rows, row)
		}
		s.Boards = append(s.Boards, table)
	}
	return s
}

// BoardStandingsPDF writes the board prizes table of a team event after
// round afterRound (0: after the last finished round).
func (x *Exporter) BoardStandingsPDF(ctx context.Context, w io.Writer, loc catalog.Lang, eventID int64, afterRound int) error {
	d, err := x.teamEventData(ctx, eventID)
	if err != nil {
		return err
	}
	st, err := x.teams.TeamStandings(ctx, eventID, afterRound)
	if err != nil {
		return err
	}
	s := BoardStandingsView(d, st)
	x.stamp(&s.Event)
	return report.BoardStandingsPDF(w, loc, s)
}

// TeamRoundView is the overview of round n of a team event: every match by
// table with its score when every board has its result, the bye last.
func TeamRoundView(d *teams.TeamEventData, n int) (report.TeamRoundOverview, error) {
	r, err := findTeamRound(d, n)
	if err != nil {
		return report.TeamRoundOverview{}, err
	}
	o := report.TeamRoundOverview{Event: EventView(d.Event), Round: n, Date: roundDate(d.Event)}
	for _, m := range r.Matches {
		home := d.Team(m.HomeID)
		if home == nil {
			return report.TeamRoundOverview{}, tournament.NotFound("round %d has no team at table %d", n, m.Table)
		}
		om := report.OverviewMatch{Table: m.Table, Home: teamAsOf(home, n), Bye: m.IsBye()}
		if !om.Bye {
			away := d.Team(m.AwayID)
			if away == nil {
				return report.TeamRoundOverview{}, tournament.NotFound("round %d has no team at table %d", n, m.Table)
			}
			score := m.Score(d.Event, d.Settings)
			om.Away, om.Done = teamAsOf(away, n), score.Done
			om.HomeGamePoints, om.AwayGamePoints = score.HomeGamePoints, score.AwayGamePoints
			om.HomeMatchPoints, om.AwayMatchPoints = score.HomeMatchPoints, score.AwayMatchPoints
		}
		o.Matches = append(o.Matches, om)
	}
	slices.SortStableFunc(o.Matches, func(a, b report.OverviewMatch) int {
		if a.Bye != b.Bye {
			if a.Bye {
				return 1
			}
			return -1
		}
		return cmp.Compare(a.Table, b.Table)
	})
	return o, nil
}

// TeamRoundPDF writes the overview of round n of a team event.
func (x *Exporter) TeamRoundPDF(ctx context.Context, w io.Writer, loc catalog.Lang, eventID int64, n int) error {
	d, err := x.teamEventData(ctx, eventID)
	if err != nil {
		return err
	}
	o, err := TeamRoundView(d, n)
	if err != nil {
		return err
	}
	x.stamp(&o.Event)
	return report.TeamRoundPDF(w, loc, o)
}

// teamEventData reads a team event, refusing an individual one: its
// documents are the team event's only.
func (x *Exporter) teamEventData(ctx context.Context, eventID int64) (*teams.TeamEventData, error) {
	team, err := x.isTeamEvent(ctx, eventID)
	if err != nil {
		return nil, err
	}
	if !team {
		return nil, tournament.Invalid("event", "this is an individual event: this document exists for team events only")
	}
	return x.teams.TeamEventData(ctx, eventID)
}
