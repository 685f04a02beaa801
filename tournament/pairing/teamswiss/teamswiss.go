// Package teamswiss pairs one round of a team event by the FIDE Swiss Team
// Pairing System (Handbook C.04.6, effective 1 February 2026): teams meet
// teams with the same score, never twice; an odd team out gets the
// pairing-allocated bye (Article 3.4); the top scoregroup takes the
// upfloaters Article 3.5 chooses and is paired in the order of Article 3.6;
// the colour of a match is the colour of board 1, given by the colour
// preferences of Article 1.7 (type A, type B or none) and the allocation of
// Article 4.
//
// The package is pure: teams come in as start numbers with their scores and
// histories, pairings go out. It knows nothing of players, boards, results
// or storage. docs/pairing-teams.md says where it departs from the text.
package teamswiss

import (
	"cmp"
	"errors"
	"fmt"
	"iter"
	"math"
	"slices"

	"adiukh/tournament/pairing/matching"
)

// Colour is the colour a team had on board 1 of a match: White is the home
// team of the match.
type Colour int8

const (
	NoColour Colour = iota // the team had no match (bye, absent)
	White
	Black
)

func (c Colour) opposite() Colour {
	switch c {
	case White:
		return Black
	case Black:
		return White
	}
	return NoColour
}

// Team is one team to pair, with what the rules look at.
type Team struct {
	// No is the team's pairing number (its start number): lower is
	// stronger.
	No int
	// Score is the primary score (match points or game points, as the
	// event ranks); Secondary is the other one, used only to decide which
	// team of a pair is the first team (Article 4.2).
	Score, Secondary float64
	// Opponents are the numbers of the teams already met.
	Opponents []int
	// Colours holds the team's colour in every round so far, in round
	// order: NoColour for a round without a match.
	Colours []Colour
	// HadBye is true once the team received the pairing-allocated bye or
	// won a match by forfeit; it cannot get the bye again (C2).
	HadBye bool
	// Floated is true when the team met a team with a different score in
	// the previous round (a floater, Article 1.5). Such a team is made an
	// upfloater (C7), or the opponent of one (C10), only where no other
	// choice does as well, except in the last two rounds.
	Floated bool

	// index is the team's place in the pairer's table of who met whom.
	index int
}

// Input is the state of the event before the round to pair.
type Input struct {
	Teams []Team
	// Round is the round to pair; Rounds the event's number of rounds.
	Round, Rounds int
	// Preferences is the kind of colour preferences; type A when not set.
	Preferences Preferences
	// FirstColour is the initial colour drawn by lot before round 1
	// (Article 4.1), which first teams with odd numbers take while neither
	// team has played (4.3.1); White when not set.
	FirstColour Colour
}

// Pairing is one match: Home takes White on board 1. Away is 0 for the
// pairing-allocated bye, which comes last.
type Pairing struct {
	Home, Away int
}

// MaxTeams bounds the field; it only keeps absurd input out.
const MaxTeams = 1000

// ErrNoPairing is wrapped by the error of a round that has no pairing
// without a rematch: the chief arbiter decides (3.3.3).
var ErrNoPairing = errors.New("no pairing without a rematch; the chief arbiter decides (C.04.6 Article 3.3.3)")

// Pair pairs one round.
func Pair(in Input) ([]Pairing, error) {
	p, err := newPairer(in)
	if err != nil {
		return nil, err
	}
	teams := p.teams
	var bye *Team
	if len(teams)%2 == 1 {
		if bye = p.chooseBye(); bye == nil {
			return nil, fmt.Errorf("round %d: no team can take the bye and leave the others a pairing without rematches: %w", in.Round, ErrNoPairing)
		}
		teams = without(teams, bye)
	}
	if !p.pairable(teams) {
		return nil, fmt.Errorf("round %d: the %d teams cannot all be paired: %w", in.Round, len(teams), ErrNoPairing)
	}
	pairs, err := p.pairRound(teams)
	if err != nil {
		return nil, err
	}
	out := make([]Pairing, 0, len(pairs)+1)
	for _, pr := range pairs {
		out = append(out, p.allocateColours(pr[0], pr[1]))
	}
	p.orderTables(out)
	if bye != nil {
		out = append(out, Pairing{Home: bye.No})
	}
	return out, nil
}

