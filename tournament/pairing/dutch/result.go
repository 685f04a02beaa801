package dutch

import "slices"

// result turns the final partners into boards with colours, in board order.
func (s *state) result(matchOf []int) Pairing {
	var out Pairing
	type game struct{ white, black *player }
	var games []game
	for v, pl := range s.players {
		m := matchOf[v]
		if m < 0 {
			out.Bye = pl.id
			continue
		}
		opp := s.players[m]
		if pl.id > opp.id {
			continue
		}
		if s.colourOf(pl, opp) == White {
			games = append(games, game{pl, opp})
		} else {
			games = append(games, game{opp, pl})
		}
	}
	// Board order (C.04.2 D.9 as bbpPairings applies it): by the score of
	// the higher player of each pair, then of the lower one, then by the
	// rank of the higher one — scores without acceleration.
	higherLower := func(g game) (*player, *player) {
		if g.white.rawScore < g.black.rawScore || (g.white.rawScore == g.black.rawScore && g.white.rank > g.black.rank) {
			return g.black, g.white
		}
		return g.white, g.black
	}
	slices.SortStableFunc(games, func(a, b game) int {
		ha, la := higherLower(a)
		hb, lb := higherLower(b)
		switch {
		case ha.rawScore != hb.rawScore:
			return hb.rawScore - ha.rawScore
		case la.rawScore != lb.rawScore:
			return lb.rawScore - la.rawScore
		}
		return ha.rank - hb.rank
	})
	for _, g := range games {
		out.Boards = append(out.Boards, Board{White: g.white.id, Black: g.black.id})
	}
	return out
}

// colourOf returns the colour of p against o by the colour allocation rules
// (C.04.3 E).
func (s *state) colourOf(p, o *player) Color {
	if c := neutralColour(p, o); c != NoColor {
		return c
	}
	initial := s.t.InitialColor
	if initial == NoColor {
		initial = s.inferInitialColour()
	}
	// E.5: the higher-ranked player gets his preference, or (no preference)
	// the colour of the initial-colour rule by his rank.
	below := higherRanked(o, p)
	if p.pref == NoColor {
		if below {
			if o.rank&1 == 1 {
				return initial
			}
			return initial.invert()
		}
		if p.rank&1 == 1 {
			return initial.invert()
		}
		return initial
	}
	if below {
		return o.pref.invert()
	}
	return p.pref
}

// neutralColour applies E.1–E.4: the rules that do not depend on rank.
func neutralColour(p, o *player) Color {
	switch {
	case compatiblePreferences(p.pref, o.pref):
		if p.pref != NoColor {
			return p.pref
		}
		if o.pref != NoColor {
			return o.pref.invert()
		}
		return NoColor
	case p.absolutePreference() && (p.imbalance > o.imbalance || !o.absolutePreference()):
		return p.pref
	case o.absolutePreference() && (o.imbalance > p.imbalance || !p.absolutePreference()):
		return o.pref.invert()
	case p.strong && !o.strong:
		return p.pref
	case o.strong && !p.strong:
		return o.pref.invert()
	}
	// E.4: alternate to the most recent round in which they had different
	// colours.
	pc, oc := firstColourDifference(p, o)
	if pc != NoColor && oc != NoColor {
		return oc
	}
	return NoColor
}

func firstColourDifference(p, o *player) (Color, Color) {
	i, j := len(p.history)-1, len(o.history)-1
	skip := func(h []Round, k int) int {
		for k >= 0 && !h[k].Played {
			k--
		}
		return k
	}
	i, j = skip(p.history, i), skip(o.history, j)
	for i >= 0 && j >= 0 && p.history[i].Color == o.history[j].Color {
		i, j = skip(p.history, i-1), skip(o.history, j-1)
	}
	pc, oc := NoColor, NoColor
	if i >= 0 {
		pc = p.history[i].Color
	}
	if j >= 0 {
		oc = o.history[j].Color
	}
	return pc, oc
}

// inferInitialColour recovers the colour the top-ranked player had in the
// first round where colours were given, from the players' histories.
func (s *state) inferInitialColour() Color {
	first := -1
	for _, p := range s.all {
		for r, h := range p.history {
			if h.Color != NoColor && (first < 0 || r < first) {
				first = r
			}
		}
	}
	if first < 0 {
		return White
	}
	rank := 0
	for _, p := range s.all {
		present := false
		for _, h := range p.history[:first+1] {
			present = present || h.Paired
		}
		if !present {
			continue
		}
		c := p.history[first].Color
		if c != NoColor {
			if rank&1 == 1 {
				return c.invert()
			}
			return c
		}
		rank++
	}
	return White
}
