package tournament_test

import (
	"context"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/store/storetest"
)

// A change calendars show raises the event's SEQUENCE and moves its
// revision time; a change they do not show leaves both. Making a public
// event private marks it hidden (calendars that listed it are told), and
// making it public again lists it anew.
func TestUpdateEventRevisesCalendars(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	opt := engines.Options()
	opt.Now = func() time.Time { return at }
	forEachService(t, opt, func(t *testing.T, ctx context.Context, svc *tournament.Service) {
		e, _ := storetest.Event(t, ctx, svc, "swiss", 5)
		if e.Sequence != 0 || !e.Revised().Equal(e.CreatedAt) {
			t.Fatalf("a new event: sequence %d, revised %v, want 0 and its creation %v", e.Sequence, e.Revised(), e.CreatedAt)
		}
		for _, step := range []struct {
			what     string
			in       tournament.EventInput
			sequence int
			hidden   bool
		}{
			{"new dates", tournament.EventInput{StartDate: ptr("2026-12-05"), EndDate: ptr("2026-12-06")}, 1, false},
			{"the tie-breaks", tournament.EventInput{TieBreaks: ptr([]string{"buchholz"})}, 1, false},
			{"the same dates again", tournament.EventInput{StartDate: ptr("2026-12-05")}, 1, false},
			{"a new venue", tournament.EventInput{Venue: ptr("Дворец спорта")}, 2, false},
			{"made private", tournament.EventInput{Visibility: ptr("private")}, 3, true},
			{"renamed while private", tournament.EventInput{Name: ptr("Кубок")}, 4, true},
			{"public again", tournament.EventInput{Visibility: ptr("public")}, 5, false},
		} {
			at = at.Add(time.Hour)
			before := e
			var err error
			if e, err = svc.UpdateEvent(ctx, e.ID, step.in, ""); err != nil {
				t.Fatalf("%s: %v", step.what, err)
			}
			read, err := svc.Event(ctx, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			if read.Sequence != step.sequence {
				t.Errorf("%s: sequence %d, want %d", step.what, read.Sequence, step.sequence)
			}
			if revised := read.Sequence != before.Sequence; revised != read.Revised().Equal(at) || !revised && !read.Revised().Equal(before.Revised()) {
				t.Errorf("%s: revised at %v (before %v, now %v)", step.what, read.Revised(), before.Revised(), at)
			}
			if hidden := !read.HiddenAt.IsZero(); hidden != step.hidden {
				t.Errorf("%s: hidden at %v, want hidden %v", step.what, read.HiddenAt, step.hidden)
			}
		}
	})
}