type pairer struct {
	in    Input
	teams []*Team // by score, then number
	byNo  map[int]*Team
	met   [][]bool // by Team.index
	// lastTwo is true in the last two rounds, where C7 and C10 no longer
	// hold; lastRound in the last, where type B has no mild preferences
	// after a level colour difference.
	lastTwo, lastRound bool
}

func newPairer(in Input) (*pairer, error) {
	if len(in.Teams) < 2 || len(in.Teams) > MaxTeams {
		return nil, fmt.Errorf("a round needs 2 to %d teams, got %d", MaxTeams, len(in.Teams))
	}
	if in.Round < 1 || (in.Rounds > 0 && in.Round > in.Rounds) {
		return nil, fmt.Errorf("round %d is not a round of an event of %d rounds", in.Round, in.Rounds)
	}
	// The pairer numbers its own copy of the teams.
	in.Teams = slices.Clone(in.Teams)
	p := &pairer{in: in, byNo: map[int]*Team{}, met: make([][]bool, len(in.Teams)), lastTwo: in.Rounds > 0 && in.Round >= in.Rounds-1, lastRound: in.Rounds > 0 && in.Round >= in.Rounds}
	for i := range in.Teams {
		t := &in.Teams[i]
		t.index = i
		p.met[i] = make([]bool, len(in.Teams))
		if t.No <= 0 {
			return nil, fmt.Errorf("team %d: pairing number must be positive, got %d", i+1, t.No)
		}
		if p.byNo[t.No] != nil {
			return nil, fmt.Errorf("team %d: pairing number %d is used twice", i+1, t.No)
		}
		if len(t.Colours) != in.Round-1 {
			return nil, fmt.Errorf("team %d: %d colours given for %d rounds played", t.No, len(t.Colours), in.Round-1)
		}
		p.byNo[t.No] = t
		p.teams = append(p.teams, t)
	}
	for _, t := range p.teams {
		for _, o := range t.Opponents {
			u := p.byNo[o]
			if u == nil {
				return nil, fmt.Errorf("team %d: opponent %d is not a team of the round", t.No, o)
			}
			p.met[t.index][u.index], p.met[u.index][t.index] = true, true
		}
	}
	slices.SortFunc(p.teams, byRank)
	return p, nil
}

// byRank orders teams for pairing: score, then pairing number (Article 1.2).
func byRank(a, b *Team) int {
	if c := cmp.Compare(b.Score, a.Score); c != 0 {
		return c
	}
	return cmp.Compare(a.No, b.No)
}

// canMeet is criterion C1: two teams meet at most once.
func (p *pairer) canMeet(a, b *Team) bool { return a != b && !p.met[a.index][b.index] }

func without(teams []*Team, drop ...*Team) []*Team {
	return slices.DeleteFunc(slices.Clone(teams), func(t *Team) bool { return slices.Contains(drop, t) })
}

// chooseBye gives the bye (Article 3.4) to a team that has not had one
// (C2) and whose absence leaves the others a complete pairing (C3): the
// lowest score first, then the team that played the most matches, then the
// highest pairing number.
func (p *pairer) chooseBye() *Team {
	candidates := slices.DeleteFunc(slices.Clone(p.teams), func(t *Team) bool { return t.HadBye })
	slices.SortFunc(candidates, func(a, b *Team) int {
		if c := cmp.Compare(a.Score, b.Score); c != 0 {
			return c
		}
		if c := cmp.Compare(played(b), played(a)); c != 0 {
			return c
		}
		return cmp.Compare(b.No, a.No)
	})
	for _, t := range candidates {
		if p.pairable(without(p.teams, t)) {
			return t
		}
	}
	return nil
}

