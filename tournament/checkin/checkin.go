// Package checkin is the check-in before a round played over the board
// (issue 67): an event's arbiter turns it on, may set each round's
// deadline, players confirm their presence themselves (the signed-in
// player of the event) or the arbiter marks them present or absent, and
// after the deadline those not checked in are listed for the arbiter, who
// confirms them absent. The pairing (tournament.Service, through
// tournament.PresenceTx) refuses a round while a player due in it is
// neither checked in nor confirmed absent, and leaves the absent out: in
// a Swiss event with a zero-point bye, not paired; in a round robin their
// games are forfeited. A team event has no check-in: its captains'
// line-ups say who plays. It knows no HTTP and no SQL.
package checkin

import (
	"context"
	"fmt"
	"slices"
	"time"

	"adiukh/tournament"
)

// Mark is a player's mark before round Round.
type Mark struct {
	EventID    int64
	Round      int
	PlayerID   int64
	Attendance tournament.Attendance
	// ByPlayer: the player checked in themselves; else the arbiter
	// marked them.
	ByPlayer bool
	At       time.Time
}

// CheckinTx is the part of a transaction that keeps the check-in.
type CheckinTx interface {
	// SetCheckin turns the event's check-in on or off.
	SetCheckin(eventID int64, on bool) error
	// CheckinDeadline is round n's deadline, zero when none is set.
	CheckinDeadline(eventID int64, n int) (time.Time, error)
	// SetCheckinDeadline sets round n's deadline; zero clears it.
	SetCheckinDeadline(eventID int64, n int, at time.Time) error
	// CheckinMarks are round n's marks.
	CheckinMarks(eventID int64, n int) ([]Mark, error)
	// SetCheckinMark keeps a mark in place of the player's earlier one.
	SetCheckinMark(m Mark) error
	// DeleteCheckinMark takes the player's mark of round n back.
	DeleteCheckinMark(eventID int64, n int, playerID int64) error
	// CheckinEvents are the events with check-in on in which the
	// account plays.
	CheckinEvents(userID int64) ([]int64, error)
}

// Tx is a transaction of the check-in: the domain's and its own part.
type Tx interface {
	tournament.Tx
	CheckinTx
}

// Store runs the check-in's transactions.
type Store interface {
	Update(ctx context.Context, fn func(tx Tx) error) error
	View(ctx context.Context, fn func(tx Tx) error) error
}

// Service runs the check-in's use cases. The signed-in user comes from
// the context, as for tournament.Service.
type Service struct {
	store Store
	now   func() time.Time
}

// NewService returns the service over st; now is its clock (deadlines and
// audit entries), time.Now when nil.
func NewService(st Store, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: st, now: now}
}

// Line is a player due in the round with their mark ("" for none).
type Line struct {
	Player     tournament.Player
	Attendance tournament.Attendance
	ByPlayer   bool
	At         time.Time
}

// RoundView is a round's check-in as the arbiter's desk, the player's
// page and the API show it.
type RoundView struct {
	Event *tournament.Event
	// On: the event checks its players in; Offered: it may (an event of
	// players played over the board).
	On, Offered bool
	Round       int
	// Next is the round the pairing pairs next; a round before it is
	// paired and its marks are history.
	Next     int
	Deadline time.Time
	// Passed: the deadline is set and past.
	Passed bool
	// Lines are the players due in the round, by start number.
	Lines []Line
	// Mine is the reader's own line, nil when the reader plays no board
	// of the round.
	Mine *Line
	// CanManage: the reader is the event's arbiter.
	CanManage bool
	now       time.Time
}

// Open tells whether the round's check-in takes marks: on, not yet
// paired, of an event still running.
func (v *RoundView) Open() bool {
	return v.On && v.Round >= v.Next && v.Event.Status != tournament.Finished && v.Event.Status != tournament.Cancelled &&
		(v.Event.Rounds == 0 || v.Round <= v.Event.Rounds)
}

// MayCheckIn tells whether the reader may press "I am here" now: the
// check-in is open for the round to pair next, before its deadline, and
// the reader's player is neither checked in nor marked absent.
func (v *RoundView) MayCheckIn() bool {
	return v.Open() && v.Round == v.Next && !v.Passed && v.Mine != nil && v.Mine.Attendance == ""
}

// Unconfirmed are the players neither checked in nor confirmed absent:
// the pairing waits for them.
func (v *RoundView) Unconfirmed() []Line { return v.with("") }

