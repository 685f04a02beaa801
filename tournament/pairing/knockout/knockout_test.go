package knockout

import (
	"errors"
	"reflect"
	"slices"
	"testing"
)

func TestPositionsAreTheStandardBracket(t *testing.T) {
	for size, want := range map[int][]int{
		2:  {1, 2},
		4:  {1, 4, 2, 3},
		8:  {1, 8, 4, 5, 2, 7, 3, 6},
		16: {1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11},
	} {
		if got := Positions(size); !slices.Equal(got, want) {
			t.Errorf("Positions(%d) = %v, want %v", size, got, want)
		}
	}
	for n, want := range map[int][2]int{2: {2, 1}, 3: {4, 2}, 8: {8, 3}, 9: {16, 4}, 13: {16, 4}, 16: {16, 4}, 17: {32, 5}} {
		if Size(n) != want[0] || Rounds(n) != want[1] {
			t.Errorf("%d players: size %d, %d rounds; want %v", n, Size(n), Rounds(n), want)
		}
	}
}

// ids are entrants 101… in seed order, so that seed s is 100+s.
func ids(n int) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = int64(101 + i)
	}
	return out
}

// playOut decides every match for the better seed (the lower ID) but
// where upsets names the winner, and returns every round.
func playOut(t *testing.T, first []Match, upsets map[[2]int64]int64) [][]Match {
	t.Helper()
	rounds := [][]Match{first}
	for {
		r := rounds[len(rounds)-1]
		for k := range r {
			m := &r[k]
			if m.Winner != 0 || m.Empty() {
				continue
			}
			m.Winner = min(m.Top, m.Bottom)
			if w, ok := upsets[[2]int64{m.Top, m.Bottom}]; ok {
				m.Winner = w
			}
		}
		if len(r) == 1 {
			return rounds
		}
		rounds = append(rounds, Next(r))
	}
}

func TestEightPlayersTopSeedsMeetLast(t *testing.T) {
	first, err := FirstRound(ids(8))
	if err != nil {
		t.Fatal(err)
	}
	want := []Match{{Top: 101, Bottom: 108}, {Top: 104, Bottom: 105}, {Top: 102, Bottom: 107}, {Top: 103, Bottom: 106}}
	if !reflect.DeepEqual(first, want) {
		t.Fatalf("first round %v, want %v", first, want)
	}
	// Seed 5 beats seed 4; everyone else wins by seed.
	rounds := playOut(t, first, map[[2]int64]int64{{104, 105}: 105})
	if len(rounds) != 3 {
		t.Fatalf("%d rounds, want 3", len(rounds))
	}
	semis := rounds[1]
	if want := []Match{{Top: 101, Bottom: 105, Winner: 101}, {Top: 102, Bottom: 103, Winner: 102}}; !reflect.DeepEqual(semis, want) {
		t.Errorf("semi-finals %v, want %v", semis, want)
	}
	if final := rounds[2][0]; final.Top != 101 || final.Bottom != 102 {
		t.Errorf("final %v, want seeds 1 and 2", final)
	}
	if third := ThirdPlace(semis); third == nil || *third != (Match{Top: 105, Bottom: 103}) {
		t.Errorf("third-place match %v, want 105-103", third)
	}
}

// Thirteen players in a bracket of 16: seeds 1, 2 and 3 have byes, and
// nobody has a second bye.
func TestThirteenPlayersTopSeedsHaveTheByes(t *testing.T) {
	first, err := FirstRound(ids(13))
	if err != nil {
		t.Fatal(err)
	}
	if len(first) != 8 {
		t.Fatalf("%d matches, want 8", len(first))
	}
	var byes []int64
	for _, m := range first {
		if m.Empty() {
			t.Errorf("empty match %v in the first round", m)
		}
		if m.Bye() {
			byes = append(byes, m.Winner)
			if m.Bottom != 0 {
				t.Errorf("a bye in the bottom place: %v", m)
			}
		}
	}
	if !slices.Equal(byes, []int64{101, 102, 103}) {
		t.Errorf("byes to %v, want seeds 1, 2, 3", byes)
	}
	if first[1] != (Match{Top: 108, Bottom: 109}) {
		t.Errorf("second match %v, want 8–9", first[1])
	}
	rounds := playOut(t, first, nil)
	if len(rounds) != 4 {
		t.Fatalf("%d rounds, want 4", len(rounds))
	}
	for _, m := range rounds[1] {
		if m.Bye() {
			t.Errorf("a second-round bye: %v", m)
		}
	}
	if final := rounds[3][0]; final.Top != 101 || final.Bottom != 102 || final.Winner != 101 {
		t.Errorf("final %v", final)
	}
	if third := ThirdPlace(rounds[2]); third == nil || *third != (Match{Top: 104, Bottom: 103}) {
		t.Errorf("third-place match %v, want 104-103", third)
	}
}

