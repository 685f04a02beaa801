package tournament

import (
	"strings"
	"time"
	"unicode/utf8"
)

// The federation's register of people: one Person however many events they
// play in. The register assigns each a federation ID, shown on every
// document; event players link to a person, so that results and ratings
// follow the person from event to event.

// Person is one person of the register.
type Person struct {
	ID           int64
	FederationID string
	// Surname and GivenNames are in Cyrillic; LatinSurname and
	// LatinGivenNames their Latin form, transliterated by LatinSystem
	// (ICAO or GOST) unless typed by hand.
	Surname, GivenNames           string
	LatinSurname, LatinGivenNames string
	LatinSystem                   string
	Sex                           string // Men, Women or "" when not given
	BirthYear                     int
	Club, Region                  string
	// Rank is the sport rank or title, free text for now ("КМС", "мастер").
	Rank string
	// MergedInto is the person this one was merged into as a duplicate;
	// 0 for a person of the register.
	MergedInto int64
	CreatedAt  time.Time
}

// Name is how events and documents name the person: surname, then given
// names.
func (p Person) Name() string { return strings.TrimSpace(p.Surname + " " + p.GivenNames) }

// LatinName is the Latin form of Name.
func (p Person) LatinName() string {
	return strings.TrimSpace(p.LatinSurname + " " + p.LatinGivenNames)
}

// PersonInput creates or changes a person; a nil field stays as it is. The
// Latin forms follow the Cyrillic ones by LatinSystem unless given.
type PersonInput struct {
	Surname, GivenNames           *string
	LatinSurname, LatinGivenNames *string
	LatinSystem                   *string
	Sex                           *string
	BirthYear                     *int
	Club, Region, Rank            *string
}

// apply checks the input and changes p; every field's problem is named.
func (in PersonInput) apply(p *Person, thisYear int) error {
	var errs []error
	text := func(field string, v *string, limit int, required bool, out *string) {
		if v == nil {
			return
		}
		s := strings.Join(strings.Fields(*v), " ")
		switch {
		case required && s == "":
			errs = append(errs, Invalid(field, "is required"))
		case utf8.RuneCountInString(s) > limit:
			errs = append(errs, Invalid(field, "has at most %d characters; this one has %d", limit, utf8.RuneCountInString(s)))
		default:
			*out = s
		}
	}
	retransliterate := in.Surname != nil || in.GivenNames != nil || in.LatinSystem != nil
	text("surname", in.Surname, 60, true, &p.Surname)
	text("given_names", in.GivenNames, 80, true, &p.GivenNames)
	if in.LatinSystem != nil {
		switch *in.LatinSystem {
		case ICAO, GOST:
			p.LatinSystem = *in.LatinSystem
		default:
			errs = append(errs, Invalid("latin_system", "unknown transliteration %q; use \"icao\" or \"gost\"", *in.LatinSystem))
		}
	}
	if p.LatinSystem == "" {
		p.LatinSystem = ICAO
	}
	if retransliterate {
		p.LatinSurname, p.LatinGivenNames = Transliterate(p.Surname, p.LatinSystem), Transliterate(p.GivenNames, p.LatinSystem)
	}
	text("latin_surname", in.LatinSurname, 80, false, &p.LatinSurname)
	text("latin_given_names", in.LatinGivenNames, 100, false, &p.LatinGivenNames)
	if in.Sex != nil {
		switch sex := strings.ToLower(strings.TrimSpace(*in.Sex)); sex {
		case Men, Women, "":
			p.Sex = sex
		default:
			errs = append(errs, Invalid("sex", "unknown sex %q; use \"m\", \"f\" or nothing", *in.Sex))
		}
	}
	if in.BirthYear != nil {
		if y := *in.BirthYear; y != 0 && (y < 1900 || y > thisYear) {
			errs = append(errs, Invalid("birth_year", "%d is not a birth year", y))
		} else {
			p.BirthYear = y
		}
	}
	text("club", in.Club, 100, false, &p.Club)
	text("region", in.Region, 100, false, &p.Region)
	text("rank", in.Rank, 60, false, &p.Rank)
	if p.Surname == "" && len(errs) == 0 {
		errs = append(errs, Invalid("surname", "is required"))
	}
	if p.GivenNames == "" && len(errs) == 0 {
		errs = append(errs, Invalid("given_names", "is required"))
	}
	return joinInvalid(errs)
}

// PersonTx keeps the register.
type PersonTx interface {
	// CreatePerson stores a new person and sets its ID.
	CreatePerson(p *Person) error
	UpdatePerson(p *Person) error
	// Person reads one person; ENOTFOUND when none.
	Person(id int64) (*Person, error)
	// PersonByFederationID finds a person by federation ID, case
	// ignored; ENOTFOUND when none.
	PersonByFederationID(id string) (*Person, error)
	// SearchPeople finds the persons of the register (merged ones left
	// out) whose folded name or club holds, for every word, one of its
	// forms, and whose federation ID or birth year is each of the numbers,
	// by name; at most limit after offset.
	SearchPeople(words [][]string, numbers []int, offset, limit int) ([]Person, error)
	// PeopleBorn lists the register's persons by birth year, merged ones
	// left out, for the search of duplicates.
	PeopleBorn() ([]Person, error)
	// PersonPlayers lists the players linked to a person, in every event.
	PersonPlayers(personID int64) ([]Player, error)
	// MovePlayers links the players to another person.
	MovePlayers(playerIDs []int64, personID int64) error
	CreateMerge(m *Merge) error
	Merge(id int64) (*Merge, error)
	UpdateMerge(m *Merge) error
	// PublishedRating is the person's published rating in the list of the
	// discipline; 0 when they have none.
	PublishedRating(personID int64, d Discipline) (int, error)
	// Standings reads the person's published standings in the rating
	// lists, by list.
	Standings(personID int64) ([]Standing, error)
	// SetStandings makes these the person's standings, removing those of
	// the lists not among them.
	SetStandings(personID int64, standings []Standing) error
	// AddRegisterAudit appends to the register's audit log.
	AddRegisterAudit(a *RegisterAudit) error
}

// Merge is two persons found to be one: From's players moved to Into, From
// kept aside (MergedInto) so that the merge can be undone.
type Merge struct {
	ID       int64
	From     int64
	Into     int64
	Players  []int64 // the players moved, for the undo
	At       time.Time
	UserID   int64
	UndoneAt time.Time // zero while the merge stands
	// FromStandings and IntoStandings are the two persons' standings in
	// the rating lists before the merge, for the undo.
	FromStandings, IntoStandings []Standing
}

// Standing is a person's published standing in one rating list: the
// rating, the rated games, and whether the rating ever reached 2400 (then
// K is 10 for good).
type Standing struct {
	List    string `json:"list"`
	Rating  int    `json:"rating"`
	Games   int    `json:"games"`
	Reached bool   `json:"reached"`
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

// SameFolded reports whether two names are the same up to case, spacing
// and ё/е.
func SameFolded(a, b string) bool { return foldName(a) == foldName(b) }

// MatchesPerson reports whether a search finds the person: each word is
// part of the names in either script, or the federation ID.
func MatchesPerson(p *Person, query string) bool {
	names := foldName(strings.Join([]string{p.Surname, p.GivenNames, p.LatinSurname, p.LatinGivenNames}, " "))
	for _, w := range strings.Fields(foldName(query)) {
		if w != strings.ToLower(p.FederationID) && !strings.Contains(names, w) {
			return false
		}
	}
	return true
}
