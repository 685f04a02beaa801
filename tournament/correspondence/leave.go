package correspondence

import (
	"context"
	"fmt"
	"strings"
	"time"

	"adiukh/tournament"
)

// LeaveInput books leave for a player of an event.
type LeaveInput struct {
	EventID  int64
	PlayerID int64
	From     string // YYYY-MM-DD
	To       string // YYYY-MM-DD, inclusive
	Reason   string
}

// RequestLeave books leave: by the player (within the event's allowance,
// from today on) or by the arbiter (any days, beyond the allowance too).
// The player's clocks stand still on those days in all their games of the
// event.
func (s *Service) RequestLeave(ctx context.Context, in LeaveInput) (*Leave, error) {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return nil, tournament.Unauthorized("sign in (an API token) to book leave")
	}
	from, err := time.Parse(time.DateOnly, strings.TrimSpace(in.From))
	if err != nil {
		return nil, tournament.Invalid("from", "%q is not a date; write YYYY-MM-DD", in.From)
	}
	to, err := time.Parse(time.DateOnly, strings.TrimSpace(in.To))
	if err != nil {
		return nil, tournament.Invalid("to", "%q is not a date; write YYYY-MM-DD", in.To)
	}
	if to.Before(from) {
		return nil, tournament.Invalid("to", "the leave ends (%s) before it starts (%s)", in.To, in.From)
	}
	var leave *Leave
	err = s.store.Update(ctx, func(tx Tx) error {
		e, err := section(tx, in.EventID)
		if err != nil {
			return err
		}
		if err := correspondenceOnly(e); err != nil {
			return err
		}
		if _, err := readable(ctx, tx, in.EventID); err != nil {
			return err
		}
		p, err := findPlayer(tx, in.EventID, in.PlayerID)
		if err != nil {
			return err
		}
		arbiter := tournament.CanManage(u, e)
		if !arbiter {
			own, err := playsFor(tx, u, p)
			if err != nil {
				return err
			}
			if !own {
				return tournament.Forbidden("only %s or the event's arbiter may book leave for %s", p.Name, p.Name)
			}
		}
		l := &Leave{EventID: e.ID, PlayerID: p.ID, From: from.Format(time.DateOnly), To: to.Format(time.DateOnly),
			ByArbiter: arbiter, UserID: u.ID, Reason: strings.TrimSpace(in.Reason), CreatedAt: s.now().UTC()}
		if err := s.checkLeave(tx, e, p, l); err != nil {
			return err
		}
		if err := tx.AddLeave(l); err != nil {
			return err
		}
		if err := s.refreshDeadlines(tx, e, p.ID); err != nil {
			return err
		}
		if err := s.notifyPlayer(tx, &Game{EventID: e.ID}, p.ID, LeaveStarts, e.Name, l.From, l.To); err != nil {
			return err
		}
		leave = l
		return tournament.Audit(tx, s.now(), u, e.ID, ActionLeave, fmt.Sprintf("player %d (%s)", p.StartNo, p.Name), nil, l, l.Reason)
	})
	return leave, err
}

// playsFor reports whether u is the account that plays for p.
func playsFor(tx Tx, u *tournament.User, p *tournament.Player) (bool, error) {
	accounts, err := tx.PlayerAccounts(p.EventID)
	if err != nil {
		return false, err
	}
	a, ok := accounts[p.ID]
	return ok && a.ID == u.ID, nil
}

// checkLeave applies the rules of leave: a player books from today on,
// within the allowance; leave never overlaps other leave of the player.
func (s *Service) checkLeave(tx Tx, e *tournament.Event, p *tournament.Player, l *Leave) error {
	if e.Status == tournament.Finished {
		return tournament.Conflict("", "the event is finished")
	}
	leaves, err := tx.Leaves(e.ID)
	if err != nil {
		return err
	}
	taken := 0
	for _, other := range leaves {
		if other.PlayerID != p.ID {
			continue
		}
		if other.From <= l.To && l.From <= other.To {
			return tournament.Conflict("from", "%s already has leave from %s to %s", p.Name, other.From, other.To)
		}
		taken += other.Days()
	}
	if l.ByArbiter {
		return nil
	}
	if today := s.now().UTC().Format(time.DateOnly); l.From < today {
		return tournament.Invalid("from", "leave is booked ahead: it cannot start before today (%s); the arbiter can grant earlier days", today)
	}
	st, err := tx.Settings(e.ID)
	if err != nil {
		return err
	}
	if taken+l.Days() > st.LeaveDays {
		return tournament.Invalid("to", "the leave lasts %d days, and %s has %d of the event's %d days of leave left; the arbiter can grant more", l.Days(), p.Name, max(st.LeaveDays-taken, 0), st.LeaveDays)
	}
	return nil
}

// Leaves lists the leave booked in an event. Its dates are public, as the
// clocks they stop are; why a player takes leave (an illness, a family
// matter) is seen only by the player and the event's arbiters.
func (s *Service) Leaves(ctx context.Context, eventID int64) ([]Leave, error) {
	var leaves []Leave
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if leaves, err = tx.Leaves(eventID); err != nil {
			return err
		}
		u := tournament.UserFromContext(ctx)
		if tournament.CanManage(u, e) {
			return nil
		}
		linked, err := tx.PlayerAccounts(eventID)
		if err != nil {
			return err
		}
		for i := range leaves {
			if own, ok := linked[leaves[i].PlayerID]; !ok || u == nil || own.ID != u.ID {
				leaves[i].Reason = ""
			}
		}
		return nil
	})
	return leaves, err
}

// CancelLeave removes leave that has not begun (the player's own, or any by
// the arbiter).
func (s *Service) CancelLeave(ctx context.Context, eventID, leaveID int64) error {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return tournament.Unauthorized("sign in (an API token) to cancel leave")
	}
	return s.store.Update(ctx, func(tx Tx) error {
		e, err := section(tx, eventID)
		if err != nil {
			return err
		}
		leaves, err := tx.Leaves(eventID)
		if err != nil {
			return err
		}
		var l *Leave
		for i := range leaves {
			if leaves[i].ID == leaveID {
				l = &leaves[i]
			}
		}
		if l == nil || !tournament.CanRead(u, e) {
			return tournament.NotFound("leave %d of event %d not found", leaveID, eventID)
		}
		p, err := findPlayer(tx, eventID, l.PlayerID)
		if err != nil {
			return err
		}
		if !tournament.CanManage(u, e) {
			own, err := playsFor(tx, u, p)
			if err != nil {
				return err
			}
			if !own {
				return tournament.Forbidden("only %s or the event's arbiter may cancel the leave of %s", p.Name, p.Name)
			}
			if today := s.now().UTC().Format(time.DateOnly); l.From <= today {
				return tournament.Conflict("", "the leave from %s has begun; only the arbiter can change it", l.From)
			}
		}
		if err := tx.DeleteLeave(l.ID); err != nil {
			return err
		}
		if err := s.refreshDeadlines(tx, e, p.ID); err != nil {
			return err
		}
		return tournament.Audit(tx, s.now(), u, eventID, ActionLeaveCancel, fmt.Sprintf("player %d (%s)", p.StartNo, p.Name), l, nil, "")
	})
}
