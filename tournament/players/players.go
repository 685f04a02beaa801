// Package players is how players come to an event at the desk and leave
// it: a player registered one by one (RegisterPlayer: numbered by rating
// before round 1, a late entry after it, a lookalike of a registered
// player only when confirmed), their details, start number and withdrawal
// changed (UpdatePlayer), a player removed before round 1 (RemovePlayer),
// the start list numbered by rating again (RenumberPlayers). The other
// areas enter and take out players through its writers, so that a player
// is registered one way whoever registers them: an accepted entry
// (AdmitPlayer), a pasted list (AdmitPlayers), a player's own withdrawal
// (LeaveEvent, WithdrawPlayer), a team's roster (FromPerson,
// LinkToRegister), a TRF import (LinkPeople). It knows no HTTP and no SQL.
package players

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"adiukh/tournament"
)

// Service runs the players' use cases in the events' store, with their
// clock. The signed-in user comes from the context, as for
// tournament.Service.
type Service struct {
	events *tournament.Service
}

// NewService returns the service of the events' players.
func NewService(events *tournament.Service) *Service {
	return &Service{events: events}
}

// RegisterPlayer enters a player. A player who looks registered already
// (the same name up to case and ё/е, or the same federation ID) is only
// entered when the input confirms it, as a pasted list is
// (entries.Service.RegisterPlayers). Before round 1 start numbers follow rating,
// then name, unless the arbiter numbers by hand (then the newcomer comes
// last). Once rounds are paired, a Swiss event takes late entries from the
// next round on, with the next free start number; a round robin cannot,
// because its Berger table is fixed by the number of players.
func (s *Service) RegisterPlayer(ctx context.Context, eventID int64, in tournament.PlayerInput) (*tournament.Player, error) {
	if in.Name == nil && (in.PersonID == nil || *in.PersonID == 0) {
		return nil, tournament.Invalid("name", "is required")
	}
	if in.WithdrawFromRound != nil && *in.WithdrawFromRound != 0 {
		return nil, tournament.Invalid("withdraw_from_round", "a new player cannot be withdrawn; register, then withdraw")
	}
	var p *tournament.Player
	err := s.events.Store().Update(ctx, func(tx tournament.Tx) error {
		e, u, err := tournament.Manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		p, err = registerPlayer(tx, s.events.Now(), e, u, in)
		return err
	})
	return p, err
}

// registerPlayer is RegisterPlayer inside a transaction that has locked the
// event e, which u may manage; an accepted entry registers its player
// through it too (AdmitPlayer).
func registerPlayer(tx tournament.Tx, now time.Time, e *tournament.Event, u *tournament.User, in tournament.PlayerInput) (*tournament.Player, error) {
	eventID := e.ID
	paired, err := tx.CountRounds(eventID)
	if err != nil {
		return nil, err
	}
	if err := RegistrationOpen(e, paired); err != nil {
		return nil, err
	}
	registered, err := tx.CountPlayers(eventID)
	if err != nil {
		return nil, err
	}
	p := &tournament.Player{EventID: eventID, FirstRound: paired + 1, StartNo: registered + 1}
	// The register's rating of the event's list orders the Swiss start
	// list, unless the arbiter types another.
	if p.PersonID, err = FromPerson(tx, e, &in); err != nil {
		return nil, err
	}
	if err := ApplyDetails(in, p, e.Game); err != nil {
		return nil, err
	}
	if !in.ConfirmDuplicate {
		if err := notRegisteredYet(tx, p); err != nil {
			return nil, err
		}
	}
	switch {
	case in.StartNo != nil:
		if err := tx.CreatePlayer(p); err != nil {
			return nil, err
		}
		players, err := tx.Players(eventID)
		if err != nil {
			return nil, err
		}
		if err := moveStartNo(tx, e, players, p.ID, *in.StartNo, paired); err != nil {
			return nil, err
		}
		p = tournament.FindPlayer(players, p.ID)
	case paired == 0 && !e.ManualStartNumbers:
		// The newcomer takes his place in the order by rating and
		// the players after him move down one: a few rows written
		// instead of the whole field read and renumbered, so that
		// registering a big open one by one stays linear.
		before, err := tx.CountNumberedBefore(p)
		if err != nil {
			return nil, err
		}
		p.StartNo = before + 1
		if err := tx.ShiftStartNumbers(eventID, p.StartNo); err != nil {
			return nil, err
		}
		if err := tx.CreatePlayer(p); err != nil {
			return nil, err
		}
	default:
		if err := tx.CreatePlayer(p); err != nil {
			return nil, err
		}
	}
	return p, tournament.Audit(tx, now, u, eventID, tournament.ActionPlayerCreate, fmt.Sprintf("player %d", p.ID), nil, p, "")
}