// Present and Absent are the players marked so.
func (v *RoundView) Present() []Line { return v.with(tournament.Present) }
func (v *RoundView) Absent() []Line  { return v.with(tournament.Absent) }

func (v *RoundView) with(a tournament.Attendance) []Line {
	var out []Line
	for _, l := range v.Lines {
		if l.Attendance == a {
			out = append(out, l)
		}
	}
	return out
}

// offered refuses the check-in to an event that cannot have it.
func offered(e *tournament.Event) error {
	switch {
	case !e.Discipline.PlaysGames():
		return tournament.Invalid("checkin", "a composition contest has no rounds to check in for")
	case e.Discipline.IsTeam():
		return tournament.Invalid("checkin", "a team event has no check-in: the captains' line-ups say who plays each round")
	case e.Online || e.Discipline.PlayedOnServer():
		return tournament.Invalid("checkin", "the games of this event are played on the site, where the clock says who came; check-in is for rounds played over the board")
	}
	return nil
}

// Read is round n's check-in (n 0: the round to pair next) as the
// context's reader sees it.
func (s *Service) Read(ctx context.Context, eventID int64, n int) (*RoundView, error) {
	var v *RoundView
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := tournament.Readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		v, err = s.read(ctx, tx, e, n)
		return err
	})
	return v, err
}

// read is round n's check-in inside a transaction that read the event.
func (s *Service) read(ctx context.Context, tx Tx, e *tournament.Event, n int) (*RoundView, error) {
	u := tournament.UserFromContext(ctx)
	v := &RoundView{Event: e, Offered: offered(e) == nil, CanManage: tournament.CanManage(u, e), now: s.now()}
	rounds, err := tx.RoundHeads(e.ID)
	if err != nil {
		return nil, err
	}
	v.Next = len(rounds) + 1
	if n == 0 {
		n = v.Next
	}
	if n < 1 || (e.Rounds > 0 && n > e.Rounds && n > v.Next) || (e.Rounds == 0 && n > v.Next) {
		return nil, tournament.NotFound("round %d of %s has no check-in: its rounds are 1 to %d", n, e.Name, max(e.Rounds, v.Next))
	}
	v.Round = n
	if !v.Offered {
		return v, nil
	}
	on, marks, err := tx.RoundPresence(e.ID, n)
	if err != nil {
		return nil, err
	}
	v.On = on
	if v.Deadline, err = tx.CheckinDeadline(e.ID, n); err != nil {
		return nil, err
	}
	v.Passed = !v.Deadline.IsZero() && !v.now.Before(v.Deadline)
	players, err := tx.Players(e.ID)
	if err != nil {
		return nil, err
	}
	stored, err := tx.CheckinMarks(e.ID, n)
	if err != nil {
		return nil, err
	}
	byPlayer := make(map[int64]Mark, len(stored))
	for _, m := range stored {
		byPlayer[m.PlayerID] = m
	}
	mine, err := ownPlayer(tx, u, e)
	if err != nil {
		return nil, err
	}
	for _, p := range players {
		if !p.DueIn(n) {
			continue
		}
		m := byPlayer[p.ID]
		v.Lines = append(v.Lines, Line{Player: p, Attendance: marks[p.ID], ByPlayer: m.ByPlayer, At: m.At})
	}
	for i := range v.Lines {
		if mine != 0 && v.Lines[i].Player.ID == mine {
			v.Mine = &v.Lines[i]
		}
	}
	return v, nil
}

// Mine are the check-ins of the rounds to pair next in the events the
// signed-in account plays in with check-in on, where the account's player
// is due: the player's own page offers "I am here" from them.
func (s *Service) Mine(ctx context.Context) ([]*RoundView, error) {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return nil, nil
	}
	var views []*RoundView
	err := s.store.View(ctx, func(tx Tx) error {
		ids, err := tx.CheckinEvents(u.ID)
		if err != nil {
			return err
		}
		for _, id := range ids {
			e, err := tx.Event(id)
			if err != nil {
				return err
			}
			if !tournament.CanRead(u, e) {
				continue
			}
			v, err := s.read(ctx, tx, e, 0)
			if err != nil {
				// An event whose rounds are all paired has no round to
				// check in for.
				if tournament.ErrorCode(err) == tournament.ENOTFOUND {
					continue
				}
				return err
			}
			if v.On && v.Open() && v.Mine != nil {
				views = append(views, v)
			}
		}
		return nil
	})
	return views, err
}

