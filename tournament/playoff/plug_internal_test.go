package playoff

import (
	"fmt"
	"slices"
	"testing"

	"adiukh/tournament"
)

// table is standings rows from "id:score:rank" triples, RankTo filled in.
func table(rows ...[3]float64) []tournament.StandingsRow {
	out := make([]tournament.StandingsRow, len(rows))
	for i, r := range rows {
		out[i] = tournament.StandingsRow{PlayerID: int64(r[0]), Score: r[1], Rank: int(r[2])}
	}
	for i := len(out) - 1; i >= 0; i-- {
		out[i].RankTo = i + 1
		if i+1 < len(out) && out[i+1].Rank == out[i].Rank {
			out[i].RankTo = out[i+1].RankTo
		}
	}
	return out
}

func shown(rows []tournament.StandingsRow) []string {
	var out []string
	for _, r := range rows {
		s := fmt.Sprintf("%d:%d-%d", r.PlayerID, r.Rank, r.RankTo)
		if r.Playoff != 0 {
			s += "+"
		}
		out = append(out, s)
	}
	return out
}

// TestApply checks the places a play-off gives on in-memory standings:
// its players ordered by its ranks among the places they hold, the others
// untouched, a place shared only where both the tie-breaks and the
// play-off left it shared; and nothing changed when its players are no
// longer tied or no longer hold its places.
func TestApply(t *testing.T) {
	for _, c := range []struct {
		name   string
		rows   []tournament.StandingsRow
		p      Playoff
		played []tournament.StandingsRow // the play-off's own ranks, by its player IDs
		want   []string
		ok     bool
	}{
		{
			name:   "two of four tied, level on tie-breaks, play for first",
			rows:   table([3]float64{1, 4, 1}, [3]float64{2, 4, 1}, [3]float64{3, 4, 3}, [3]float64{4, 4, 4}, [3]float64{5, 2, 5}),
			p:      Playoff{EventID: 9, From: 1, To: 1, Seats: []Seat{{1, 11}, {2, 12}}},
			played: []tournament.StandingsRow{{PlayerID: 12, Rank: 1}, {PlayerID: 11, Rank: 2}},
			want:   []string{"2:1-1+", "1:2-2+", "3:3-3", "4:4-4", "5:5-5"},
			ok:     true,
		},
		{
			name:   "three tied, the play-off leaves two level: they keep the tie-breaks' shared place",
			rows:   table([3]float64{1, 4, 1}, [3]float64{2, 4, 1}, [3]float64{3, 4, 3}),
			p:      Playoff{EventID: 9, From: 1, To: 1, Seats: []Seat{{1, 11}, {2, 12}, {3, 13}}},
			played: []tournament.StandingsRow{{PlayerID: 13, Rank: 1}, {PlayerID: 11, Rank: 2}, {PlayerID: 12, Rank: 2}},
			want:   []string{"3:1-1+", "1:2-3+", "2:2-3+"},
			ok:     true,
		},
		{
			name:   "no longer tied",
			rows:   table([3]float64{1, 5, 1}, [3]float64{2, 4, 2}, [3]float64{3, 3, 3}),
			p:      Playoff{EventID: 9, From: 1, To: 1, Seats: []Seat{{1, 11}, {2, 12}}},
			played: []tournament.StandingsRow{{PlayerID: 12, Rank: 1}, {PlayerID: 11, Rank: 2}},
			want:   []string{"1:1-1", "2:2-2", "3:3-3"},
		},
		{
			name:   "tied, but no longer for the place it decides",
			rows:   table([3]float64{3, 5, 1}, [3]float64{1, 4, 2}, [3]float64{2, 4, 3}),
			p:      Playoff{EventID: 9, From: 1, To: 1, Seats: []Seat{{1, 11}, {2, 12}}},
			played: []tournament.StandingsRow{{PlayerID: 12, Rank: 1}, {PlayerID: 11, Rank: 2}},
			want:   []string{"3:1-1", "1:2-2", "2:3-3"},
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			ok := apply(c.rows, c.p, c.played)
			if got := shown(c.rows); ok != c.ok || !slices.Equal(got, c.want) {
				t.Errorf("applied %v: %q, want %v: %q", ok, got, c.ok, c.want)
			}
		})
	}
}
