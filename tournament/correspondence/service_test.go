package correspondence_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/catalog"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
	"adiukh/tournament/mail"
	"adiukh/tournament/mail/mailtest"
	registration "adiukh/tournament/players"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

func ptr[T any](v T) *T { return &v }

type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Set(t time.Time) { c.mu.Lock(); defer c.mu.Unlock(); c.now = t }

// section is a started section of n players on store st.
type section struct {
	ctx     context.Context // the arbiter
	st      *store.Store
	events  *tournament.Service
	eventID int64
	players []int64
	users   map[int64]*tournament.User
}

// linkPlayer gives player playerID of the section's event an account of its
// own (p<id>@example.org) on st, kept in users.
func (s *section) linkPlayer(t *testing.T, st *store.Store, playerID int64) {
	t.Helper()
	u := &tournament.User{Email: fmt.Sprintf("p%d@example.org", playerID), Role: tournament.PlayerRole}
	if err := st.Accounts().Update(context.Background(), func(tx account.Tx) error { return tx.CreateUser(u) }); err != nil {
		t.Fatal(err)
	}
	if err := s.events.LinkPlayer(s.ctx, s.eventID, playerID, u.Email); err != nil {
		t.Fatal(err)
	}
	s.users[playerID] = u
}

// serviceAt is the correspondence service on st with a clock of its own,
// set to start.
func serviceAt(st *store.Store, start time.Time) (*correspondence.Service, *clock) {
	clk := &clock{now: start}
	return correspondence.NewService(st.Correspondence(), correspondence.Options{Pairing: engines.Options().Pairing, Now: clk.Now}), clk
}

func newSection(t *testing.T, st *store.Store, svc *correspondence.Service, n int, control string, settings correspondence.SettingsInput) *section {
	t.Helper()
	return newSectionOf(t, st, svc, n, tournament.EventInput{Name: ptr("Заочный"), Discipline: ptr("correspondence"), System: ptr("round-robin"), TimeControl: &control}, settings)
}

