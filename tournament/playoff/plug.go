package playoff

import (
	"slices"

	"adiukh/tournament"
	"adiukh/tournament/teams"
)

// Plug applies an event's finished play-offs to its final standings
// (tournament.Options.Playoffs), and a team event's to its final team
// standings (teams.Options.Playoffs).
type Plug struct{}

var (
	_ tournament.Playoffs = Plug{}
	_ teams.TeamPlayoffs  = Plug{}
)

// Decide orders, in the final standings st, the players of each finished
// play-off of the event by the play-off's own standings (rank), among the
// places they hold, while they are still tied on points and still hold the
// places it was created for; the others keep the tie-breaks' order. A
// play-off whose players are no longer so tied is listed as stale. A store
// whose transaction keeps no play-offs has none to apply.
func (Plug) Decide(tx tournament.StandingsTx, st *tournament.Standings, rank func(e *tournament.Event) (*tournament.Standings, error)) error {
	lines := playerStandings(st).lines
	applied, stale, err := decide(tx, st.Event.ID, lines, func(e *tournament.Event) ([]line, error) {
		played, err := rank(e)
		if err != nil {
			return nil, err
		}
		return playerStandings(played).lines, nil
	})
	if err != nil {
		return err
	}
	st.StalePlayoffs = append(st.StalePlayoffs, stale...)
	if !applied {
		return nil
	}
	at := make(map[int64]int, len(st.Rows))
	for i, r := range st.Rows {
		at[r.PlayerID] = i
	}
	rows := make([]tournament.StandingsRow, len(st.Rows))
	for i, l := range lines {
		rows[i] = st.Rows[at[l.id]]
		rows[i].Rank, rows[i].RankTo, rows[i].Playoff = l.rank, l.rankTo, l.playoff
	}
	st.Rows = rows
	return nil
}

// DecideTeams is Decide for the final team standings st of a team event:
// the teams of each finished play-off ordered by its own team standings.
func (Plug) DecideTeams(tx tournament.EventTx, st *teams.TeamStandings, rank func(e *tournament.Event) (*teams.TeamStandings, error)) error {
	lines := teamStandings(st).lines
	applied, stale, err := decide(tx, st.Event.ID, lines, func(e *tournament.Event) ([]line, error) {
		played, err := rank(e)
		if err != nil {
			return nil, err
		}
		return teamStandings(played).lines, nil
	})
	if err != nil {
		return err
	}
	st.StalePlayoffs = append(st.StalePlayoffs, stale...)
	if !applied {
		return nil
	}
	at := make(map[int64]int, len(st.Rows))
	for i, r := range st.Rows {
		at[r.TeamID] = i
	}
	rows := make([]teams.TeamStandingsRow, len(st.Rows))
	for i, l := range lines {
		rows[i] = st.Rows[at[l.id]]
		rows[i].Rank, rows[i].RankTo, rows[i].Playoff = l.rank, l.rankTo, l.playoff
	}
	st.Rows = rows
	return nil
}

// decide applies the finished play-offs of event eventID to the lines of
// its final standings, ranked by rank: applied when one changed them, and
// the stale ones. A store whose transaction keeps no play-offs has none.
func decide(tx tournament.EventTx, eventID int64, lines []line, rank func(e *tournament.Event) ([]line, error)) (applied bool, stale []int64, err error) {
	read, ok := tx.(ReadTx)
	if !ok {
		return false, nil, nil
	}
	list, err := read.Playoffs(eventID)
	if err != nil {
		return false, nil, err
	}
	for _, p := range list {
		child, err := tx.Event(p.EventID)
		if err != nil {
			return false, nil, err
		}
		if child.Status != tournament.Finished {
			continue
		}
		played, err := rank(child)
		if err != nil {
			return false, nil, err
		}
		if apply(lines, p, played) {
			applied = true
		} else {
			stale = append(stale, p.EventID)
		}
	}
	return applied, stale, nil
}

// apply reorders the lines of play-off p's players (or teams) among the
// places they hold by the play-off's ranks (played), and renumbers the
// places. It changes nothing and answers false when they are no longer
// tied on points, or no longer hold the places it was created for.
func apply(lines []line, p Playoff, played []line) bool {
	type seat struct {
		at     int // index in lines
		line   line
		result int // rank in the play-off
	}
	seats := make([]seat, 0, len(p.Seats))
	for _, s := range p.pairs() {
		at := slices.IndexFunc(lines, func(l line) bool { return l.id == s.parent })
		res := slices.IndexFunc(played, func(l line) bool { return l.id == s.played })
		if at < 0 || res < 0 || len(seats) > 0 && lines[at].score != seats[0].line.score {
			return false
		}
		seats = append(seats, seat{at: at, line: lines[at], result: played[res].rank})
	}
	places := make([]int, len(seats))
	for i, s := range seats {
		places[i] = s.at
	}
	slices.Sort(places)
	for place := p.From; place <= p.To; place++ {
		if !slices.Contains(places, place-1) {
			return false
		}
	}
	before := make([]int, len(lines)) // each line's rank before the play-off
	for i, l := range lines {
		before[i] = l.rank
	}
	// The play-off's order; entrants it leaves level keep the tie-breaks'.
	slices.SortStableFunc(seats, func(a, b seat) int {
		if a.result != b.result {
			return a.result - b.result
		}
		return a.at - b.at
	})
	decided := make(map[int]int, len(seats)) // index in lines → play-off rank
	for i, s := range seats {
		at := places[i]
		lines[at] = s.line
		lines[at].playoff = p.EventID
		before[at] = s.line.rank
		decided[at] = s.result
	}
	renumber(lines, before, decided)
	return true
}

// renumber gives the lines their places again: a line shares the place of
// the one above when both shared it before (before) and the play-off
// (decided: its entrants' ranks in it, by index) did not part them; an
// entrant it placed shares with no one it did not play.
func renumber(lines []line, before []int, decided map[int]int) {
	for i := range lines {
		lines[i].rank = i + 1
		if i == 0 || before[i] != before[i-1] {
			continue
		}
		a, inA := decided[i-1]
		b, inB := decided[i]
		if inA == inB && a == b {
			lines[i].rank = lines[i-1].rank
		}
	}
	for i := len(lines) - 1; i >= 0; i-- {
		lines[i].rankTo = i + 1
		if i+1 < len(lines) && lines[i+1].rank == lines[i].rank {
			lines[i].rankTo = lines[i+1].rankTo
		}
	}
}
