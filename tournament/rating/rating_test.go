package rating_test

import (
	"math"
	"testing"

	"adiukh/tournament/rating"
)

// The worked example of docs/ratings.md: A is a newcomer; B has 10 rated
// games at 1600; C 50 games at 2380; D reached 2400 long ago and stands at
// 2450. A beats B 13:11 and C 24:0, B and C draw 12:12, D beats C 14:10.
func TestWorkedExample(t *testing.T) {
	t.Parallel()
	const a, b, c, d = 1, 2, 3, 4
	published := map[int64]rating.State{
		b: {Rating: 1600, Games: 10, Registered: true},
		c: {Rating: 2380, Games: 50, Registered: true},
		d: {Rating: 2450, Games: 100, Reached: true, Registered: true},
	}
	games := []rating.Game{{A: a, B: b, PointsA: 13, PointsB: 11}, {A: b, B: c, PointsA: 12, PointsB: 12}, {A: d, B: c, PointsA: 14, PointsB: 10}, {A: a, B: c, PointsA: 24, PointsB: 0}}
	after, changes := rating.Close(published, games, nil, rating.Options{})
	want := map[int64]struct {
		k, old, new, games int
		sum                float64
	}{
		a: {40, 1500, 1562, 2, 1.549156},
		b: {40, 1600, 1591, 12, -0.230974},
		c: {20, 2380, 2346, 53, -1.718785},
		d: {10, 2450, 2454, 101, 0.400603},
	}
	if len(changes) != 4 || changes[0].Person != d || changes[3].Person != a {
		t.Fatalf("changes %+v, want four, highest new rating first", changes)
	}
	for _, ch := range changes {
		w := want[ch.Person]
		if ch.K != w.k || ch.Old != w.old || ch.New != w.new || ch.TotalGames != w.games || math.Abs(ch.Sum-w.sum) > 5e-7 {
			t.Errorf("person %d: K %d, %d → %d, %d games, Σ %.6f; want K %d, %d → %d, %d games, Σ %.6f",
				ch.Person, ch.K, ch.Old, ch.New, ch.TotalGames, ch.Sum, w.k, w.old, w.new, w.games, w.sum)
		}
		if st := after[ch.Person]; st.Rating != w.new || st.Games != w.games || !st.Registered {
			t.Errorf("person %d after the period: %+v", ch.Person, st)
		}
	}
	// A against C: D = −880 capped at −400, so E = 1/11.
	line := changes[3].Lines[1]
	if line.Opponent != c || line.OpponentRating != 2380 || line.D != -400 || math.Abs(line.E-1.0/11) > 1e-9 || line.S != 1 {
		t.Errorf("A's game with C: %+v, want D capped at −400 and E = 1/11", line)
	}
}

// K is 40 up to 29 rated games, 20 from 30; a person whose published
// rating reaches 2400 plays at 10 from the next period, and for good.
func TestKThresholds(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		st   rating.State
		want int
	}{
		{rating.State{Games: 0}, 40}, {rating.State{Games: 29}, 40}, {rating.State{Games: 30}, 20},
		{rating.State{Games: 5, Reached: true}, 10}, {rating.State{Rating: 2399, Games: 300}, 20},
	} {
		if got := rating.K(tc.st); got != tc.want {
			t.Errorf("K(%+v) = %d, want %d", tc.st, got, tc.want)
		}
	}
	// 2390 after 40 games beats an equal: +10 at K 20 → exactly 2400.
	published := map[int64]rating.State{1: {Rating: 2390, Games: 40, Registered: true}, 2: {Rating: 2390, Games: 40, Registered: true}}
	after, changes := rating.Close(published, []rating.Game{{A: 1, B: 2, PointsA: 13, PointsB: 11}}, nil, rating.Options{})
	if changes[0].K != 20 || after[1].Rating != 2400 || !after[1].Reached || after[2].Reached {
		t.Fatalf("reaching 2400: %+v %+v", changes, after)
	}
	// The next period: K 10 even after the rating falls below 2400.
	of := func(changes []rating.Change, person int64) rating.Change {
		for _, c := range changes {
			if c.Person == person {
				return c
			}
		}
		t.Fatalf("no change of person %d in %+v", person, changes)
		return rating.Change{}
	}
	after, changes = rating.Close(after, []rating.Game{{A: 1, B: 2, PointsA: 0, PointsB: 24}}, nil, rating.Options{})
	if c := of(changes, 1); c.K != 10 || c.New >= 2400 || !after[1].Reached {
		t.Errorf("the period after reaching 2400: %+v, want K 10 and a loss below 2400", c)
	}
	_, changes = rating.Close(after, []rating.Game{{A: 1, B: 2, PointsA: 13, PointsB: 11}}, nil, rating.Options{})
	if c := of(changes, 1); c.K != 10 {
		t.Errorf("below 2400 later: %+v, want K 10 for good", c)
	}
}

