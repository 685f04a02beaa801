package dutch

import (
	"slices"

	"adiukh/tournament/pairing/matching"
)

// layout places the criteria in the bits of an edge weight, most important
// first, so that a maximum-weight matching optimises them lexicographically.
// Field widths follow bbpPairings: sizeBits holds a count of pairs in one
// score group. The score fields (C7, C8, C18–C21) hold one such count per
// score group, but only the score groups of the bracket being paired are
// ever non-zero in them, so each has slots sub-fields, not one per score
// group of the round: slotShift gives the sub-field of each score of the
// current bracket, in the order of the scores (the lowest at shift 0). The
// weights then compare exactly as with a sub-field for every score group,
// at half the width or less from round 4 on (the width sets the cost of
// every edge a blossom search scans).
type layout struct {
	words                int
	sizeBits, groupsBits uint // groupsBits = slots·sizeBits, the width of a score field
	slots                int
	slotShift            map[int]uint
	moved                []uint64 // moveSlots' values
	scoreFields          []uint   // the offsets of the fields with a sub-field per score
	played               int

	top                         uint    // C.04.3 C1–C3: completion and bye eligibility
	pairsCurrent, scoresCurrent uint    // C6, C7: pairs and paired scores in the bracket
	pairsNext, scoresNext       uint    // C8: the same for the next bracket
	byeUnplayed                 uint    // C9: the bye assignee has played the most games
	colour                      [4]uint // C10–C13
	down1, up1, down2, up2      uint    // C14–C17: repeated floats, one and two rounds back
	downScore1, upScore1        uint    // C18–C21: scores of those floaters
	downScore2, upScore2        uint
	total                       uint
}

// newLayout places the fields; minBits is the width the weights need for
// other uses (the completion matching of pairer.start). With an even number
// of players there is no bye, and C9 gets no bits.
func newLayout(sizeBits uint, slots, played int, odd bool, minBits uint) *layout {
	l := &layout{sizeBits: sizeBits, groupsBits: uint(slots) * sizeBits, slots: slots, slotShift: map[int]uint{}, played: played}
	groupsBits := l.groupsBits
	// The lowest 3·sizeBits+1 bits stay free for the exchange and
	// transposition order of homogeneous brackets and remainders.
	off := 3*sizeBits + 1
	place := func(width uint) uint { at := off; off += width; return at }
	if played > 1 {
		l.upScore2 = place(groupsBits)
		l.downScore2 = place(groupsBits)
	}
	if played > 0 {
		l.upScore1 = place(groupsBits)
		l.downScore1 = place(groupsBits)
	}
	if played > 1 {
		l.up2 = place(sizeBits)
		l.down2 = place(sizeBits)
	}
	if played > 0 {
		l.up1 = place(sizeBits)
		l.down1 = place(sizeBits)
	}
	for i := 3; i >= 0; i-- {
		l.colour[i] = place(sizeBits)
	}
	if odd {
		l.byeUnplayed = place(2 * sizeBits)
	}
	l.scoresNext = place(groupsBits)
	l.pairsNext = place(sizeBits)
	l.scoresCurrent = place(groupsBits)
	l.pairsCurrent = place(sizeBits)
	l.top = off
	l.total = off
	// Weights stay below 2^(total+2); the matcher needs 4 spare bits.
	l.words = int((max(l.total+2, minBits)+4)/64) + 1
	l.scoreFields = []uint{l.scoresCurrent, l.scoresNext}
	if l.played > 0 {
		l.scoreFields = append(l.scoreFields, l.upScore1, l.downScore1)
	}
	if l.played > 1 {
		l.scoreFields = append(l.scoreFields, l.upScore2, l.downScore2)
	}
	return l
}

// assignSlots gives the scores of a bracket their sub-fields, the lowest
// score the lowest; false when there are more scores
// than slots.
func (l *layout) assignSlots(scores []int) (map[int]uint, bool) {
	if len(scores) > l.slots {
		return nil, false
	}
	ascending := slices.Sorted(slices.Values(scores))
	shift := make(map[int]uint, len(scores))
	for i, score := range ascending {
		shift[score] = uint(i) * l.sizeBits
	}
	return shift, true
}

// moveSlots rewrites w, whose score sub-fields hold values of the given
// scores at the shifts from, with the same values at the shifts to.
func (l *layout) moveSlots(w matching.Weight, scores []int, from, to map[int]uint) {
	for _, field := range l.scoreFields {
		values := l.moved[:0]
		for _, score := range scores {
			values = append(values, takeBits(w, field+from[score], l.sizeBits))
		}
		for i, score := range scores {
			w.AddAt(values[i], field+to[score])
		}
		l.moved = values
	}
}

// takeBits returns the width bits of w at shift and clears them there.
func takeBits(w matching.Weight, shift, width uint) uint64 {
	var v uint64
	for b := range width {
		i, r := int((shift+b)/64), (shift+b)%64
		if i < len(w) && w[i]>>r&1 == 1 {
			v |= 1 << b
			w[i] &^= 1 << r
		}
	}
	return v
}

