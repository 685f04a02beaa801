package tournament

import (
	"cmp"
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
)

// federationIDBase starts the federation IDs the register assigns: the
// first person gets 100001, so every ID has six digits for a long time.
const federationIDBase = 100000

// mayAddPeople: administrators and arbiters add people to the register
// (an arbiter meets new players at registration).
func mayAddPeople(ctx context.Context) (*User, error) {
	u := UserFromContext(ctx)
	switch {
	case u == nil:
		return nil, Unauthorized("sign in to keep the register of people")
	case u.Role != Admin && u.Role != ArbiterRole:
		return nil, Forbidden("only administrators and arbiters add people to the register")
	}
	return u, nil
}

// mayEditPeople: the federation's administrators change, merge and unmerge
// persons.
func mayEditPeople(ctx context.Context) (*User, error) {
	u := UserFromContext(ctx)
	switch {
	case u == nil:
		return nil, Unauthorized("sign in to keep the register of people")
	case u.Role != Admin:
		return nil, Forbidden("only administrators change and merge the persons of the register")
	}
	return u, nil
}

func (s *Service) registerAudit(tx PersonTx, u *User, action string, personID int64, before, after any) error {
	a := &RegisterAudit{At: s.now().UTC(), UserID: u.ID, UserEmail: u.Email, Action: action, PersonID: personID}
	for _, v := range []struct {
		in  any
		out *string
	}{{before, &a.Before}, {after, &a.After}} {
		if v.in == nil {
			continue
		}
		b, err := json.Marshal(v.in)
		if err != nil {
			return err
		}
		*v.out = string(b)
	}
	return tx.AddRegisterAudit(a)
}

// CreatePerson adds a person to the register and assigns the federation
// ID.
func (s *Service) CreatePerson(ctx context.Context, in PersonInput) (*Person, error) {
	u, err := mayAddPeople(ctx)
	if err != nil {
		return nil, err
	}
	p := &Person{CreatedAt: s.now().UTC()}
	if err := in.apply(p, s.now().Year()); err != nil {
		return nil, err
	}
	err = s.store.Update(ctx, func(tx Tx) error { return s.createPerson(tx, u, p) })
	if err != nil {
		return nil, err
	}
	return p, nil
}

// createPerson stores a checked new person with their federation ID, in
// the register's audit log.
func (s *Service) createPerson(tx PersonTx, u *User, p *Person) error {
	if err := tx.CreatePerson(p); err != nil {
		return err
	}
	p.FederationID = strconv.FormatInt(federationIDBase+p.ID, 10)
	if err := tx.UpdatePerson(p); err != nil {
		return err
	}
	return s.registerAudit(tx, u, ActionPersonCreate, p.ID, nil, p)
}

// UpdatePerson changes a person of the register, for an administrator.
func (s *Service) UpdatePerson(ctx context.Context, id int64, in PersonInput) (*Person, error) {
	u, err := mayEditPeople(ctx)
	if err != nil {
		return nil, err
	}
	var p *Person
	err = s.store.Update(ctx, func(tx Tx) error {
		if p, err = tx.Person(id); err != nil {
			return err
		}
		before := *p
		if err := in.apply(p, s.now().Year()); err != nil {
			return err
		}
		if err := tx.UpdatePerson(p); err != nil {
			return err
		}
		return s.registerAudit(tx, u, ActionPersonUpdate, p.ID, before, p)
	})
	if err != nil {
		return nil, err
	}
	return p, nil
}

// PeoplePage is a page of the register's search.
type PeoplePage struct {
	Query  string
	People []Person
	Page   int
	More   bool
}

// peoplePerPage is how many persons a page of the register lists.
const peoplePerPage = 50

