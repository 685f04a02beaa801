package prizes

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// line is one award as the tables below write it: "player list place
// from-to/tied amount".
func lines(r *Result) []string {
	var out []string
	for _, a := range r.Awards {
		out = append(out, fmt.Sprintf("%d %s%d %d-%d/%d %d", a.PlayerID, cat(a.Category), a.Place, a.From, a.To, a.Tied, a.Amount))
	}
	return out
}

func declined(r *Result) []string {
	var out []string
	for _, d := range r.Declined {
		out = append(out, fmt.Sprintf("%d %s%d %d", d.PlayerID, cat(d.Category), d.Place, d.Amount))
	}
	return out
}

func unawarded(r *Result) []string {
	var out []string
	for _, p := range r.Unawarded {
		out = append(out, fmt.Sprintf("%s%d %d", cat(p.Category), p.Place, p.Amount))
	}
	return out
}

func cat(c string) string {
	if c == "" {
		return "place "
	}
	return c + " "
}

// The first field: seven players, three tied on 6½ points for places 2–4,
// two of whom (3 and 4) the tie-breaks do not part either. Prizes (in
// kopecks): places 1000 / 600 / 400 / 200 roubles, the best woman 150, the
// best junior 100. Player 1 (a woman) and player 3 (a junior) win a place
// prize and a category prize each and keep the larger, the place prize;
// the category prize goes to the next woman (5) and junior (6).
var first = []Player{
	{ID: 1, Score: 7, Rank: 1, Categories: []string{"women"}},
	{ID: 2, Score: 6.5, Rank: 2},
	{ID: 3, Score: 6.5, Rank: 3, Categories: []string{"juniors"}},
	{ID: 4, Score: 6.5, Rank: 3},
	{ID: 5, Score: 6, Rank: 5, Categories: []string{"women"}},
	{ID: 6, Score: 5, Rank: 6, Categories: []string{"juniors"}},
	{ID: 7, Score: 5, Rank: 7},
}

var firstPrizes = []Prize{
	{Place: 1, Amount: 100000}, {Place: 2, Amount: 60000}, {Place: 3, Amount: 40000}, {Place: 4, Amount: 20000},
	{Category: "women", Place: 1, Amount: 15000}, {Category: "juniors", Place: 1, Amount: 10000},
}

// The second field: player 2 (a woman) ties with 3 and 4 for places 2–4
// of prizes 300, 100 and nothing; the best woman's prize is 200 roubles.
// Shared, her third of 400 (133.34, the odd kopeck hers as the first in
// the tie-break order) is less than 200: she takes the women's prize and
// leaves the place list, where 3 and 4 now share places 2–3 (200 each).
// Under Hort her place prize (150 + a third of 200, 216.67) is larger and
// the women's prize finds nobody; by tie-break she has 300.
var second = []Player{
	{ID: 1, Score: 8, Rank: 1},
	{ID: 2, Score: 7, Rank: 2, Categories: []string{"women"}},
	{ID: 3, Score: 7, Rank: 3},
	{ID: 4, Score: 7, Rank: 4},
	{ID: 5, Score: 6, Rank: 5},
}

var secondPrizes = []Prize{
	{Place: 1, Amount: 50000}, {Place: 2, Amount: 30000}, {Place: 3, Amount: 10000},
	{Category: "women", Place: 1, Amount: 20000},
}

