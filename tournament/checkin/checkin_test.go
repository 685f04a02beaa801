package checkin_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/checkin"
	"adiukh/tournament/engines"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

func ptr[T any](v T) *T { return &v }

// clock is a settable clock for the deadline.
type clock struct {
	mu sync.Mutex
	at time.Time
}

func (c *clock) now() time.Time   { c.mu.Lock(); defer c.mu.Unlock(); return c.at }
func (c *clock) set(at time.Time) { c.mu.Lock(); defer c.mu.Unlock(); c.at = at }

// player signs in the account of a player of the event, linked to it.
func player(t *testing.T, ctx context.Context, st *store.Store, events *tournament.Service, eventID, playerID int64, email string) context.Context {
	t.Helper()
	u := &tournament.User{Email: email, Role: tournament.PlayerRole, Locale: "ru"}
	if err := st.Accounts().Update(context.Background(), func(tx account.Tx) error { return tx.CreateUser(u) }); err != nil {
		t.Fatal(err)
	}
	if err := events.LinkPlayer(ctx, eventID, playerID, email); err != nil {
		t.Fatal(err)
	}
	return tournament.NewContextWithUser(context.Background(), u)
}

func wantCode(t *testing.T, what string, err error, code, says string) {
	t.Helper()
	if tournament.ErrorCode(err) != code || !strings.Contains(err.Error(), says) {
		t.Errorf("%s: error %v, want %s saying %q", what, err, code, says)
	}
}