// UpdatePlayer changes a player's details, start number (by hand, before
// round 1) or withdrawal. A withdrawal takes effect from a round not yet
// paired; 0 takes it back while that round is not paired. A withdrawal
// and its undoing need a reason.
func (s *Service) UpdatePlayer(ctx context.Context, eventID, playerID int64, in tournament.PlayerInput, reason string) (*tournament.Player, error) {
	var p *tournament.Player
	err := s.events.Store().Update(ctx, func(tx tournament.Tx) error {
		e, u, err := tournament.Manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		p, err = updatePlayer(tx, s.events.Now(), e, u, playerID, in, reason)
		return err
	})
	return p, err
}

// updatePlayer is UpdatePlayer inside a transaction that has locked the
// event e, which u may manage; the confirmation of a player's own request
// to withdraw goes through it too (WithdrawPlayer).
func updatePlayer(tx tournament.Tx, now time.Time, e *tournament.Event, u *tournament.User, playerID int64, in tournament.PlayerInput, reason string) (*tournament.Player, error) {
	eventID := e.ID
	players, err := tx.Players(eventID)
	if err != nil {
		return nil, err
	}
	rounds, err := tx.Rounds(eventID)
	if err != nil {
		return nil, err
	}
	p := tournament.FindPlayer(players, playerID)
	if p == nil {
		return nil, tournament.NotFound("player %d not found in event %d", playerID, eventID)
	}
	before := *p
	if err := ApplyDetails(in, p, e.Game); err != nil {
		return nil, err
	}
	if p.Rating != before.Rating {
		// The rating orders the start list and counts in the tie-breaks
		// of the opponents' ratings.
		if err := e.TableOpen("rating"); err != nil {
			return nil, err
		}
	}
	action := tournament.ActionPlayerUpdate
	if in.WithdrawFromRound != nil && *in.WithdrawFromRound != p.WithdrawnFrom {
		if err := e.TableOpen("withdraw_from_round"); err != nil {
			return nil, err
		}
		if action, err = withdraw(e, p, *in.WithdrawFromRound, rounds, reason); err != nil {
			return nil, err
		}
	}
	if err := tx.UpdatePlayer(p); err != nil {
		return nil, err
	}
	switch {
	case in.StartNo != nil && *in.StartNo != before.StartNo:
		if err := moveStartNo(tx, e, players, p.ID, *in.StartNo, len(rounds)); err != nil {
			return nil, err
		}
	case len(rounds) == 0 && !e.ManualStartNumbers && (p.Rating != before.Rating || p.SortName() != before.SortName()):
		// Before round 1 the numbers follow rating and name, and
		// a newcomer is placed in that order: keep it.
		if err := renumber(tx, players); err != nil {
			return nil, err
		}
	}
	return p, tournament.Audit(tx, now, u, eventID, action, fmt.Sprintf("player %d", p.ID), before, p, reason)
}

