package correspondence

import (
	"context"
	"strings"
	"time"

	"adiukh/rules"
	"adiukh/tournament"
)

// DecisionInput is an arbiter's result for a game: a game in adjudication,
// a running game, or a correction of a finished one (reversing a loss on
// time, say). The reason is required and logged.
type DecisionInput struct {
	GameID    int64
	Score     string
	EndReason string
	Reason    string
}

// Decide records the arbiter's result for a game, in the points of the
// event's game (24:0, 17:7 in Adiukh; 2:0, 1:1 in Russian draughts).
func (s *Service) Decide(ctx context.Context, in DecisionInput) (*View, error) {
	reason := strings.TrimSpace(in.Reason)
	if reason == "" {
		return nil, tournament.Invalid("reason", "an arbiter's decision needs its reason")
	}
	var view *View
	err := s.update(ctx, func(tx Tx) error {
		p, err := s.load(ctx, tx, in.GameID, true)
		if err != nil {
			return err
		}
		res, err := p.e.ParseResult(in.Score, in.EndReason)
		if err != nil {
			return err
		}
		if res.EndReason.IsBye() || res.EndReason == tournament.DoubleForfeit || res.EndReason == tournament.BothFlags {
			return tournament.Invalid("end_reason", "a correspondence game cannot end by %s", res.EndReason)
		}
		// The decision a finished game has, sent again, is nothing changed,
		// as at every door of a result: no new end, notice or audit entry.
		change := tournament.ResultFirst
		if p.g.Status == Finished && p.g.Result != nil {
			if change, err = tournament.DecideResult(tournament.ResultEntry{Event: p.e, Round: p.g.Round, Board: p.g.Board, Old: p.g.Result, New: res, Reason: reason}); err != nil {
				return err
			}
		}
		if change != tournament.ResultUnchanged {
			if err := s.finish(tx, p, p.user, res, ActionDecision, reason); err != nil {
				return err
			}
		}
		views, err := s.views(tx, []Game{*p.g}, p.e)
		if err != nil {
			return err
		}
		view = &views[0]
		return nil
	})
	s.changed(in.GameID)
	return view, err
}

// ReopenInput sends a finished or adjudicated game back into play: the
// arbiter reverses a loss on time, or lets play go on after reviewing a
// repetition. The side to move gets Days for its move, or Seconds in a
// live game (0 there resumes an adjourned game with the time it had).
type ReopenInput struct {
	GameID  int64
	Days    int
	Seconds int
	Reason  string
}

// maxGivenSeconds bounds the time an arbiter gives in a live game at once.
const maxGivenSeconds = 3 * 60 * 60

