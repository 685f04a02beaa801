package teamswiss

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestFirstRound(t *testing.T) {
	teams := make([]Team, 10)
	for i := range teams {
		teams[i] = Team{No: i + 1}
	}
	got, err := Pair(Input{Teams: teams, Round: 1, Rounds: 7})
	if err != nil {
		t.Fatal(err)
	}
	// S1 = 1…5 meets S2 = 6…10 in order; first teams with odd numbers take
	// White (the colour drawn by lot), even ones Black (Article 4.3.1).
	want := []Pairing{{1, 6}, {7, 2}, {3, 8}, {9, 4}, {5, 10}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("round 1 = %v, want %v", got, want)
	}
}

func TestByeGoesToLowestScoreWithoutOne(t *testing.T) {
	teams := []Team{
		{No: 1, Score: 2, Colours: []Colour{White}, Opponents: []int{4}},
		{No: 2, Score: 2, Colours: []Colour{Black}, Opponents: []int{5}},
		{No: 3, Score: 2, Colours: []Colour{NoColour}, HadBye: true},
		{No: 4, Score: 0, Colours: []Colour{Black}, Opponents: []int{1}},
		{No: 5, Score: 0, Colours: []Colour{White}, Opponents: []int{2}},
	}
	got, err := Pair(Input{Teams: teams, Round: 2, Rounds: 5})
	if err != nil {
		t.Fatal(err)
	}
	// 5 has the lowest score and the highest number of those without a bye.
	if last := got[len(got)-1]; last != (Pairing{Home: 5}) {
		t.Errorf("bye = %v, want team 5 (pairings %v)", last, got)
	}
}

func TestUpfloaterJoinsOddBracket(t *testing.T) {
	// Teams 1, 2, 3 won; 4, 5, 6 lost. The top bracket is odd: the highest
	// team below (4) floats up unless it already met the top teams.
	teams := []Team{
		{No: 1, Score: 2, Colours: []Colour{White}, Opponents: []int{4}},
		{No: 2, Score: 2, Colours: []Colour{Black}, Opponents: []int{5}},
		{No: 3, Score: 2, Colours: []Colour{White}, Opponents: []int{6}},
		{No: 4, Score: 0, Colours: []Colour{Black}, Opponents: []int{1}},
		{No: 5, Score: 0, Colours: []Colour{White}, Opponents: []int{2}},
		{No: 6, Score: 0, Colours: []Colour{Black}, Opponents: []int{3}},
	}
	got, err := Pair(Input{Teams: teams, Round: 2, Rounds: 5})
	if err != nil {
		t.Fatal(err)
	}
	met := map[[2]int]bool{}
	for _, p := range got {
		met[[2]int{min(p.Home, p.Away), max(p.Home, p.Away)}] = true
	}
	// 4 met 1, so with S1 = {1, 2} and S2 = {3, 4}: 1–3 and 2–4; below, 5–6.
	for _, want := range [][2]int{{1, 3}, {2, 4}, {5, 6}} {
		if !met[want] {
			t.Errorf("pairings %v lack %v", got, want)
		}
	}
}

func TestColourAllocation(t *testing.T) {
	for _, tc := range []struct {
		name       string
		a, b       Team
		wantHomeNo int
	}{
		{"one preference is granted", Team{No: 1, Score: 2, Colours: []Colour{White, White}}, Team{No: 2, Score: 2, Colours: []Colour{White, Black}}, 2},
		{"opposite preferences are both granted", Team{No: 1, Colours: []Colour{White, White}}, Team{No: 2, Colours: []Colour{Black, Black}}, 2},
		{"lower colour difference takes White", Team{No: 1, Colours: []Colour{White, NoColour}}, Team{No: 2, Colours: []Colour{White, Black}}, 2},
		{"alternate from the last different round", Team{No: 1, Colours: []Colour{Black, White}}, Team{No: 2, Colours: []Colour{White, Black}}, 2},
		{"the first team alternates its last colour", Team{No: 1, Score: 2, Colours: []Colour{Black, NoColour}}, Team{No: 2, Colours: []Colour{NoColour, Black}}, 1},
		{"both prefer White: the first team gets it", Team{No: 2, Score: 4, Colours: []Colour{Black, Black}}, Team{No: 1, Score: 2, Colours: []Colour{Black, Black}}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := &pairer{in: Input{Round: len(tc.a.Colours) + 1}}
			if got := p.allocateColours(&tc.a, &tc.b); got.Home != tc.wantHomeNo {
				t.Errorf("home = %d, want %d", got.Home, tc.wantHomeNo)
			}
		})
	}
}

func TestInputErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   Input
		want string
	}{
		{"one team", Input{Teams: []Team{{No: 1}}, Round: 1}, "2 to 1000 teams"},
		{"duplicate number", Input{Teams: []Team{{No: 1}, {No: 1}}, Round: 1}, "used twice"},
		{"unknown opponent", Input{Teams: []Team{{No: 1, Opponents: []int{9}, Colours: []Colour{White}}, {No: 2, Colours: []Colour{Black}}}, Round: 2}, "opponent 9"},
		{"colours for the wrong rounds", Input{Teams: []Team{{No: 1}, {No: 2}}, Round: 2}, "0 colours given for 1 rounds"},
		{"everyone met", Input{Teams: []Team{{No: 1, Opponents: []int{2}, Colours: []Colour{White}}, {No: 2, Opponents: []int{1}, Colours: []Colour{Black}}}, Round: 2}, "without a rematch"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Pair(tc.in)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// TestGeneratedEvents plays random events round by round and checks the
// rules every pairing must keep: every team is paired once per round or has
// the bye, which comes last; no two teams meet twice; no team gets a second
// bye; a single colour preference and two opposite ones are granted.
func TestGeneratedEvents(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 2026))
	for event := range 60 {
		n := 4 + rng.IntN(27)
		rounds := min(n-1, 3+rng.IntN(7))
		t.Run(fmt.Sprintf("event %d: %d teams, %d rounds", event, n, rounds), func(t *testing.T) {
			teams := make([]Team, n)
			for i := range teams {
				teams[i] = Team{No: i + 1}
			}
			for r := 1; r <= rounds; r++ {
				pairings, err := Pair(Input{Teams: cloneTeams(teams), Round: r, Rounds: rounds})
				if err != nil {
					t.Fatalf("round %d: %v", r, err)
				}
				checkRound(t, teams, pairings, r)
				playRound(rng, teams, pairings)
			}
		})
	}
}

func cloneTeams(teams []Team) []Team {
	out := make([]Team, len(teams))
	for i, t := range teams {
		out[i] = t
		out[i].Opponents = append([]int(nil), t.Opponents...)
		out[i].Colours = append([]Colour(nil), t.Colours...)
	}
	return out
}

func checkRound(t *testing.T, teams []Team, pairings []Pairing, r int) {
	t.Helper()
	byNo := map[int]*Team{}
	for i := range teams {
		byNo[teams[i].No] = &teams[i]
	}
	seen := map[int]bool{}
	byes := 0
	for i, p := range pairings {
		for _, no := range []int{p.Home, p.Away} {
			if no == 0 {
				continue
			}
			if seen[no] {
				t.Fatalf("round %d: team %d is paired twice in %v", r, no, pairings)
			}
			seen[no] = true
		}
		if p.Away == 0 {
			byes++
			if i != len(pairings)-1 {
				t.Errorf("round %d: the bye is not the last table", r)
			}
			bye := byNo[p.Home]
			if bye.HadBye {
				t.Errorf("round %d: team %d gets a second bye", r, p.Home)
			}
			continue
		}
		home, away := byNo[p.Home], byNo[p.Away]
		for _, o := range home.Opponents {
			if o == away.No {
				t.Errorf("round %d: teams %d and %d meet again", r, home.No, away.No)
			}
		}
		pr := &pairer{in: Input{Round: r}}
		ph, _ := pr.preference(home)
		pa, _ := pr.preference(away)
		switch {
		case ph == Black && pa != Black, pa == White && ph != White:
			t.Errorf("round %d: %d (prefers %v) is home against %d (prefers %v)", r, home.No, ph, away.No, pa)
		}
	}
	if len(seen) != len(teams) || byes != len(teams)%2 {
		t.Errorf("round %d: %d of %d teams paired with %d byes", r, len(seen), len(teams), byes)
	}
}

