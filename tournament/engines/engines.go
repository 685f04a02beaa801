// Package engines connects the pure algorithm packages to the tournament
// service: round-robin pairing from the Berger tables and standings with
// tie-breaks. It translates between the domain's types and the plain start
// numbers and points those packages work on; it decides nothing itself.
package engines

import (
	"fmt"

	"adiukh/tournament"
	"adiukh/tournament/micromatch"
	"adiukh/tournament/pairing/roundrobin"
	"adiukh/tournament/playoff"
	"adiukh/tournament/standings"
)

// Options are the service options with every available engine plugged in.
func Options() tournament.Options {
	return tournament.Options{
		Pairing: map[tournament.System]tournament.PairFunc{
			tournament.RoundRobin:       RoundRobin,
			tournament.DoubleRoundRobin: RoundRobin,
			tournament.Swiss:            Swiss,
			tournament.Knockout:         Knockout,
		},
		Knockout:     SettleKnockout,
		Swiss:        SwissTools(),
		Ranker:       Ranker{},
		MicroMatches: micromatch.Plug{},
		Playoffs:     playoff.Plug{},
	}
}

// RoundRobin pairs round in.Round of a (double) round robin from the Berger
// tables, by start number. Every player of the event is in the table;
// withdrawn players keep their place and the service scores their games as
// forfeits.
func RoundRobin(in tournament.PairingInput) ([]tournament.Pairing, error) {
	byNo := make(map[int]int64, len(in.Players))
	for _, p := range in.Players {
		byNo[p.StartNo] = p.ID
	}
	for no := 1; no <= len(in.Players); no++ {
		if byNo[no] == 0 {
			return nil, fmt.Errorf("round robin of event %d: start numbers are not 1…%d (%d is missing)", in.Event.ID, len(in.Players), no)
		}
	}
	schedule, err := roundrobin.Schedule(len(in.Players), in.Event.System == tournament.DoubleRoundRobin)
	if err != nil {
		return nil, tournament.Conflict("", "a round robin needs %d to %d players; the event has %d", roundrobin.MinPlayers, roundrobin.MaxPlayers, len(in.Players))
	}
	// A round robin played through several times (a play-off's match of
	// N games) repeats the table, colours changed every other cycle.
	cycles := max(in.Event.Cycles, 1)
	if in.Round < 1 || in.Round > cycles*len(schedule) {
		return nil, tournament.Conflict("", "a round robin of %d players has %d rounds; there is no round %d", len(in.Players), cycles*len(schedule), in.Round)
	}
	cycle, round := (in.Round-1)/len(schedule), (in.Round-1)%len(schedule)
	pairings := make([]tournament.Pairing, len(schedule[round]))
	for i, p := range schedule[round] {
		white, black := byNo[p.White], byNo[p.Black]
		if cycle%2 == 1 && black != 0 {
			white, black = black, white
		}
		pairings[i] = tournament.Pairing{WhiteID: white, BlackID: black}
	}
	return pairings, nil
}

// Ranker computes standings with the standings package.
type Ranker struct{}

var _ tournament.Ranker = Ranker{}

// TieBreaks lists the registered tie-breaks.
func (Ranker) TieBreaks() []tournament.TieBreakInfo {
	all := standings.All()
	infos := make([]tournament.TieBreakInfo, len(all))
	for i, tb := range all {
		infos[i] = tournament.TieBreakInfo{ID: string(tb.ID)}
	}
	return infos
}

// DefaultTieBreaks is the standings package's preset for the system.
func (Ranker) DefaultTieBreaks(sys tournament.System) []string {
	preset := standings.RoundRobinPreset()
	if sys == tournament.Swiss {
		preset = standings.SwissPreset()
	}
	ids := make([]string, len(preset))
	for i, id := range preset {
		ids[i] = string(id)
	}
	return ids
}

// Rank ranks the players over the given rounds; the service passes only
// rounds whose results are all in.
func (Ranker) Rank(in tournament.StandingsInput) ([]tournament.StandingsRow, error) {
	e := in.Event
	sin := standings.Input{
		Players: make([]standings.Player, len(in.Players)),
		Rounds:  make([][]standings.Game, len(in.Rounds)),
		Scoring: standings.Scoring{
			Win: e.Scoring.Win, Draw: e.Scoring.Draw, Loss: e.Scoring.Loss, Bye: e.Scoring.Bye, ForfeitWin: e.Scoring.ForfeitWin,
		},
		RoundRobin: e.System.IsRoundRobin(),
		Order:      make([]standings.ID, len(e.TieBreaks)),
	}
	byNo := make(map[int]int64, len(in.Players))
	for i, p := range in.Players {
		sin.Players[i] = standings.Player{StartNo: p.StartNo, Rating: p.Rating}
		byNo[p.StartNo] = p.ID
	}
	for i, id := range e.TieBreaks {
		sin.Order[i] = standings.ID(id)
	}
	for i, r := range in.Rounds {
		sin.Rounds[i] = make([]standings.Game, 0, len(r.Games))
		for _, g := range r.Games {
			if g.Result == nil {
				return nil, fmt.Errorf("standings of event %d: round %d board %d has no result", e.ID, r.Number, g.Board)
			}
			// The standings count Adiukh's 24 points a game; only who won
			// counts in the event's table.
			w, b := e.Game.OnAdiukhScale(g.Result.White, g.Result.Black)
			sg := standings.Game{
				White: g.WhiteNo, Black: g.BlackNo, Kind: kindOf(g.Result.EndReason),
				WhitePoints: w, BlackPoints: b, ScoreUnknown: g.Result.EndReason == tournament.ScoreUnknown,
			}
			if e.CountsMicroGames() {
				// A micro-match counts its two games' points (Event.Points).
				sg.Scored, sg.WhiteScore, sg.BlackScore = true, e.Points(*g.Result, true), e.Points(*g.Result, false)
			}
			sin.Rounds[i] = append(sin.Rounds[i], sg)
		}
	}
	rows, err := standings.Compute(sin)
	if err != nil {
		return nil, fmt.Errorf("standings of event %d: %w", e.ID, err)
	}
	out := make([]tournament.StandingsRow, len(rows))
	for i, r := range rows {
		tbs := make(map[string]float64, len(r.TieBreaks))
		for id, v := range r.TieBreaks {
			tbs[string(id)] = v
		}
		out[i] = tournament.StandingsRow{Rank: r.Rank, RankTo: r.RankLast, PlayerID: byNo[r.StartNo], StartNo: r.StartNo, Score: r.Score, TieBreaks: tbs}
	}
	return out, nil
}

func kindOf(reason tournament.EndReason) standings.Kind {
	switch reason {
	case tournament.Forfeit:
		return standings.Forfeit
	case tournament.DoubleForfeit:
		return standings.DoubleForfeit
	case tournament.Bye:
		return standings.PairingBye
	case tournament.HalfPointBye:
		return standings.HalfPointBye
	case tournament.ZeroPointBye:
		return standings.ZeroPointBye
	}
	return standings.Played
}