// People searches the register, for anyone: by the beginnings or parts of
// names or the club (Cyrillic or Latin, a Cyrillic word finding its Latin
// form too, case and ё/е ignored), federation ID or birth year; an empty
// query lists everyone by name.
func (s *Service) People(ctx context.Context, query string, page int) (*PeoplePage, error) {
	if page < 1 {
		page = 1
	}
	var words [][]string
	var numbers []int
	for _, w := range strings.Fields(foldName(query)) {
		if n, err := strconv.Atoi(w); err == nil {
			numbers = append(numbers, n)
			continue
		}
		// The word's Latin form finds a person written in Latin letters
		// only.
		words = append(words, slices.Compact([]string{w, foldName(Transliterate(w, ICAO))}))
	}
	out := &PeoplePage{Query: query, Page: page}
	err := s.store.View(ctx, func(tx Tx) (err error) {
		out.People, err = tx.SearchPeople(words, numbers, (page-1)*peoplePerPage, peoplePerPage+1)
		return err
	})
	if len(out.People) > peoplePerPage {
		out.People, out.More = out.People[:peoplePerPage], true
	}
	return out, err
}

// PersonView is a person's page: the person and the events they played in
// that the reader may see, newest first.
type PersonView struct {
	Person Person
	// MergedInto is the person this one was merged into; nil for a person
	// of the register.
	MergedInto *Person
	Events     []PersonEvent
	// Photo is the person's photo, without the picture; nil when none.
	// CanChangePhoto: the reader may upload or remove it.
	Photo          *PersonPhoto
	CanChangePhoto bool
}

// PersonEvent is an event a person played in, as that event's player.
type PersonEvent struct {
	Event  Event
	Player Player
}

