package dutch

import (
	"slices"

	"adiukh/tournament/pairing/matching"
)

// bracket is the pairing bracket being processed: the moved-down players
// (MDPs) first, then the resident score group, then the next score group,
// which takes part only so that the bracket's choices leave it pairable
// (C.04.3 C7, C8).
type bracket struct {
	players []*player
	// excluded[larger*len(players)+smaller] (indexes in players): the pair
	// may no longer be made in this bracket.
	excluded  []bool
	movedDown int // players[:movedDown] are MDPs
	nextGroup int // players[nextGroup:] are the next score group
	// Vertex range of the resident score group.
	groupBegin, groupEnd int
}

func (b *bracket) vertex(i int) int { return b.players[i].vertex }

// exclude removes the pair of players larger and smaller (indexes in
// players) from the bracket's choices.
func (b *bracket) exclude(larger, smaller int) { b.excluded[larger*len(b.players)+smaller] = true }

// base sets out to the base weight of pairing players smaller and larger
// (indexes in b.players, smaller < larger, larger ≥ b.movedDown), zero when
// they may not meet, and returns it. The weights are computed when needed
// rather than kept: at 1,000 players a bracket has hundreds of thousands of
// pairs, each a weight of several hundred bits.
func (p *pairer) base(b *bracket, larger, smaller int, out matching.Weight) matching.Weight {
	if b.excluded[larger*len(b.players)+smaller] {
		out.Clear()
		return out
	}
	p.s.baseWeight(p.l, out, b.players[smaller], b.players[larger], larger < b.nextGroup, larger >= b.nextGroup, &p.bye)
	return out
}

// canPair reports whether players smaller and larger may still meet in the
// bracket: their base weight is not zero.
func (p *pairer) canPair(b *bracket, larger, smaller int) bool {
	return !b.excluded[larger*len(b.players)+smaller] && p.s.compatible(b.players[smaller], b.players[larger])
}

func (p *pairer) inGroup(b *bracket, v int) bool { return v >= b.groupBegin && v < b.groupEnd }

// pairBrackets pairs the brackets from the top score down, fixing each
// bracket's pairs before moving on (C.04.3 B: the bracket-by-bracket order).
// It fails with *moreScores when a bracket has more scores than the
// weights have score sub-fields.
func (p *pairer) pairBrackets() error {
	n := p.n
	var current []*player
	next := 0
	for next < n && p.players[next].score >= p.players[0].score {
		current = append(current, p.players[next])
		next++
	}
	movedDown, groupBegin := 0, 0
	for len(current) > 1 || next < n {
		b := &bracket{movedDown: movedDown, nextGroup: len(current), groupBegin: groupBegin}
		b.groupEnd = groupBegin + (b.nextGroup - movedDown)
		nextGroupStart := next
		for next < n && p.players[next].score >= p.players[nextGroupStart].score {
			current = append(current, p.players[next])
			next++
		}
		b.players = current
		if err := p.placeScores(b); err != nil {
			return err
		}
		p.setBaseWeights(b)
		// A new bracket's weights outweigh the rest of the graph: the duals
		// of the players below it, kept from before, leave its players tight
		// only to them, and a search from each of its players then crosses
		// most of the graph (500 players, round 3: 79 searches of ~250 scans
		// for the top bracket). Estimated afresh with everyone's edges, the
		// duals make most pairs tight at once.
		p.m.ReleaseAll()
		p.solve()
		p.pairMovedDown(b)
		p.pairRemainder(b)

		// Carry the unpaired players into the next bracket.
		var carried []*player
		movedDown = 0
		p.bye.singleAssignee = p.odd && nextGroupStart < n && p.bye.score >= p.players[nextGroupStart].score
		for i, pl := range b.players {
			v := pl.vertex
			if i < b.nextGroup && p.matched[v] {
				continue
			}
			carried = append(carried, pl)
			if i < b.nextGroup {
				movedDown++
			}
			if p.bye.singleAssignee && p.players[p.stable[v]].score < p.players[nextGroupStart].score {
				p.bye.singleAssignee = false
			}
		}
		current = carried
		groupBegin = b.groupEnd
	}
	return nil
}