func played(t *Team) int {
	n := 0
	for _, c := range t.Colours {
		if c != NoColour {
			n++
		}
	}
	return n
}

// pairable reports whether the teams can all be paired without a rematch
// (C1), which C3 asks of every group of teams left to pair.
func (p *pairer) pairable(teams []*Team) bool {
	return perfect(teams, p.canMeet)
}

// perfect reports whether the teams can all be paired with pairs ok
// allows: at once when pairing each team with the first it may meet
// succeeds, else by a maximum matching.
func perfect(teams []*Team, ok func(a, b *Team) bool) bool {
	if len(teams)%2 == 1 {
		return false
	}
	if pairsGreedily(teams, ok) {
		return true
	}
	adj := make([][]int, len(teams))
	for i, a := range teams {
		for j, b := range teams {
			if i != j && ok(a, b) {
				adj[i] = append(adj[i], j)
			}
		}
	}
	return 2*matching.MaxCardinality(len(teams), adj) == len(teams)
}

func pairsGreedily(teams []*Team, ok func(a, b *Team) bool) bool {
	paired := make([]bool, len(teams))
	for i, t := range teams {
		if paired[i] {
			continue
		}
		j := i + 1
		for j < len(teams) && (paired[j] || !ok(t, teams[j])) {
			j++
		}
		if j == len(teams) {
			return false
		}
		paired[i], paired[j] = true, true
	}
	return true
}

// pairRound pairs the teams (the bye already taken out) by Article 3.3.2:
// the top-scoregroup with its upfloaters forms a bracket, which is paired;
// then the next top-scoregroup, until every team is paired.
func (p *pairer) pairRound(teams []*Team) ([][2]*Team, error) {
	var pairs [][2]*Team
	for len(teams) > 0 {
		top, lower := splitGroups(teams, 1)
		upfloaters, ok := p.chooseUpfloaters(top, lower)
		if !ok {
			// 3.3.3: a round that cannot be completed is the chief
			// arbiter's to decide.
			return nil, fmt.Errorf("round %d: the teams with %g points cannot be paired: %w", p.in.Round, top[0].Score, ErrNoPairing)
		}
		pairs = append(pairs, p.pairBracket(append(slices.Clone(top), upfloaters...), upfloaters)...)
		teams = without(lower, upfloaters...)
	}
	return pairs, nil
}

// splitGroups returns the first n scoregroups and the teams below them.
func splitGroups(teams []*Team, n int) (top, lower []*Team) {
	end := 0
	for g := 0; g < n && end < len(teams); g++ {
		score := teams[end].Score
		for end < len(teams) && teams[end].Score == score {
			end++
		}
	}
	return teams[:end], teams[end:]
}

// MaxUpfloaterSets bounds the sets of upfloaters examined for one bracket.
const MaxUpfloaterSets = 200_000

// chooseUpfloaters selects the upfloaters of the top-scoregroup (Article
// 3.5): as few as possible (C4); of the highest scores (C5); the first set,
// in the order of 3.5.3–3.5.4, that leaves the bracket and every team below
// a legal pairing (C1, C3) and best meets C6 and C7.
func (p *pairer) chooseUpfloaters(top, lower []*Team) ([]*Team, bool) {
	if len(top)%2 == 0 && p.pairable(top) && p.pairable(lower) {
		return nil, true
	}
	k := len(top) % 2
	if k == 0 {
		k = 2 // no upfloater was just tried
	}
	for ; k <= len(lower); k += 2 {
		var best []*Team
		var bestProfile []float64
		bestC6, bestC7, examined := 0, 0, 0
		for set := range upfloaterSets(lower, k) {
			profile := scoreProfile(set)
			if examined++; examined > MaxUpfloaterSets || (best != nil && slices.Compare(profile, bestProfile) < 0) {
				break // C5: only sets of the best feasible scores compete
			}
			if !p.pairable(append(slices.Clone(top), set...)) || !p.pairable(without(lower, set...)) {
				continue
			}
			c6, c7 := p.c6(set, lower), p.c7(set)
			if best == nil || c6 < bestC6 || (c6 == bestC6 && c7 < bestC7) {
				best, bestProfile, bestC6, bestC7 = set, profile, c6, c7
			}
			if c6 == 0 && c7 == 0 {
				break
			}
		}
		if best != nil {
			return best, true
		}
	}
	return nil, false
}

