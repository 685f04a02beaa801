package people

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"adiukh/internal/names"
	"adiukh/tournament"
)

// PersonInput creates or changes a person; a nil field stays as it is. The
// Latin forms follow the Cyrillic ones by LatinSystem unless given.
type PersonInput struct {
	Surname, GivenNames           *string
	LatinSurname, LatinGivenNames *string
	// Patronymic is optional: an empty one removes it.
	Patronymic         *string
	LatinSystem        *string
	Sex                *string
	BirthYear          *int
	Club, Region, Rank *string
	// Federation is the three letters of the person's federation, in any
	// case; an empty one removes it.
	Federation *string
	// Titles replace the person's sports ranks and titles, each of a game,
	// typed in any form tournament.ParseTitle reads.
	Titles *[]tournament.PersonTitle
	// ConfirmSimilar adds a new person who looks like one of the register
	// (SimilarPeople) all the same: two people may share a name.
	ConfirmSimilar bool
}

// apply checks the input and changes p; every field's problem is named.
func (in PersonInput) apply(p *tournament.Person, thisYear int) error {
	var errs []error
	text := func(field string, v *string, limit int, required bool, out *string) {
		if v == nil {
			return
		}
		s := strings.Join(strings.Fields(*v), " ")
		switch {
		case required && s == "":
			errs = append(errs, tournament.Invalid(field, "is required"))
		case utf8.RuneCountInString(s) > limit:
			errs = append(errs, tournament.Invalid(field, "has at most %d characters; this one has %d", limit, utf8.RuneCountInString(s)))
		default:
			*out = s
		}
	}
	retransliterate := in.Surname != nil || in.GivenNames != nil || in.LatinSystem != nil
	text("surname", in.Surname, 60, true, &p.Surname)
	text("given_names", in.GivenNames, 80, true, &p.GivenNames)
	text("patronymic", in.Patronymic, 60, false, &p.Patronymic)
	if in.LatinSystem != nil {
		switch *in.LatinSystem {
		case names.ICAO, names.GOST:
			p.LatinSystem = *in.LatinSystem
		default:
			errs = append(errs, tournament.Invalid("latin_system", "unknown transliteration %q; use \"icao\" or \"gost\"", *in.LatinSystem))
		}
	}
	if p.LatinSystem == "" {
		p.LatinSystem = names.ICAO
	}
	if retransliterate {
		p.LatinSurname, p.LatinGivenNames = names.Transliterate(p.Surname, p.LatinSystem), names.Transliterate(p.GivenNames, p.LatinSystem)
	}
	text("latin_surname", in.LatinSurname, 80, false, &p.LatinSurname)
	text("latin_given_names", in.LatinGivenNames, 100, false, &p.LatinGivenNames)
	if in.Sex != nil {
		switch sex := strings.ToLower(strings.TrimSpace(*in.Sex)); sex {
		case tournament.Men, tournament.Women, "":
			p.Sex = sex
		default:
			errs = append(errs, tournament.Invalid("sex", "unknown sex %q; use \"m\", \"f\" or nothing", *in.Sex))
		}
	}
	if in.BirthYear != nil {
		if y := *in.BirthYear; y != 0 && (y < 1900 || y > thisYear) {
			errs = append(errs, tournament.Invalid("birth_year", "%d is not a birth year", y))
		} else {
			p.BirthYear = y
		}
	}
	text("club", in.Club, 100, false, &p.Club)
	text("region", in.Region, 100, false, &p.Region)
	text("rank", in.Rank, 60, false, &p.Rank)
	if in.Federation != nil {
		if federation, err := tournament.ParseFederation("federation", *in.Federation); err != nil {
			errs = append(errs, err)
		} else {
			p.Federation = federation
		}
	}
	if in.Titles != nil {
		titles, err := checkTitles(*in.Titles, thisYear)
		errs = append(errs, err...)
		if err == nil {
			p.Titles = titles
		}
	}
	if p.Surname == "" && len(errs) == 0 {
		errs = append(errs, tournament.Invalid("surname", "is required"))
	}
	if p.GivenNames == "" && len(errs) == 0 {
		errs = append(errs, tournament.Invalid("given_names", "is required"))
	}
	return tournament.JoinInvalid(errs)
}