// TestCheckinBeforeASwissRound runs a round's check-in from the setting
// to the pairing: a player checks in, the arbiter marks one present and
// one absent, the deadline passes, the pairing is refused naming the
// player neither checked in nor confirmed absent until the arbiter
// confirms them absent, and the absent sit the round out with zero-point
// byes, unpaired; every mark is in the audit log.
func TestCheckinBeforeASwissRound(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			ctx := storetest.Arbiter(t, st)
			c := &clock{at: time.Date(2026, 12, 1, 8, 0, 0, 0, time.UTC)}
			opt := engines.Options()
			opt.Now = c.now
			events := tournament.NewService(st, opt)
			svc := checkin.NewService(st.Checkin(), c.now)
			e, ps := storetest.Event(t, ctx, events, "swiss", 3, "Аба", "Буба", "Вова", "Гога", "Дода", "Ерёма")
			ana := player(t, ctx, st, events, e.ID, ps[0].ID, "aba@example.org")

			v, err := svc.Read(ctx, e.ID, 0)
			if err != nil || v.On || !v.Offered || v.Round != 1 || len(v.Lines) != 6 {
				t.Fatalf("before the setting: %+v, %v; want off, offered, round 1 of 6 players", v, err)
			}
			_, err = svc.CheckIn(ana, e.ID, 1)
			wantCode(t, "checking in while the check-in is off", err, tournament.ECONFLICT, "turn the check-in on first")
			if _, err := svc.Set(ana, e.ID, true); tournament.ErrorCode(err) != tournament.EFORBIDDEN {
				t.Errorf("a player turning the check-in on: %v, want EFORBIDDEN", err)
			}
			if v, err = svc.Set(ctx, e.ID, true); err != nil || !v.On {
				t.Fatalf("check-in on: %+v, %v", v, err)
			}
			loc := e.Location()
			deadline := c.now().Add(time.Hour).In(loc)
			if v, err = svc.SetDeadline(ctx, e.ID, 1, checkin.DeadlineInput{Date: deadline.Format(time.DateOnly), Time: deadline.Format("15:04")}); err != nil || !v.Deadline.Equal(deadline) {
				t.Fatalf("deadline: %v, %v; want %v", v.Deadline, err, deadline)
			}
			_, err = svc.SetDeadline(ctx, e.ID, 1, checkin.DeadlineInput{Date: "1 декабря", Time: "10:00"})
			wantCode(t, "a deadline of a day not written as a date", err, tournament.EINVALID, `"1 декабря" is not a date`)
			// Issue 65: past 9999 SQLite drops a moment PostgreSQL keeps; a
			// deadline is bounded to the years a round may start in.
			for _, date := range []string{"9999-12-31", "2101-01-01", "1899-12-31"} {
				_, err = svc.SetDeadline(ctx, e.ID, 1, checkin.DeadlineInput{Date: date, Time: "10:00"})
				wantCode(t, "a deadline on "+date, err, tournament.EINVALID, "give a time in the years 1900 to 2100")
				if err, ok := err.(*tournament.Error); !ok || err.Field != "date" {
					t.Errorf("a deadline on %s: %v, want it at the date", date, err)
				}
			}
			if v, err = svc.Read(ctx, e.ID, 1); err != nil || !v.Deadline.Equal(deadline) {
				t.Fatalf("the deadline after the refusals: %v, %v; want %v kept", v.Deadline, err, deadline)
			}

			if mine, err := svc.Mine(ana); err != nil || len(mine) != 1 || mine[0].Event.ID != e.ID || !mine[0].MayCheckIn() {
				t.Fatalf("the player's open check-ins: %v, %v; want this event's, to press", mine, err)
			}
			v, err = svc.Read(ana, e.ID, 1)
			if err != nil || !v.MayCheckIn() || v.Mine == nil || v.Mine.Player.ID != ps[0].ID {
				t.Fatalf("the player's view: %+v, %v; want their line and the button", v, err)
			}
			if v, err = svc.CheckIn(ana, e.ID, 1); err != nil || v.Mine.Attendance != tournament.Present || !v.Mine.ByPlayer || v.MayCheckIn() {
				t.Fatalf("checked in: %+v, %v", v.Mine, err)
			}
			if _, err := svc.CheckIn(ctx, e.ID, 1); tournament.ErrorCode(err) != tournament.EFORBIDDEN {
				t.Errorf("the arbiter checking in as a player: %v, want EFORBIDDEN", err)
			}
			for _, p := range ps[1:4] {
				if _, err := svc.Mark(ctx, e.ID, 1, p.ID, tournament.Present, ""); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := svc.Mark(ctx, e.ID, 1, ps[5].ID, tournament.Absent, "заболел"); err != nil {
				t.Fatal(err)
			}
			_, err = svc.Mark(ctx, e.ID, 1, ps[4].ID, "late", "")
			wantCode(t, "an unknown mark", err, tournament.EINVALID, `unknown mark "late"`)
			_, err = svc.Mark(ana, e.ID, 1, ps[4].ID, tournament.Absent, "")
			wantCode(t, "a player marking another", err, tournament.EFORBIDDEN, "")

			_, err = events.PairNextRound(ctx, e.ID)
			wantCode(t, "pairing with a player neither in nor out", err, tournament.ECONFLICT, "round 1 cannot be paired yet: Дода neither checked in nor confirmed absent")

			c.set(deadline.Add(time.Minute))
			dodo := player(t, ctx, st, events, e.ID, ps[4].ID, "doda@example.org")
			_, err = svc.CheckIn(dodo, e.ID, 1)
			wantCode(t, "checking in after the deadline", err, tournament.ECONFLICT, "the check-in of round 1 closed at")
			v, err = svc.Read(ctx, e.ID, 1)
			if err != nil || !v.Passed || len(v.Unconfirmed()) != 1 || v.Unconfirmed()[0].Player.ID != ps[4].ID || len(v.Present()) != 4 || len(v.Absent()) != 1 {
				t.Fatalf("after the deadline: %+v, %v; want Дода unconfirmed, 4 present, 1 absent", v, err)
			}
			if v, err = svc.ConfirmAbsent(ctx, e.ID, 1); err != nil || len(v.Unconfirmed()) != 0 || len(v.Absent()) != 2 {
				t.Fatalf("confirmed absent: %+v, %v", v, err)
			}

			r, err := events.PairNextRound(ctx, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			absent := map[int64]bool{ps[4].ID: true, ps[5].ID: true}
			paired := 0
			for _, g := range r.Games {
				switch {
				case absent[g.WhiteID]:
					if g.BlackID != 0 || g.Result == nil || g.Result.EndReason != tournament.ZeroPointBye {
						t.Errorf("board %d of an absent player: %+v, want a zero-point bye", g.Board, g)
					}
				case absent[g.BlackID]:
					t.Errorf("board %d pairs an absent player: %+v", g.Board, g)
				case g.BlackID == 0:
					t.Errorf("board %d: a bye for a present player in an even field: %+v", g.Board, g)
				default:
					paired++
				}
			}
			if paired != 2 || len(r.Games) != 4 {
				t.Errorf("round 1: %d boards played of %d, want 2 of 4 (two zero-point byes)", paired, len(r.Games))
			}
			_, err = svc.Mark(ctx, e.ID, 1, ps[4].ID, tournament.Present, "")
			wantCode(t, "a mark after the pairing", err, tournament.ECONFLICT, "round 1 is paired already")

			log, err := events.Audit(ctx, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			count := map[string]int{}
			for _, a := range log {
				count[a.Action]++
				if a.Action == tournament.ActionCheckinAbsent && a.Subject == "player 5 (Дода)" && !strings.Contains(a.Reason, "note.checkin.not_checked_in") {
					t.Errorf("Дода confirmed absent without the note: %+v", a)
				}
			}
			want := map[string]int{tournament.ActionCheckinSelf: 1, tournament.ActionCheckinPresent: 3, tournament.ActionCheckinAbsent: 2, tournament.ActionCheckinSetting: 2}
			for action, n := range want {
				if count[action] != n {
					t.Errorf("audit: %d entries %s, want %d", count[action], action, n)
				}
			}
		})
	}
}

