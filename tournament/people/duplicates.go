package people

import (
	"cmp"
	"context"
	"slices"

	"adiukh/tournament"
)

// DuplicatePair is two persons who may be one: the same birth year and
// names that differ by at most a slip or two.
type DuplicatePair struct {
	A, B     tournament.Person
	Distance int
}

// Duplicates lists the register's likely duplicates for an administrator,
// closest first.
func (s *Service) Duplicates(ctx context.Context) ([]DuplicatePair, error) {
	if _, err := mayEditPeople(ctx); err != nil {
		return nil, err
	}
	var people []tournament.Person
	err := s.store.View(ctx, func(tx Tx) (err error) {
		people, err = tx.PeopleBorn()
		return err
	})
	if err != nil {
		return nil, err
	}
	return LikelyDuplicates(people), nil
}

// maxNameSlips is how many letters two names of one person may differ by:
// a typo, a missing letter, е for э.
const maxNameSlips = 2

// LikelyDuplicates finds the pairs of persons with the same known birth
// year whose names, folded (case, ё = е) in Cyrillic or in Latin, are at
// most maxNameSlips edits apart. People are compared within a birth year
// only, so the search stays fast for a whole federation.
func LikelyDuplicates(people []tournament.Person) []DuplicatePair {
	byYear := map[int][]tournament.Person{}
	for _, p := range people {
		if p.BirthYear != 0 && p.MergedInto == 0 {
			byYear[p.BirthYear] = append(byYear[p.BirthYear], p)
		}
	}
	var pairs []DuplicatePair
	for _, group := range byYear {
		for i := range group {
			for j := i + 1; j < len(group); j++ {
				a, b := &group[i], &group[j]
				d := min(editDistance(tournament.FoldName(a.Name()), tournament.FoldName(b.Name()), maxNameSlips),
					editDistance(tournament.FoldName(Transliterate(a.Name(), ICAO)), tournament.FoldName(Transliterate(b.Name(), ICAO)), maxNameSlips),
					editDistance(tournament.FoldName(a.LatinName()), tournament.FoldName(b.LatinName()), maxNameSlips))
				if d <= maxNameSlips {
					pairs = append(pairs, DuplicatePair{A: *a, B: *b, Distance: d})
				}
			}
		}
	}
	slices.SortFunc(pairs, func(x, y DuplicatePair) int {
		return cmp.Or(cmp.Compare(x.Distance, y.Distance), cmp.Compare(x.A.SortName(), y.A.SortName()), cmp.Compare(x.A.ID, y.A.ID), cmp.Compare(x.B.ID, y.B.ID))
	})
	return pairs
}

// editDistance is the Levenshtein distance of a and b, or limit+1 as soon
// as it is sure to exceed limit.
func editDistance(a, b string, limit int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d > limit || -d > limit {
		return limit + 1
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		best := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			best = min(best, cur[j])
		}
		if best > limit {
			return limit + 1
		}
		prev, cur = cur, prev
	}
	return min(prev[len(rb)], limit+1)
}
