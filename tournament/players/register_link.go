package players

import (
	"strings"

	"adiukh/tournament"
)

// LinkToRegister links the fresh players of event e to the persons of
// the register their federation IDs name (LinkPeople), no person twice in
// the event (existing are its other players), and gives each linked player
// without a rating the register's rating in the event's list: as at the
// desk, it orders the start list unless one is typed.
func LinkToRegister(tx tournament.Tx, e *tournament.Event, existing, fresh []tournament.Player) error {
	taken := map[int64]bool{}
	for _, players := range [][]tournament.Player{existing, fresh} {
		for _, p := range players {
			if p.PersonID != 0 {
				taken[p.PersonID] = true
			}
		}
	}
	if err := LinkPeople(tx, fresh, taken); err != nil {
		return err
	}
	for i := range fresh {
		if p := &fresh[i]; p.PersonID != 0 && p.Rating == 0 {
			var err error
			if p.Rating, err = tx.PublishedRating(p.PersonID, e.Game, e.Discipline); err != nil {
				return err
			}
		}
	}
	return nil
}

// LinkPeople links the players coming in (a TRF import, package
// interchange; a pasted list) to the persons of the register with their federation ID, when the surnames
// agree too: a file written by another system may carry other IDs
// (FIDE's) that happen to be ours. A person is linked once in an event:
// taken are the persons linked already. The others are offered to the
// arbiter with the register's likely matches (RegisterMatches).
func LinkPeople(tx tournament.PersonTx, players []tournament.Player, taken map[int64]bool) error {
	for i := range players {
		p := &players[i]
		if p.FederationID == "" || p.PersonID != 0 {
			continue
		}
		person, err := tx.PersonByFederationID(p.FederationID)
		if tournament.ErrorCode(err) == tournament.ENOTFOUND {
			continue
		}
		if err != nil {
			return err
		}
		if surname, _, _ := strings.Cut(tournament.FoldName(p.Name), " "); surname == tournament.FoldName(person.Surname) && !taken[person.ID] {
			p.PersonID = person.ID
			taken[person.ID] = true
		}
	}
	return nil
}