// withdraw sets the round a player is withdrawn from (0 takes the
// withdrawal back) and returns the audit action. Both need a reason, and
// neither may change a round already paired: a withdrawal starts with the
// next round to pair, and is taken back only while its round is unpaired.
func withdraw(e *tournament.Event, p *tournament.Player, n int, rounds []tournament.Round, reason string) (string, error) {
	paired := len(rounds)
	switch {
	case n != 0 && n == paired && rounds[n-1].Status == tournament.Draft && !e.StartsAtOnce():
		// A draft has no results to forfeit: it is paired again without
		// the player instead.
		return "", tournament.Conflict("withdraw_from_round", "round %d is a draft, paired with %s: delete the draft, withdraw the player from round %d and pair it again", n, p.Name, n)
	case n != 0 && e.StartsAtOnce() && paired > 0:
		return "", tournament.Conflict("withdraw_from_round", "every game of a correspondence section runs at once; withdraw %s from the event (POST /events/%d/players/%d/withdraw), choosing what becomes of the unfinished games", p.Name, e.ID, p.ID)
	case n < 0 || (e.Rounds > 0 && n > e.Rounds):
		return "", tournament.Invalid("withdraw_from_round", "round %d does not exist; the event has %d rounds", n, e.Rounds)
	case n == 0 && p.WithdrawnFrom <= paired:
		return "", tournament.Conflict("withdraw_from_round", "round %d was paired without the player; the withdrawal can no longer be taken back", p.WithdrawnFrom)
	case n != 0 && n <= paired:
		return "", tournament.Conflict("withdraw_from_round", "round %d is already paired; withdraw from round %d, and enter the game of round %d as a forfeit", n, paired+1, n)
	case n != 0 && n < p.FirstRound:
		return "", tournament.Invalid("withdraw_from_round", "the player only enters in round %d", p.FirstRound)
	case strings.TrimSpace(reason) == "" && n == 0:
		return "", tournament.Invalid("reason", "say why the withdrawal of %s is taken back; the audit log keeps it", p.Name)
	case strings.TrimSpace(reason) == "":
		return "", tournament.Invalid("reason", "say why %s is withdrawn; the audit log keeps it", p.Name)
	}
	p.WithdrawnFrom = n
	if n == 0 {
		return tournament.ActionPlayerReinstate, nil
	}
	return tournament.ActionPlayerWithdraw, nil
}

// RemovePlayer takes a player out of an event before round 1 (a player who
// leaves later is withdrawn instead, so that the games stay), for a reason
// the audit log keeps. The others close the gap in the start numbers.
func (s *Service) RemovePlayer(ctx context.Context, eventID, playerID int64, reason string) error {
	return s.events.Store().Update(ctx, func(tx tournament.Tx) error {
		e, u, err := tournament.Manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		players, p, err := removable(tx, e, playerID)
		if err != nil {
			return err
		}
		if strings.TrimSpace(reason) == "" {
			return tournament.Invalid("reason", "say why %s is removed; the audit log keeps it", p.Name)
		}
		return removePlayer(tx, s.events.Now(), e, u, players, p, reason)
	})
}

// removable reads the players of the event e, not yet paired, and the one
// to remove. A finished event's table is refused first: withdrawing, the
// advice for an event under way, does not apply to it.
func removable(tx tournament.Tx, e *tournament.Event, playerID int64) ([]tournament.Player, *tournament.Player, error) {
	if err := e.TableOpen(""); err != nil {
		return nil, nil, err
	}
	eventID := e.ID
	paired, err := tx.CountRounds(eventID)
	if err != nil {
		return nil, nil, err
	}
	if paired > 0 {
		return nil, nil, tournament.Conflict("", "round 1 is paired; withdraw the player instead of removing them")
	}
	players, err := tx.Players(eventID)
	if err != nil {
		return nil, nil, err
	}
	p := tournament.FindPlayer(players, playerID)
	if p == nil {
		return nil, nil, tournament.NotFound("player %d not found in event %d", playerID, eventID)
	}
	return players, p, nil
}

