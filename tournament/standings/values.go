package standings

import (
	"cmp"
	"slices"
)

// table is the event being ranked: every player's record and the rules that
// depend on the event.
type table struct {
	players    []*player
	scoring    Scoring
	roundRobin bool
	// adjusted[i] is player i's score as their opponents' Buchholz sees it.
	adjusted []float64
}

// newTable adds up the players' scores and their adjusted scores once
// every round is recorded.
func newTable(players []*player, scoring Scoring, roundRobin bool) *table {
	t := &table{players: players, scoring: scoring, roundRobin: roundRobin}
	for _, p := range players {
		p.score = 0
		for _, rec := range p.rounds {
			p.score += rec.points
		}
	}
	t.adjusted = make([]float64, len(players))
	for i, p := range players {
		t.adjusted[i] = t.adjustedScore(p)
	}
	return t
}

// adjustedScore is a player's score as it counts in their opponents'
// Buchholz and Sonneborn-Berger (C.07, unplayed rounds): rounds after the
// player's last available round in which they were not paired (a
// withdrawal, requested byes at the end) count as draws in a Swiss event, so
// that the opponents of a player who left early are not punished for it,
// and as nothing in a round robin.
func (t *table) adjustedScore(p *player) float64 {
	lastAvailable := -1
	for r, rec := range p.rounds {
		if !rec.voluntary() {
			lastAvailable = r
		}
	}
	total := 0.0
	for r, rec := range p.rounds {
		if r > lastAvailable && rec.opponent == noOpponent {
			if !t.roundRobin {
				total += t.scoring.Draw
			}
			continue
		}
		total += rec.points
	}
	return total
}

// encounter reports whether a round counts as a meeting with the opponent
// for Buchholz, Sonneborn-Berger and direct encounter: a game played over the
// board and, in a round robin, also a forfeit — there every pairing is fixed
// in advance, so a forfeit is scored against the scheduled opponent (C.07
// as applied by FIDE's tie-break calculator).
func (t *table) encounter(rec roundRecord) bool {
	return rec.played() || t.roundRobin && rec.opponent != noOpponent
}

// contribution is one round's entry in the Buchholz family: the opponent's
// score (or the dummy opponent's), the share of a win the player scored in
// that round, and whether the round was voluntarily unplayed.
type contribution struct {
	round         int // index of the round it comes from
	opponentScore float64
	share         float64
	voluntary     bool
}

// contributions lists a player's Buchholz entries (C.07, unplayed rounds):
// an encounter contributes the opponent's adjusted score. In a Swiss event
// every unplayed round (forfeit either way, bye, absence) is a game against
// a dummy opponent whose score is the player's own final score. In a round
// robin a forfeit is an encounter and a bye or absence contributes nothing.
func (t *table) contributions(p *player) []contribution {
	out := make([]contribution, 0, len(p.rounds))
	for r, rec := range p.rounds {
		switch {
		case t.encounter(rec):
			out = append(out, contribution{r, t.adjusted[rec.opponent], rec.share, false})
		case !t.roundRobin:
			out = append(out, contribution{r, p.score, rec.share, rec.voluntary()})
		}
	}
	return out
}

func sumOpponents(cs []contribution) float64 {
	total := 0.0
	for _, c := range cs {
		total += c.opponentScore
	}
	return total
}

// cutLowest drops the least significant entry (C.07 Cut-1) from cs, in
// place: the lowest voluntarily unplayed round if there is one — those are
// cut first — and otherwise the lowest opponent score.
func cutLowest(cs []contribution) []contribution {
	if len(cs) == 0 {
		return cs
	}
	lowest := slices.MinFunc(cs, func(a, b contribution) int {
		if a.voluntary != b.voluntary {
			if a.voluntary {
				return -1
			}
			return 1
		}
		return cmp.Compare(a.opponentScore, b.opponentScore)
	})
	i := slices.Index(cs, lowest)
	return slices.Delete(cs, i, i+1)
}

// cutHighest drops the highest opponent score (the upper half of Median)
// from cs, in place.
func cutHighest(cs []contribution) []contribution {
	if len(cs) == 0 {
		return cs
	}
	highest := slices.MaxFunc(cs, func(a, b contribution) int { return cmp.Compare(a.opponentScore, b.opponentScore) })
	i := slices.Index(cs, highest)
	return slices.Delete(cs, i, i+1)
}

// values computes every tie-break that is a number of the player alone (all
// but direct encounter, which depends on who else is tied).
func (t *table) values(p *player) map[ID]float64 {
	cs := t.contributions(p)
	v := make(map[ID]float64, len(registry))
	for _, tb := range registry {
		v[tb.ID] = 0 // every tie-break has a value, zero when nothing counts
	}
	v[Buchholz] = sumOpponents(cs)
	// One copy of the entries, cut in place twice: a copy a cut was two
	// for every player of every standings made.
	cut := cutLowest(slices.Clone(cs))
	v[BuchholzCut1] = sumOpponents(cut)
	v[BuchholzMedian] = sumOpponents(cutHighest(cut))
	for _, c := range cs {
		v[SonnebornBerger] += c.opponentScore * c.share
		// Shmulyan: + the score of a beaten opponent, − the score of one the
		// player lost to, nothing for a draw.
		v[Shmulyan] += c.opponentScore * (2*c.share - 1)
	}

	var ratings []int
	ratingPoints, running := 0.0, 0.0
	for _, rec := range p.rounds {
		running += rec.points
		v[Progressive] += running
		v[MicroMatchPoints] += t.matchPoints(rec)
		if !rec.unscored {
			v[AdiukhPoints] += float64(rec.adiukh)
		}
		if !rec.played() {
			continue
		}
		won := rec.share == 1
		if won {
			v[Wins]++
		}
		if rec.black {
			v[BlackGames]++
			if won {
				v[BlackWins]++
			}
		}
		if r := t.players[rec.opponent].Rating; r > 0 {
			ratings = append(ratings, r)
			ratingPoints += rec.share
		}
	}
	v[ARO] = float64(averageRating(ratings))
	v[TPR] = float64(performanceRating(ratings, ratingPoints))
	return v
}

// matchPoints is what a round scores in the table by who won it, whatever
// points it counts in the score: a micro-match won, drawn or lost (by the
// sum of its games) as one game; a forfeit and a bye as the table scores
// them.
func (t *table) matchPoints(rec roundRecord) float64 {
	s := t.scoring
	switch {
	case rec.kind == Played && 2*rec.adiukh > MaxPoints:
		return s.Win
	case rec.kind == Played && 2*rec.adiukh < MaxPoints:
		return s.Loss
	case rec.kind == Played:
		return s.Draw
	case rec.forfeitWin():
		return s.ForfeitWin
	}
	return singlePoints(rec.kind, s)
}
