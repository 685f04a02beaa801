package export

import (
	"cmp"
	"context"
	"io"
	"slices"

	"adiukh/tournament"
	"adiukh/tournament/report"
)

// BoardStandingsView is the board prizes table after round afterRound: for
// each board of the matches, every player who had a result on it, ranked by
// the percentage of what winning every game would have scored, then by
// games played (more is better) and Adiukh points. A board left empty by the
// player's own team is no game of the player's; one the opponents left
// empty is a game won by forfeit, as the match counts it.
func BoardStandingsView(d *tournament.TeamEventData, afterRound int) report.BoardStandings {
	type key struct {
		board  int
		player int64
	}
	rows := map[key]*report.BoardRow{}
	var order []key
	add := func(board int, team *tournament.Team, playerID int64, score float64, adiukh int) {
		k := key{board, playerID}
		r := rows[k]
		if r == nil {
			r = &report.BoardRow{Player: rosterPlayer(team, playerID)}
			if team != nil {
				r.Team = team.Name
			}
			rows[k] = r
			order = append(order, k)
		}
		r.Games++
		r.Points += score
		r.Adiukh += adiukh
	}
	sc := d.Event.Scoring
	for _, rd := range d.Rounds {
		if rd.Number > afterRound {
			continue
		}
		for _, m := range rd.Matches {
			if m.IsBye() {
				continue
			}
			home, away := d.Team(m.HomeID), d.Team(m.AwayID)
			for i := range m.Boards {
				b := &m.Boards[i]
				res := b.Result(sc)
				if !res.Done {
					continue
				}
				if b.HomePlayerID != 0 {
					add(b.Board, home, b.HomePlayerID, res.HomeScore, res.HomePoints)
				}
				if b.AwayPlayerID != 0 {
					add(b.Board, away, b.AwayPlayerID, res.AwayScore, res.AwayPoints)
				}
			}
		}
	}
	byBoard := map[int][]report.BoardRow{}
	for _, k := range order {
		r := rows[k]
		if best := float64(r.Games) * sc.Win; best > 0 {
			r.Percent = 100 * r.Points / best
		}
		byBoard[k.board] = append(byBoard[k.board], *r)
	}
	s := report.BoardStandings{Event: EventView(d.Event), AfterRound: afterRound}
	boards := make([]int, 0, len(byBoard))
	for b := range byBoard {
		boards = append(boards, b)
	}
	slices.Sort(boards)
	for _, b := range boards {
		table := byBoard[b]
		slices.SortStableFunc(table, func(x, y report.BoardRow) int {
			return cmp.Or(cmp.Compare(y.Percent, x.Percent), cmp.Compare(y.Games, x.Games), cmp.Compare(y.Adiukh, x.Adiukh), cmp.Compare(x.Player.StartNo, y.Player.StartNo))
		})
		for i := range table {
			table[i].Place = i + 1
		}
		s.Boards = append(s.Boards, report.BoardTable{Board: b, Rows: table})
	}
	return s
}

// BoardStandingsPDF writes the board prizes table of a team event after
// round afterRound (0: after the last finished round).
func (x *Exporter) BoardStandingsPDF(ctx context.Context, w io.Writer, loc report.Locale, eventID int64, afterRound int) error {
	d, err := x.teamEventData(ctx, eventID)
	if err != nil {
		return err
	}
	st, err := x.events.TeamStandings(ctx, eventID, afterRound)
	if err != nil {
		return err
	}
	s := BoardStandingsView(d, st.AfterRound)
	x.stamp(&s.Event)
	return report.BoardStandingsPDF(w, loc, s)
}

// TeamRoundView is the overview of round n of a team event: every match by
// table with its score when every board has its result, the bye last.
func TeamRoundView(d *tournament.TeamEventData, n int) (report.TeamRoundOverview, error) {
	r, err := findTeamRound(d, n)
	if err != nil {
		return report.TeamRoundOverview{}, err
	}
	o := report.TeamRoundOverview{Event: EventView(d.Event), Round: n, Date: roundDate(d.Event)}
	for _, m := range r.Matches {
		home := d.Team(m.HomeID)
		if home == nil {
			return report.TeamRoundOverview{}, tournament.NotFound("a team of table %d in round %d of event %d", m.Table, n, d.Event.ID)
		}
		om := report.OverviewMatch{Table: m.Table, Home: teamAsOf(home, n), Bye: m.IsBye()}
		if !om.Bye {
			away := d.Team(m.AwayID)
			if away == nil {
				return report.TeamRoundOverview{}, tournament.NotFound("a team of table %d in round %d of event %d", m.Table, n, d.Event.ID)
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
func (x *Exporter) TeamRoundPDF(ctx context.Context, w io.Writer, loc report.Locale, eventID int64, n int) error {
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
func (x *Exporter) teamEventData(ctx context.Context, eventID int64) (*tournament.TeamEventData, error) {
	team, err := x.isTeamEvent(ctx, eventID)
	if err != nil {
		return nil, err
	}
	if !team {
		return nil, tournament.Invalid("event", "event %d is an individual event: this document exists for team events only", eventID)
	}
	return x.events.TeamEventData(ctx, eventID)
}
