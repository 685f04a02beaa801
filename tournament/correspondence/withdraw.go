package correspondence

import (
	"context"
	"fmt"
	"strings"

	"adiukh/rules"
	"adiukh/tournament"
)

// ActionWithdrawal ends (or stops) one game of a player withdrawn from a
// running section; the withdrawal itself is logged as
// tournament.ActionPlayerWithdraw.
const ActionWithdrawal = "correspondence.withdrawal"

// What becomes of a withdrawn player's unfinished games. The arbiter
// chooses, as ICCF practice depends on the withdrawal (see
// docs/correspondence.md, "Withdrawal"): a player who stops playing loses
// the games; the games of an accepted withdrawal late in the event are
// adjudicated on their positions.
const (
	// WithdrawalLoses: the withdrawn player loses every unfinished game,
	// 24:0 to the opponent — a forfeit when the player never moved in it,
	// a loss by the arbiter's decision (§5.4) when they did.
	WithdrawalLoses = "lose"
	// WithdrawalAdjudicates: the running games stop and wait for the
	// arbiter's adjudication; the arbiter then decides each on its position.
	WithdrawalAdjudicates = "adjudicate"
)

// WithdrawInput withdraws a player from a running section.
type WithdrawInput struct {
	EventID  int64
	PlayerID int64
	// Games is WithdrawalLoses or WithdrawalAdjudicates.
	Games  string
	Reason string
}

// Withdrawal is what a withdrawal did.
type Withdrawal struct {
	Player tournament.Player
	// Ended are the games that ended: lost by the player, or on time when
	// a clock had already run out.
	Ended []Game
	// Adjudication are the games that wait for the arbiter.
	Adjudication []Game
	// Stood is the number of the player's games already finished, which
	// stand.
	Stood int
}

// Withdraw withdraws a player from a section whose games are being played,
// in one transaction: the player is marked withdrawn from the event (from
// round 1: every round of a section is played at once, so the player plays
// in none any more), and each unfinished game ends as the arbiter chose —
// the clocks stop, both players hear of it as of any game's end, the result
// goes into the round and so the standings and the crosstable. A game whose
// clock had already run out before the withdrawal is lost on time by the
// side that overstepped, as the sweep would have recorded it; finished games
// stand. The reason goes into the audit log with the withdrawal and the
// choice.
func (s *Service) Withdraw(ctx context.Context, in WithdrawInput) (*Withdrawal, error) {
	reason := strings.TrimSpace(in.Reason)
	if in.Games != WithdrawalLoses && in.Games != WithdrawalAdjudicates {
		return nil, tournament.Invalid("games", "choose what becomes of the withdrawn player's unfinished games: %q (the opponents win) or %q (the arbiter adjudicates them)", WithdrawalLoses, WithdrawalAdjudicates)
	}
	var out *Withdrawal
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := manageable(ctx, tx, in.EventID)
		if err != nil {
			return err
		}
		if err := correspondenceOnly(e); err != nil {
			return err
		}
		switch e.Status {
		case tournament.Registration:
			return tournament.Conflict("", "the event's games have not started; remove the player instead of withdrawing them")
		case tournament.Finished:
			return e.TableOpen("")
		}
		players, err := tx.Players(e.ID)
		if err != nil {
			return err
		}
		var p *tournament.Player
		for i := range players {
			if players[i].ID == in.PlayerID {
				p = &players[i]
			}
		}
		switch {
		case p == nil:
			return tournament.NotFound("player %d of event %d not found", in.PlayerID, e.ID)
		case p.WithdrawnFrom != 0:
			return tournament.Conflict("", "%s is already withdrawn", p.Name)
		case reason == "":
			return tournament.Invalid("reason", "say why %s is withdrawn; the audit log keeps it", p.Name)
		}
		before := *p
		p.WithdrawnFrom = 1
		if err := tx.UpdatePlayer(p); err != nil {
			return err
		}
		if err := tournament.Audit(tx, s.now(), u, e.ID, tournament.ActionPlayerWithdraw, fmt.Sprintf("player %d", p.ID), before,
			map[string]any{"player": p, "games": in.Games}, reason); err != nil {
			return err
		}
		st, leaves, games, err := clockState(tx, e.ID)
		if err != nil {
			return err
		}
		out = &Withdrawal{Player: *p}
		now := s.now().UTC()
		note := tournament.Note("note.game.withdrawn", p.Name)
		for _, peek := range games {
			side, ok := peek.SideOf(p.ID)
			switch {
			case !ok:
				continue
			case peek.Status == Finished:
				out.Stood++
				continue
			}
			g, err := tx.LockGame(peek.ID)
			if err != nil {
				return err
			}
			pl := &play{e: e, g: g, st: st, leaves: leaves, players: players, user: u}
			// A clock that ran out before the withdrawal (or the event's end
			// date) decided the game already; the sweep had not got to it.
			if ended, err := s.expire(tx, pl, now); err != nil {
				return err
			} else if ended {
				if g.Status == Finished {
					out.Ended = append(out.Ended, *g)
				} else {
					out.Adjudication = append(out.Adjudication, *g)
				}
				continue
			}
			switch {
			case in.Games == WithdrawalLoses:
				if err := s.finish(tx, pl, u, withdrawalLoss(e.Game, g, side), ActionWithdrawal, note); err != nil {
					return err
				}
				out.Ended = append(out.Ended, *g)
			case g.Status == Running:
				if err := s.toAdjudication(tx, pl, u, ActionWithdrawal, note); err != nil {
					return err
				}
				out.Adjudication = append(out.Adjudication, *g)
			default: // waiting for adjudication already
				out.Adjudication = append(out.Adjudication, *g)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// withdrawalLoss is the result of a game the player of side loses by
// withdrawing: 24:0 (2:0 in Russian draughts) to the opponent, a forfeit
// when the player never moved in it (they did not play it), otherwise a
// loss by the arbiter's decision.
func withdrawalLoss(k tournament.GameKind, g *Game, side rules.Color) tournament.Result {
	reason := tournament.ArbiterLoss
	if movesOf(side, g.FirstSide(), g.Ply) == 0 {
		reason = tournament.Forfeit
	}
	return k.Win(side.Opponent(), reason)
}