// PersonPage reads a person with their events.
func (s *Service) PersonPage(ctx context.Context, id int64) (*PersonView, error) {
	v := &PersonView{}
	err := s.store.View(ctx, func(tx Tx) error {
		p, err := tx.Person(id)
		if err != nil {
			return err
		}
		v.Person = *p
		if p.MergedInto != 0 {
			if v.MergedInto, err = tx.Person(p.MergedInto); err != nil {
				return err
			}
		}
		if v.Photo, err = tx.PersonPhoto(id, false); ErrorCode(err) == ENOTFOUND {
			v.Photo = nil
		} else if err != nil {
			return err
		}
		if UserFromContext(ctx) != nil {
			_, err := mayChangePhoto(ctx, tx, id)
			v.CanChangePhoto = err == nil
		}
		players, err := tx.PersonPlayers(id)
		if err != nil {
			return err
		}
		for _, pl := range players {
			e, err := readable(ctx, tx, pl.EventID)
			if ErrorCode(err) == ENOTFOUND {
				continue
			}
			if err != nil {
				return err
			}
			v.Events = append(v.Events, PersonEvent{Event: *e, Player: pl})
		}
		slices.SortStableFunc(v.Events, func(a, b PersonEvent) int {
			return cmp.Or(cmp.Compare(b.Event.StartDate, a.Event.StartDate), cmp.Compare(b.Event.ID, a.Event.ID))
		})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return v, nil
}

// DuplicatePair is two persons who may be one: the same birth year and
// names that differ by at most a slip or two.
type DuplicatePair struct {
	A, B     Person
	Distance int
}

// Duplicates lists the register's likely duplicates for an administrator,
// closest first.
func (s *Service) Duplicates(ctx context.Context) ([]DuplicatePair, error) {
	if _, err := mayEditPeople(ctx); err != nil {
		return nil, err
	}
	var people []Person
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
func LikelyDuplicates(people []Person) []DuplicatePair {
	byYear := map[int][]Person{}
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
				d := min(editDistance(foldName(a.Name()), foldName(b.Name()), maxNameSlips),
					editDistance(foldName(Transliterate(a.Name(), ICAO)), foldName(Transliterate(b.Name(), ICAO)), maxNameSlips),
					editDistance(foldName(a.LatinName()), foldName(b.LatinName()), maxNameSlips))
				if d <= maxNameSlips {
					pairs = append(pairs, DuplicatePair{A: *a, B: *b, Distance: d})
				}
			}
		}
	}
	slices.SortFunc(pairs, func(x, y DuplicatePair) int {
		return cmp.Or(cmp.Compare(x.Distance, y.Distance), cmp.Compare(nameKey(x.A.Name()), nameKey(y.A.Name())), cmp.Compare(x.A.ID, y.A.ID), cmp.Compare(x.B.ID, y.B.ID))
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

// MergePeople merges the person from into the person into, for an
// administrator, in one transaction: every event player of from links to
// into, so do from's ratings (mergedStandings; the games rated before
// stay in from's history, which into's page shows), from stays aside as
// merged (its page points to into), and the merge is in the register's
// audit log. It returns the merge, which
// UndoMerge takes back.
func (s *Service) MergePeople(ctx context.Context, from, into int64) (*Merge, error) {
	u, err := mayEditPeople(ctx)
	if err != nil {
		return nil, err
	}
	if from == into {
		return nil, Invalid("into", "a person cannot be merged into themself")
	}
	m := &Merge{From: from, Into: into, At: s.now().UTC(), UserID: u.ID}
	err = s.store.Update(ctx, func(tx Tx) error {
		a, err := tx.Person(from)
		if err != nil {
			return err
		}
		b, err := tx.Person(into)
		if ErrorCode(err) == ENOTFOUND {
			return Invalid("into", "person %d not found", into)
		}
		if err != nil {
			return err
		}
		if a.MergedInto != 0 {
			return Conflict("", "person %d was merged into person %d already", a.ID, a.MergedInto)
		}
		if b.MergedInto != 0 {
			return Invalid("into", "person %d was merged into person %d; merge into that one", b.ID, b.MergedInto)
		}
		players, err := tx.PersonPlayers(from)
		if err != nil {
			return err
		}
		for _, p := range players {
			m.Players = append(m.Players, p.ID)
		}
		if err := tx.MovePlayers(m.Players, into); err != nil {
			return err
		}
		if m.FromStandings, err = tx.Standings(from); err != nil {
			return err
		}
		if m.IntoStandings, err = tx.Standings(into); err != nil {
			return err
		}
		standings := mergedStandings(m.IntoStandings, m.FromStandings)
		if len(m.FromStandings) > 0 {
			if err := tx.SetStandings(into, standings); err != nil {
				return err
			}
			if err := tx.SetStandings(from, nil); err != nil {
				return err
			}
		}
		before := *a
		a.MergedInto = into
		if err := tx.UpdatePerson(a); err != nil {
			return err
		}
		if err := tx.CreateMerge(m); err != nil {
			return err
		}
		return s.registerAudit(tx, u, ActionPersonMerge, from, before, map[string]any{"merge": m.ID, "into": into, "players": m.Players, "standings": standings})
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// mergedStandings are the standings of a person kept in a merge: in each
// list where only one of the two has a standing, that one; where both
// have, the rating of the one with more rated games (the kept person's on
// a tie), their games added up, and 2400 reached if either did.
func mergedStandings(into, from []Standing) []Standing {
	out := slices.Clone(into)
	for _, f := range from {
		i := slices.IndexFunc(out, func(s Standing) bool { return s.List == f.List })
		if i < 0 {
			out = append(out, f)
			continue
		}
		k := &out[i]
		if f.Games > k.Games {
			k.Rating = f.Rating
		}
		k.Games += f.Games
		k.Reached = k.Reached || f.Reached
	}
	return out
}

// sameStandings tells whether two persons' standings are the same, in
// whatever order of lists.
func sameStandings(a, b []Standing) bool {
	byList := func(x, y Standing) int { return cmp.Compare(x.List, y.List) }
	return slices.Equal(slices.SortedFunc(slices.Values(a), byList), slices.SortedFunc(slices.Values(b), byList))
}

// UndoMerge takes a merge back, for an administrator: the players it moved
// link to their person again, who is back in the register, and both
// persons' ratings are as before the merge. A merge that moved ratings is
// not undone once the kept person's ratings changed after it.
func (s *Service) UndoMerge(ctx context.Context, mergeID int64) error {
	u, err := mayEditPeople(ctx)
	if err != nil {
		return err
	}
	return s.store.Update(ctx, func(tx Tx) error {
		m, err := tx.Merge(mergeID)
		if err != nil {
			return err
		}
		if !m.UndoneAt.IsZero() {
			return Conflict("", "merge %d was undone already", m.ID)
		}
		if len(m.FromStandings) > 0 {
			now, err := tx.Standings(m.Into)
			if err != nil {
				return err
			}
			if !sameStandings(now, mergedStandings(m.IntoStandings, m.FromStandings)) {
				return Conflict("", "the ratings of person %d changed after the merge (a period was closed, or another merge moved ratings to them); the merge can no longer be undone", m.Into)
			}
			if err := tx.SetStandings(m.Into, m.IntoStandings); err != nil {
				return err
			}
			if err := tx.SetStandings(m.From, m.FromStandings); err != nil {
				return err
			}
		}
		if err := tx.MovePlayers(m.Players, m.From); err != nil {
			return err
		}
		p, err := tx.Person(m.From)
		if err != nil {
			return err
		}
		p.MergedInto = 0
		if err := tx.UpdatePerson(p); err != nil {
			return err
		}
		m.UndoneAt = s.now().UTC()
		if err := tx.UpdateMerge(m); err != nil {
			return err
		}
		return s.registerAudit(tx, u, ActionPersonUnmerge, m.From, map[string]any{"merge": m.ID, "into": m.Into}, p)
	})
}

// fromPerson prepares the input of a new player of event e who is the
// person of the register in.PersonID names (followed through a merge): the
// person's details fill what the input leaves out or empty, and their
// published rating of the event's list the rating, unless one is typed. A
// person plays once in an event. It returns the person's ID, 0 when the
// input names none.
func fromPerson(tx Tx, e *Event, in *PlayerInput) (int64, error) {
	if in.PersonID == nil || *in.PersonID == 0 {
		return 0, nil
	}
	person, err := personOf(tx, *in.PersonID)
	if err != nil {
		return 0, err
	}
	players, err := tx.PersonPlayers(person.ID)
	if err != nil {
		return 0, err
	}
	for _, p := range players {
		if p.EventID == e.ID {
			return 0, Conflict("person_id", "%s (%s) plays in this event already, as start number %d", person.Name(), person.FederationID, p.StartNo)
		}
	}
	personDetails(in, person)
	if in.Rating == nil {
		published, err := tx.PublishedRating(person.ID, e.Discipline)
		if err != nil {
			return 0, err
		}
		in.Rating = &published
	}
	return person.ID, nil
}

// personDetails fills a new player's details from their person, where the
// input leaves them out or empty.
func personDetails(in *PlayerInput, p *Person) {
	name := p.Name()
	fill := func(field **string, v string) {
		if (*field == nil || **field == "") && v != "" {
			*field = &v
		}
	}
	fill(&in.Name, name)
	fill(&in.Club, p.Club)
	fill(&in.City, p.Region)
	fill(&in.FederationID, p.FederationID)
	if in.BirthYear == nil && p.BirthYear != 0 {
		y := p.BirthYear
		in.BirthYear = &y
	}
}

// PersonByFederationID finds the person of the register with that
// federation ID, for anyone (the register is public); a merged person's
// federation ID is not found. A missing one is EINVALID at person_id: it
// is what a form typed.
func (s *Service) PersonByFederationID(ctx context.Context, federationID string) (*Person, error) {
	var p *Person
	err := s.store.View(ctx, func(tx Tx) (err error) {
		p, err = tx.PersonByFederationID(federationID)
		return err
	})
	if ErrorCode(err) == ENOTFOUND {
		return nil, Invalid("person_id", "no person has the federation ID %s", strings.TrimSpace(federationID))
	}
	return p, err
}

// personOf reads the person a player is to link to, following a merge.
func personOf(tx PersonTx, id int64) (*Person, error) {
	p, err := tx.Person(id)
	if ErrorCode(err) == ENOTFOUND {
		return nil, Invalid("person_id", "person %d not found in the register", id)
	}
	if err != nil {
		return nil, err
	}
	if p.MergedInto != 0 {
		return personOf(tx, p.MergedInto)
	}
	return p, nil
}