// playRound scores a round at random in match points 2/1/0 with game points
// on 4 boards, and records opponents, colours and byes.
func playRound(rng *rand.Rand, teams []Team, pairings []Pairing) {
	byNo := map[int]*Team{}
	for i := range teams {
		byNo[teams[i].No] = &teams[i]
		teams[i].Colours = append(teams[i].Colours, NoColour)
		teams[i].Floated = false
	}
	last := len(teams[0].Colours) - 1
	for _, p := range pairings {
		home := byNo[p.Home]
		if p.Away == 0 {
			home.Score += 2
			home.Secondary += 8
			home.HadBye = true
			continue
		}
		away := byNo[p.Away]
		home.Floated, away.Floated = home.Score != away.Score, home.Score != away.Score
		home.Opponents, away.Opponents = append(home.Opponents, away.No), append(away.Opponents, home.No)
		home.Colours[last], away.Colours[last] = White, Black
		gp := float64(rng.IntN(9))
		home.Secondary += gp
		away.Secondary += 8 - gp
		switch {
		case gp > 4:
			home.Score += 2
		case gp < 4:
			away.Score += 2
		default:
			home.Score++
			away.Score++
		}
	}
}

// BenchmarkPair100Teams9Rounds pairs the last round of a 100-team, 9-round
// event played at random.
func BenchmarkPair100Teams9Rounds(b *testing.B) {
	rng := rand.New(rand.NewPCG(100, 9))
	teams := make([]Team, 100)
	for i := range teams {
		teams[i] = Team{No: i + 1}
	}
	for r := 1; r <= 8; r++ {
		pairings, err := Pair(Input{Teams: cloneTeams(teams), Round: r, Rounds: 9})
		if err != nil {
			b.Fatal(err)
		}
		playRound(rng, teams, pairings)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Pair(Input{Teams: cloneTeams(teams), Round: 9, Rounds: 9}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestUpfloaterSetOrder is the example of Article 3.5.4: 2, 6 and 8 have 3
// points, 1, 3 and 5 have 2.5; of the sets of three, those with two teams
// of 3 points and one of 2.5 come in this order (after {2,6,8}, whose
// scores are higher still).
func TestUpfloaterSetOrder(t *testing.T) {
	lower := []*Team{{No: 2, Score: 3}, {No: 6, Score: 3}, {No: 8, Score: 3}, {No: 1, Score: 2.5}, {No: 3, Score: 2.5}, {No: 5, Score: 2.5}}
	var got [][]int
	for set := range upfloaterSets(lower, 3) {
		if len(got) == 10 {
			break
		}
		var nos []int
		for _, t := range set {
			nos = append(nos, t.No)
		}
		got = append(got, nos)
	}
	want := [][]int{{2, 6, 8}, {2, 6, 1}, {2, 6, 3}, {2, 6, 5}, {2, 8, 1}, {2, 8, 3}, {2, 8, 5}, {6, 8, 1}, {6, 8, 3}, {6, 8, 5}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("upfloater sets = %v, want %v", got, want)
	}
}

// TestBracketPairingIsTheDefinition checks Article 3.6 against its own
// definition on random brackets: list every legal pairing, sort by
// identifier, and take the first with the fewest unmet colour preferences
// (C8), then unmet strong ones (C9, type B), then floaters facing
// upfloaters (C10).
func TestBracketPairingIsTheDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 4))
	for trial := range 400 {
		n := 2 * (1 + rng.IntN(5))
		teams := make([]Team, n)
		for i := range teams {
			teams[i] = Team{No: 1 + rng.IntN(3) + 3*i, Colours: randomColours(rng), Floated: rng.IntN(3) == 0}
		}
		p := &pairer{in: Input{Round: 4, Rounds: 9, Preferences: Preferences(rng.IntN(3))}, met: make([][]bool, n)}
		bracket := make([]*Team, n)
		var upfloaters []*Team
		for i := range teams {
			teams[i].index = i
			p.met[i] = make([]bool, n)
			bracket[i] = &teams[i]
			if rng.IntN(4) == 0 {
				upfloaters = append(upfloaters, &teams[i])
			}
		}
		for i := range n {
			for j := i + 1; j < n; j++ {
				if rng.IntN(4) == 0 {
					p.met[i][j], p.met[j][i] = true, true
				}
			}
		}
		if !p.pairable(bracket) {
			continue
		}
		want := bestByDefinition(p, bracket, upfloaters)
		got := identifier(p.pairBracket(bracket, upfloaters))
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("trial %d: pairBracket gives %v, the definition %v", trial, got, want)
		}
	}
}

