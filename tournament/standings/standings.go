package standings

import (
	"cmp"
	"fmt"
	"slices"
)

// Row is one line of the standings.
type Row struct {
	// Rank is the place; RankLast is the last place of a shared group and
	// equals Rank when the place is not shared (see Place).
	Rank, RankLast int
	StartNo        int
	Score          float64
	// TieBreaks holds the value of every registered tie-break, whether or
	// not the event ranks by it.
	TieBreaks map[ID]float64
}

// Compute ranks the players by score, then by the tie-breaks of in.Order.
// Rows come in rank order; players sharing a place are listed by start
// number. Bad input gives an error naming the round, game or player at fault.
func Compute(in Input) ([]Row, error) {
	if err := checkOrderIn(in.Order, Lookup); err != nil {
		return nil, err
	}
	players, err := buildRecords(in)
	if err != nil {
		return nil, err
	}
	t := newTable(players, in.Scoring, in.RoundRobin)
	values := make([]map[ID]float64, len(players))
	for i, p := range players {
		values[i] = t.values(p)
	}
	for i, points := range t.pointsAgainstEqualScores() {
		values[i][DirectEncounter] = points
	}

	rows := make([]Row, 0, len(players))
	for _, g := range t.rank(in.Order, func(i int, id ID) float64 { return values[i][id] }) {
		first := len(rows) + 1
		for _, i := range g {
			rows = append(rows, Row{
				Rank: first, RankLast: first + len(g) - 1,
				StartNo: players[i].StartNo, Score: players[i].score, TieBreaks: values[i],
			})
		}
	}
	return rows, nil
}

// rank orders everyone into groups of equal place: by score, then by each
// tie-break of order in turn (key gives a value where higher is better;
// direct encounter is worked out on the group itself). Each group is in
// start-number order.
func (t *table) rank(order []ID, key func(i int, id ID) float64) [][]int {
	everyone := make([]int, len(t.players))
	for i := range everyone {
		everyone[i] = i
	}
	groups := t.splitBy(everyone, func(i int) float64 { return t.players[i].score })
	for _, id := range order {
		var next [][]int
		for _, g := range groups {
			switch {
			case len(g) == 1:
				next = append(next, g)
			case id == DirectEncounter:
				next = append(next, t.directEncounter(g)...)
			default:
				next = append(next, t.splitBy(g, func(i int) float64 { return key(i, id) })...)
			}
		}
		groups = next
	}
	for _, g := range groups {
		slices.SortFunc(g, func(a, b int) int { return cmp.Compare(t.players[a].StartNo, t.players[b].StartNo) })
	}
	return groups
}

// checkOrderIn checks an ordered tie-break list against a registry.
func checkOrderIn(order []ID, lookup func(ID) (TieBreak, bool)) error {
	seen := map[ID]bool{}
	for i, id := range order {
		if _, ok := lookup(id); !ok {
			return fmt.Errorf("tie-break %d: unknown tie-break %q", i+1, id)
		}
		if seen[id] {
			return fmt.Errorf("tie-break %d: %q is listed twice", i+1, id)
		}
		seen[id] = true
	}
	return nil
}

// splitBy orders a group by a value, highest first, and splits it where the
// value changes. Equal players keep start-number order.
func (t *table) splitBy(group []int, value func(int) float64) [][]int {
	sorted := slices.Clone(group)
	slices.SortFunc(sorted, func(a, b int) int {
		if c := cmp.Compare(value(b), value(a)); c != 0 {
			return c
		}
		return cmp.Compare(t.players[a].StartNo, t.players[b].StartNo)
	})
	var out [][]int
	start := 0
	for i := 1; i <= len(sorted); i++ {
		if i == len(sorted) || value(sorted[i]) != value(sorted[start]) {
			out = append(out, sorted[start:i])
			start = i
		}
	}
	return out
}

// encounter is one player's result against a group of tied players.
type encounter struct {
	points    float64 // points scored against the group, averaged per opponent
	opponents int     // how many of the group the player has met
}

// against sums a player's points from encounters with the members of group
// (games played over the board; in a round robin forfeits too); when they
// met an opponent more than once the average counts (C.07 DE).
func (t *table) against(p *player, group map[int]bool) encounter {
	type tally struct {
		points float64
		games  int
	}
	met := map[int]*tally{}
	for _, rec := range p.rounds {
		if !t.encounter(rec) || !group[rec.opponent] {
			continue
		}
		if met[rec.opponent] == nil {
			met[rec.opponent] = &tally{}
		}
		met[rec.opponent].points += rec.points
		met[rec.opponent].games++
	}
	var e encounter
	for _, m := range met {
		e.points += m.points / float64(m.games)
		e.opponents++
	}
	return e
}

// pointsAgainstEqualScores is the direct-encounter value shown in the
// standings: for each player, the points scored against those with the same
// score.
func (t *table) pointsAgainstEqualScores() []float64 {
	sameScore := map[float64]map[int]bool{}
	for i, p := range t.players {
		if sameScore[p.score] == nil {
			sameScore[p.score] = map[int]bool{}
		}
		sameScore[p.score][i] = true
	}
	out := make([]float64, len(t.players))
	for i, p := range t.players {
		out[i] = t.against(p, sameScore[p.score]).points
	}
	return out
}

// directEncounter splits a group of tied players by the games among them
// (C.07 DE). When every member has met every other one — always so in a
// round robin — they are ordered by the points scored among themselves.
// Otherwise (a Swiss event) a player is placed ahead only when no one below
// could reach their points even by winning every game not played within the
// group; the rest stay tied. Players still tied on a smaller subgroup are
// compared again among themselves only.
func (t *table) directEncounter(group []int) [][]int {
	members := make(map[int]bool, len(group))
	for _, i := range group {
		members[i] = true
	}
	enc := make(map[int]encounter, len(group))
	allMet := true
	for _, i := range group {
		enc[i] = t.against(t.players[i], members)
		if enc[i].opponents < len(group)-1 {
			allMet = false
		}
	}

	var parts [][]int
	if allMet || t.roundRobin {
		parts = t.splitBy(group, func(i int) float64 { return enc[i].points })
	} else {
		parts = t.separateLeaders(group, enc)
	}

	var out [][]int
	for _, part := range parts {
		if len(part) > 1 && len(part) < len(group) {
			out = append(out, t.directEncounter(part)...)
			continue
		}
		out = append(out, part)
	}
	return out
}

// separateLeaders handles a direct encounter where not everyone has met:
// from the top, a player is separated while their points exceed the most
// any player below could have (points plus a win for every unmet member).
func (t *table) separateLeaders(group []int, enc map[int]encounter) [][]int {
	possible := func(i int) float64 {
		return enc[i].points + float64(len(group)-1-enc[i].opponents)*t.scoring.Win
	}
	sorted := slices.Clone(group)
	slices.SortFunc(sorted, func(a, b int) int {
		if c := cmp.Compare(enc[b].points, enc[a].points); c != 0 {
			return c
		}
		if c := cmp.Compare(possible(b), possible(a)); c != 0 {
			return c
		}
		return cmp.Compare(t.players[a].StartNo, t.players[b].StartNo)
	})
	var parts [][]int
	i := 0
	for ; i < len(sorted)-1; i++ {
		best := 0.0
		for _, j := range sorted[i+1:] {
			best = max(best, possible(j))
		}
		if enc[sorted[i]].points <= best {
			break
		}
		parts = append(parts, sorted[i:i+1])
	}
	return append(parts, sorted[i:])
}
