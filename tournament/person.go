package tournament

import (
	"strings"
	"time"
)

// The federation's register of people: one Person however many events they
// play in. The register assigns each a federation ID, shown on every
// document; event players link to a person, so that results and ratings
// follow the person from event to event. Package people keeps the register
// (persons, merges, duplicates, photos, accounts linked to persons); what
// is here is what the events need of it: the person a player links to, the
// link itself, and the account's person an entry plays as.

// Sexes of the register's persons, and those an event's entries may be
// limited to.
const (
	Men   = "m"
	Women = "f"
)

// Person is one person of the register.
type Person struct {
	ID           int64
	FederationID string
	// Federation is the three letters of the federation the person plays
	// for (ParseFederation); "" when not known.
	Federation string
	// Surname and GivenNames are in Cyrillic; LatinSurname and
	// LatinGivenNames their Latin form, transliterated by LatinSystem
	// (ICAO or GOST) unless typed by hand.
	Surname, GivenNames           string
	LatinSurname, LatinGivenNames string
	LatinSystem                   string
	Sex                           string // Men, Women or "" when not given
	BirthYear                     int
	Club, Region                  string
	// Patronymic is the optional patronymic, in Cyrillic: lists and
	// documents name the person without it (Name), their own page with
	// it (FullName); the federation's Latin lists have none.
	Patronymic string
	// Titles are the sports ranks and titles the person holds, each in
	// one game, with the date and the body that gave it.
	Titles []PersonTitle
	// Rank is a rank written as free text before the register kept titles,
	// which no game's rule book reads ("мастер"): kept and shown as
	// unrecognised rather than lost, until the title is entered.
	Rank string
	// MergedInto is the person this one was merged into as a duplicate;
	// 0 for a person of the register.
	MergedInto int64
	CreatedAt  time.Time
}

// PersonTitle is a sports rank or title a person holds in a game, as the
// game's rule book writes it (ParseTitle), with the date it was awarded
// (YYYY-MM-DD; "" when not known) and the body that awarded it (AwardedBy).
type PersonTitle struct {
	Game      GameKind `json:"game"`
	Title     string   `json:"title"`
	Awarded   string   `json:"awarded,omitempty"`
	AwardedBy string   `json:"awarded_by,omitempty"`
}

// TitleIn is the highest title the person holds in the game, which a new
// player of the game's events takes; "" when none.
func (p Person) TitleIn(game GameKind) string {
	titles := game.Variant().Titles
	best := ""
	for _, t := range p.Titles {
		if t.Game.OrDefault() == game.OrDefault() && titles.Level(t.Title) > titles.Level(best) {
			best = t.Title
		}
	}
	return best
}

// Name is how events and documents name the person: surname, then given
// names.
func (p Person) Name() string { return strings.TrimSpace(p.Surname + " " + p.GivenNames) }

// FullName is the name with the patronymic, as the person's own page
// shows it and the register compares names.
func (p Person) FullName() string {
	return strings.TrimSpace(p.Name() + " " + p.Patronymic)
}

// LatinName is the Latin form of Name.
func (p Person) LatinName() string {
	return strings.TrimSpace(p.LatinSurname + " " + p.LatinGivenNames)
}

// SortName is the person's name as lists order it, as Player.SortName.
func (p Person) SortName() string { return nameKey(p.Name()) }

// PersonTx reads the register as the events need it: the person a player
// links to, their events and their rating. Package people writes it.
type PersonTx interface {
	// Person reads one person; ENOTFOUND when none.
	Person(id int64) (*Person, error)
	// PersonByFederationID finds a person by federation ID, case
	// ignored; ENOTFOUND when none.
	PersonByFederationID(id string) (*Person, error)
	// PersonPlayers lists the players linked to a person, in every event.
	PersonPlayers(personID int64) ([]Player, error)
	// PublishedRating is the person's published rating in the game's list
	// of the discipline; 0 when they have none.
	PublishedRating(personID int64, game GameKind, d Discipline) (int, error)
}

// SameFolded reports whether two names are the same up to case, spacing
// and ё/е.
func SameFolded(a, b string) bool { return FoldName(a) == FoldName(b) }

// FoldName folds a name as people read it: case, ё/е and the spaces
// between words do not matter. The register's searches compare names so.
func FoldName(s string) string {
	s = strings.ReplaceAll(strings.ToLower(s), "ё", "е")
	return strings.Join(strings.Fields(s), " ")
}

// PersonOf reads the person a player is to link to, following a merge.
func PersonOf(tx PersonTx, id int64) (*Person, error) {
	p, err := tx.Person(id)
	if ErrorCode(err) == ENOTFOUND {
		return nil, Invalid("person_id", "person %d not found in the register", id)
	}
	if err != nil {
		return nil, err
	}
	if p.MergedInto != 0 {
		return PersonOf(tx, p.MergedInto)
	}
	return p, nil
}

// A player's account is linked to their person of the register by a
// request that an administrator or an arbiter confirms (package people):
// never silently, since the link shows the person's ratings and events as
// the account holder's own. An entry of a linked account plays as the
// person; the account's page shows the person and the request.

// ClaimStatus is where a request for a person is.
type ClaimStatus string

const (
	ClaimPending   ClaimStatus = "pending"
	ClaimConfirmed ClaimStatus = "confirmed" // the account is the person's
	ClaimDeclined  ClaimStatus = "declined"
)

// PersonClaim is an account's request to be linked to a person.
type PersonClaim struct {
	ID        int64
	UserID    int64
	PersonID  int64
	Status    ClaimStatus
	Reason    string // why it was declined
	CreatedAt time.Time
	DecidedAt time.Time
	DecidedBy int64
}

// PersonClaimTx reads the requests; package people writes them.
type PersonClaimTx interface {
	// Claims lists the requests, oldest first, narrowed by what is given
	// (a zero value narrows nothing).
	Claims(status ClaimStatus, userID, personID int64) ([]PersonClaim, error)
}

// LinkedPerson is the person an account is linked to by a confirmed
// request; nil when none.
func LinkedPerson(tx interface {
	PersonTx
	PersonClaimTx
}, userID int64) (*Person, error) {
	claims, err := tx.Claims(ClaimConfirmed, userID, 0)
	if err != nil || len(claims) == 0 {
		return nil, err
	}
	return PersonOf(tx, claims[0].PersonID)
}

// AccountPerson is an account's person and its latest request: the person
// when linked, the request while it waits or after a decline.
func AccountPerson(tx interface {
	PersonTx
	PersonClaimTx
}, userID int64) (*Person, *PersonClaim, error) {
	claims, err := tx.Claims("", userID, 0)
	if err != nil || len(claims) == 0 {
		return nil, nil, err
	}
	var p *Person
	for _, c := range claims {
		if c.Status == ClaimConfirmed {
			if p, err = PersonOf(tx, c.PersonID); err != nil {
				return nil, nil, err
			}
		}
	}
	return p, &claims[len(claims)-1], nil
}
