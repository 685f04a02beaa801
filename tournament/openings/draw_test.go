package openings_test

import (
	"adiukh/rules/russian"
	"fmt"
	"slices"
	"testing"

	"adiukh/tournament/openings"
)

func numbers(os []openings.Opening) []int {
	out := make([]int, len(os))
	for i, o := range os {
		out[i] = o.Number
	}
	return out
}

// smallTable is five openings of the default table, numbered 10, 20 … 50.
func smallTable() *openings.Table {
	def := openings.Default(russian.Variant)
	t := &openings.Table{Source: "test", Game: russian.Rules{}}
	for i := range 5 {
		o := def.Openings[i]
		o.Number = 10 * (i + 1)
		t.Openings = append(t.Openings, o)
	}
	return t
}

// A draw is its seed's: the same seed and history draw the same openings,
// today and in any later release (the numbers below were drawn once and
// are kept, so that a change to how a draw is made shows here).
func TestDrawIsReproducible(t *testing.T) {
	def := openings.Default(russian.Variant)
	first, err := openings.Draw(def, openings.NewSource(2026), 8, nil)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := openings.Draw(def, openings.NewSource(2026), 8, nil)
	if !slices.Equal(numbers(first), numbers(again)) {
		t.Fatalf("seed 2026 drew %v, then %v", numbers(first), numbers(again))
	}
	if want := []int{229, 192, 340, 319, 334, 38, 178, 64}; !slices.Equal(numbers(first), want) {
		t.Errorf("seed 2026 draws %v, want %v as it always has", numbers(first), want)
	}
	other, _ := openings.Draw(def, openings.NewSource(2027), 8, nil)
	if slices.Equal(numbers(first), numbers(other)) {
		t.Errorf("seeds 2026 and 2027 draw the same %v", numbers(other))
	}
}

// No opening comes again until every one has been drawn: the event's
// draws, one after another, fall in runs of the whole table.
func TestDrawRepeatsNoOpeningUntilTheTableIsExhausted(t *testing.T) {
	tab := smallTable()
	for _, boards := range []int{1, 2, 3, 7} {
		t.Run(fmt.Sprintf("%d boards", boards), func(t *testing.T) {
			var history []int
			for round := range 6 {
				got, err := openings.Draw(tab, openings.NewSource(uint64(100+round)), boards, history)
				if err != nil {
					t.Fatal(err)
				}
				history = append(history, numbers(got)...)
			}
			for start := 0; start+5 <= len(history); start += 5 {
				run := slices.Clone(history[start : start+5])
				slices.Sort(run)
				if !slices.Equal(run, []int{10, 20, 30, 40, 50}) {
					t.Fatalf("draws %v: openings %d–%d are %v, not the whole table once", history, start+1, start+5, history[start:start+5])
				}
			}
		})
	}
}

// Numbers drawn before that the table no longer has (the arbiter changed
// it) are left aside; the others are not drawn again.
func TestDrawLeavesAsideNumbersNoLongerInTheTable(t *testing.T) {
	tab := smallTable()
	got, err := openings.Draw(tab, openings.NewSource(7), 3, []int{10, 99, 30, 77})
	if err != nil {
		t.Fatal(err)
	}
	n := numbers(got)
	slices.Sort(n)
	if !slices.Equal(n, []int{20, 40, 50}) {
		t.Fatalf("drew %v after 10 and 30, want 20, 40 and 50", numbers(got))
	}
}

// Each opening left is as likely as any other.
func TestDrawIsUniform(t *testing.T) {
	tab := smallTable()
	counts := map[int]int{}
	const draws = 20000
	for seed := range uint64(draws) {
		got, err := openings.Draw(tab, openings.NewSource(seed), 1, []int{10, 20})
		if err != nil {
			t.Fatal(err)
		}
		counts[got[0].Number]++
	}
	for _, n := range []int{30, 40, 50} {
		if c := counts[n]; c < draws/3*9/10 || c > draws/3*11/10 {
			t.Errorf("opening %d drawn %d times of %d, want about a third: %v", n, c, draws, counts)
		}
	}
	if counts[10]+counts[20] != 0 {
		t.Errorf("openings drawn before came again: %v", counts)
	}
}

func TestDrawRefuses(t *testing.T) {
	if _, err := openings.Draw(&openings.Table{}, openings.NewSource(1), 1, nil); err == nil || err.Error() != "the table has no openings" {
		t.Errorf("an empty table: %v", err)
	}
	if _, err := openings.Draw(smallTable(), openings.NewSource(1), 0, nil); err == nil || err.Error() != "0 openings cannot be drawn: draw one or more" {
		t.Errorf("no boards: %v", err)
	}
}

func TestScoreMicroMatch(t *testing.T) {
	matchTable := openings.MatchTable{Win: 2, Draw: 1, Loss: 0}
	for _, tc := range []struct {
		name          string
		first, second openings.Points
		games         openings.Points
		outcome       openings.Outcome
		match         openings.Points
	}{
		{"two wins", openings.Points{A: 2}, openings.Points{A: 2}, openings.Points{A: 4}, openings.Won, openings.Points{A: 2}},
		{"a win and a draw", openings.Points{A: 1, B: 1}, openings.Points{B: 2}, openings.Points{A: 1, B: 3}, openings.Lost, openings.Points{B: 2}},
		{"a win each", openings.Points{A: 2}, openings.Points{B: 2}, openings.Points{A: 2, B: 2}, openings.Drawn, openings.Points{A: 1, B: 1}},
		{"two draws", openings.Points{A: 1, B: 1}, openings.Points{A: 1, B: 1}, openings.Points{A: 2, B: 2}, openings.Drawn, openings.Points{A: 1, B: 1}},
		{"halves", openings.Points{A: 0.5, B: 0.5}, openings.Points{A: 1}, openings.Points{A: 1.5, B: 0.5}, openings.Won, openings.Points{A: 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := openings.ScoreMicroMatch(tc.first, tc.second, matchTable)
			if err != nil {
				t.Fatal(err)
			}
			if m.Games != tc.games || m.Outcome != tc.outcome || m.Match != tc.match {
				t.Errorf("got games %v, %s, match %v; want games %v, %s, match %v", m.Games, m.Outcome, m.Match, tc.games, tc.outcome, tc.match)
			}
		})
	}
	if _, err := openings.ScoreMicroMatch(openings.Points{A: 2}, openings.Points{B: -1}, matchTable); err == nil ||
		err.Error() != "game 2 of the micro-match: -1 is not a score, which is zero or more" {
		t.Errorf("a negative score: %v", err)
	}
}