// upfloaterSets yields the k-sets of potential upfloaters (lower is sorted
// by score, then number) in the order 3.5 examines them: by their scores,
// highest first (C5), then in the lexicographic order of their numbers,
// each set sorted by descending score and ascending number (3.5.3–3.5.4).
func upfloaterSets(lower []*Team, k int) iter.Seq[[]*Team] {
	return func(yield func([]*Team) bool) {
		var groups [][]*Team
		for rest := lower; len(rest) > 0; {
			group, below := splitGroups(rest, 1)
			groups, rest = append(groups, group), below
		}
		for _, counts := range countVectors(groups, k) {
			if !combine(groups, counts, nil, yield) {
				return
			}
		}
	}
}

// countVectors lists how many teams a set of k takes from each scoregroup,
// the highest scores first: the lowest score of the set as high as
// possible, then the next lowest, and so on.
func countVectors(groups [][]*Team, k int) [][]int {
	var vectors [][]int
	var fill func(g int, left int, counts []int)
	fill = func(g int, left int, counts []int) {
		if g == len(groups) {
			if left == 0 {
				vectors = append(vectors, slices.Clone(counts))
			}
			return
		}
		for c := min(left, len(groups[g])); c >= 0 && len(vectors) < MaxUpfloaterSets; c-- {
			fill(g+1, left-c, append(counts, c))
		}
	}
	fill(0, k, nil)
	profile := func(counts []int) []float64 {
		var scores []float64
		for g := len(counts) - 1; g >= 0; g-- {
			for range counts[g] {
				scores = append(scores, groups[g][0].Score)
			}
		}
		return scores
	}
	slices.SortStableFunc(vectors, func(a, b []int) int { return slices.Compare(profile(b), profile(a)) })
	return vectors
}

// combine yields the sets taking counts[g] teams of each scoregroup g, in
// the lexicographic order of their numbers; it reports whether to go on.
func combine(groups [][]*Team, counts []int, prefix []*Team, yield func([]*Team) bool) bool {
	if len(counts) == 0 {
		return yield(slices.Clone(prefix))
	}
	group := groups[0]
	var pick func(from, need int, chosen []*Team) bool
	pick = func(from, need int, chosen []*Team) bool {
		if need == 0 {
			return combine(groups[1:], counts[1:], chosen, yield)
		}
		for i := from; i <= len(group)-need; i++ {
			if !pick(i+1, need-1, append(slices.Clone(chosen), group[i])) {
				return false
			}
		}
		return true
	}
	return pick(0, counts[0], prefix)
}

// scoreProfile is a set's scores in ascending order: C5 maximises them in
// that order.
func scoreProfile(set []*Team) []float64 {
	scores := make([]float64, len(set))
	for i, t := range set {
		scores[i] = t.Score
	}
	slices.Sort(scores)
	return scores
}

// c6 is 1 when the set leaves the next scoregroup unable to be paired in
// its own bracket with no more upfloaters than its parity needs (C6), 0
// otherwise or when the set takes the whole scoregroup.
func (p *pairer) c6(set, lower []*Team) int {
	next, _ := splitGroups(lower, 1)
	residents := without(next, set...)
	if len(residents) == 0 {
		return 0
	}
	below := without(lower, append(slices.Clone(set), next...)...)
	if len(residents)%2 == 0 {
		if p.pairable(residents) && p.pairable(below) {
			return 0
		}
		return 1
	}
	for _, up := range below {
		if p.pairable(append(slices.Clone(residents), up)) && p.pairable(without(below, up)) {
			return 0
		}
	}
	return 1
}