// Each case was worked out by hand (the comments above and docs/prizes.md).
func TestCompute(t *testing.T) {
	for _, tc := range []struct {
		name      string
		players   []Player
		prizes    []Prize
		ties      Rule
		one       bool
		want      []string
		declined  []string
		unawarded []string
	}{
		{name: "shared", players: first, prizes: firstPrizes, ties: Shared, one: true,
			// 600+400+200 = 1200 shared by three: 400 each.
			want: []string{"1 place 1 1-1/1 100000", "2 place 2 2-4/3 40000", "3 place 3 2-4/3 40000", "4 place 4 2-4/3 40000",
				"5 women 1 1-1/1 15000", "6 juniors 1 1-1/1 10000"},
			declined: []string{"1 women 1 15000", "3 juniors 1 10000"}},
		{name: "tiebreak", players: first, prizes: firstPrizes, ties: TieBreak, one: true,
			// 2 has place 2 alone; 3 and 4 share places 3 and 4: 300 each.
			want: []string{"1 place 1 1-1/1 100000", "2 place 2 2-4/3 60000", "3 place 3 2-4/3 30000", "4 place 4 2-4/3 30000",
				"5 women 1 1-1/1 15000", "6 juniors 1 1-1/1 10000"},
			declined: []string{"1 women 1 15000", "3 juniors 1 10000"}},
		{name: "hort", players: first, prizes: firstPrizes, ties: Hort, one: true,
			// Halves by tie-break 300, 150, 150 (600 in all); the other
			// 600 shared: 200 each.
			want: []string{"1 place 1 1-1/1 100000", "2 place 2 2-4/3 50000", "3 place 3 2-4/3 35000", "4 place 4 2-4/3 35000",
				"5 women 1 1-1/1 15000", "6 juniors 1 1-1/1 10000"},
			declined: []string{"1 women 1 15000", "3 juniors 1 10000"}},
		{name: "shared, several prizes a player", players: first, prizes: firstPrizes, ties: Shared, one: false,
			want: []string{"1 place 1 1-1/1 100000", "2 place 2 2-4/3 40000", "3 place 3 2-4/3 40000", "4 place 4 2-4/3 40000",
				"1 women 1 1-1/1 15000", "3 juniors 1 1-1/1 10000"}},
		{name: "shared, the category prize larger", players: second, prizes: secondPrizes, ties: Shared, one: true,
			want:     []string{"1 place 1 1-1/1 50000", "3 place 2 2-3/2 20000", "4 place 3 2-3/2 20000", "2 women 1 1-1/1 20000"},
			declined: []string{"2 place 2 13334"}},
		{name: "shared, the category prize larger, several a player", players: second, prizes: secondPrizes, ties: Shared, one: false,
			// 400 by three: 133.34 to the first in the tie-break order.
			want: []string{"1 place 1 1-1/1 50000", "2 place 2 2-4/3 13334", "3 place 3 2-4/3 13333", "4 place 4 2-4/3 13333", "2 women 1 1-1/1 20000"}},
		{name: "hort, the place prize larger", players: second, prizes: secondPrizes, ties: Hort, one: true,
			// Halves 150, 50, 0; the other 200 by three: 66.67, 66.67, 66.66.
			want:      []string{"1 place 1 1-1/1 50000", "2 place 2 2-4/3 21667", "3 place 3 2-4/3 11667", "4 place 4 2-4/3 6666"},
			declined:  []string{"2 women 1 20000"},
			unawarded: []string{"women 1 20000"}},
		{name: "tiebreak, the place prize larger", players: second, prizes: secondPrizes, ties: TieBreak, one: true,
			// Place 4 has no prize: player 4 gets nothing.
			want:      []string{"1 place 1 1-1/1 50000", "2 place 2 2-4/3 30000", "3 place 3 2-4/3 10000"},
			declined:  []string{"2 women 1 20000"},
			unawarded: []string{"women 1 20000"}},
		{name: "more prizes than the category has players", players: second, ties: Shared, one: true,
			prizes:    []Prize{{Category: "women", Place: 1, Amount: 100}, {Category: "women", Place: 2, Amount: 50}},
			want:      []string{"2 women 1 1-1/1 100"},
			unawarded: []string{"women 2 50"}},
		{name: "a cup without money", players: second, ties: Shared, one: true,
			prizes: []Prize{{Place: 1, Amount: 100}, {Place: 2, Amount: 0}},
			// Places 2–4 share nothing; the cup of place 2 goes to the first
			// of them in the tie-break order.
			want: []string{"1 place 1 1-1/1 100", "2 place 2 2-4/3 0"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Compute(Input{Players: tc.players, Prizes: tc.prizes, Ties: tc.ties, OnePerPlayer: tc.one})
			if err != nil {
				t.Fatal(err)
			}
			if got := lines(r); !slices.Equal(got, tc.want) {
				t.Errorf("awards:\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(tc.want, "\n\t"))
			}
			if got := declined(r); !slices.Equal(got, tc.declined) {
				t.Errorf("declined %q, want %q", got, tc.declined)
			}
			if got := unawarded(r); !slices.Equal(got, tc.unawarded) {
				t.Errorf("unawarded %q, want %q", got, tc.unawarded)
			}
			var pool int64
			for _, p := range tc.prizes {
				pool += p.Amount
			}
			var left int64
			for _, p := range r.Unawarded {
				left += p.Amount
			}
			if !tc.one {
				return
			}
			// Under one prize a player, what is given plus what nobody
			// reached is the whole list, to the kopeck.
			if r.Total()+left != pool {
				t.Errorf("given %d + unawarded %d ≠ the prize list's %d", r.Total(), left, pool)
			}
		})
	}
}

// Every split gives away the whole pool to the kopeck, whatever the rule.
func TestSplitsAddUp(t *testing.T) {
	players := []Player{{ID: 1, Score: 5, Rank: 1}, {ID: 2, Score: 5, Rank: 1}, {ID: 3, Score: 5, Rank: 3}, {ID: 4, Score: 5, Rank: 4}, {ID: 5, Score: 5, Rank: 4}, {ID: 6, Score: 5, Rank: 4}}
	prizes := []Prize{{Place: 1, Amount: 1001}, {Place: 2, Amount: 777}, {Place: 3, Amount: 333}, {Place: 4, Amount: 101}, {Place: 5, Amount: 7}}
	for _, rule := range Rules {
		r, err := Compute(Input{Players: players, Prizes: prizes, Ties: rule})
		if err != nil {
			t.Fatal(err)
		}
		if r.Total() != 2219 {
			t.Errorf("%s: %d given of 2219: %v", rule, r.Total(), lines(r))
		}
	}
}

func TestComputeRefuses(t *testing.T) {
	for _, tc := range []struct {
		in   Input
		want string
	}{
		{Input{Ties: "lot"}, `unknown rule for ties "lot"`},
		{Input{Ties: Shared, Prizes: []Prize{{Place: 0, Amount: 1}}}, "place 0"},
		{Input{Ties: Shared, Prizes: []Prize{{Place: 1, Amount: -1}}}, "negative"},
		{Input{Ties: Shared, Prizes: []Prize{{Place: 1, Amount: 1}, {Place: 1, Amount: 2}}}, "named twice"},
		{Input{Ties: Shared, Players: []Player{{ID: 1, Score: 1, Rank: 2}, {ID: 2, Score: 2, Rank: 1}}}, "comes after"},
	} {
		if _, err := Compute(tc.in); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Compute(%+v) = %v, want an error with %q", tc.in, err, tc.want)
		}
	}
}
