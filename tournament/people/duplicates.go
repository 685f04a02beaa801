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
// are compared within a birth year only, and each name is read once, so
// the search stays fast for a whole federation.
func LikelyDuplicates(people []tournament.Person) []DuplicatePair {
	byYear := map[int][]int{}
	forms := make([][]names.Prepared, len(people))
	for i, p := range people {
		if p.BirthYear != 0 && p.MergedInto == 0 {
			byYear[p.BirthYear] = append(byYear[p.BirthYear], i)
			forms[i] = nameForms(&p)
		}
	}
	var pairs []DuplicatePair
	for _, group := range byYear {
		for x, i := range group {
			for _, j := range group[x+1:] {
				if s, ok := bestMatch(forms[i], forms[j]); ok {
					pairs = append(pairs, DuplicatePair{A: people[i], B: people[j], Distance: s.Slips, Missing: s.Missing})
				}
			}
		}
	}
	slices.SortFunc(pairs, func(x, y DuplicatePair) int {
		return cmp.Or(cmp.Compare(x.Distance+x.Missing, y.Distance+y.Missing), cmp.Compare(x.A.SortName(), y.A.SortName()), cmp.Compare(x.A.ID, y.A.ID), cmp.Compare(x.B.ID, y.B.ID))
	})
	return pairs
}

// nameForms are the forms a person's name is compared by: the Cyrillic
// one with the patronymic (whose Latin forms names.Match reads by itself;
// a name without the patronymic matches it with one word missing) and the
// Latin one when it was typed by hand rather than transliterated.
func nameForms(p *tournament.Person) []names.Prepared {
	forms := []names.Prepared{names.Prepare(p.FullName())}
	system := cmp.Or(p.LatinSystem, names.ICAO)
	auto := p.LatinSurname == names.Transliterate(p.Surname, system) && p.LatinGivenNames == names.Transliterate(p.GivenNames, system)
	if latin := p.LatinName(); latin != "" && !auto {
		forms = append(forms, names.Prepare(latin))
	}
	return forms
}

// personsMatch compares two persons' names, each in Cyrillic and in
// Latin, and returns the closest match.
func personsMatch(a, b *tournament.Person) (names.Score, bool) {
	return bestMatch(nameForms(a), nameForms(b))
}

// bestMatch is the closest match of any of the names as to any of the
// others.
func bestMatch(as, bs []names.Prepared) (names.Score, bool) {
	var best names.Score
	found := false
	for _, a := range as {
		for _, b := range bs {
			if s, ok := a.Match(b); ok && (!found || s.Distance() < best.Distance()) {
				best, found = s, true
			}
		}
	}
	return best, found
}
