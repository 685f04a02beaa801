package engines

import (
	"errors"
	"fmt"
	"slices"

	"adiukh/tournament"
	"adiukh/tournament/pairing/roundrobin"
	"adiukh/tournament/pairing/teamswiss"
	"adiukh/tournament/playoff"
	"adiukh/tournament/standings"
	"adiukh/tournament/teams"
)

// TeamOptions are the team service's options with the team pairing
// systems and team standings plugged in.
func TeamOptions() teams.Options {
	return teams.Options{
		Pairing: map[tournament.System]teams.TeamPairFunc{
			tournament.RoundRobin:       TeamRoundRobin,
			tournament.DoubleRoundRobin: TeamRoundRobin,
			tournament.Swiss:            TeamSwiss,
			tournament.Knockout:         teams.PairKnockout,
		},
		Ranker:   TeamRanker{},
		Playoffs: playoff.Plug{},
	}
}

// TeamRoundRobin pairs a team round robin from the Berger tables by team
// start number; the table's White is the home team, whose board 1 has White.
func TeamRoundRobin(in teams.TeamPairingInput) ([]teams.TeamPairing, error) {
	byNo := make(map[int]int64, len(in.Teams))
	for _, t := range in.Teams {
		byNo[t.StartNo] = t.ID
	}
	for no := 1; no <= len(in.Teams); no++ {
		if byNo[no] == 0 {
			return nil, fmt.Errorf("team round robin of event %d: start numbers are not 1…%d (%d is missing)", in.Event.ID, len(in.Teams), no)
		}
	}
	schedule, err := roundrobin.Schedule(len(in.Teams), in.Event.System == tournament.DoubleRoundRobin)
	if err != nil {
		return nil, tournament.Conflict("", "a round robin needs %d to %d teams; the event has %d", roundrobin.MinPlayers, roundrobin.MaxPlayers, len(in.Teams))
	}
	// A round robin played through several times (a play-off of matches
	// of N rounds) repeats the table, home and away changed every other
	// cycle.
	cycles := max(in.Event.Cycles, 1)
	if in.Round < 1 || in.Round > cycles*len(schedule) {
		return nil, tournament.Conflict("", "a round robin of %d teams has %d rounds; there is no round %d", len(in.Teams), cycles*len(schedule), in.Round)
	}
	cycle, round := (in.Round-1)/len(schedule), (in.Round-1)%len(schedule)
	pairings := make([]teams.TeamPairing, len(schedule[round]))
	for i, p := range schedule[round] {
		home, away := byNo[p.White], byNo[p.Black]
		if cycle%2 == 1 && away != 0 {
			home, away = away, home
		}
		pairings[i] = teams.TeamPairing{HomeID: home, AwayID: away}
	}
	return pairings, nil
}