// newSectionOf is newSection of the event in.
func newSectionOf(t *testing.T, st *store.Store, svc *correspondence.Service, n int, in tournament.EventInput, settings correspondence.SettingsInput) *section {
	t.Helper()
	bg := context.Background()
	arbiter := &tournament.User{Email: "arbiter@example.org", Role: tournament.ArbiterRole}
	if err := st.Accounts().Update(bg, func(tx account.Tx) error { return tx.CreateUser(arbiter) }); err != nil {
		t.Fatal(err)
	}
	s := &section{ctx: tournament.NewContextWithUser(bg, arbiter), st: st, events: tournament.NewService(st, engines.Options()), users: map[int64]*tournament.User{}}
	e, err := s.events.CreateEvent(s.ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	s.eventID = e.ID
	// The players' accounts in one transaction: one each was a large
	// part of the sections' making, which most tests of the package do.
	users := make([]*tournament.User, n)
	if err := st.Accounts().Update(bg, func(tx account.Tx) error {
		for i := range users {
			users[i] = &tournament.User{Email: fmt.Sprintf("p%d@example.org", i), Role: tournament.PlayerRole}
			if err := tx.CreateUser(users[i]); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for i, u := range users {
		p, err := registration.NewService(s.events).RegisterPlayer(s.ctx, e.ID, tournament.PlayerInput{Name: ptr(fmt.Sprintf("Игрок %d", i+1))})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.events.LinkPlayer(s.ctx, e.ID, p.ID, u.Email); err != nil {
			t.Fatal(err)
		}
		s.players = append(s.players, p.ID)
		s.users[p.ID] = u
	}
	if _, err := svc.Configure(s.ctx, e.ID, settings, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Start(s.ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	return s
}

func (s *section) as(playerID int64) context.Context {
	return tournament.NewContextWithUser(context.Background(), s.users[playerID])
}

// Two servers sweeping the same database at once, each with its own
// connections, record each loss on time once.
func TestSweepOnTwoInstances(t *testing.T) {
	t.Parallel()
	for name, dsn := range storetest.MigratedDSNs(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			stores := storetest.TwoInstances(t, dsn)
			st := stores[0]
			clk := &clock{now: t0}
			opt := correspondence.Options{Pairing: engines.Options().Pairing, Now: clk.Now}
			a := correspondence.NewService(stores[0].Correspondence(), opt)
			b := correspondence.NewService(stores[1].Correspondence(), opt)
			sec := newSection(t, st, a, 6, "10d", correspondence.SettingsInput{})
			at := t0.Add(10*correspondence.Day + time.Minute)
			clk.Set(at)
			reports := make([]correspondence.SweepReport, 2)
			var wg sync.WaitGroup
			for i, svc := range []*correspondence.Service{a, b} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					rep, err := svc.Expire(context.Background(), at)
					if err != nil {
						t.Error(err)
					}
					reports[i] = rep
				}()
			}
			wg.Wait()
			games, err := a.Games(sec.ctx, sec.eventID)
			if err != nil {
				t.Fatal(err)
			}
			if got := reports[0].TimedOut + reports[1].TimedOut; got != len(games) || len(games) != 15 {
				t.Errorf("two sweeps recorded %d losses on time (%+v), want one per game: %d", got, reports, len(games))
			}
			for _, g := range games {
				if g.Result == nil || g.Result.Score() != "0:24" || g.Result.EndReason != tournament.LossOnTime {
					t.Errorf("game %d: %+v, want White lost on time", g.ID, g.Result)
				}
				// The deadline, 11 December 12:00 UTC, in the event's zone.
				if note := catalog.For(catalog.English).Message(tournament.NoteMessage(g.Note)); note != "White's time ran out at 2026-12-11 15:00 MSK" {
					t.Errorf("game %d: note %q, want the deadline in Moscow time", g.ID, note)
				}
			}
			audit, err := sec.events.Audit(sec.ctx, sec.eventID)
			if err != nil {
				t.Fatal(err)
			}
			timeouts := 0
			for _, e := range audit {
				if e.Action == correspondence.ActionTimeout {
					timeouts++
				}
			}
			if timeouts != len(games) {
				t.Errorf("%d timeouts in the audit log, want %d", timeouts, len(games))
			}
		})
	}
}

// cappedGame is the one game of a two-player section at "50d/10" with a
// 20-day cap per move, started at t0.
func cappedGame(t *testing.T) (*correspondence.Service, *clock, *section, correspondence.View) {
	t.Helper()
	st := storetest.SQLite(t)
	svc, clk := serviceAt(st, t0)
	sec := newSection(t, st, svc, 2, "50d/10", correspondence.SettingsInput{MaxMoveDays: ptr(20)})
	games, err := svc.Games(sec.ctx, sec.eventID)
	if err != nil || len(games) != 1 {
		t.Fatalf("games %v, %v", games, err)
	}
	return svc, clk, sec, games[0]
}

// "50d/10" with a 20-day cap per move: the first deadline is the cap, and
// time saved on moves is carried forward.
func TestBlockControlWithReflectionCap(t *testing.T) {
	t.Parallel()
	svc, clk, sec, g := cappedGame(t)
	if want := t0.Add(20 * correspondence.Day); !g.Deadline.Equal(want) {
		t.Errorf("first deadline %v, want the 20-day cap %v", g.Deadline, want)
	}
	clk.Set(t0.Add(2 * correspondence.Day))
	v, err := svc.Move(sec.as(g.WhiteID), correspondence.MoveInput{GameID: g.ID, Move: "c3-d4", Ply: 0})
	if err != nil {
		t.Fatal(err)
	}
	if v.Bank[0] != 48*correspondence.Day {
		t.Errorf("White's bank after a 2-day move: %v, want 48 days", v.Bank[0])
	}
	if want := clk.Now().Add(20 * correspondence.Day); !v.Deadline.Equal(want) {
		t.Errorf("Black's deadline %v, want %v (the cap)", v.Deadline, want)
	}
	if _, err := svc.Move(sec.as(g.WhiteID), correspondence.MoveInput{GameID: g.ID, Move: "d4-e5", Ply: 1}); tournament.ErrorCode(err) != tournament.EFORBIDDEN {
		t.Errorf("White moves on Black's turn: %v, want EFORBIDDEN", err)
	}
}

// A lower cap on the reflection time does not cut short the move being
// thought over: it reaches the game at its next turn. A higher cap counts at
// once. A change during play needs its reason.
func TestChangedReflectionCap(t *testing.T) {
	t.Parallel()
	svc, clk, sec, g := cappedGame(t)
	deadline := func() time.Time {
		t.Helper()
		v, err := svc.Game(sec.ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		return v.Deadline
	}
	configure := func(days int) {
		t.Helper()
		if _, err := svc.Configure(sec.ctx, sec.eventID, correspondence.SettingsInput{MaxMoveDays: ptr(days)}, "регламент"); err != nil {
			t.Fatal(err)
		}
	}

	clk.Set(t0.Add(15 * correspondence.Day))
	if _, err := svc.Configure(sec.ctx, sec.eventID, correspondence.SettingsInput{MaxMoveDays: ptr(10)}, " "); tournament.ErrorCode(err) != tournament.EINVALID {
		t.Errorf("the cap changed during play without a reason: %v, want EINVALID", err)
	}
	if _, err := svc.Configure(sec.ctx, sec.eventID, correspondence.SettingsInput{MaxMoveDays: ptr(20)}, ""); err != nil {
		t.Errorf("the settings saved unchanged during play, without a reason: %v", err)
	}
	configure(10)
	if want := t0.Add(20 * correspondence.Day); !deadline().Equal(want) {
		t.Errorf("White's deadline after the cap went down to 10 days: %v, want %v as before", deadline(), want)
	}
	if rep, err := svc.Expire(context.Background(), clk.Now()); err != nil || rep.TimedOut != 0 {
		t.Fatalf("sweep after the cap went down: %+v, %v; want no loss on time", rep, err)
	}
	configure(30)
	if want := t0.Add(30 * correspondence.Day); !deadline().Equal(want) {
		t.Errorf("White's deadline after the cap went up to 30 days: %v, want %v", deadline(), want)
	}
	configure(10)
	if want := t0.Add(20 * correspondence.Day); !deadline().Equal(want) {
		t.Errorf("White's deadline after the cap went down again: %v, want %v, the cap of the turn's start", deadline(), want)
	}

	v, err := svc.Move(sec.as(g.WhiteID), correspondence.MoveInput{GameID: g.ID, Move: "c3-d4", Ply: 0})
	if err != nil {
		t.Fatal(err)
	}
	if want := clk.Now().Add(10 * correspondence.Day); !v.Deadline.Equal(want) {
		t.Errorf("Black's deadline %v, want %v: the lower cap from the next turn on", v.Deadline, want)
	}
	if v.Left[1] != 10*correspondence.Day {
		t.Errorf("Black's time for the move: %v, want 10 days", v.Left[1])
	}
}

// Notifications go to the inbox and, with a mail server, by e-mail, each
// once even when two servers deliver at the same time; none names a move.
func TestNotificationsByMail(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	srv := mailtest.Start(t)
	clk := &clock{now: t0}
	opt := correspondence.Options{Pairing: engines.Options().Pairing, Now: clk.Now, Mailer: &mail.SMTP{Addr: srv.Addr, From: "adiukh@example.org"}}
	a := correspondence.NewService(st.Correspondence(), opt)
	b := correspondence.NewService(st.Correspondence(), opt)
	sec := newSection(t, st, a, 2, "10d", correspondence.SettingsInput{})
	games, err := a.Games(sec.ctx, sec.eventID)
	if err != nil {
		t.Fatal(err)
	}
	g := games[0]
	clk.Set(t0.Add(time.Hour))
	if _, err := a.Move(sec.as(g.WhiteID), correspondence.MoveInput{GameID: g.ID, Move: "c3-d4", Ply: 0, OfferDraw: true}); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for _, svc := range []*correspondence.Service{a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := svc.DeliverMail(context.Background()); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	msgs := srv.Messages()
	// White: "your move" at the start; Black: "your move" and "draw offered".
	if len(msgs) != 3 {
		t.Fatalf("%d messages mailed, want 3: %+v", len(msgs), msgs)
	}
	black := sec.users[g.BlackID].Email
	toBlack := 0
	for _, m := range msgs {
		if m.To[0] == black {
			toBlack++
		}
		if strings.Contains(m.Data, "c3-d4") || strings.Contains(m.Data, "d4") {
			t.Errorf("a message names the move:\n%s", m.Data)
		}
	}
	if toBlack != 2 {
		t.Errorf("%d messages to Black, want 2", toBlack)
	}
	inbox, err := a.Inbox(sec.as(g.BlackID), 10)
	if err != nil || len(inbox) != 2 || inbox[0].Kind != correspondence.DrawOffered {
		t.Fatalf("Black's inbox: %+v, %v", inbox, err)
	}
	if text := inbox[1].Text("ru"); !strings.Contains(text, "Ваш ход в партии Игрок 1 — Игрок 2") {
		t.Errorf("the inbox says %q", text)
	}
	if n, err := a.DeliverMail(context.Background()); err != nil || n != 0 {
		t.Errorf("a second delivery sent %d (%v), want none", n, err)
	}
}