func TestTwoAndThreePlayers(t *testing.T) {
	two, err := FirstRound(ids(2))
	if err != nil || len(two) != 1 || two[0] != (Match{Top: 101, Bottom: 102}) {
		t.Errorf("two players: %v %v", two, err)
	}
	three, _ := FirstRound(ids(3))
	if want := []Match{{Top: 101, Winner: 101}, {Top: 102, Bottom: 103}}; !reflect.DeepEqual(three, want) {
		t.Errorf("three players: %v, want %v", three, want)
	}
	// The semi-final with a bye put nobody out: no third-place match.
	three[1].Winner = 103
	if third := ThirdPlace(three); third != nil {
		t.Errorf("third-place match %v with a bye in the semi-finals", third)
	}
}

func TestFieldRefused(t *testing.T) {
	for _, seeded := range [][]int64{nil, {1}, {1, 1}, {1, 0}, ids(MaxPlayers + 1)} {
		if _, err := FirstRound(seeded); err == nil {
			t.Errorf("FirstRound(%d entrants) took it", len(seeded))
		}
	}
}

// A match neither side played leaves an empty place: the next opponent
// goes through, and nobody plays for it in the round after.
func TestEmptyPlaceGoesThrough(t *testing.T) {
	r := []Match{{Top: 1, Bottom: 8}, {Top: 4, Bottom: 5, Winner: 0}, {Top: 2, Bottom: 7, Winner: 7}, {Top: 3, Bottom: 6, Winner: 6}}
	r[0].Winner = 1
	next := Next(r)
	if next[0] != (Match{Top: 1, Winner: 1}) || next[1] != (Match{Top: 7, Bottom: 6}) {
		t.Errorf("next round %v", next)
	}
}

func TestDrawIsRepeatable(t *testing.T) {
	a, b := Draw(ids(13), 42), Draw(ids(13), 42)
	if !slices.Equal(a, b) {
		t.Errorf("the same seed drew %v and %v", a, b)
	}
	if slices.Equal(a, ids(13)) {
		t.Errorf("the draw left the seeds in order")
	}
	sorted := slices.Clone(a)
	slices.Sort(sorted)
	if !slices.Equal(sorted, ids(13)) {
		t.Errorf("the draw lost or doubled an entrant: %v", a)
	}
}

func TestFormatCheck(t *testing.T) {
	ok := Format{Games: 2, TieBreaks: []Stage{{2, Rapid}, {2, Blitz}, {1, Deciding}}}
	if p := ok.Check(); len(p) != 0 {
		t.Errorf("a good format: %v", p)
	}
	bad := Format{Games: 0, TieBreaks: []Stage{{2, Rapid}, {0, Blitz}, {1, "bullet"}}}
	want := []Problem{{MatchGames, -1, 0}, {StageGames, 1, 0}, {StageTempo, 2, 0}}
	if got := bad.Check(); !reflect.DeepEqual(got, want) {
		t.Errorf("problems %v, want %v", got, want)
	}
}

// The two-game match of the issue with tie-breaks of two rapid, two blitz
// and one deciding game, game by game.
func TestMatchGoesToTheTieBreaks(t *testing.T) {
	f := Format{Games: 2, TieBreaks: []Stage{{2, Rapid}, {2, Blitz}, {1, Deciding}}}
	type step struct {
		games []Outcome
		want  State
	}
	next := func(number, stage, inStage int, tempo Tempo, topWhite bool) *Slot {
		return &Slot{Number: number, Stage: stage, InStage: inStage, Tempo: tempo, TopWhite: topWhite}
	}
	for i, s := range []step{
		{nil, State{Next: next(1, 0, 1, "", true)}},
		{[]Outcome{TopWins}, State{Top: 1, Next: next(2, 0, 2, "", false)}},
		// 1½:½ after two: decided.
		{[]Outcome{TopWins, Drawn}, State{Top: 1.5, Bottom: 0.5, Winner: TopWins}},
		// 1:1 after two: the rapid games.
		{[]Outcome{TopWins, BottomWins}, State{Top: 1, Bottom: 1, Next: next(3, 1, 1, Rapid, true)}},
		// The first rapid game won and the second drawn: decided in the rapid.
		{[]Outcome{TopWins, BottomWins, BottomWins, Drawn}, State{Top: 1, Bottom: 1, Stages: [][2]float64{{0.5, 1.5}}, Winner: BottomWins}},
		// Level in the rapid too: the blitz, colours still alternating.
		{[]Outcome{Drawn, Drawn, Drawn, Drawn}, State{Top: 1, Bottom: 1, Stages: [][2]float64{{1, 1}}, Next: next(5, 2, 1, Blitz, true)}},
		{[]Outcome{Drawn, Drawn, Drawn, Drawn, TopWins, BottomWins}, State{Top: 1, Bottom: 1, Stages: [][2]float64{{1, 1}, {1, 1}}, Next: next(7, 3, 1, Deciding, true)}},
		{[]Outcome{Drawn, Drawn, Drawn, Drawn, TopWins, BottomWins, BottomWins}, State{Top: 1, Bottom: 1, Stages: [][2]float64{{1, 1}, {1, 1}, {0, 1}}, Winner: BottomWins}},
		// The deciding game drawn: only a lot is left.
		{[]Outcome{Drawn, Drawn, Drawn, Drawn, Drawn, Drawn, Drawn}, State{Top: 1, Bottom: 1, Stages: [][2]float64{{1, 1}, {1, 1}, {0.5, 0.5}}, Lot: true}},
	} {
		got, err := f.Play(true, s.games)
		if err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		if !reflect.DeepEqual(got, s.want) {
			t.Errorf("step %d %v:\n got %+v\nwant %+v", i, s.games, got, s.want)
		}
	}
	if _, err := f.Play(true, []Outcome{TopWins, TopWins, Drawn}); !errors.Is(err, ErrTooManyGames) {
		t.Errorf("a game after the match was won: %v", err)
	}
}