// TeamSwiss pairs a round by the Swiss Team Pairing System (teamswiss):
// teams are numbered by start number and scored in the event's primary
// score, match or game points.
func TeamSwiss(in teams.TeamPairingInput) ([]teams.TeamPairing, error) {
	entrants := make([]teamswiss.Team, len(in.Teams))
	index := make(map[int64]int, len(in.Teams))
	byNo := make(map[int]int64, len(in.Teams))
	for i, t := range in.Teams {
		entrants[i] = teamswiss.Team{No: t.StartNo, Colours: make([]teamswiss.Colour, 0, len(in.Rounds))}
		index[t.ID] = i
		byNo[t.StartNo] = t.ID
	}
	primary := func(gp, mp float64) float64 {
		if in.Settings.Ranking == teams.ByGamePoints {
			return gp
		}
		return mp
	}
	for _, r := range in.Rounds {
		before := make([]float64, len(entrants))
		for i := range entrants {
			before[i] = entrants[i].Score
			entrants[i].Colours = append(entrants[i].Colours, teamswiss.NoColour)
			entrants[i].Floated = false
		}
		last := len(entrants[0].Colours) - 1
		for _, m := range r.Matches {
			ms := m.Score(in.Event, in.Settings)
			home := &entrants[index[m.HomeID]]
			home.Score += primary(ms.HomeGamePoints, ms.HomeMatchPoints)
			home.Secondary += primary(ms.HomeMatchPoints, ms.HomeGamePoints)
			if m.IsBye() {
				home.HadBye = true
				continue
			}
			ai := index[m.AwayID]
			away := &entrants[ai]
			away.Score += primary(ms.AwayGamePoints, ms.AwayMatchPoints)
			away.Secondary += primary(ms.AwayMatchPoints, ms.AwayGamePoints)
			home.Opponents = append(home.Opponents, away.No)
			away.Opponents = append(away.Opponents, home.No)
			home.Colours[last], away.Colours[last] = teamswiss.White, teamswiss.Black
			// Article 1.5: a team that met a team with another score floated.
			floated := before[index[m.HomeID]] != before[ai]
			home.Floated, away.Floated = floated, floated
			// C.04.1.d: a match won because the other team fielded nobody
			// is points without playing, like the bye.
			if fieldedNobody(m, false) && !fieldedNobody(m, true) {
				home.HadBye = true
			}
			if fieldedNobody(m, true) && !fieldedNobody(m, false) {
				away.HadBye = true
			}
		}
	}
	// A withdrawn team is not paired; the teams it met may meet others.
	active := make([]teamswiss.Team, 0, len(entrants))
	playing := map[int]bool{}
	for i, t := range in.Teams {
		if t.PlaysIn(in.Round) {
			active = append(active, entrants[i])
			playing[t.StartNo] = true
		}
	}
	for i := range active {
		active[i].Opponents = slices.DeleteFunc(active[i].Opponents, func(no int) bool { return !playing[no] })
	}
	pairings, err := teamswiss.Pair(teamswiss.Input{Teams: active, Round: in.Round, Rounds: in.Event.Rounds, Preferences: preferences[in.Settings.ColourPreferences]})
	if errors.Is(err, teamswiss.ErrNoPairing) {
		return nil, tournament.Conflict("", "round %d cannot be paired: every pairing of the %d teams repeats a match; the chief arbiter decides (C.04.6 Article 3.3.3), for example ends the event after round %d by setting its number of rounds", in.Round, len(active), in.Round-1)
	}
	if err != nil {
		return nil, tournament.Conflict("", "team Swiss pairing of round %d: %v", in.Round, err)
	}
	out := make([]teams.TeamPairing, len(pairings))
	for i, p := range pairings {
		out[i] = teams.TeamPairing{HomeID: byNo[p.Home], AwayID: byNo[p.Away]}
	}
	return out, nil
}

var preferences = map[teams.ColourPreferences]teamswiss.Preferences{
	teams.PreferencesA:    teamswiss.TypeA,
	teams.PreferencesB:    teamswiss.TypeB,
	teams.PreferencesNone: teamswiss.NoPreferences,
}

// fieldedNobody reports whether one side of a match left every board empty.
func fieldedNobody(m teams.Match, home bool) bool {
	for _, b := range m.Boards {
		if (home && b.HomePlayerID != 0) || (!home && b.AwayPlayerID != 0) {
			return false
		}
	}
	return true
}

// TeamRanker computes team standings with the standings package.
type TeamRanker struct{}

var _ teams.TeamRanker = TeamRanker{}

// TeamTieBreaks lists the registered team tie-breaks.
func (TeamRanker) TeamTieBreaks() []tournament.TieBreakInfo {
	all := standings.AllTeam()
	infos := make([]tournament.TieBreakInfo, len(all))
	for i, tb := range all {
		infos[i] = tournament.TieBreakInfo{ID: string(tb.ID)}
	}
	return infos
}

// DefaultTeamTieBreaks is the standings package's preset for the ranking.
func (TeamRanker) DefaultTeamTieBreaks(r teams.Ranking) []string {
	preset := standings.TeamPreset(points(r))
	ids := make([]string, len(preset))
	for i, id := range preset {
		ids[i] = string(id)
	}
	return ids
}

