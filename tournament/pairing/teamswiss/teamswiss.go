// Package teamswiss pairs one round of a team event by the FIDE Swiss Team
// Pairing System (Handbook C.04.6, effective 1 February 2026): teams meet
// teams with the same score, never twice; an odd team out gets the
// pairing-allocated bye; a bracket with an odd number of teams takes an
// upfloater from below; the colour of a match is the colour of the first
// team's board 1, given by the team colour preferences of Article 1.7
// (type A) and the allocation steps of Article 4.
//
// The package is pure: teams come in as start numbers with their scores and
// histories, pairings go out. It knows nothing of players, boards, results
// or storage. docs/pairing-teams.md says where it departs from the text.
package teamswiss

import (
	"cmp"
	"fmt"
	"slices"
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
	// won a match by forfeit; it cannot get the bye again (C.04.1.d).
	HadBye bool
	// Upfloated is true when the team was an upfloater in the previous
	// round; it is not made one again where another team can be
	// (criterion C7), except in the last two rounds.
	Upfloated bool

	// index is the team's place in the pairer's table of who met whom.
	index int
}

// Input is the state of the event before the round to pair.
type Input struct {
	Teams []Team
	// Round is the round to pair; Rounds the event's number of rounds.
	Round, Rounds int
	// FirstColour is the colour drawn by lot before round 1 for the
	// first team of table 1 (Article 4.3.1); White when not set.
	FirstColour Colour
}

// Pairing is one match: Home takes White on board 1. Away is 0 for the
// pairing-allocated bye, which comes last.
type Pairing struct {
	Home, Away int
}

// MaxTeams bounds the field; it only keeps absurd input out.
const MaxTeams = 1000

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
			return nil, fmt.Errorf("round %d: no team can take the bye and leave the others a pairing without rematches", in.Round)
		}
		teams = without(teams, bye)
	}
	if !p.pairable(teams) {
		return nil, fmt.Errorf("round %d: the %d teams cannot all be paired without a rematch", in.Round, len(teams))
	}
	pairs, err := p.pairBrackets(teams)
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
	// lastTwo is true in the last two rounds, where C7 no longer holds.
	lastTwo bool
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
	p := &pairer{in: in, byNo: map[int]*Team{}, met: make([][]bool, len(in.Teams)), lastTwo: in.Rounds > 0 && in.Round >= in.Rounds-1}
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

// pairable reports whether the teams can all be paired without a rematch.
// Pairing each team with the first it can meet usually settles it; if not,
// a search pairs the team with the fewest possible opponents first, which
// finds a pairing at once in the fields a Swiss event meets.
func (p *pairer) pairable(teams []*Team) bool {
	return perfect(teams, p.canMeet)
}

