package playoff

import (
	"fmt"
	"slices"
	"testing"
)

// table is standings lines from "id:score:rank" triples, rankTo filled in.
func table(rows ...[3]float64) []line {
	out := make([]line, len(rows))
	for i, r := range rows {
		out[i] = line{id: int64(r[0]), score: r[1], rank: int(r[2])}
	}
	for i := len(out) - 1; i >= 0; i-- {
		out[i].rankTo = i + 1
		if i+1 < len(out) && out[i+1].rank == out[i].rank {
			out[i].rankTo = out[i+1].rankTo
		}
	}
	return out
}

func shown(lines []line) []string {
	var out []string
	for _, r := range lines {
		s := fmt.Sprintf("%d:%d-%d", r.id, r.rank, r.rankTo)
		if r.playoff != 0 {
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
		rows   []line
		p      Playoff
		played []line // the play-off's own ranks, by its player IDs
		want   []string
		ok     bool
	}{
		{
			name:   "two of four tied, level on tie-breaks, play for first",
			rows:   table([3]float64{1, 4, 1}, [3]float64{2, 4, 1}, [3]float64{3, 4, 3}, [3]float64{4, 4, 4}, [3]float64{5, 2, 5}),
			p:      Playoff{EventID: 9, From: 1, To: 1, Seats: []Seat{{ParentPlayerID: 1, PlayerID: 11}, {ParentPlayerID: 2, PlayerID: 12}}},
			played: []line{{id: 12, rank: 1}, {id: 11, rank: 2}},
			want:   []string{"2:1-1+", "1:2-2+", "3:3-3", "4:4-4", "5:5-5"},
			ok:     true,
		},
		{
			name:   "three tied, the play-off leaves two level: they keep the tie-breaks' shared place",
			rows:   table([3]float64{1, 4, 1}, [3]float64{2, 4, 1}, [3]float64{3, 4, 3}),
			p:      Playoff{EventID: 9, From: 1, To: 1, Seats: []Seat{{ParentPlayerID: 1, PlayerID: 11}, {ParentPlayerID: 2, PlayerID: 12}, {ParentPlayerID: 3, PlayerID: 13}}},
			played: []line{{id: 13, rank: 1}, {id: 11, rank: 2}, {id: 12, rank: 2}},
			want:   []string{"3:1-1+", "1:2-3+", "2:2-3+"},
			ok:     true,
		},
		{
			name:   "no longer tied",
			rows:   table([3]float64{1, 5, 1}, [3]float64{2, 4, 2}, [3]float64{3, 3, 3}),
			p:      Playoff{EventID: 9, From: 1, To: 1, Seats: []Seat{{ParentPlayerID: 1, PlayerID: 11}, {ParentPlayerID: 2, PlayerID: 12}}},
			played: []line{{id: 12, rank: 1}, {id: 11, rank: 2}},
			want:   []string{"1:1-1", "2:2-2", "3:3-3"},
		},
		{
			name:   "tied, but no longer for the place it decides",
			rows:   table([3]float64{3, 5, 1}, [3]float64{1, 4, 2}, [3]float64{2, 4, 3}),
			p:      Playoff{EventID: 9, From: 1, To: 1, Seats: []Seat{{ParentPlayerID: 1, PlayerID: 11}, {ParentPlayerID: 2, PlayerID: 12}}},
			played: []line{{id: 12, rank: 1}, {id: 11, rank: 2}},
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