// c7 counts the upfloaters that were floaters in the previous round (C7),
// except in the last two rounds.
func (p *pairer) c7(set []*Team) int {
	if p.lastTwo {
		return 0
	}
	n := 0
	for _, t := range set {
		if t.Floated {
			n++
		}
	}
	return n
}

// pairBracket pairs a bracket by Article 3.6: among the pairings in the
// order of their identifiers (the top members' numbers ascending, then
// their bottom members'), the first that meets C8 (and C9) and C10 best.
func (p *pairer) pairBracket(bracket, upfloaters []*Team) [][2]*Team {
	bracket = slices.Clone(bracket)
	slices.SortFunc(bracket, func(a, b *Team) int { return cmp.Compare(a.No, b.No) })
	cost := func(a, b *Team) int {
		c8, c9 := p.colourFaults(a, b)
		c := c8*c8Weight + c9*c9Weight
		if !p.lastTwo {
			if slices.Contains(upfloaters, a) && b.Floated {
				c++
			}
			if slices.Contains(upfloaters, b) && a.Floated {
				c++
			}
		}
		return c
	}
	free := func(a, b *Team) bool { return p.canMeet(a, b) && cost(a, b) == 0 }
	if perfect(bracket, free) {
		return firstPairing(bracket, free)
	}
	return p.cheapestPairing(bracket, cost)
}

// The weights of the faults a pairing is chosen by: one C8 fault outweighs
// any number of C9 faults, and one C9 fault any number of C10 faults, in a
// bracket of up to MaxTeams teams — C8 has the higher priority, then C9.
const (
	c9Weight = 1 << 10
	c8Weight = 1 << 20
)

// firstPairing is the first pairing in identifier order whose pairs ok all
// allows; bracket is sorted by number and such a pairing exists. The top
// members are fixed one by one, each the lowest number that still leaves a
// pairing; then each top member, in order, takes the lowest bottom member
// that still leaves the others theirs.
func firstPairing(bracket []*Team, ok func(a, b *Team) bool) [][2]*Team {
	var tops []*Team
	next := 0
	for len(tops) < len(bracket)/2 {
		for x := next; x < len(bracket); x++ {
			candidate := bracket[x]
			prefix := append(slices.Clone(tops), candidate)
			// A pair's lower number is its top member: a team below the
			// candidate must be a top in the prefix or a bottom member.
			fits := func(a, b *Team) bool {
				lo, hi := a, b
				if b.No < a.No {
					lo, hi = b, a
				}
				return ok(a, b) && !slices.Contains(prefix, hi) && (slices.Contains(prefix, lo) || lo.No > candidate.No)
			}
			if perfect(bracket, fits) {
				tops, next = prefix, x+1
				break
			}
		}
	}
	bottoms := without(bracket, tops...)
	below := func(top, bottom *Team) bool { return top.No < bottom.No && ok(top, bottom) }
	pairs := make([][2]*Team, 0, len(tops))
	for i, t := range tops {
		for j, b := range bottoms {
			rest := slices.Delete(slices.Clone(bottoms), j, j+1)
			if below(t, b) && halvesMatch(tops[i+1:], rest, below) {
				pairs = append(pairs, [2]*Team{t, b})
				bottoms = rest
				break
			}
		}
	}
	return pairs
}

// MaxBracketNodes bounds the search for the cheapest pairing of a bracket
// whose colour preferences cannot all be met.
const MaxBracketNodes = 200_000