// A match of four games is decided as soon as one side cannot be caught:
// 3:0 after three.
func TestMatchDecidedEarly(t *testing.T) {
	f := Format{Games: 4}
	st, err := f.Play(false, []Outcome{BottomWins, BottomWins, BottomWins})
	if err != nil || st.Winner != BottomWins || st.Next != nil {
		t.Errorf("3:0 after three of four: %+v %v", st, err)
	}
	st, _ = f.Play(false, []Outcome{BottomWins, Drawn, Drawn})
	if st.Winner != 0 || st.Next == nil || st.Next.Number != 4 || !st.Next.TopWhite {
		t.Errorf("2:1 after three of four: %+v", st)
	}
	// Without tie-breaks a level match goes to a lot.
	st, _ = f.Play(false, []Outcome{BottomWins, TopWins, Drawn, Drawn})
	if !st.Lot || st.Next != nil {
		t.Errorf("level without tie-breaks: %+v", st)
	}
}

// TestPlayLegs decides a tie of two legs on match points, then on board
// points, then in a tie-break leg, and leaves a tie level after every
// stage to a lot.
func TestPlayLegs(t *testing.T) {
	f := Format{Games: 2, TieBreaks: []Stage{{Games: 1, Tempo: Rapid}}}
	for _, tc := range []struct {
		name     string
		legs     []Leg
		winner   Outcome
		next     int // the next leg's number, 0 for none
		topWhite bool
		lot      bool
	}{
		{"first leg", []Leg{{2, 0, 3, 1}}, 0, 2, false, false},
		{"match points", []Leg{{2, 0, 3, 1}, {1, 1, 2, 2}}, TopWins, 0, false, false},
		{"board points", []Leg{{2, 0, 3, 1}, {0, 2, 0.5, 3.5}}, BottomWins, 0, false, false},
		{"tie-break leg", []Leg{{2, 0, 3, 1}, {0, 2, 1, 3}}, 0, 3, true, false},
		{"tie-break leg won", []Leg{{2, 0, 3, 1}, {0, 2, 1, 3}, {0, 2, 1.5, 2.5}}, BottomWins, 0, false, false},
		{"level after every stage", []Leg{{2, 0, 3, 1}, {0, 2, 1, 3}, {1, 1, 2, 2}}, 0, 0, false, true},
	} {
		st, err := f.PlayLegs(tc.legs)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		next := 0
		if st.Next != nil {
			next = st.Next.Number
			if st.Next.TopWhite != tc.topWhite {
				t.Errorf("%s: leg %d top at home %v, want %v", tc.name, next, st.Next.TopWhite, tc.topWhite)
			}
		}
		if st.Winner != tc.winner || next != tc.next || st.Lot != tc.lot {
			t.Errorf("%s: winner %d, next %d, lot %v; want %d, %d, %v", tc.name, st.Winner, next, st.Lot, tc.winner, tc.next, tc.lot)
		}
	}
	if _, err := f.PlayLegs([]Leg{{2, 0, 3, 1}, {2, 0, 3, 1}, {1, 1, 2, 2}}); err != ErrTooManyGames {
		t.Errorf("a leg after the tie was decided: error %v, want ErrTooManyGames", err)
	}
}