// RegisterTx keeps the register: its persons, merges, the persons'
// standings in the rating lists (which a merge moves) and its audit log.
// The reads the events need too are tournament.PersonTx.
type RegisterTx interface {
	// CreatePerson stores a new person and sets its ID.
	CreatePerson(p *tournament.Person) error
	UpdatePerson(p *tournament.Person) error
	// SearchPeople finds the persons of the register (merged ones left
	// out) whose folded name or club holds, for every word, one of its
	// forms, and whose federation ID or birth year is each of the numbers,
	// by name; at most limit after offset.
	SearchPeople(words [][]string, numbers []int, offset, limit int) ([]tournament.Person, error)
	// PeopleBorn lists the register's persons by birth year, merged ones
	// left out, for the search of duplicates.
	PeopleBorn() ([]tournament.Person, error)
	// MovePlayers links the players to another person.
	MovePlayers(playerIDs []int64, personID int64) error
	CreateMerge(m *Merge) error
	Merge(id int64) (*Merge, error)
	// StandingMerges lists the merges not undone that the person was
	// merged in or into, the latest first.
	StandingMerges(personID int64) ([]Merge, error)
	UpdateMerge(m *Merge) error
	// Standings reads the person's published standings in the rating
	// lists, by list.
	Standings(personID int64) ([]Standing, error)
	// SetStandings makes these the person's standings, removing those of
	// the lists not among them.
	SetStandings(personID int64, standings []Standing) error
	// AddRegisterAudit appends to the register's audit log.
	AddRegisterAudit(a *RegisterAudit) error
}

// RegisterAudit is one change to the register: persons created, changed,
// merged and unmerged, with who did it. Action is a key, Before and After
// the person as JSON.
type RegisterAudit struct {
	ID        int64
	At        time.Time
	UserID    int64
	UserEmail string
	Action    string
	PersonID  int64
	Before    string
	After     string
}

// Register audit actions; each has the catalogue entry "audit.<action>".
const (
	ActionPersonCreate  = "person.create"
	ActionPersonUpdate  = "person.update"
	ActionPersonMerge   = "person.merge"
	ActionPersonUnmerge = "person.unmerge"
)

// checkTitles reads a person's titles: each of a game, as its rule book
// writes it, awarded on a date (YYYY-MM-DD, not after this year) by a body
// of at most 100 characters; the same title twice in a game is a slip.
// Every title at fault is named by its place (titles[1].title); an entry
// with no title, date or body is none (a form's empty row).
func checkTitles(in []tournament.PersonTitle, thisYear int) ([]tournament.PersonTitle, []error) {
	var out []tournament.PersonTitle
	var errs []error
	for i, t := range in {
		if strings.TrimSpace(t.Title+t.Awarded+t.AwardedBy) == "" {
			continue
		}
		title, err := checkTitle(t, thisYear)
		if err == nil && slices.ContainsFunc(out, func(o tournament.PersonTitle) bool { return o.Game == title.Game && o.Title == title.Title }) {
			err = tournament.Invalid("title", "%s in %s is given twice", title.Title, title.Game)
		}
		if err != nil {
			var bad *tournament.Error
			if errors.As(err, &bad) {
				bad.Field = fmt.Sprintf("titles[%d].%s", i, bad.Field)
			}
			errs = append(errs, err)
			continue
		}
		out = append(out, title)
	}
	return out, errs
}

func checkTitle(t tournament.PersonTitle, thisYear int) (tournament.PersonTitle, error) {
	game, err := tournament.ParseGameKind(string(t.Game))
	if err != nil {
		return t, err
	}
	title, err := tournament.ParseTitle(game, t.Title)
	if err != nil {
		return t, err
	}
	if title == "" {
		return t, tournament.Invalid("title", "is required")
	}
	awarded := strings.TrimSpace(t.Awarded)
	if d, err := time.Parse(time.DateOnly, awarded); awarded != "" && (err != nil || d.Year() < 1900 || d.Year() > thisYear) {
		return t, tournament.Invalid("awarded", "%q is not a date of award: write it as 2024-05-17", t.Awarded)
	}
	body := strings.Join(strings.Fields(t.AwardedBy), " ")
	if n := utf8.RuneCountInString(body); n > 100 {
		return t, tournament.Invalid("awarded_by", "has at most %d characters; this one has %d", 100, n)
	}
	return tournament.PersonTitle{Game: game, Title: title, Awarded: awarded, AwardedBy: body}, nil
}