func points(r teams.Ranking) standings.Points {
	if r == teams.ByGamePoints {
		return standings.GamePoints
	}
	return standings.MatchPoints
}

// RankTeams ranks the teams and the players of each board. A round robin's
// bye is a rest day and leaves the team out of the round; a Swiss bye is
// the pairing-allocated bye.
func (TeamRanker) RankTeams(in teams.TeamStandingsInput) (*teams.TeamTable, error) {
	e, ts := in.Event, in.Settings
	sin := standings.TeamInput{
		Teams:  make([]int, len(in.Teams)),
		Boards: ts.Boards,
		Rounds: make([][]standings.Match, len(in.Rounds)),
		Scoring: standings.TeamScoring{
			Game: standings.Scoring{
				Win: e.Scoring.Win, Draw: e.Scoring.Draw, Loss: e.Scoring.Loss, Bye: e.Scoring.Bye, ForfeitWin: e.Scoring.ForfeitWin,
			},
			MatchWin: ts.MatchWin, MatchDraw: ts.MatchDraw, MatchLoss: ts.MatchLoss, MatchBye: ts.MatchBye,
		},
		Ranking:    points(ts.Ranking),
		RoundRobin: e.System.IsRoundRobin(),
		Order:      make([]standings.ID, len(ts.TieBreaks)),
	}
	byNo := make(map[int]int64, len(in.Teams))
	for i, t := range in.Teams {
		sin.Teams[i] = t.StartNo
		byNo[t.StartNo] = t.ID
	}
	for i, id := range ts.TieBreaks {
		sin.Order[i] = standings.ID(id)
	}
	for i, r := range in.Rounds {
		for _, m := range r.Matches {
			if m.IsBye() && e.System.IsRoundRobin() {
				continue
			}
			sm := standings.Match{Home: m.HomeNo, Away: m.AwayNo}
			for _, b := range m.Boards {
				res := b.Result(e)
				if !res.Done {
					return nil, fmt.Errorf("team standings of event %d: round %d table %d board %d has no result", e.ID, r.Number, m.Table, b.Board)
				}
				// The standings count Adiukh's 24 points a game; only who
				// won counts in the event's table.
				home, away := e.Game.OnAdiukhScale(res.HomePoints, res.AwayPoints)
				sm.Boards = append(sm.Boards, standings.Board{
					Number: b.Board, Home: int(b.HomePlayerID), Away: int(b.AwayPlayerID), HomeWhite: b.HomeWhite(),
					Kind: kindOf(res.EndReason), HomePoints: home, AwayPoints: away,
				})
			}
			sin.Rounds[i] = append(sin.Rounds[i], sm)
		}
	}
	st, err := standings.ComputeTeams(sin)
	if err != nil {
		return nil, fmt.Errorf("team standings of event %d: %w", e.ID, err)
	}
	table := &teams.TeamTable{Rows: make([]teams.TeamStandingsRow, len(st.Teams)), Boards: make([][]teams.BoardStandingsRow, len(st.Boards))}
	for i, r := range st.Teams {
		tbs := make(map[string]float64, len(ts.TieBreaks))
		for _, id := range ts.TieBreaks {
			tbs[id] = r.TieBreaks[standings.ID(id)]
		}
		table.Rows[i] = teams.TeamStandingsRow{
			Rank: r.Rank, RankTo: r.RankLast, TeamID: byNo[r.StartNo], StartNo: r.StartNo,
			MatchPoints: r.MatchPoints, GamePoints: r.GamePoints, Score: r.Score, TieBreaks: tbs,
		}
	}
	for b, rows := range st.Boards {
		table.Boards[b] = make([]teams.BoardStandingsRow, len(rows))
		for i, r := range rows {
			table.Boards[b][i] = teams.BoardStandingsRow{
				Board: r.Board, Rank: r.Rank, RankTo: r.RankLast, PlayerID: int64(r.Player), TeamNo: r.Team,
				Games: r.Games, Points: r.Points, Percent: r.Percent, AdiukhPoints: r.AdiukhPoints,
			}
		}
	}
	return table, nil
}
