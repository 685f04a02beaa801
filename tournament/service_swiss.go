package tournament

import (
	"context"
	"fmt"
	"strings"
)

// ActionPlayerBye records a requested bye, or one taken back.
const ActionPlayerBye = "player.bye"

// RequestBye records that a player of a Swiss event sits out round n with a
// requested half- or zero-point bye; an empty kind takes the request back.
// The pairing of round n leaves the player out and enters the bye.
func (s *Service) RequestBye(ctx context.Context, eventID, playerID int64, n int, kind ByeKind, reason string) (*Player, error) {
	var player *Player
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if e.System != Swiss {
			return Invalid("system", "requested byes belong to Swiss events; %s is %s", e.Name, e.System)
		}
		if e.Discipline.IsTeam() {
			return Invalid("discipline", "requested byes belong to individual events; in a team event a player sits out a round when the team's line-up leaves him out")
		}
		// A finished event has no round left to pair, so none to ask a
		// bye for: reopening is the advice that applies.
		if err := e.TableOpen("round"); err != nil {
			return err
		}
		switch kind {
		case HalfByeRequest, ZeroByeRequest, "":
		default:
			return Invalid("kind", "unknown bye %q; use \"half\", \"zero\" or \"\" to take the request back", kind)
		}
		rounds, err := tx.Rounds(eventID)
		if err != nil {
			return err
		}
		if kind != "" && (n <= len(rounds) || (e.Rounds > 0 && n > e.Rounds)) {
			return Invalid("round", "a bye can be requested for a round not yet paired (%d to %d); got %d", len(rounds)+1, e.Rounds, n)
		}
		players, err := tx.Players(eventID)
		if err != nil {
			return err
		}
		if player = findPlayer(players, playerID); player == nil {
			return NotFound("player %d of event %d not found", playerID, eventID)
		}
		if kind != "" && !player.PlaysIn(n) {
			return Conflict("round", "%s does not play in round %d (withdrawn or entering later)", player.Name, n)
		}
		before := *player
		player.ByeRound, player.ByeKind = n, kind
		if kind == "" {
			player.ByeRound = 0
		}
		if err := tx.UpdatePlayer(player); err != nil {
			return err
		}
		return Audit(tx, s.now(), u, eventID, ActionPlayerBye, fmt.Sprintf("player %d", player.StartNo), before, player, reason)
	})
	return player, err
}

// pairedBoards are the boards the pairing system made: games and the
// pairing-allocated bye, without requested byes.
func pairedBoards(r *Round) []Pairing {
	var out []Pairing
	for _, g := range r.Games {
		if g.Result != nil && (g.Result.EndReason == HalfPointBye || g.Result.EndReason == ZeroPointBye) {
			continue
		}
		out = append(out, Pairing{WhiteID: g.WhiteID, BlackID: g.BlackID})
	}
	return out
}

// PairingCards explains the boards of round n of a Swiss event: floats and
// colour reasons, from the data the pairing engine used.
func (s *Service) PairingCards(ctx context.Context, eventID int64, n int) ([]PairingCard, error) {
	var cards []PairingCard
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if e.System != Swiss {
			return Invalid("system", "pairing cards explain Swiss pairings; %s is %s", e.Name, e.System)
		}
		all, err := tx.Rounds(eventID)
		if err != nil {
			return err
		}
		rounds := visibleRounds(UserFromContext(ctx), e, all)
		r, err := findRound(rounds, eventID, n)
		if err != nil {
			return err
		}
		players, err := tx.Players(eventID)
		if err != nil {
			return err
		}
		cards, err = s.pairingCards(e, players, all, r)
		return err
	})
	return cards, err
}

// pairingCards explains round r of a Swiss event from the stored rounds
// before it.
func (s *Service) pairingCards(e *Event, players []Player, stored []Round, r *Round) ([]PairingCard, error) {
	if s.swiss.Explain == nil {
		return nil, Invalid("system", "pairing cards are not available in this version of adiukh")
	}
	return s.swiss.Explain(PairingInput{Event: e, Players: players, Rounds: stored[:r.Number-1], Round: r.Number}, pairedBoards(r))
}

// linkToRegister links the fresh players of an event to the persons of
// the register their federation IDs name (LinkPeople), no person twice in
// the event (existing are its other players), and gives each linked player
// without a rating the register's rating in the event's list: as at the
// desk, it orders the start list unless one is typed.
func linkToRegister(tx Tx, e *Event, existing, fresh []Player) error {
	taken := map[int64]bool{}
	for _, players := range [][]Player{existing, fresh} {
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
func LinkPeople(tx PersonTx, players []Player, taken map[int64]bool) error {
	for i := range players {
		p := &players[i]
		if p.FederationID == "" || p.PersonID != 0 {
			continue
		}
		person, err := tx.PersonByFederationID(p.FederationID)
		if ErrorCode(err) == ENOTFOUND {
			continue
		}
		if err != nil {
			return err
		}
		if surname, _, _ := strings.Cut(FoldName(p.Name), " "); surname == FoldName(person.Surname) && !taken[person.ID] {
			p.PersonID = person.ID
			taken[person.ID] = true
		}
	}
	return nil
}