// ownPlayer is the player of the event the signed-in user is, 0 for none.
func ownPlayer(tx tournament.Tx, u *tournament.User, e *tournament.Event) (int64, error) {
	if u == nil {
		return 0, nil
	}
	accounts, err := tx.PlayerAccounts(e.ID)
	if err != nil {
		return 0, err
	}
	for pid, account := range accounts {
		if account.ID == u.ID {
			return pid, nil
		}
	}
	return 0, nil
}

// settingView is the check-in setting as the audit log keeps it.
type settingView struct {
	On bool `json:"on"`
}

// Set turns the event's check-in on or off.
func (s *Service) Set(ctx context.Context, eventID int64, on bool) (*RoundView, error) {
	var v *RoundView
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := tournament.Manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if err := offered(e); err != nil {
			return err
		}
		if err := e.TableOpen("checkin"); err != nil {
			return err
		}
		was, _, err := tx.RoundPresence(eventID, 1)
		if err != nil {
			return err
		}
		if was != on {
			if err := tx.SetCheckin(eventID, on); err != nil {
				return err
			}
			if err := tournament.Audit(tx, s.now(), u, eventID, tournament.ActionCheckinSetting, "checkin", settingView{was}, settingView{on}, ""); err != nil {
				return err
			}
		}
		v, err = s.read(ctx, tx, e, 0)
		return err
	})
	return v, err
}

// DeadlineInput is a round's deadline in the event's time zone, as a form
// or the API gives it: "2026-12-01" and "09:45"; both empty clear it.
type DeadlineInput struct {
	Date, Time string
}

// SetDeadline sets round n's deadline: the moment players stop checking
// in themselves and those not checked in are listed for the arbiter to
// confirm absent. Rounds are paired after their check-in, so a deadline
// is a moment of its own rather than one counted from the round's start,
// which is set once the round is paired.
func (s *Service) SetDeadline(ctx context.Context, eventID int64, n int, in DeadlineInput) (*RoundView, error) {
	var v *RoundView
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := tournament.Manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if v, err = s.open(ctx, tx, e, n); err != nil {
			return err
		}
		at, err := tournament.ParseLocalMoment(in.Date, in.Time, e.Location())
		if err != nil {
			return err
		}
		if at.Equal(v.Deadline) {
			return nil
		}
		if err := tx.SetCheckinDeadline(eventID, n, at); err != nil {
			return err
		}
		if err := tournament.Audit(tx, s.now(), u, eventID, tournament.ActionCheckinSetting, fmt.Sprintf("round %d", n), momentText(v.Deadline), momentText(at), ""); err != nil {
			return err
		}
		v, err = s.read(ctx, tx, e, n)
		return err
	})
	return v, err
}

// open reads round n's check-in and refuses it when it takes no marks.
func (s *Service) open(ctx context.Context, tx Tx, e *tournament.Event, n int) (*RoundView, error) {
	if err := offered(e); err != nil {
		return nil, err
	}
	if err := e.TableOpen("round"); err != nil {
		return nil, err
	}
	v, err := s.read(ctx, tx, e, n)
	if err != nil {
		return nil, err
	}
	switch {
	case !v.On:
		return nil, tournament.Conflict("checkin", "%s does not check its players in; turn the check-in on first", e.Name)
	case v.Round < v.Next:
		return nil, tournament.Conflict("round", "round %d is paired already; its check-in is closed", v.Round)
	case !v.Open():
		return nil, tournament.Conflict("round", "round %d has no check-in: the event has %d rounds", v.Round, e.Rounds)
	}
	return v, nil
}

// momentText is a moment as the audit log keeps it: RFC 3339 with the
// event's offset, "" when not set.
func momentText(at time.Time) string {
	if at.IsZero() {
		return ""
	}
	return at.Format(time.RFC3339)
}

// markView is a mark as the audit log keeps it.
type markView struct {
	Round      int    `json:"round"`
	Attendance string `json:"attendance"`
}