// placeScores gives the scores of bracket b their score sub-fields. The
// edges between its moved-down players keep the weights of the bracket
// before (setBaseWeights leaves them), so their values move to the new
// sub-fields of their scores.
func (p *pairer) placeScores(b *bracket) error {
	var scores, movedScores []int
	for i, pl := range b.players {
		if !slices.Contains(scores, pl.score) {
			scores = append(scores, pl.score)
			if i < b.movedDown {
				movedScores = append(movedScores, pl.score)
			}
		}
	}
	shift, ok := p.l.assignSlots(scores)
	if !ok {
		return &moreScores{len(scores)}
	}
	for i := range b.movedDown {
		for j := range i {
			w := p.m.Weight(b.vertex(i), b.vertex(j), p.scratch)
			if w.IsZero() {
				continue
			}
			p.l.moveSlots(w, movedScores, p.l.slotShift, shift)
			p.m.SetWeight(b.vertex(i), b.vertex(j), w)
		}
	}
	p.l.slotShift = shift
	return nil
}

func (p *pairer) setBaseWeights(b *bracket) {
	b.excluded = make([]bool, len(b.players)*len(b.players))
	for lg := b.movedDown; lg < len(b.players); lg++ {
		for sm := range lg {
			p.m.SetWeight(b.vertex(lg), b.vertex(sm), p.base(b, lg, sm, p.scratch))
		}
	}
}

// pairMovedDown decides which MDPs are paired in the bracket — C.04.3 C6/C7
// prefer pairing as many as possible, higher scores and then higher ranks
// first — and then their opponents, highest-ranked MDP first.
func (p *pairer) pairMovedDown(b *bracket) {
	var groupScore, remaining, remainingMatched int
	for i := 0; i < b.movedDown; i++ {
		if i == 0 || b.players[i].score < groupScore {
			groupScore = b.players[i].score
			remaining, remainingMatched = 0, 0
			for j := i; b.players[j].score >= groupScore; j++ {
				remaining++
				if p.inGroup(b, p.stable[b.vertex(j)]) {
					remainingMatched++
				}
			}
		}
		if remainingMatched == 0 {
			continue
		}
		v := b.vertex(i)
		if remaining <= remainingMatched {
			p.matched[v] = true
			continue
		}
		remaining--
		if !p.inGroup(b, p.stable[v]) {
			// Try to pair this MDP in preference to lower-ranked ones.
			for o := b.movedDown; o < b.nextGroup; o++ {
				if w := p.base(b, o, i, p.scratch); !w.IsZero() {
					w.Or(1)
					p.m.SetWeight(v, b.vertex(o), w)
				}
			}
			p.solve()
		}
		if p.inGroup(b, p.stable[v]) {
			p.matched[v] = true
			remainingMatched--
			for o := b.movedDown; o < b.nextGroup; o++ {
				if w := p.base(b, o, i, p.scratch); !w.IsZero() {
					w.Or(uint64(b.nextGroup - b.movedDown))
					w.AddSmall(1)
					p.m.SetWeight(v, b.vertex(o), w)
				}
			}
		}
	}
	// Choose the opponents: each MDP in order gets the highest-ranked
	// resident that still allows an optimal pairing.
	for i := 0; i < b.movedDown; i++ {
		v := b.vertex(i)
		if !p.matched[v] {
			continue
		}
		addend := uint64(len(b.players))
		for o := b.nextGroup - 1; o >= b.movedDown; o-- {
			ov := b.vertex(o)
			if p.matched[ov] {
				continue
			}
			if w := p.base(b, o, i, p.scratch); !w.IsZero() {
				w.AddSmall(addend)
				p.m.SetWeight(v, ov, w)
				addend++
			}
		}
		p.solve()
		p.fix(v, p.stable[v])
	}
}

// fix records the pair (a, b) as final.
func (p *pairer) fix(a, b int) {
	p.matched[a], p.matched[b] = true, true
	p.matchOf[a], p.matchOf[b] = b, a
	p.finalize(a, b)
}