// The point-share option scores 15:9 as 15/24; between equals at K 20 that
// is ±2.5, rounded half away from zero to +3 and −3.
func TestPointShareAndRounding(t *testing.T) {
	t.Parallel()
	published := map[int64]rating.State{1: {Rating: 2000, Games: 40, Registered: true}, 2: {Rating: 2000, Games: 40, Registered: true}}
	game := []rating.Game{{A: 1, B: 2, PointsA: 15, PointsB: 9}}
	_, changes := rating.Close(published, game, nil, rating.Options{PointShare: true})
	if changes[0].Person != 1 || changes[0].Delta() != 3 || changes[1].Delta() != -3 || changes[0].Lines[0].S != 0.625 {
		t.Errorf("point share: %+v, want +3 and −3 with s = 0.625", changes)
	}
	_, changes = rating.Close(published, game, nil, rating.Options{})
	if changes[0].Delta() != 10 || changes[1].Delta() != -10 {
		t.Errorf("a win between equals at K 20: %+v, want ±10", changes)
	}
	if s := rating.Score(12, 12, false); s != 0.5 {
		t.Errorf("a draw scores %v", s)
	}
}

// Newcomers meet at the initial rating, which a list may set.
func TestNewcomers(t *testing.T) {
	t.Parallel()
	after, changes := rating.Close(nil, []rating.Game{{A: 7, B: 8, PointsA: 12, PointsB: 12}}, nil, rating.Options{Initial: 1200})
	if len(changes) != 2 || changes[0].Old != 1200 || changes[0].New != 1200 || after[7].Games != 1 || after[8].Rating != 1200 {
		t.Errorf("two newcomers draw: %+v %+v", changes, after)
	}
}

// A game corrected after its period counts in the next as s(new) − s(old)
// at the K now in force, with no game added: a loss corrected to a win
// between persons at K 20 is +20 and −20.
func TestCorrection(t *testing.T) {
	t.Parallel()
	published := map[int64]rating.State{1: {Rating: 1800, Games: 40, Registered: true}, 2: {Rating: 1700, Games: 40, Registered: true}}
	after, changes := rating.Close(published, nil, []rating.Correction{{GameID: 9, A: 1, B: 2, OldPointsA: 11, OldPointsB: 13, NewPointsA: 13, NewPointsB: 11}}, rating.Options{})
	if len(changes) != 2 || changes[0].Delta() != 20 || changes[1].Delta() != -20 || changes[0].Games != 0 || after[1].Games != 40 || !changes[0].Lines[0].Correction {
		t.Errorf("a correction: %+v %+v", changes, after)
	}
	if changes[0].Lines[0].GameID != 9 || changes[1].Lines[0].GameID != 9 {
		t.Errorf("the correction's lines do not name its game: %+v", changes)
	}
}

// Each side's line names the game it comes from, so that a report of one
// event can pick its games out of a period.
func TestLinesNameTheirGames(t *testing.T) {
	t.Parallel()
	_, changes := rating.Close(nil, []rating.Game{{GameID: 5, A: 1, B: 2, PointsA: 13, PointsB: 11}, {GameID: 6, A: 2, B: 1, PointsA: 12, PointsB: 12}}, nil, rating.Options{})
	for _, c := range changes {
		if len(c.Lines) != 2 || c.Lines[0].GameID != 5 || c.Lines[1].GameID != 6 {
			t.Errorf("person %d's lines: %+v, want games 5 and 6", c.Person, c.Lines)
		}
	}
}
