// Package prizes computes who gets what of an event's prize money: the
// prizes by place and by category, the rule for players tied on points
// (shared, Hort, tie-break) and one prize per player. The rules are written
// down, with worked examples, in docs/prizes.md.
//
// The package is pure: the caller hands in the final standings and the
// prize list as plain values (money in minor units: kopecks, cents) and gets
// the awards back. It knows nothing of storage, HTTP or how the standings
// were ranked.
package prizes

import (
	"fmt"
	"slices"
)

// Rule is how the prizes of places shared by players tied on points are
// given.
type Rule string

const (
	// Shared pools the prizes of the places the tied players occupy and
	// splits the pool equally among them.
	Shared Rule = "shared"
	// Hort gives each tied player half of the prize of their place in the
	// tie-break order and an equal share of the rest of the pool.
	Hort Rule = "hort"
	// TieBreak gives each tied player the prize of their place in the
	// tie-break order.
	TieBreak Rule = "tiebreak"
)

// Rules lists the rules, the default first.
var Rules = []Rule{Shared, Hort, TieBreak}

// Valid reports whether r is one of Rules.
func (r Rule) Valid() bool { return slices.Contains(Rules, r) }

// Prize is one prize of the list: the place in the event (Category "") or
// in a category, and its amount in minor units.
type Prize struct {
	// Category names the category as the caller keys it; "" for the
	// prizes by place in the whole event.
	Category string
	Place    int
	Amount   int64
}

// Player is one line of the final standings.
type Player struct {
	ID int64
	// Score is the player's points: players equal on points are tied for
	// the prizes of the places they occupy.
	Score float64
	// Rank is the player's place in the standings: players of one Rank are
	// equal on points and on every tie-break, so that the tie-break order
	// does not part them either.
	Rank int
	// Categories are the categories the player fits, as Prize.Category
	// names them.
	Categories []string
}

// Input is an event's final standings and its prize list.
type Input struct {
	// Players are in the order of the final standings, the best first.
	Players []Player
	Prizes  []Prize
	Ties    Rule
	// OnePerPlayer gives a player who would win several prizes only the
	// largest (the prize by place where two are equal).
	OnePerPlayer bool
}

// Award is what one player gets of one list's prizes.
type Award struct {
	PlayerID int64
	// Category is the list the award is of ("" for the prizes by place),
	// and Place the player's place in that list in the tie-break order.
	Category string
	Place    int
	// From and To are the places the player's tie group occupies in the
	// list (From == To when the player is not tied on points), and Tied the
	// number of players in it: the group's prizes were pooled under the
	// event's rule.
	From, To, Tied int
	Amount         int64
}

// Declined is a prize a player would have had a share of but left for
// another, under one prize per player: Amount is what the player would
// have had of that list.
type Declined struct {
	PlayerID int64
	Category string
	Place    int
	Amount   int64
}

// Result is who gets what.
type Result struct {
	// Awards are by list (the prizes by place first, then the categories
	// in the order the prize list first names them), then by place.
	Awards []Award
	// Declined are the prizes players left for a larger one, in the order
	// they were left.
	Declined []Declined
	// Unawarded are the prizes of places that no player reached (a
	// category with fewer players than prizes), in the prize list's order.
	Unawarded []Prize
}

// list is one list of prizes: those by place, or one category's.
type list struct {
	category string
	amounts  []int64 // by place, from 1
	given    []bool  // the places the prize list names
}

// Compute gives the prizes of in. Bad input (a place below 1, a negative
// amount, a prize named twice, an unknown rule, players out of order) is
// an error.
func Compute(in Input) (*Result, error) {
	lists, err := buildLists(in.Prizes)
	if err != nil {
		return nil, err
	}
	if !in.Ties.Valid() {
		return nil, fmt.Errorf("prizes: unknown rule for ties %q", in.Ties)
	}
	for i := 1; i < len(in.Players); i++ {
		a, b := in.Players[i-1], in.Players[i]
		if b.Score > a.Score || b.Rank < a.Rank {
			return nil, fmt.Errorf("prizes: player %d (score %g, rank %d) comes after player %d (score %g, rank %d)", b.ID, b.Score, b.Rank, a.ID, a.Score, a.Rank)
		}
	}
	fits := make([]map[int64]bool, len(lists))
	for i, l := range lists {
		fits[i] = map[int64]bool{}
		for _, p := range in.Players {
			if l.category == "" || slices.Contains(p.Categories, l.category) {
				fits[i][p.ID] = true
			}
		}
	}
	var declined []Declined
	for {
		awards := make([][]Award, len(lists))
		won := map[int64][]int{} // player → lists with an award
		for i, l := range lists {
			awards[i] = l.give(in.Players, fits[i], in.Ties)
			for _, a := range awards[i] {
				won[a.PlayerID] = append(won[a.PlayerID], i)
			}
		}
		if !in.OnePerPlayer {
			return result(lists, awards, declined), nil
		}
		// The player whose best award is the largest chooses first, as an
		// arbiter gives the largest prizes first; players leaving a list
		// only move the others up in it, so no award there shrinks.
		chooser, keep := int64(0), award{}
		for _, p := range in.Players {
			if len(won[p.ID]) < 2 {
				continue
			}
			best := bestOf(p.ID, won[p.ID], awards)
			if chooser == 0 || best.amount > keep.amount {
				chooser, keep = p.ID, best
			}
		}
		if chooser == 0 {
			return result(lists, awards, declined), nil
		}
		for i := range lists {
			if i == keep.list || !fits[i][chooser] {
				continue
			}
			for _, a := range awards[i] {
				if a.PlayerID == chooser {
					declined = append(declined, Declined{PlayerID: chooser, Category: a.Category, Place: a.Place, Amount: a.Amount})
				}
			}
			delete(fits[i], chooser)
		}
	}
}

