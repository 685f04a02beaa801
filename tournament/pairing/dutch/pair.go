package dutch

import (
	"errors"
	"fmt"
	"slices"

	"adiukh/tournament/pairing/matching"
)

// Pair computes the pairing of the next round (round PlayedRounds+1).
func Pair(t Tournament) (Pairing, error) {
	// Three score sub-fields suffice for the brackets of most rounds (the
	// moved-down players rarely come from more than one score group).
	return pairWithSlots(t, 3)
}

// pairWithSlots pairs with weights of the given number of score sub-fields
// (0: one per score group); a bracket with more scores pairs the round
// again with as many.
func pairWithSlots(t Tournament, slots int) (Pairing, error) {
	s, err := prepare(&t)
	if err != nil {
		return Pairing{}, err
	}
	if len(s.players) == 0 {
		return Pairing{}, nil
	}
	s.markForbidden()
	for {
		matchOf, err := pairRound(s, slots)
		var more *moreScores
		if errors.As(err, &more) {
			slots = more.scores
			continue
		}
		if err != nil {
			return Pairing{}, err
		}
		return s.result(matchOf), nil
	}
}

// moreScores: a bracket has more scores than the weights have score
// sub-fields.
type moreScores struct{ scores int }

func (e *moreScores) Error() string {
	return fmt.Sprintf("a bracket has %d scores, more than the weights' score sub-fields", e.scores)
}

func pairRound(s *state, slots int) ([]int, error) {
	p := newPairer(s, slots)
	defer p.m.Release()
	if err := p.start(); err != nil {
		return nil, err
	}
	if err := p.pairBrackets(); err != nil {
		return nil, err
	}
	return p.matchOf, nil
}

// markForbidden fills the matrix of pairs excluded by C.04.3 C1: players who
// have met in a played game, and the event's forbidden pairs.
func (s *state) markForbidden() {
	n := len(s.players)
	s.forbidden = make([]bool, n*n)
	forbid := func(a, b *player) {
		if a.vertex >= 0 && b.vertex >= 0 {
			s.forbidden[a.vertex*n+b.vertex] = true
			s.forbidden[b.vertex*n+a.vertex] = true
		}
	}
	for _, p := range s.players {
		for _, r := range p.history {
			if r.Played {
				forbid(p, s.byID[r.Opponent])
			}
		}
	}
	for _, group := range s.t.Forbidden {
		for i, a := range group {
			for _, b := range group[i+1:] {
				pa, okA := s.byID[a]
				pb, okB := s.byID[b]
				if okA && okB {
					forbid(pa, pb)
				}
			}
		}
	}
}

// pairer runs the bracket-by-bracket optimisation of one round.
type pairer struct {
	s       *state
	n       int
	players []*player
	l       *layout
	m       *matching.Matcher
	maxW    matching.Weight
	bye     byeContext
	odd     bool
	matchOf []int  // final partner by vertex, -1 while unknown
	matched []bool // by vertex: the player's pair is final, or will be in this bracket
	stable  []int  // current matching by vertex (self when unmatched)
	// The completion matching's sub-field of each score group, and their
	// total width.
	startShift map[int]uint
	startBits  uint
	scratch    matching.Weight // a weight being adjusted before SetWeight copies it
	scratch2   matching.Weight
	scratch3   matching.Weight
}

// newPairer prepares the pairing of s with weights whose score fields have
// the given number of sub-fields (see layout); 0 gives one per score group.
func newPairer(s *state, slots int) *pairer {
	n := len(s.players)
	p := &pairer{s: s, n: n, players: s.players, odd: n%2 == 1}
	// For the completion matching, each score group gets a sub-field wide
	// enough to count its players, as in bbpPairings.
	p.startShift = map[int]uint{}
	maxGroup, run, groups := 0, 0, 0
	for i := n - 1; i >= 0; i-- {
		run++
		score := s.players[i].score
		if i == 0 || score < s.players[i-1].score {
			p.startShift[score] = p.startBits
			maxGroup = max(maxGroup, run)
			p.startBits += bitLen(run)
			groups++
			run = 0
		}
	}
	if slots == 0 || slots > groups {
		slots = groups
	}
	sizeBits := bitLen(maxGroup)
	p.l = newLayout(sizeBits, slots, s.played, p.odd, p.startBits+sizeBits+2)
	p.m = matching.New(n, p.l.words)
	p.maxW = p.l.maxWeight()
	p.scratch, p.scratch2, p.scratch3 = p.weight(), p.weight(), p.weight()
	p.matched = make([]bool, n)
	p.matchOf = make([]int, n)
	for i := range p.matchOf {
		p.matchOf[i] = -1
	}
	return p
}

func (p *pairer) solve() {
	p.m.Solve()
	if p.stable == nil {
		p.stable = make([]int, p.n)
	}
	for v := range p.stable {
		if m := p.m.Mate(v); m >= 0 {
			p.stable[v] = m
		} else {
			p.stable[v] = v
		}
	}
}

func (p *pairer) weight() matching.Weight { return matching.NewWeight(p.l.words) }

// start checks that a complete pairing exists (C.04.3 C4) and finds the
// score of the bye assignee (C5) and whether C9 applies to the top bracket.
func (p *pairer) start() error {
	s, l := p.s, p.l
	w := p.weight()
	top := p.players[0].score
	for i, pl := range p.players {
		for j, opp := range p.players[:i] {
			if p.odd {
				w.Clear()
				if s.compatible(pl, opp) {
					w.AddAt(1+b2u(!pl.eligible)+b2u(!opp.eligible), p.startBits+l.sizeBits)
					w.AddAt(uint64(p.startShift[pl.score]+p.startShift[opp.score]), l.sizeBits)
					w.AddAt(b2u(pl.score >= top), 0)
				}
			} else {
				s.baseWeight(l, w, opp, pl, false, false, &p.bye)
			}
			p.m.SetWeight(i, j, w)
		}
	}
	p.solve()
	unmatched := -1
	for v, m := range p.stable {
		if m == v {
			if unmatched >= 0 || !p.players[v].eligible {
				return noPairing{}
			}
			unmatched = v
		}
	}
	if !p.odd {
		return nil
	}
	p.bye.score = p.players[unmatched].score
	if p.bye.score >= top {
		p.bye.singleAssignee = true
		for v, pl := range p.players {
			if pl.score < top {
				break
			}
			if p.players[p.stable[v]].score < top {
				p.bye.singleAssignee = false
				break
			}
		}
	}
	var games []int
	for _, pl := range p.players {
		if pl.score == p.bye.score {
			games = append(games, pl.played)
		}
	}
	slices.Sort(games)
	slices.Reverse(games)
	p.bye.unplayedRank = map[int]int{}
	for rank, g := range games {
		p.bye.unplayedRank[g] = rank
	}
	for i, pl := range p.players {
		for j, opp := range p.players[:i] {
			s.baseWeight(l, w, opp, pl, false, false, &p.bye)
			p.m.SetWeight(i, j, w)
		}
	}
	return nil
}

// finalize fixes the pair (a, b): it gets the largest weight and every other
// edge of both vertices is removed.
func (p *pairer) finalize(a, b int) { p.m.Fix(a, b, p.maxW) }
