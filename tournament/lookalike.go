package tournament

import (
	"strings"

	"adiukh/internal/names"
)

// Who may be registered twice: a newcomer checked against the event's
// players (at the desk, and in a pasted list through Lookalike), and how
// names compare as people read them.

// registrationOpen says why an event takes no more players, or nil.
func registrationOpen(e *Event, paired int) error {
	switch {
	case e.Status == Finished:
		return e.TableOpen("")
	case e.Discipline.IsTeam():
		return Invalid("discipline", "the players of a team event are registered with their team's roster")
	case paired > 0 && e.System.IsRoundRobin():
		return Conflict("", "a round robin cannot take a late entry once round 1 is paired: the Berger table is fixed by the number of players")
	}
	return nil
}

// notRegisteredYet refuses a newcomer who looks like a registered player,
// until the arbiter confirms it.
func notRegisteredYet(tx PlayerTx, p *Player) error {
	found, err := tx.Lookalikes(p)
	if err != nil {
		return err
	}
	if q := lookalike(found, p); q != nil {
		return Conflict("confirm_duplicates", "%s looks like %s, already registered with start number %d; check, then confirm to register the player all the same", p.Name, q.p.Name, q.p.StartNo)
	}
	return nil
}

type match struct {
	p     *Player
	index int
	field string // what they share: "name" or "federation_id"
}

// lookalike finds the first of players with p's federation ID, p's name
// up to case and ё/е, or, unless both have federation IDs (which tell
// them apart), a name that may be p's as the register reads names
// (names.Match: the words in any order, ё = е, a missing patronymic, a
// slip in a word, Cyrillic or Latin).
func lookalike(players []Player, p *Player) *match {
	for i := range players {
		q := &players[i]
		switch {
		case p.FederationID != "" && strings.EqualFold(p.FederationID, q.FederationID):
			return &match{q, i, "federation_id"}
		case sameName(p.Name, q.Name):
			return &match{q, i, "name"}
		}
		if _, ok := names.Match(p.Name, q.Name); ok && (p.FederationID == "" || q.FederationID == "") {
			return &match{q, i, "name"}
		}
	}
	return nil
}

// sameName compares names as people read them: case, ё/е and the spaces
// between words do not matter.
func sameName(a, b string) bool {
	return FoldName(a) == FoldName(b)
}

// FoldName folds a name as people read it: case, ё/е and the spaces
// between words do not matter. The register's searches compare names so.
func FoldName(s string) string {
	s = strings.ReplaceAll(strings.ToLower(s), "ё", "е")
	return strings.Join(strings.Fields(s), " ")
}

// samePerson reports whether two entries are one person: linked to the
// same person of the register, the same federation ID, or, unless both
// have federation IDs (then namesakes are told apart by them), the same
// name.
func samePerson(a, b *Player) bool {
	if a.PersonID != 0 && a.PersonID == b.PersonID {
		return true
	}
	if a.FederationID != "" && b.FederationID != "" {
		return strings.EqualFold(a.FederationID, b.FederationID)
	}
	return sameName(a.Name, b.Name)
}