func randomColours(rng *rand.Rand) []Colour {
	colours := make([]Colour, 3)
	for i := range colours {
		colours[i] = Colour(rng.IntN(3))
	}
	return colours
}

// identifier writes a pairing as Article 3.6.2 does: the top members in
// ascending order, then their bottom members.
func identifier(pairs [][2]*Team) []int {
	type pair struct{ top, bottom int }
	ps := make([]pair, len(pairs))
	for i, pr := range pairs {
		ps[i] = pair{min(pr[0].No, pr[1].No), max(pr[0].No, pr[1].No)}
	}
	slices.SortFunc(ps, func(a, b pair) int { return a.top - b.top })
	id := make([]int, 0, 2*len(ps))
	for _, pr := range ps {
		id = append(id, pr.top)
	}
	for _, pr := range ps {
		id = append(id, pr.bottom)
	}
	return id
}

func bestByDefinition(p *pairer, bracket, upfloaters []*Team) []int {
	var best, bestFaults []int
	var walk func(rest []*Team, pairs [][2]*Team)
	walk = func(rest []*Team, pairs [][2]*Team) {
		if len(rest) == 0 {
			c8, c9, c10 := 0, 0, 0
			for _, pr := range pairs {
				a, b := pr[0], pr[1]
				clash, strong := p.colourFaults(a, b)
				c8, c9 = c8+clash, c9+strong
				if slices.Contains(upfloaters, a) && b.Floated {
					c10++
				}
				if slices.Contains(upfloaters, b) && a.Floated {
					c10++
				}
			}
			id := identifier(pairs)
			faults := []int{c8, c9, c10}
			if c := slices.Compare(faults, bestFaults); best == nil || c < 0 || (c == 0 && slices.Compare(id, best) < 0) {
				best, bestFaults = id, faults
			}
			return
		}
		for j := 1; j < len(rest); j++ {
			if p.canMeet(rest[0], rest[j]) {
				walk(without(rest, rest[0], rest[j]), append(slices.Clone(pairs), [2]*Team{rest[0], rest[j]}))
			}
		}
	}
	walk(bracket, nil)
	return best
}

// TestPreferences checks the colour preferences of Article 1.7.
func TestPreferences(t *testing.T) {
	W, B, N := White, Black, NoColour
	for _, tc := range []struct {
		colours   []Colour
		kind      Preferences
		lastRound bool
		want      Colour
		strong    bool
	}{
		{[]Colour{W, B, B}, TypeA, false, W, true},       // −1 after Black twice
		{[]Colour{B, N, B}, TypeA, false, W, true},       // a bye between the two Blacks
		{[]Colour{W, W, B}, TypeA, false, N, false},      // +1 after one Black
		{[]Colour{B, B, B, W}, TypeA, false, W, true},    // −2
		{[]Colour{W, B, B}, TypeB, false, W, true},       // strong as type A
		{[]Colour{W, B, W, B}, TypeB, false, W, false},   // level, Black last: mild
		{[]Colour{W, B, W, B}, TypeB, true, N, false},    // … but not in the last round
		{[]Colour{W, W, B}, TypeB, true, B, false},       // +1: mild, in the last round too
		{[]Colour{N, N}, TypeB, false, N, false},         // no match played yet
		{[]Colour{B, B}, NoPreferences, false, N, false}, // none at all
	} {
		p := &pairer{in: Input{Preferences: tc.kind}, lastRound: tc.lastRound}
		got, strong := p.preference(&Team{Colours: tc.colours})
		if got != tc.want || strong != tc.strong {
			t.Errorf("type %d, colours %v, last round %v: preference %v (strong %v), want %v (strong %v)", tc.kind, tc.colours, tc.lastRound, got, strong, tc.want, tc.strong)
		}
	}
}
