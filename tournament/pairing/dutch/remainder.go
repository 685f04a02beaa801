package dutch

import "adiukh/tournament/pairing/matching"

// remainderWeight is the base weight of (smaller, larger) adjusted for the
// order of exchanges in a homogeneous bracket or remainder (C.04.3 D.2,
// D.3): fewer exchanges first, then the smallest difference of the
// exchanged pairing numbers. smallerPos is smaller's position in the
// remainder; the first pairs positions form S1.
//
// The result is the pairer's scratch weight, valid until the next call.
func (p *pairer) remainderWeight(b *bracket, smaller, larger, smallerPos, pairs int) matching.Weight {
	w := p.base(b, larger, smaller, p.scratch)
	if w.IsZero() {
		return w
	}
	if smallerPos < pairs {
		w.AddAt(1, 2*p.l.sizeBits+1)
	}
	w.SubSmall(2 * uint64(smallerPos))
	return w
}

// movesUp reports whether vertex v is matched to a lower-ranked player of
// the resident group: v is in S1 of the final arrangement.
func (p *pairer) movesUp(b *bracket, v int) bool {
	m := p.stable[v]
	return m > v && m < b.groupEnd
}

// pairRemainder pairs the residents not paired with MDPs: it fixes which
// players are exchanged between S1 and S2, then pairs S1 in order, each with
// the highest S2 player that keeps the pairing optimal (C.04.3 D).
func (p *pairer) pairRemainder(b *bracket) {
	var rem []int // indexes in b.players
	pairs := 0
	for i := b.movedDown; i < b.nextGroup; i++ {
		v := b.vertex(i)
		if p.stable[v] < b.groupBegin {
			continue
		}
		rem = append(rem, i)
		if p.stable[v] < v {
			pairs++
		}
	}
	for oi, o := range rem {
		for pos, pl := range rem[:oi] {
			p.m.SetWeight(b.vertex(pl), b.vertex(o), p.remainderWeight(b, pl, o, pos, pairs))
		}
	}
	p.solve()

	exchanges := 0
	for pos := 0; pos < pairs; pos++ {
		if !p.movesUp(b, b.vertex(rem[pos])) {
			exchanges++
		}
	}

	// Which S1 players move to S2: the lowest ones first (D.2).
	left := exchanges
	for pos := pairs - 1; pos >= 0 && left > 0; pos-- {
		pl := rem[pos]
		v := b.vertex(pl)
		if p.movesUp(b, v) {
			for _, o := range rem[pos+1:] {
				if w := p.remainderWeight(b, pl, o, pos, pairs); !w.IsZero() {
					w.SubSmall(1)
					p.m.SetWeight(v, b.vertex(o), w)
				}
			}
			p.solve()
		}
		exchange := !p.movesUp(b, v)
		if exchange {
			left--
		}
		for _, o := range rem[pos+1:] {
			if exchange {
				b.exclude(o, pl)
			}
			p.m.SetWeight(v, b.vertex(o), p.remainderWeight(b, pl, o, pos, pairs))
		}
	}

	// Which S2 players move to S1: the highest ones first.
	left = exchanges
	for pos := pairs; pos < len(rem) && left > 1; pos++ {
		pl := rem[pos]
		v := b.vertex(pl)
		already := p.movesUp(b, v)
		if !already {
			for _, o := range rem[pos+1:] {
				if w := p.remainderWeight(b, pl, o, pos, pairs); !w.IsZero() {
					w.AddSmall(1)
					p.m.SetWeight(v, b.vertex(o), w)
				}
			}
			p.solve()
		}
		if p.movesUp(b, v) {
			left--
			zero := p.weight()
			for _, o := range rem[:pos] {
				b.exclude(pl, o)
				p.m.SetWeight(v, b.vertex(o), zero)
			}
			for o := b.nextGroup; o < len(b.players); o++ {
				b.exclude(o, pl)
				p.m.SetWeight(v, b.vertex(o), zero)
			}
		}
		if !already {
			for _, o := range rem[pos+1:] {
				p.m.SetWeight(v, b.vertex(o), p.remainderWeight(b, pl, o, pos, pairs))
			}
		}
	}

	// Fix the S1/S2 split: S1 players pair only downwards, S2 players only
	// upwards.
	for i, pl := range rem {
		v := b.vertex(pl)
		for _, o := range rem[i+1:] {
			ov := b.vertex(o)
			if !p.movesUp(b, v) || p.movesUp(b, ov) {
				b.exclude(o, pl)
			}
			p.m.SetWeight(v, ov, p.base(b, o, pl, p.scratch))
		}
	}

	// Pair S1 in order, each with the highest-ranked S2 player possible.
	for _, pl := range rem {
		v := b.vertex(pl)
		if !p.movesUp(b, v) {
			continue
		}
		if p.keepsPartner(b, pl, rem) {
			p.fix(v, p.stable[v])
			continue
		}
		var addend uint64
		for k := len(rem) - 1; k >= 0; k-- {
			o := rem[k]
			ov := b.vertex(o)
			if o <= pl || p.matched[ov] {
				continue
			}
			if w := p.base(b, o, pl, p.scratch); !w.IsZero() {
				w.AddSmall(addend)
				p.m.SetWeight(v, ov, w)
			}
			addend++
		}
		p.solve()
		p.fix(v, p.stable[v])
	}
}

// keepsPartner reports whether S1 player pl (index in b.players) can be
// paired without a re-solve: the current matching, which is optimal, pairs
// it with the highest-ranked S2 player it may still meet — the first
// unmatched one after it in rem with an edge — possibly after exchanging
// partners with another S1 player at no loss of weight. Raising pl's edges
// by the rank addends then leaves that matching optimal, and every optimal
// matching pairs pl with that player: the addends are distinct and below the
// base weights' free low bits, so no other partner can tie.
func (p *pairer) keepsPartner(b *bracket, pl int, rem []int) bool {
	v := b.vertex(pl)
	best := -1
	for _, o := range rem {
		if o > pl && !p.matched[b.vertex(o)] && p.canPair(b, o, pl) {
			best = o
			break
		}
	}
	if best < 0 {
		return false
	}
	bestV, partnerV := b.vertex(best), p.stable[v]
	if partnerV == bestV {
		return true
	}
	// best's partner is another S1 player; both keep an optimal matching
	// when the exchange of partners leaves the total weight unchanged.
	otherV := p.stable[bestV]
	if !p.inGroup(b, otherV) || otherV == bestV || p.matched[otherV] {
		return false
	}
	other, partner := p.residentIndex(b, otherV), p.residentIndex(b, partnerV)
	if other > partner || !p.canPair(b, partner, other) {
		return false
	}
	swapped := p.base(b, best, pl, p.scratch)
	swapped.Add(p.base(b, partner, other, p.scratch3))
	current := p.base(b, partner, pl, p.scratch2)
	current.Add(p.base(b, best, other, p.scratch3))
	if swapped.Cmp(current) != 0 {
		return false
	}
	p.stable[v], p.stable[bestV] = bestV, v
	p.stable[otherV], p.stable[partnerV] = partnerV, otherV
	return true
}

// residentIndex returns the index in b.players of resident vertex v.
func (p *pairer) residentIndex(b *bracket, v int) int { return b.movedDown + v - b.groupBegin }