// Reopen takes the game's result back and restarts the clock of the side
// to move.
func (s *Service) Reopen(ctx context.Context, in ReopenInput) (*View, error) {
	reason := strings.TrimSpace(in.Reason)
	if reason == "" {
		return nil, tournament.Invalid("reason", "reopening a game needs its reason")
	}
	var view *View
	err := s.update(ctx, func(tx Tx) error {
		p, err := s.load(ctx, tx, in.GameID, true)
		if err != nil {
			return err
		}
		g := p.g
		if g.Status == Running {
			return tournament.Conflict("", "game %d is being played; there is nothing to reopen", g.ID)
		}
		if g.MatchGame != 0 && g.Status == Finished {
			return tournament.Conflict("", "game %d is a finished game of a knockout match played on the site: the match has counted it and may have started its next game, so it cannot be reopened or corrected yet", g.ID)
		}
		moves, err := tx.Moves(g.ID)
		if err != nil {
			return err
		}
		state, err := stateOf(p.e, p.st, g, moves)
		if err != nil {
			return err
		}
		switch out := state.Outcome(); {
		case out.Over && out.Reason == rules.EndFinalPosition:
			return tournament.Conflict("", "game %d stands in a final position (%s has no legal move): there is nothing to play; record a decision to change its result", g.ID, g.ToMove)
		case out.Over:
			return tournament.Conflict("", "game %d was drawn by the rules (%s): there is nothing to play; record a decision to change its result", g.ID, out.Detail)
		}
		var bank time.Duration
		switch {
		case g.Live && (in.Seconds < 0 || in.Seconds > maxGivenSeconds || in.Seconds == 0 && g.Status != Adjudication):
			return tournament.Invalid("seconds", "give the side to move 1 to %d seconds; got %d", maxGivenSeconds, in.Seconds)
		case g.Live:
			bank = time.Duration(in.Seconds) * time.Second
		case in.Days < 1 || in.Days > 365:
			return tournament.Invalid("days", "give the side to move 1 to 365 days; got %d", in.Days)
		default:
			bank = time.Duration(in.Days) * Day
		}
		if g.Status == Adjudication {
			// The server stopped the clocks, the player's time did not run
			// out: the side to move keeps what it had left then, when that
			// is more than the days given.
			stopped := later(g.EndedAt, g.TurnStart)
			bank = max(bank, g.Bank[g.ToMove]-Charged(g.TurnStart, stopped, leavePeriods(p.leaves, g.PlayerID(g.ToMove))))
		}
		before := gameLog(g)
		if adjourned(g) {
			// The no-show time stood still with the clocks.
			if stood := s.now().Sub(later(g.EndedAt, g.StartedAt)); stood > 0 {
				g.Stopped += stood
			}
		}
		if g.Result != nil {
			if err := setRoundResult(tx, g, nil); err != nil {
				return err
			}
		}
		g.Status, g.Result, g.Note, g.EndedAt = Running, nil, "", time.Time{}
		g.RepetitionFrom = g.Ply
		g.Bank[g.ToMove] = bank
		startTurn(g, p.st, p.leaves, s.now().UTC())
		if g.Live {
			g.Deadline = liveCheck(g, clockOf(p.e, g), s.now())
		}
		if err := tx.SaveGame(g); err != nil {
			return err
		}
		if err := s.notifyPlayer(tx, g, g.PlayerID(g.ToMove), YourMove, gameArgs(p.e, g, p.players)...); err != nil {
			return err
		}
		if err := tournament.Audit(tx, s.now(), p.user, p.e.ID, ActionReopen, gameSubject(g), before, gameLog(g), reason); err != nil {
			return err
		}
		views, err := s.views(tx, []Game{*g}, p.e)
		if err != nil {
			return err
		}
		view = &views[0]
		return nil
	})
	s.changed(in.GameID)
	return view, err
}

// AdjournInput stops a running game's clocks for the arbiter (a player's
// connection lost, a dispute), with the reason the audit log keeps.
type AdjournInput struct {
	GameID int64
	Reason string
}

// Adjourn stops a running game's clocks and hands it to the arbiter, who
// resumes it (Reopen) with the time each side had, or decides it.
func (s *Service) Adjourn(ctx context.Context, in AdjournInput) (*View, error) {
	reason := strings.TrimSpace(in.Reason)
	if reason == "" {
		return nil, tournament.Invalid("reason", "adjourning a game needs its reason")
	}
	return s.onGame(ctx, in.GameID, true, func(tx Tx, p *play) error {
		return s.toAdjudication(tx, p, p.user, ActionAdjourn, tournament.Note("note.game.adjourned", reason))
	})
}

// GiveTimeInput adds time to one side's clock of a running live game.
type GiveTimeInput struct {
	GameID  int64
	Side    rules.Color
	Seconds int
	Reason  string
}

// GiveTime adds time to a side's clock of a running live game, for the
// arbiter (a disturbance, a fault of the site), with the reason the audit
// log keeps.
func (s *Service) GiveTime(ctx context.Context, in GiveTimeInput) (*View, error) {
	reason := strings.TrimSpace(in.Reason)
	switch {
	case in.Seconds < 1 || in.Seconds > maxGivenSeconds:
		return nil, tournament.Invalid("seconds", "give 1 to %d seconds; got %d", maxGivenSeconds, in.Seconds)
	case reason == "":
		return nil, tournament.Invalid("reason", "giving time needs its reason")
	}
	return s.onGame(ctx, in.GameID, true, func(tx Tx, p *play) error {
		if !p.g.Live {
			return tournament.Invalid("seconds", "game %d is played by correspondence; reopen it or grant leave instead", p.g.ID)
		}
		before := gameLog(p.g)
		p.g.Bank[in.Side] += time.Duration(in.Seconds) * time.Second
		p.g.Deadline = liveCheck(p.g, clockOf(p.e, p.g), s.now())
		if err := tx.SaveGame(p.g); err != nil {
			return err
		}
		return tournament.Audit(tx, s.now(), p.user, p.e.ID, ActionGiveTime, gameSubject(p.g), before,
			map[string]any{"side": in.Side.String(), "seconds": in.Seconds}, reason)
	})
}