// cheapestPairing searches the pairings of a bracket in identifier order
// for the lowest cost (C8, then C10), keeping the first of equal cost. It
// examines at most MaxBracketNodes choices and then keeps the best found.
func (p *pairer) cheapestPairing(bracket []*Team, cost func(a, b *Team) int) [][2]*Team {
	var best [][2]*Team
	bestCost, nodes := math.MaxInt, 0
	legal := func(top, bottom *Team) bool { return top.No < bottom.No && p.canMeet(top, bottom) }
	var assign func(tops, bottoms []*Team, pairs [][2]*Team, c int)
	assign = func(tops, bottoms []*Team, pairs [][2]*Team, c int) {
		if len(tops) == 0 {
			best, bestCost = slices.Clone(pairs), c
			return
		}
		for j, b := range bottoms {
			nodes++
			if nodes > MaxBracketNodes || c+cost(tops[0], b) >= bestCost || !legal(tops[0], b) {
				continue
			}
			rest := slices.Delete(slices.Clone(bottoms), j, j+1)
			if halvesMatch(tops[1:], rest, legal) {
				assign(tops[1:], rest, append(pairs, [2]*Team{tops[0], b}), c+cost(tops[0], b))
			}
		}
	}
	var chooseTops func(from int, tops []*Team)
	chooseTops = func(from int, tops []*Team) {
		if len(tops) == len(bracket)/2 {
			bottoms := without(bracket, tops...)
			if halvesMatch(tops, bottoms, legal) {
				assign(tops, bottoms, nil, 0)
			}
			return
		}
		for x := from; x < len(bracket) && nodes <= MaxBracketNodes; x++ {
			// The lowest number is always a top member, the highest never.
			if (len(tops) == 0 && x > 0) || x == len(bracket)-1 {
				break
			}
			nodes++
			chooseTops(x+1, append(slices.Clone(tops), bracket[x]))
		}
	}
	chooseTops(0, nil)
	return best
}

// halvesMatch reports whether every S1 team can meet its own S2 team, by
// augmenting paths (Kuhn's algorithm).
func halvesMatch(s1, s2 []*Team, ok func(a, b *Team) bool) bool {
	if len(s1) > len(s2) {
		return false
	}
	partner := make([]int, len(s2)) // S2 index → S1 index + 1; 0 while free
	var augment func(i int, seen []bool) bool
	augment = func(i int, seen []bool) bool {
		for j, b := range s2 {
			if seen[j] || !ok(s1[i], b) {
				continue
			}
			seen[j] = true
			if partner[j] == 0 || augment(partner[j]-1, seen) {
				partner[j] = i + 1
				return true
			}
		}
		return false
	}
	for i := range s1 {
		if !augment(i, make([]bool, len(s2))) {
			return false
		}
	}
	return true
}

// Preferences is the kind of colour preferences an event uses (Article
// 1.7): type A unless its rules choose type B or none.
type Preferences int8

const (
	TypeA         Preferences = iota // simple preferences
	TypeB                            // strong and mild preferences
	NoPreferences                    // colours only alternate (Article 4.3.5 on)
)

// preference is a team's colour preference (Article 1.7) and whether it is
// strong. Type A and a strong type B preference: White when the team had
// Black more than once more than White, or had Black in its last two
// matches while not ahead on White; Black the other way round. A mild type
// B preference: White one match behind on White, or level after Black in
// the last match (but not when pairing the last round); Black the other way
// round.
func (p *pairer) preference(t *Team) (colour Colour, strong bool) {
	if p.in.Preferences == NoPreferences || played(t) == 0 {
		return NoColour, false
	}
	diff := colourDifference(t)
	last, beforeLast := lastTwo(t)
	switch {
	case diff < -1 || (diff <= 0 && last == Black && beforeLast == Black):
		return White, true
	case diff > 1 || (diff >= 0 && last == White && beforeLast == White):
		return Black, true
	case p.in.Preferences != TypeB:
		return NoColour, false
	case diff == -1 || (diff == 0 && !p.lastRound && last == Black):
		return White, false
	case diff == 1 || (diff == 0 && !p.lastRound && last == White):
		return Black, false
	}
	return NoColour, false
}

// colourDifference is the number of matches with White minus those with Black.
func colourDifference(t *Team) int {
	d := 0
	for _, c := range t.Colours {
		switch c {
		case White:
			d++
		case Black:
			d--
		}
	}
	return d
}

// lastTwo returns the colours of the team's last two matches.
func lastTwo(t *Team) (last, beforeLast Colour) {
	for i := len(t.Colours) - 1; i >= 0; i-- {
		if t.Colours[i] == NoColour {
			continue
		}
		if last == NoColour {
			last = t.Colours[i]
		} else {
			return last, t.Colours[i]
		}
	}
	return last, NoColour
}

