package correspondence

import (
	"context"
	"time"

	"adiukh/tournament"
)

// WarnBefore is how long before a deadline the side to move is told its
// time is running out.
const WarnBefore = 2 * Day

// SweepReport counts what one sweep did.
type SweepReport struct {
	TimedOut    int // games lost on time
	Adjudicated int // games sent to adjudication at the event's end
	Warned      int // players told their time is running out
}

// Expire applies the deadlines as they stand at time at: a running game
// whose side to move has run out of time is lost by it (0:24 or 24:0); a
// game still running after its event's end date goes to adjudication; a
// player with under two days left is warned once per move. Each game is
// handled in its own transaction under the event's and the game's lock and
// re-checked there, so the sweep is idempotent and several servers may run
// it at once: what one has done, the other finds done.
func (s *Service) Expire(ctx context.Context, at time.Time) (SweepReport, error) {
	var rep SweepReport
	var due, past, soon []Game
	err := s.store.View(ctx, func(tx Tx) (err error) {
		if due, err = tx.DueGames(at.Add(WarnBefore)); err != nil {
			return err
		}
		past, err = tx.GamesPastEndDate(at.UTC().Format(time.DateOnly))
		return err
	})
	if err != nil {
		return rep, err
	}
	seen := map[int64]bool{}
	for _, g := range append(past, due...) {
		if seen[g.ID] {
			continue
		}
		seen[g.ID] = true
		if g.Deadline.After(at) && !inPast(past, g.ID) {
			if g.WarnedPly != g.Ply+1 {
				soon = append(soon, g)
			}
			continue
		}
		err := s.store.Update(ctx, func(tx Tx) error {
			p, err := loadGame(tx, g.ID)
			if err != nil {
				return err
			}
			ended, err := s.expire(tx, p, at)
			switch {
			case err != nil || !ended:
				return err
			case p.g.Status == Adjudication:
				rep.Adjudicated++
			default:
				rep.TimedOut++
			}
			return nil
		})
		if err != nil {
			return rep, err
		}
	}
	for _, g := range soon {
		err := s.store.Update(ctx, func(tx Tx) error {
			p, err := loadGame(tx, g.ID)
			if err != nil {
				return err
			}
			warned, err := s.warn(tx, p, at)
			if warned {
				rep.Warned++
			}
			return err
		})
		if err != nil {
			return rep, err
		}
	}
	return rep, nil
}

func inPast(games []Game, id int64) bool {
	for _, g := range games {
		if g.ID == id {
			return true
		}
	}
	return false
}

// warn tells the side to move, once per move, that under WarnBefore is
// left.
func (s *Service) warn(tx Tx, p *play, at time.Time) (bool, error) {
	g := p.g
	if g.Live || g.Status != Running || g.WarnedPly == g.Ply+1 {
		return false, nil
	}
	deadline := deadlineOf(g, p.st, p.leaves)
	left := deadline.Sub(at)
	if left <= 0 || left > WarnBefore {
		return false, nil
	}
	g.WarnedPly = g.Ply + 1
	if err := tx.SaveGame(g); err != nil {
		return false, err
	}
	args := append(gameArgs(p.e, g, p.players), leftArg(left))
	return true, s.notifyPlayer(tx, g, g.PlayerID(g.ToMove), TimeShort, args...)
}

// Inbox lists the signed-in user's notifications, newest first.
func (s *Service) Inbox(ctx context.Context, limit int) ([]Notification, error) {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return nil, tournament.Unauthorized("sign in to read your notifications")
	}
	var out []Notification
	err := s.store.View(ctx, func(tx Tx) (err error) {
		out, err = tx.Inbox(u.ID, limit)
		return err
	})
	return out, err
}

// MarkRead marks the signed-in user's notifications read.
func (s *Service) MarkRead(ctx context.Context, ids []int64) error {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return tournament.Unauthorized("sign in to read your notifications")
	}
	return s.store.Update(ctx, func(tx Tx) error { return tx.MarkRead(u.ID, ids) })
}