// award is one player's award in one list.
type award struct {
	list   int
	amount int64
}

// bestOf is the award of lists a player keeps: the largest; of equal ones
// the prize by place, then the category the prize list names first.
func bestOf(playerID int64, lists []int, awards [][]Award) award {
	best := award{list: -1}
	for _, i := range lists {
		for _, a := range awards[i] {
			if a.PlayerID == playerID && (best.list < 0 || a.Amount > best.amount) {
				best = award{list: i, amount: a.Amount}
			}
		}
	}
	return best
}

func result(lists []list, awards [][]Award, declined []Declined) *Result {
	r := &Result{Declined: declined}
	for i, l := range lists {
		r.Awards = append(r.Awards, awards[i]...)
		reached := map[int]bool{}
		for _, a := range awards[i] {
			for p := a.From; p <= a.To; p++ {
				reached[p] = true
			}
		}
		for p := 1; p <= len(l.amounts); p++ {
			if l.given[p-1] && !reached[p] {
				r.Unawarded = append(r.Unawarded, Prize{Category: l.category, Place: p, Amount: l.amounts[p-1]})
			}
		}
	}
	return r
}

// buildLists sorts the prizes into lists: the prizes by place first, then
// each category in the order the prize list first names it.
func buildLists(prizes []Prize) ([]list, error) {
	index := map[string]int{}
	var lists []list
	if slices.ContainsFunc(prizes, func(p Prize) bool { return p.Category == "" }) {
		index[""] = 0
		lists = append(lists, list{})
	}
	for _, p := range prizes {
		if p.Place < 1 {
			return nil, fmt.Errorf("prizes: place %d of %q is below 1", p.Place, p.Category)
		}
		if p.Amount < 0 {
			return nil, fmt.Errorf("prizes: the prize for place %d of %q is negative (%d)", p.Place, p.Category, p.Amount)
		}
		i, ok := index[p.Category]
		if !ok {
			i = len(lists)
			index[p.Category] = i
			lists = append(lists, list{category: p.Category})
		}
		l := &lists[i]
		for len(l.amounts) < p.Place {
			l.amounts = append(l.amounts, 0)
			l.given = append(l.given, false)
		}
		if l.given[p.Place-1] {
			return nil, fmt.Errorf("prizes: place %d of %q is named twice", p.Place, p.Category)
		}
		l.amounts[p.Place-1], l.given[p.Place-1] = p.Amount, true
	}
	return lists, nil
}

// give gives one list's prizes to the players who fit it, in the order of
// the standings, under the rule for ties.
func (l list) give(players []Player, fits map[int64]bool, rule Rule) []Award {
	var in []Player
	for _, p := range players {
		if fits[p.ID] {
			in = append(in, p)
		}
	}
	var out []Award
	for from := 0; from < len(in) && from < len(l.amounts); {
		to := from + 1
		for to < len(in) && in[to].Score == in[from].Score {
			to++
		}
		group := in[from:to]
		amounts := l.split(group, from, rule)
		for i, p := range group {
			// A prize of no money (a cup) goes to the place it is for.
			if amounts[i] > 0 || from+i < len(l.given) && l.given[from+i] {
				out = append(out, Award{PlayerID: p.ID, Category: l.category, Place: from + i + 1,
					From: from + 1, To: to, Tied: len(group), Amount: amounts[i]})
			}
		}
		from = to
	}
	return out
}

// prize is the amount of place (from 0), nothing past the list's last.
func (l list) prize(place int) int64 {
	if place < len(l.amounts) {
		return l.amounts[place]
	}
	return 0
}

// split is what each player of a group tied on points gets of the prizes
// of the places it occupies from place first (from 0).
func (l list) split(group []Player, first int, rule Rule) []int64 {
	var pool int64
	for i := range group {
		pool += l.prize(first + i)
	}
	switch rule {
	case TieBreak:
		return l.byTieBreak(group, first)
	case Hort:
		byOrder := l.byTieBreak(group, first)
		out := make([]int64, len(group))
		rest := pool
		for i, v := range byOrder {
			out[i] = v / 2
			rest -= out[i]
		}
		for i, v := range equally(rest, len(group)) {
			out[i] += v
		}
		return out
	default:
		return equally(pool, len(group))
	}
}

// byTieBreak gives each player of the group the prize of their place in
// the tie-break order; players the tie-breaks do not part (one Rank) share
// the prizes of their places equally.
func (l list) byTieBreak(group []Player, first int) []int64 {
	out := make([]int64, 0, len(group))
	for from := 0; from < len(group); {
		to := from + 1
		for to < len(group) && group[to].Rank == group[from].Rank {
			to++
		}
		var pool int64
		for i := from; i < to; i++ {
			pool += l.prize(first + i)
		}
		out = append(out, equally(pool, to-from)...)
		from = to
	}
	return out
}

// equally splits amount among n: each the same in minor units, the
// remainder one unit each to the first players in the standings' order.
func equally(amount int64, n int) []int64 {
	out := make([]int64, n)
	each, left := amount/int64(n), amount%int64(n)
	for i := range out {
		out[i] = each
		if int64(i) < left {
			out[i]++
		}
	}
	return out
}

// Total is the sum of the amounts of a result's awards.
func (r *Result) Total() int64 {
	var sum int64
	for _, a := range r.Awards {
		sum += a.Amount
	}
	return sum
}

// Of lists a player's awards: one at most under one prize per player.
func (r *Result) Of(playerID int64) []Award {
	var out []Award
	for _, a := range r.Awards {
		if a.PlayerID == playerID {
			out = append(out, a)
		}
	}
	return out
}
