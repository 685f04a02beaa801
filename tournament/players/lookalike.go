package players

import (
	"strings"

	"adiukh/internal/names"
	"adiukh/tournament"
)

// Who may be registered twice: a newcomer checked against the event's
// players (at the desk, and in a pasted list through Lookalike), and how
// names compare as people read them.

// RegistrationOpen says why the event e, with paired rounds paired, takes
// no more players, or nil: the desk's rule, which a pasted list (package
// entries) obeys too.
func RegistrationOpen(e *tournament.Event, paired int) error {
	switch {
	case e.Status == tournament.Finished:
		return e.TableOpen("")
	case e.Discipline.IsTeam():
		return tournament.Invalid("discipline", "the players of a team event are registered with their team's roster")
	case paired > 0 && e.System.IsRoundRobin():
		return tournament.Conflict("", "a round robin cannot take a late entry once round 1 is paired: the Berger table is fixed by the number of players")
	}
	return nil
}

// notRegisteredYet refuses a newcomer who looks like a registered player,
// until the arbiter confirms it.
func notRegisteredYet(tx tournament.PlayerTx, p *tournament.Player) error {
	found, err := tx.Lookalikes(p)
	if err != nil {
		return err
	}
	if q := lookalike(found, p); q != nil {
		return tournament.Conflict("confirm_duplicates", "%s looks like %s, already registered with start number %d; check, then confirm to register the player all the same", p.Name, q.p.Name, q.p.StartNo)
	}
	return nil
}

type match struct {
	p     *tournament.Player
	index int
	field string // what they share: "name" or "federation_id"
}

// Lookalike finds the first of players who may be p, as the desk warns of
// a newcomer: the same federation ID, the same name up to case and ё/е,
// or, unless both have federation IDs, a name that may be p's as the
// register reads names. It returns the player's index and what they share
// ("federation_id" or "name"); -1 when none.
func Lookalike(players []tournament.Player, p *tournament.Player) (int, string) {
	if q := lookalike(players, p); q != nil {
		return q.index, q.field
	}
	return -1, ""
}

// lookalike finds the first of players with p's federation ID, p's name
// up to case and ё/е, or, unless both have federation IDs (which tell
// them apart), a name that may be p's as the register reads names
// (names.Match: the words in any order, ё = е, a missing patronymic, a
// slip in a word, Cyrillic or Latin).
func lookalike(players []tournament.Player, p *tournament.Player) *match {
	for i := range players {
		q := &players[i]
		switch {
		case p.FederationID != "" && strings.EqualFold(p.FederationID, q.FederationID):
			return &match{q, i, "federation_id"}
		case tournament.SameFolded(p.Name, q.Name):
			return &match{q, i, "name"}
		}
		if _, ok := names.Match(p.Name, q.Name); ok && (p.FederationID == "" || q.FederationID == "") {
			return &match{q, i, "name"}
		}
	}
	return nil
}

// SamePerson reports whether two players are one person: linked to the
// same person of the register, the same federation ID, or, unless both
// have federation IDs (then namesakes are told apart by them), the same
// name. A person plays once in an event, and for one team.
func SamePerson(a, b *tournament.Player) bool {
	if a.PersonID != 0 && a.PersonID == b.PersonID {
		return true
	}
	if a.FederationID != "" && b.FederationID != "" {
		return strings.EqualFold(a.FederationID, b.FederationID)
	}
	return tournament.SameFolded(a.Name, b.Name)
}