// removePlayer deletes the player p of the event e, whose players are
// players, and closes the gap in the start numbers; u is who removes it.
func removePlayer(tx tournament.Tx, now time.Time, e *tournament.Event, u *tournament.User, players []tournament.Player, p *tournament.Player, reason string) error {
	if err := tx.DeletePlayer(p); err != nil {
		return err
	}
	removed := *p
	rest := slices.DeleteFunc(players, func(q tournament.Player) bool { return q.ID == removed.ID })
	if e.ManualStartNumbers {
		for i := range rest {
			if rest[i].StartNo > removed.StartNo {
				rest[i].StartNo--
				if err := tx.UpdatePlayer(&rest[i]); err != nil {
					return err
				}
			}
		}
	} else if err := renumber(tx, rest); err != nil {
		return err
	}
	return tournament.Audit(tx, now, u, e.ID, tournament.ActionPlayerDelete, fmt.Sprintf("player %d", removed.ID), removed, nil, reason)
}

// moveStartNo gives a player a start number by hand; the player holding it
// takes the old one. Start numbers are fixed once round 1 is paired, as the
// pairings refer to them.
func moveStartNo(tx interface {
	tournament.EventTx
	tournament.PlayerTx
}, e *tournament.Event, players []tournament.Player, playerID int64, no, pairedRounds int) error {
	if pairedRounds > 0 {
		return tournament.Conflict("start_no", "start numbers are fixed once round 1 is paired")
	}
	if no < 1 || no > len(players) {
		return tournament.Invalid("start_no", "start numbers run from 1 to %d; got %d", len(players), no)
	}
	p := tournament.FindPlayer(players, playerID)
	for i := range players {
		if players[i].StartNo == no && players[i].ID != playerID {
			players[i].StartNo = p.StartNo
			if err := tx.UpdatePlayer(&players[i]); err != nil {
				return err
			}
		}
	}
	p.StartNo = no
	if err := tx.UpdatePlayer(p); err != nil {
		return err
	}
	if !e.ManualStartNumbers {
		e.ManualStartNumbers = true
		return tx.UpdateEvent(e)
	}
	return nil
}

// RenumberPlayers gives start numbers by rating, then name, and returns to
// automatic numbering. Only before round 1.
func (s *Service) RenumberPlayers(ctx context.Context, eventID int64) ([]tournament.Player, error) {
	var players []tournament.Player
	err := s.events.Store().Update(ctx, func(tx tournament.Tx) error {
		e, u, err := tournament.Manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		rounds, err := tx.Rounds(eventID)
		if err != nil {
			return err
		}
		if len(rounds) > 0 {
			return tournament.Conflict("start_no", "start numbers are fixed once round 1 is paired")
		}
		if players, err = tx.Players(eventID); err != nil {
			return err
		}
		before := numbering(players)
		if err := renumber(tx, players); err != nil {
			return err
		}
		if e.ManualStartNumbers {
			e.ManualStartNumbers = false
			if err := tx.UpdateEvent(e); err != nil {
				return err
			}
		}
		slices.SortFunc(players, func(a, b tournament.Player) int { return a.StartNo - b.StartNo })
		return tournament.Audit(tx, s.events.Now(), u, eventID, tournament.ActionPlayerRenumber, "start numbers", before, numbering(players), "")
	})
	return players, err
}

// renumber stores start numbers by rating, then name, writing only the
// players whose number changes.
func renumber(tx tournament.PlayerTx, players []tournament.Player) error {
	old := map[int64]int{}
	for _, p := range players {
		old[p.ID] = p.StartNo
	}
	numberByRating(players)
	for i := range players {
		if players[i].StartNo == old[players[i].ID] {
			continue
		}
		if err := tx.UpdatePlayer(&players[i]); err != nil {
			return err
		}
	}
	return nil
}

// numberByRating gives start numbers 1…n by rating, highest first, then by
// name in alphabetical order.
func numberByRating(players []tournament.Player) {
	slices.SortStableFunc(players, func(a, b tournament.Player) int {
		if c := cmp.Compare(b.Rating, a.Rating); c != 0 {
			return c
		}
		if c := cmp.Compare(a.SortName(), b.SortName()); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	for i := range players {
		players[i].StartNo = i + 1
	}
}

// numbering maps start numbers to names for the audit log.
func numbering(players []tournament.Player) map[int]string {
	m := make(map[int]string, len(players))
	for _, p := range players {
		m[p.StartNo] = p.Name
	}
	return m
}
