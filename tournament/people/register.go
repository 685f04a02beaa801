package people

import (
	"cmp"
	"context"
	"slices"
	"strconv"
	"strings"

	"adiukh/internal/names"
	"adiukh/tournament"
)

// federationIDBase starts the federation IDs the register assigns: the
// first person gets 100001, so every ID has six digits for a long time.
const federationIDBase = 100000

// CreatePerson adds a person to the register and assigns the federation
// ID.
func (s *Service) CreatePerson(ctx context.Context, in PersonInput) (*tournament.Person, error) {
	u, err := mayAddPeople(ctx)
	if err != nil {
		return nil, err
	}
	p := &tournament.Person{CreatedAt: s.now().UTC()}
	if err := in.apply(p, s.now().Year()); err != nil {
		return nil, err
	}
	err = s.store.Update(ctx, func(tx Tx) error {
		if !in.ConfirmSimilar {
			similar, err := similarPeople(tx, p)
			if err != nil {
				return err
			}
			if len(similar) > 0 {
				return similarConflict(p, similar)
			}
		}
		return s.createPerson(tx, u, p)
	})
	if err != nil {
		return nil, err
	}
	return p, nil
}

// similarPeople are the persons of the register a new person may be, as
// the matches of an event's players find them (names.Match), those born
// another year left out, closest first.
func similarPeople(tx RegisterTx, p *tournament.Person) ([]PersonCandidate, error) {
	forms := searchForms(p.Name())
	if len(forms) == 0 {
		return nil, nil
	}
	found, err := tx.SearchPeople([][]string{forms}, nil, 0, searchLimit)
	if err != nil {
		return nil, err
	}
	var out []PersonCandidate
	for _, other := range found {
		if s, ok := personsMatch(p, &other); ok {
			if c := candidate(other, s, p.BirthYear); !c.OtherBirthYear {
				out = append(out, c)
			}
		}
	}
	return rankCandidates(out), nil
}

// similarConflict refuses a new person who looks like persons of the
// register until it is confirmed, naming each of them.
func similarConflict(p *tournament.Person, similar []PersonCandidate) error {
	found := make([]*tournament.Error, len(similar))
	for i, c := range similar {
		found[i] = tournament.Conflict("confirm_similar", "%s looks like %s (federation ID %s), already in the register; check, then confirm to add the person all the same", p.Name(), c.Person.Name(), c.Person.FederationID)
	}
	first := *found[0]
	return tournament.Every(found, &first)
}

// createPerson stores a checked new person with their federation ID, in
// the register's audit log.
func (s *Service) createPerson(tx RegisterTx, u *tournament.User, p *tournament.Person) error {
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
func (s *Service) UpdatePerson(ctx context.Context, id int64, in PersonInput) (*tournament.Person, error) {
	u, err := mayEditPeople(ctx)
	if err != nil {
		return nil, err
	}
	var p *tournament.Person
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
	People []tournament.Person
	Page   int
	More   bool
	// What the reader may do: add people (administrators and arbiters),
	// change and merge them and see the duplicates (administrators).
	CanAdd, CanEdit bool
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
	for _, w := range strings.Fields(tournament.FoldName(query)) {
		if n, err := strconv.Atoi(w); err == nil {
			numbers = append(numbers, n)
			continue
		}
		// The word's Latin form finds a person written in Latin letters
		// only.
		words = append(words, slices.Compact([]string{w, tournament.FoldName(names.Transliterate(w, names.ICAO))}))
	}
	out := &PeoplePage{Query: query, Page: page, CanAdd: may(mayAddPeople(ctx)), CanEdit: may(mayEditPeople(ctx))}
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
	Person tournament.Person
	// MergedInto is the person this one was merged into; nil for a person
	// of the register.
	MergedInto *tournament.Person
	Events     []PersonEvent
	// Photo is the person's photo, without the picture; nil when none.
	// CanChangePhoto: the reader may upload or remove it.
	Photo          *PersonPhoto
	CanChangePhoto bool
	// CanEdit: the reader may change and merge the person
	// (administrators); CanDecide: the reader decides the requests to be
	// linked to a person (administrators and arbiters).
	CanEdit, CanDecide bool
	// Mine is the signed-in reader's own person (nil for none) and Claim
	// their latest request to be linked to one, which the page's "this is
	// me" depends on.
	Mine  *tournament.Person
	Claim *tournament.PersonClaim
	// Merges are the merges of the person that stand, each with whether
	// it can still be undone; for those who may edit the register.
	Merges []MergeView
}

// PersonEvent is an event a person played in, as that event's player.
type PersonEvent struct {
	Event  tournament.Event
	Player tournament.Player
}

// PersonPage reads a person with their events, and for a signed-in reader
// their own person and request, in one snapshot.
func (s *Service) PersonPage(ctx context.Context, id int64) (*PersonView, error) {
	v := &PersonView{CanEdit: may(mayEditPeople(ctx)), CanDecide: may(mayAddPeople(ctx))}
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
		if v.Photo, err = tx.PersonPhoto(id, false); tournament.ErrorCode(err) == tournament.ENOTFOUND {
			v.Photo = nil
		} else if err != nil {
			return err
		}
		if u := tournament.UserFromContext(ctx); u != nil {
			_, err := mayChangePhoto(ctx, tx, id)
			v.CanChangePhoto = err == nil
			if v.Mine, v.Claim, err = tournament.AccountPerson(tx, u.ID); err != nil {
				return err
			}
		}
		if v.CanEdit {
			if v.Merges, err = standingMerges(tx, id); err != nil {
				return err
			}
		}
		players, err := tx.PersonPlayers(id)
		if err != nil {
			return err
		}
		for _, pl := range players {
			e, err := tournament.Readable(ctx, tx, pl.EventID)
			if tournament.ErrorCode(err) == tournament.ENOTFOUND {
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

// PersonByFederationID finds the person of the register with that
// federation ID, for anyone (the register is public); a merged person's
// federation ID is not found. A missing one is EINVALID at person_id: it
// is what a form typed.
func (s *Service) PersonByFederationID(ctx context.Context, federationID string) (*tournament.Person, error) {
	var p *tournament.Person
	err := s.store.View(ctx, func(tx Tx) (err error) {
		p, err = tx.PersonByFederationID(federationID)
		return err
	})
	if tournament.ErrorCode(err) == tournament.ENOTFOUND {
		return nil, tournament.Invalid("person_id", "no person has the federation ID %s", strings.TrimSpace(federationID))
	}
	return p, err
}