// TestCheckinBeforeARoundRobinRound: in a round robin the Berger table
// fixes the boards, so a player confirmed absent keeps the board and
// loses it by forfeit, as a chief arbiter scores a player who did not
// come; one taken back to unmarked holds the pairing up again.
func TestCheckinBeforeARoundRobinRound(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			ctx := storetest.Arbiter(t, st)
			events := tournament.NewService(st, engines.Options())
			svc := checkin.NewService(st.Checkin(), nil)
			e, ps := storetest.Event(t, ctx, events, "round-robin", 0, "Аба", "Буба", "Вова", "Гога")
			if _, err := svc.Set(ctx, e.ID, true); err != nil {
				t.Fatal(err)
			}
			for _, p := range ps[:3] {
				if _, err := svc.Mark(ctx, e.ID, 1, p.ID, tournament.Present, ""); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := svc.Mark(ctx, e.ID, 1, ps[3].ID, tournament.Absent, ""); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.Mark(ctx, e.ID, 1, ps[2].ID, "", ""); err != nil {
				t.Fatal(err)
			}
			_, err := events.PairNextRound(ctx, e.ID)
			wantCode(t, "pairing with a mark taken back", err, tournament.ECONFLICT, "Вова neither checked in")
			if _, err := svc.Mark(ctx, e.ID, 1, ps[2].ID, tournament.Present, ""); err != nil {
				t.Fatal(err)
			}
			r, err := events.PairNextRound(ctx, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			forfeits := 0
			for _, g := range r.Games {
				if g.WhiteID != ps[3].ID && g.BlackID != ps[3].ID {
					if g.Result != nil {
						t.Errorf("board %d of present players has a result: %+v", g.Board, g.Result)
					}
					continue
				}
				forfeits++
				absentWhite := g.WhiteID == ps[3].ID
				if g.Result == nil || g.Result.EndReason != tournament.Forfeit || (absentWhite && g.Result.White != 0) || (!absentWhite && g.Result.Black != 0) {
					t.Errorf("board %d of the absent player: %+v, want a forfeit lost by them", g.Board, g.Result)
				}
			}
			if forfeits != 1 || len(r.Games) != 2 {
				t.Errorf("round 1: %d boards, %d forfeits; want 2 boards, 1 forfeit", len(r.Games), forfeits)
			}
		})
	}
}

// TestCheckinRefusedWhereItHasNoPlace: a team event's line-ups and an
// online event's clocks say who plays; neither takes a check-in.
func TestCheckinRefusedWhereItHasNoPlace(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	ctx := storetest.Arbiter(t, st)
	events := tournament.NewService(st, engines.Options())
	svc := checkin.NewService(st.Checkin(), nil)
	team, err := events.CreateEvent(ctx, tournament.EventInput{Name: ptr("Командный турнир"), Discipline: ptr("blitz-team"), System: ptr("swiss"), TimeControl: ptr("3+2"), Rounds: ptr(3)})
	if err != nil {
		t.Fatal(err)
	}
	_, err = svc.Set(ctx, team.ID, true)
	wantCode(t, "check-in of a team event", err, tournament.EINVALID, "line-ups")
	v, err := svc.Read(ctx, team.ID, 0)
	if err != nil || v.Offered || v.On {
		t.Errorf("a team event's check-in: %+v, %v; want not offered", v, err)
	}
}
