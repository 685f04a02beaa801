package people

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"adiukh/tournament"
)

// ActionPlayerPerson is the audit action of a player linked to a person of
// the register, or unlinked.
const ActionPlayerPerson = "player.person"

// linkWriter is the part of a transaction that links an event's player to
// the register, in the event's audit log.
type linkWriter interface {
	UpdatePlayer(p *tournament.Player) error
	tournament.AuditWriter
}

// linkPerson links p, one of the event's players, to person (nil unlinks),
// in the event's audit log: the player takes the person's federation ID
// and the details the player lacks (birth year, club, region as city, the
// highest title in the event's game); the name stays as registered, since
// the event's documents already show it, unless it is the person's very
// words in another order («Аслан Хуажев» for «Хуажев Аслан»), which the
// player then takes in the register's order, surname first, as its lists
// are sorted (issue 60). A person plays once in an event.
func linkPerson(tx linkWriter, at time.Time, u *tournament.User, game tournament.GameKind, players []tournament.Player, p *tournament.Player, person *tournament.Person) error {
	before := *p
	if person == nil {
		p.PersonID = 0
	} else {
		for _, other := range players {
			if other.PersonID == person.ID && other.ID != p.ID {
				return tournament.Conflict("person_id", "%s (%s) plays in this event already, as start number %d", person.Name(), person.FederationID, other.StartNo)
			}
		}
		p.PersonID, p.FederationID = person.ID, person.FederationID
		if reordered(p.Name, person.Name()) {
			p.Name = person.Name()
		}
		p.BirthYear = cmp.Or(p.BirthYear, person.BirthYear)
		p.Club = cmp.Or(p.Club, person.Club)
		p.City = cmp.Or(p.City, person.Region)
		p.Federation = cmp.Or(p.Federation, person.Federation)
		p.Title = cmp.Or(p.Title, person.TitleIn(game))
	}
	if err := tx.UpdatePlayer(p); err != nil {
		return err
	}
	return tournament.Audit(tx, at, u, p.EventID, ActionPlayerPerson, fmt.Sprintf("player %d", p.ID), before, p, "")
}

// reordered reports whether name is other's words, up to case and ё/е, in
// another order.
func reordered(name, other string) bool {
	words, others := strings.Fields(tournament.FoldName(name)), strings.Fields(tournament.FoldName(other))
	if slices.Equal(words, others) {
		return false
	}
	slices.Sort(words)
	slices.Sort(others)
	return slices.Equal(words, others)
}
