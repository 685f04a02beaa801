package playoff

import (
	"slices"

	"adiukh/tournament"
)

// Plug applies an event's finished play-offs to its final standings
// (tournament.Options.Playoffs).
type Plug struct{}

var _ tournament.Playoffs = Plug{}

// Decide orders, in the final standings st, the players of each finished
// play-off of the event by the play-off's own standings (rank), among the
// places they hold, while they are still tied on points and still hold the
// places it was created for; the others keep the tie-breaks' order. A
// play-off whose players are no longer so tied is listed as stale. A store
// whose transaction keeps no play-offs has none to apply.
func (Plug) Decide(tx tournament.StandingsTx, st *tournament.Standings, rank func(e *tournament.Event) (*tournament.Standings, error)) error {
	read, ok := tx.(ReadTx)
	if !ok {
		return nil
	}
	list, err := read.Playoffs(st.Event.ID)
	if err != nil || len(list) == 0 {
		return err
	}
	for _, p := range list {
		child, err := tx.Event(p.EventID)
		if err != nil {
			return err
		}
		if child.Status != tournament.Finished {
			continue
		}
		result, err := rank(child)
		if err != nil {
			return err
		}
		if !apply(st.Rows, p, result.Rows) {
			st.StalePlayoffs = append(st.StalePlayoffs, p.EventID)
		}
	}
	return nil
}

// apply reorders the rows of play-off p's players among the places they
// hold by the play-off's ranks (played), and renumbers the places. It
// changes nothing and answers false when its players are no longer tied on
// points, or no longer hold the places it was created for.
func apply(rows []tournament.StandingsRow, p Playoff, played []tournament.StandingsRow) bool {
	type seat struct {
		at     int // index in rows
		row    tournament.StandingsRow
		result int // rank in the play-off
	}
	seats := make([]seat, 0, len(p.Seats))
	for _, s := range p.Seats {
		at := slices.IndexFunc(rows, func(r tournament.StandingsRow) bool { return r.PlayerID == s.ParentPlayerID })
		res := slices.IndexFunc(played, func(r tournament.StandingsRow) bool { return r.PlayerID == s.PlayerID })
		if at < 0 || res < 0 || len(seats) > 0 && rows[at].Score != seats[0].row.Score {
			return false
		}
		seats = append(seats, seat{at: at, row: rows[at], result: played[res].Rank})
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
	before := make([]int, len(rows)) // each row's rank before the play-off
	for i, r := range rows {
		before[i] = r.Rank
	}
	// The play-off's order; players it leaves level keep the tie-breaks'.
	slices.SortStableFunc(seats, func(a, b seat) int {
		if a.result != b.result {
			return a.result - b.result
		}
		return a.at - b.at
	})
	decided := make(map[int]int, len(seats)) // index in rows → play-off rank
	for i, s := range seats {
		at := places[i]
		rows[at] = s.row
		rows[at].Playoff = p.EventID
		before[at] = s.row.Rank
		decided[at] = s.result
	}
	renumber(rows, before, decided)
	return true
}

// renumber gives the rows their places again: a row shares the place of
// the one above when both shared it before (before) and the play-off
// (decided: its players' ranks in it, by index) did not part them; a
// player it placed shares with no one it did not play.
func renumber(rows []tournament.StandingsRow, before []int, decided map[int]int) {
	for i := range rows {
		rows[i].Rank = i + 1
		if i == 0 || before[i] != before[i-1] {
			continue
		}
		a, inA := decided[i-1]
		b, inB := decided[i]
		if inA == inB && a == b {
			rows[i].Rank = rows[i-1].Rank
		}
	}
	for i := len(rows) - 1; i >= 0; i-- {
		rows[i].RankTo = i + 1
		if i+1 < len(rows) && rows[i+1].Rank == rows[i].Rank {
			rows[i].RankTo = rows[i+1].RankTo
		}
	}
}
