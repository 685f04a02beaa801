package people

import (
	"cmp"
	"context"
	"slices"

	"adiukh/internal/names"
	"adiukh/tournament"
)

// DuplicatePair is two persons who may be one: the same birth year and
// names that match (names.Match) in either script.
type DuplicatePair struct {
	A, B tournament.Person
	// Distance is how many letters the names differ by; Missing how many
	// words one has and the other lacks (a patronymic, one part of a
	// double surname).
	Distance, Missing int
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

// LikelyDuplicates finds the pairs of persons with the same known birth
// year whose names match (names.Match: the words in any order, ё = е, a
// missing patronymic, a slip in a word) in Cyrillic or in Latin. People
// are compared within a birth year only, so the search stays fast for a
// whole federation.
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
				if s, ok := personsMatch(a, b); ok {
					pairs = append(pairs, DuplicatePair{A: *a, B: *b, Distance: s.Slips, Missing: s.Missing})
				}
			}
		}
	}
	slices.SortFunc(pairs, func(x, y DuplicatePair) int {
		return cmp.Or(cmp.Compare(x.Distance+x.Missing, y.Distance+y.Missing), cmp.Compare(x.A.SortName(), y.A.SortName()), cmp.Compare(x.A.ID, y.A.ID), cmp.Compare(x.B.ID, y.B.ID))
	})
	return pairs
}

// personsMatch compares two persons' names, each in Cyrillic and in
// Latin, and returns the closest match.
func personsMatch(a, b *tournament.Person) (names.Score, bool) {
	return bestMatch([]string{a.Name(), a.LatinName()}, []string{b.Name(), b.LatinName()})
}

// bestMatch is the closest match of any of the names as to any of the
// others.
func bestMatch(as, bs []string) (names.Score, bool) {
	var best names.Score
	found := false
	for _, a := range as {
		for _, b := range bs {
			if s, ok := names.Match(a, b); ok && (!found || s.Distance() < best.Distance()) {
				best, found = s, true
			}
		}
	}
	return best, found
}