// colourFaults counts what a pair costs in colour preferences: the teams
// whose preference cannot be met (C8) — one when both prefer the same
// colour — and, of those, the strong ones (C9, type B): one when both
// preferences are strong, as 4.3.4 grants a strong one over a mild one.
func (p *pairer) colourFaults(a, b *Team) (c8, c9 int) {
	pa, sa := p.preference(a)
	pb, sb := p.preference(b)
	if pa == NoColour || pa != pb {
		return 0, 0
	}
	if p.in.Preferences == TypeB && sa && sb {
		return 1, 1
	}
	return 1, 0
}

// firstTeam is the team of a pair whose wishes count first (Article 4.2):
// the higher score, then the higher secondary score, then the lower number.
func firstTeam(a, b *Team) (first, second *Team) {
	switch {
	case a.Score != b.Score:
		if a.Score > b.Score {
			return a, b
		}
		return b, a
	case a.Secondary != b.Secondary:
		if a.Secondary > b.Secondary {
			return a, b
		}
		return b, a
	case a.No < b.No:
		return a, b
	}
	return b, a
}

// allocateColours decides which team is home (White on board 1) by the
// steps of Article 4.3.
func (p *pairer) allocateColours(a, b *Team) Pairing {
	first, second := firstTeam(a, b)
	colour := p.firstTeamColour(first, second)
	if colour == White {
		return Pairing{Home: first.No, Away: second.No}
	}
	return Pairing{Home: second.No, Away: first.No}
}

func (p *pairer) firstTeamColour(first, second *Team) Colour {
	initial := p.in.FirstColour
	if initial == NoColour {
		initial = White
	}
	// 4.3.1: before any match, the first teams of odd numbers take the
	// colour drawn by lot, the others the opposite.
	if played(first) == 0 && played(second) == 0 {
		if first.No%2 == 1 {
			return initial
		}
		return initial.opposite()
	}
	pf, strongF := p.preference(first)
	ps, strongS := p.preference(second)
	switch {
	case pf != NoColour && ps == NoColour: // 4.3.2: only one preference
		return pf
	case pf == NoColour && ps != NoColour:
		return ps.opposite()
	case pf != NoColour && pf != ps: // 4.3.3: opposite preferences
		return pf
	case strongF && !strongS && p.in.Preferences == TypeB: // 4.3.4: one strong preference
		return pf
	case strongS && !strongF && p.in.Preferences == TypeB:
		return ps.opposite()
	}
	// 4.3.5: the lower colour difference takes White.
	if df, ds := colourDifference(first), colourDifference(second); df != ds {
		if df < ds {
			return White
		}
		return Black
	}
	// 4.3.6: alternate from the latest round in which the two teams had
	// different colours.
	for r := len(first.Colours) - 1; r >= 0; r-- {
		cf, cs := first.Colours[r], second.Colours[r]
		if cf != NoColour && cs != NoColour && cf != cs {
			return cf.opposite()
		}
	}
	// 4.3.7: the first team's preference.
	if pf != NoColour {
		return pf
	}
	// 4.3.8–9: alternate from the first team's last colour, else from the
	// second team's.
	if last, _ := lastTwo(first); last != NoColour {
		return last.opposite()
	}
	last, _ := lastTwo(second)
	return last
}

// orderTables numbers the tables: the pair with the higher score first,
// then the one with the lower pairing number (C.04.2 general handling).
func (p *pairer) orderTables(pairings []Pairing) {
	top := func(pr Pairing) (float64, int) {
		h, a := p.byNo[pr.Home], p.byNo[pr.Away]
		return max(h.Score, a.Score), min(h.No, a.No)
	}
	slices.SortFunc(pairings, func(x, y Pairing) int {
		sx, nx := top(x)
		sy, ny := top(y)
		if c := cmp.Compare(sy, sx); c != 0 {
			return c
		}
		return cmp.Compare(nx, ny)
	})
}