// maxWeight returns 2^(total+2)−1, above every base weight: the weight that
// fixes a pair once it is final.
func (l *layout) maxWeight() matching.Weight {
	w := matching.NewWeight(l.words)
	w.AddAt(1, l.total+2)
	w.SubSmall(1)
	return w
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// byeContext is what the edge weights need to know about the bye.
type byeContext struct {
	score          int         // score of the player who will get the bye
	singleAssignee bool        // C9 applies in the current bracket
	unplayedRank   map[int]int // games played → rank (more games, lower rank)
}

// baseWeight computes the weight of pairing higher with lower, or zero when
// the absolute criteria forbid it. lowerInCurrent/lowerInNext tell whether
// lower belongs to the bracket being paired or to the next one.
func (s *state) baseWeight(l *layout, out matching.Weight, h, lo *player, lowerInCurrent, lowerInNext bool, bye *byeContext) {
	out.Clear()
	if !s.compatible(h, lo) {
		return
	}
	out.AddAt(1+b2u(!s.byeCandidate(h, bye.score))+b2u(!s.byeCandidate(lo, bye.score)), l.top)
	if lowerInCurrent {
		out.AddAt(1, l.pairsCurrent)
		out.AddAt(1, l.scoresCurrent+l.slotShift[h.score])
	}
	if lowerInNext {
		out.AddAt(1, l.pairsNext)
		out.AddAt(1, l.scoresNext+l.slotShift[h.score])
	}
	if bye.singleAssignee {
		if h.score == bye.score {
			out.AddAt(uint64(bye.unplayedRank[h.played]), l.byeUnplayed)
		}
		if lo.score == bye.score {
			out.AddAt(uint64(bye.unplayedRank[lo.played]), l.byeUnplayed)
		}
	}
	if !lowerInCurrent {
		return
	}
	s.colourBits(l, out, lo, h)
	if l.played > 0 {
		out.AddAt(b2u(lo.float1 == floatDown)+b2u(h.score <= lo.score && h.float1 == floatDown), l.down1)
		out.AddAt(b2u(!(h.score > lo.score && lo.float1 == floatUp)), l.up1)
	}
	if l.played > 1 {
		out.AddAt(b2u(lo.float2 == floatDown)+b2u(h.score <= lo.score && h.float2 == floatDown), l.down2)
		out.AddAt(b2u(!(h.score > lo.score && lo.float2 == floatUp)), l.up2)
	}
	if l.played > 0 {
		out.AddAt(b2u(lo.float1 == floatDown), l.downScore1+l.slotShift[lo.score])
		out.AddAt(b2u(h.float1 == floatDown), l.downScore1+l.slotShift[h.score])
		if !(lo.float1 == floatUp && h.score > lo.score) {
			out.AddAt(1, l.upScore1+l.slotShift[h.score])
		}
	}
	if l.played > 1 {
		out.AddAt(b2u(lo.float2 == floatDown), l.downScore2+l.slotShift[lo.score])
		out.AddAt(b2u(h.float2 == floatDown), l.downScore2+l.slotShift[h.score])
		if !(lo.float2 == floatUp && h.score > lo.score) {
			out.AddAt(1, l.upScore2+l.slotShift[h.score])
		}
	}
}

// colourBits sets the colour criteria C10–C13 for player p against o.
func (s *state) colourBits(l *layout, out matching.Weight, p, o *player) {
	// C10: no two players with an absolute colour imbalance and the same
	// preference.
	out.AddAt(b2u(!p.absoluteImbalance() || !o.absoluteImbalance() || p.pref != o.pref), l.colour[0])
	// C11: minimise absolute preferences that are not met, looking at the
	// repeated colour of the player whose preference yields.
	var c11 bool
	switch {
	case !p.absolutePreference() || !o.absolutePreference() || p.pref != o.pref:
		c11 = true
	case p.imbalance == o.imbalance:
		c11 = p.repeated == NoColor || p.repeated != o.repeated
	case p.imbalance > o.imbalance:
		c11 = o.repeated != p.pref.invert()
	default:
		c11 = p.repeated != p.pref.invert()
	}
	out.AddAt(b2u(c11), l.colour[1])
	// C12: colour preferences met.
	out.AddAt(b2u(compatiblePreferences(p.pref, o.pref)), l.colour[2])
	// C13: strong colour preferences met.
	out.AddAt(b2u((!p.strong && !p.absolutePreference()) || (!o.strong && !o.absolutePreference()) ||
		(p.absolutePreference() && o.absolutePreference()) || p.pref != o.pref), l.colour[3])
}

func compatiblePreferences(a, b Color) bool { return a != b || a == NoColor || b == NoColor }

// compatible: the absolute criteria C1 (no rematch, no forbidden pair) and C3
// (no two players with the same absolute colour preference, except topscorers
// in the last round).
func (s *state) compatible(a, b *player) bool {
	if s.forbidden[a.vertex*len(s.players)+b.vertex] {
		return false
	}
	if !a.absolutePreference() || !b.absolutePreference() || a.pref != b.pref {
		return true
	}
	topThreshold := s.played * max(s.t.Points.Win, s.t.Points.Draw) / 2
	return s.played >= s.t.TotalRounds-1 && (a.score > topThreshold || b.score > topThreshold)
}

func (s *state) byeCandidate(p *player, byeScore int) bool {
	return p.eligible && p.score <= byeScore
}