// CheckIn is the signed-in player's own "I am here" for round n, the
// round to pair next, before its deadline.
func (s *Service) CheckIn(ctx context.Context, eventID int64, n int) (*RoundView, error) {
	var v *RoundView
	err := s.store.Update(ctx, func(tx Tx) error {
		u := tournament.UserFromContext(ctx)
		if u == nil {
			return tournament.Unauthorized("sign in to check in")
		}
		if err := tx.LockEvent(eventID); err != nil {
			return err
		}
		e, err := tournament.Readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if v, err = s.open(ctx, tx, e, n); err != nil {
			return err
		}
		switch {
		case v.Mine == nil:
			return tournament.Forbidden("you are not a player of %s due in round %d; only a player checks in themselves", e.Name, n)
		case v.Round != v.Next:
			return tournament.Conflict("round", "the check-in of round %d opens when round %d is paired; the round to check in for is %d", v.Round, v.Round-1, v.Next)
		case v.Passed:
			return tournament.Conflict("round", "the check-in of round %d closed at %s; ask the arbiter to mark you present", n, tournament.In(v.Deadline, e.Location()))
		case v.Mine.Attendance == tournament.Absent:
			return tournament.Conflict("round", "the arbiter marked you absent from round %d; ask the arbiter to mark you present", n)
		case v.Mine.Attendance == tournament.Present:
			return nil
		}
		m := Mark{EventID: eventID, Round: n, PlayerID: v.Mine.Player.ID, Attendance: tournament.Present, ByPlayer: true, At: s.now().UTC()}
		if err := s.keep(tx, u, v.Mine.Player, m, ""); err != nil {
			return err
		}
		v, err = s.read(ctx, tx, e, n)
		return err
	})
	return v, err
}

// Mark is the arbiter's mark of a player before round n: present,
// absent, or "" to take the mark back.
func (s *Service) Mark(ctx context.Context, eventID int64, n int, playerID int64, a tournament.Attendance, reason string) (*RoundView, error) {
	var v *RoundView
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := tournament.Manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		switch a {
		case tournament.Present, tournament.Absent, "":
		default:
			return tournament.Invalid("attendance", "unknown mark %q; use \"present\", \"absent\" or \"\" to take the mark back", a)
		}
		if v, err = s.open(ctx, tx, e, n); err != nil {
			return err
		}
		i := slices.IndexFunc(v.Lines, func(l Line) bool { return l.Player.ID == playerID })
		if i < 0 {
			return tournament.NotFound("player %d is not a player of %s due in round %d (withdrawn, entering later, on a requested bye, or of another event)", playerID, e.Name, n)
		}
		line := v.Lines[i]
		if line.Attendance == a {
			return nil
		}
		m := Mark{EventID: eventID, Round: n, PlayerID: playerID, Attendance: a, At: s.now().UTC()}
		if err := s.keep(tx, u, line.Player, m, reason); err != nil {
			return err
		}
		v, err = s.read(ctx, tx, e, n)
		return err
	})
	return v, err
}

// ConfirmAbsent confirms absent every player due in round n who is
// neither checked in nor marked: the arbiter's answer to the list the
// deadline leaves, after which the round may be paired without them.
// Before the deadline it closes the check-in early.
func (s *Service) ConfirmAbsent(ctx context.Context, eventID int64, n int) (*RoundView, error) {
	var v *RoundView
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := tournament.Manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if v, err = s.open(ctx, tx, e, n); err != nil {
			return err
		}
		for _, l := range v.Unconfirmed() {
			m := Mark{EventID: eventID, Round: n, PlayerID: l.Player.ID, Attendance: tournament.Absent, At: s.now().UTC()}
			if err := s.keep(tx, u, l.Player, m, tournament.Note("note.checkin.not_checked_in", n)); err != nil {
				return err
			}
		}
		v, err = s.read(ctx, tx, e, n)
		return err
	})
	return v, err
}

// keep writes a mark (Attendance "" takes it back) with its audit entry.
func (s *Service) keep(tx Tx, u *tournament.User, p tournament.Player, m Mark, reason string) error {
	var err error
	if m.Attendance == "" {
		err = tx.DeleteCheckinMark(m.EventID, m.Round, m.PlayerID)
	} else {
		err = tx.SetCheckinMark(m)
	}
	if err != nil {
		return err
	}
	action := tournament.ActionCheckinCleared
	switch {
	case m.ByPlayer:
		action = tournament.ActionCheckinSelf
	case m.Attendance == tournament.Present:
		action = tournament.ActionCheckinPresent
	case m.Attendance == tournament.Absent:
		action = tournament.ActionCheckinAbsent
	}
	subject := fmt.Sprintf("player %d (%s)", p.StartNo, p.Name)
	return tournament.Audit(tx, s.now(), u, m.EventID, action, subject, nil, markView{Round: m.Round, Attendance: string(m.Attendance)}, reason)
}