// perfect reports whether the teams can all be paired with pairs ok allows.
func perfect(teams []*Team, ok func(a, b *Team) bool) bool {
	return len(teams)%2 == 0 && (pairsGreedily(teams, ok) || search(teams, ok))
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

func search(teams []*Team, ok func(a, b *Team) bool) bool {
	if len(teams) == 0 {
		return true
	}
	best, bestOptions := -1, 0
	for i, t := range teams {
		n := 0
		for _, u := range teams {
			if ok(t, u) {
				n++
			}
		}
		if n == 0 {
			return false
		}
		if best < 0 || n < bestOptions {
			best, bestOptions = i, n
		}
	}
	t := teams[best]
	for _, u := range teams {
		if ok(t, u) && search(without(teams, t, u), ok) {
			return true
		}
	}
	return false
}

// pairBrackets pairs the teams bracket by bracket from the top score down.
// A bracket is a scoregroup; an odd one takes an upfloater from below
// (Article 3.5). A bracket that cannot be paired, or whose pairing would
// leave the teams below unpairable, takes in the whole next scoregroup.
func (p *pairer) pairBrackets(teams []*Team) ([][2]*Team, error) {
	var pairs [][2]*Team
	for len(teams) > 0 {
		groups := 1
		for {
			bracket, lower := splitGroups(teams, groups)
			bracketPairs, rest, ok := p.pairBracket(bracket, lower)
			if ok {
				pairs = append(pairs, bracketPairs...)
				teams = rest
				break
			}
			if len(lower) == 0 {
				return nil, fmt.Errorf("round %d: the last %d teams cannot be paired without a rematch", p.in.Round, len(teams))
			}
			groups++
		}
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

// pairBracket pairs one bracket, taking an upfloater when it is odd, and
// returns the teams left below it.
func (p *pairer) pairBracket(bracket, lower []*Team) ([][2]*Team, []*Team, bool) {
	if len(bracket)%2 == 0 {
		if !p.pairable(lower) {
			return nil, nil, false
		}
		pairs, ok := p.pairEven(bracket)
		return pairs, lower, ok
	}
	// Article 3.5: the upfloater is the highest-ranked team below for
	// which both the bracket and the rest can be paired; C7 passes over
	// the previous round's upfloaters first.
	for _, avoidRepeat := range []bool{!p.lastTwo, false} {
		for _, up := range lower {
			if avoidRepeat && up.Upfloated {
				continue
			}
			rest := without(lower, up)
			if !p.pairable(rest) {
				continue
			}
			if pairs, ok := p.pairEven(append(slices.Clone(bracket), up)); ok {
				return pairs, rest, true
			}
		}
	}
	return nil, nil, false
}

// pairEven pairs an even bracket. The first half (S1) meets the second (S2)
// in order, trying the orders of S2 lexicographically; when no such pairing
// exists any pairing of the bracket is taken, again the first in
// lexicographic order. Colour preferences (C8) are met where a pairing
// allows it; otherwise they give way.
func (p *pairer) pairEven(bracket []*Team) ([][2]*Team, bool) {
	slices.SortFunc(bracket, byRank)
	for _, colours := range []bool{true, false} {
		ok := func(a, b *Team) bool { return p.canMeet(a, b) && (!colours || p.coloursCompatible(a, b)) }
		// The searches below only run where a pairing exists, so that they
		// never try every order of a bracket in vain.
		half := len(bracket) / 2
		if halvesMatch(bracket[:half], bracket[half:], ok) {
			if pairs, found := pairHalves(bracket[:half], bracket[half:], ok); found {
				return pairs, true
			}
		}
		if perfect(bracket, ok) {
			if pairs, found := pairAny(bracket, ok); found {
				return pairs, true
			}
		}
	}
	return nil, false
}

// halvesMatch reports whether every S1 team can meet its own S2 team, by
// augmenting paths (Kuhn's algorithm).
func halvesMatch(s1, s2 []*Team, ok func(a, b *Team) bool) bool {
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

// pairHalves pairs s1[i] with an S2 team, trying S2 in order.
func pairHalves(s1, s2 []*Team, ok func(a, b *Team) bool) ([][2]*Team, bool) {
	if len(s1) == 0 {
		return nil, true
	}
	for j, b := range s2 {
		if !ok(s1[0], b) {
			continue
		}
		rest := slices.Delete(slices.Clone(s2), j, j+1)
		if pairs, found := pairHalves(s1[1:], rest, ok); found {
			return append([][2]*Team{{s1[0], b}}, pairs...), true
		}
	}
	return nil, false
}

// pairAny pairs the highest-ranked team with the first possible partner,
// backtracking.
func pairAny(teams []*Team, ok func(a, b *Team) bool) ([][2]*Team, bool) {
	if len(teams) == 0 {
		return nil, true
	}
	for j := 1; j < len(teams); j++ {
		if !ok(teams[0], teams[j]) {
			continue
		}
		rest := slices.Delete(slices.Clone(teams[1:]), j-1, j)
		if pairs, found := pairAny(rest, ok); found {
			return append([][2]*Team{{teams[0], teams[j]}}, pairs...), true
		}
	}
	return nil, false
}

// preference is a team's colour preference of type A (Article 1.7): White
// when it had Black more than once more than White, or had Black in its
// last two matches while not ahead on White; Black the other way round.
func preference(t *Team) Colour {
	diff := colourDifference(t)
	last, beforeLast := lastTwo(t)
	switch {
	case diff < -1 || (diff <= 0 && last == Black && beforeLast == Black):
		return White
	case diff > 1 || (diff >= 0 && last == White && beforeLast == White):
		return Black
	}
	return NoColour
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

// coloursCompatible is criterion C8: two teams that prefer the same colour
// cannot both have it.
func (p *pairer) coloursCompatible(a, b *Team) bool {
	pa, pb := preference(a), preference(b)
	return pa == NoColour || pa != pb
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
	pf, ps := preference(first), preference(second)
	switch {
	case pf != NoColour && ps == NoColour: // 4.3.2: only one preference
		return pf
	case pf == NoColour && ps != NoColour:
		return ps.opposite()
	case pf != NoColour && pf != ps: // 4.3.3: opposite preferences
		return pf
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
