package entries_test

import (
	"errors"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/entries"
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
			opt := engines.Options()
			opt.Now = func() time.Time { return time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC) }
			svc, ent := services(st, opt)
			arbiter := storetest.Arbiter(t, st)
			dated := func(start, end string) int64 {
				e, err := svc.CreateEvent(arbiter, tournament.EventInput{Name: ptr("Кубок"), Discipline: ptr("rapid"), System: ptr("swiss"), Rounds: ptr(5), TimeControl: ptr("8+4"), StartDate: ptr(start), EndDate: ptr(end)})
				if err != nil {
					t.Fatal(err)
				}
				return e.ID
			}
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
