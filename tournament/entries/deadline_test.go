package entries_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/entries"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

// Issue 50.7: a deadline after the event's end is refused at its field;
// the end is the end of the last day in the event's time zone (of its
// first day when it has no last), and an event without dates takes any
// deadline.
func TestDeadlineAfterTheEventEndsIsRefused(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ent, arbiter, dated := deadlineFixture(t, st)
			twoDays, oneDay, undated := dated("2026-12-10", "2026-12-11"), dated("2026-12-10", ""), dated("", "")
			for _, c := range []struct {
				event    int64
				deadline string
				ok       bool
			}{
				{twoDays, "2026-12-11T23:59", true},
				{twoDays, "2026-12-11", true}, // the whole last day
				{twoDays, "2026-12-12T00:01", false},
				{twoDays, "2026-12-20", false},
				{oneDay, "2026-12-10T18:00", true},
				{oneDay, "2026-12-11T10:00", false},
				{undated, "2027-06-01", true},
			} {
				_, err := ent.SetEntries(arbiter, c.event, entries.EntrySettingsInput{Open: ptr(true), Deadline: ptr(c.deadline)})
				var e *tournament.Error
				switch {
				case c.ok && err != nil:
					t.Errorf("event %d, deadline %s: %v, want it taken", c.event, c.deadline, err)
				case !c.ok && (!errors.As(err, &e) || e.Code != tournament.EINVALID || e.Field != "deadline"):
					t.Errorf("event %d, deadline %s: %v, want EINVALID at deadline", c.event, c.deadline, err)
				case !c.ok:
					t.Logf("deadline %s: %s", c.deadline, e.Message)
				}
			}
			set, err := ent.SetEntries(arbiter, twoDays, entries.EntrySettingsInput{Deadline: ptr("2026-12-31")})
			if err == nil {
				t.Errorf("a closed event's deadline after its end was kept: %v", set.Deadline)
			}
		})
	}
}

// Issue 65: an entries deadline past 9999 in UTC (9999-12-31 in a zone
// west of it, on an event without dates) is refused at its field, as a
// round's start is; before, its audit entry could not be written and the
// request failed as an internal error.
func TestDeadlinePastYear9999IsRefused(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ent, arbiter, dated := deadlineFixture(t, st)
			undated := dated("", "")
			for _, deadline := range []string{"9999-12-31T23:00:00-05:00", "1899-12-31"} {
				_, err := ent.SetEntries(arbiter, undated, entries.EntrySettingsInput{Open: ptr(true), Deadline: ptr(deadline)})
				var te *tournament.Error
				if !errors.As(err, &te) || te.Code != tournament.EINVALID || te.Field != "deadline" || !strings.Contains(te.Message, "years 1900 to 2100") {
					t.Errorf("deadline %s: %v, want EINVALID at deadline naming the years", deadline, err)
				}
			}
			if _, err := ent.SetEntries(arbiter, undated, entries.EntrySettingsInput{Open: ptr(true), Deadline: ptr("2100-12-30")}); err != nil {
				t.Errorf("a deadline in 2100: %v", err)
			}
			v, err := ent.Entries(arbiter, undated)
			if err != nil || v.Settings.Deadline.Year() != 2100 {
				t.Errorf("the deadline kept: %+v, %v; want the one in 2100", v, err)
			}
		})
	}
}

// deadlineFixture is the entries' service on 20 November 2026 at noon
// (UTC), its arbiter and the arbiter's rapid Swiss of five rounds from
// start to end (dates "" for none).
func deadlineFixture(t *testing.T, st *store.Store) (*entries.Service, context.Context, func(start, end string) int64) {
	t.Helper()
	opt := engines.Options()
	opt.Now = func() time.Time { return time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC) }
	svc, ent := services(st, opt)
	arbiter := storetest.Arbiter(t, st)
	return ent, arbiter, func(start, end string) int64 {
		t.Helper()
		e, err := svc.CreateEvent(arbiter, tournament.EventInput{Name: ptr("Кубок"), Discipline: ptr("rapid"), System: ptr("swiss"), Rounds: ptr(5), TimeControl: ptr("8+4"), StartDate: ptr(start), EndDate: ptr(end)})
		if err != nil {
			t.Fatal(err)
		}
		return e.ID
	}
}
