package composition_test

import (
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/composition"
	"adiukh/tournament/store/storetest"
)

// Issue 41, item 3: whoever directs the contest — the event's arbiter, or
// an administrator — rules on its claims and sees every judge's marks, so
// they may neither enter it nor sit on its jury.
func TestDirectorNeitherEntersNorJudges(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			c := newContest(t, st)
			c.setUpOneSection(t)
			_, err := c.svc.Submit(c.as("director"), c.eventID, composition.EntryInput{Section: "Задачи",
				Entry: composition.Entry{Position: g005, Side: "black", Stipulation: "exact 18:6", Solution: "d6:f8"}})
			wantCode(t, "the director's entry", err, tournament.EFORBIDDEN, "cannot enter it")
			_, err = c.svc.SetJudges(c.as("director"), c.eventID, []string{"judge1@example.org", "director@example.org"}, "")
			wantCode(t, "the director as a judge", err, tournament.ECONFLICT, "director@example.org directs the contest")
			if e, ok := err.(*tournament.Error); !ok || e.Field != "judges[1]" {
				t.Errorf("the refusal names %v, want judges[1]", err)
			}
			if _, err := c.svc.SetJudges(c.as("director"), c.eventID, []string{"judge1@example.org", "judge2@example.org", "judge3@example.org"}, ""); err != nil {
				t.Fatal(err)
			}
			if _, err := c.svc.Submit(c.as("alice"), c.eventID, composition.EntryInput{Section: "Задачи",
				Entry: composition.Entry{Position: g005, Side: "black", Stipulation: "exact 18:6", Solution: "d6:f8"}}); err != nil {
				t.Errorf("an author's entry: %v", err)
			}
		})
	}
}
