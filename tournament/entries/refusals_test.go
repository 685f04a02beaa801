package entries_test

import (
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/entries"
	"adiukh/tournament/store/storetest"
)

// TestRefusalsNameNoEventNumber: what an event's state refuses is said
// of "the event", as the reader is on its page, never by its internal
// number («турнир 17 отменён») (issue 60, item 6).
func TestRefusalsNameNoEventNumber(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			svc, ent := tournament.NewService(st, engines.Options()), entries.NewService(st.Entries(), entries.Options{})
			arbiter := storetest.Arbiter(t, st)
			e, _ := storetest.Event(t, arbiter, svc, "swiss", 5, "Аслан Хут")
			ann := playerAccount(t, st, "ann@example.org", "Анна Тлехас")
			_, closed := ent.Enter(ann, e.ID, entries.EntryInput{})
			if _, err := ent.CancelEvent(arbiter, e.ID, "зал закрыт"); err != nil {
				t.Fatal(err)
			}
			_, cancelled := svc.UpdateEvent(arbiter, e.ID, tournament.EventInput{City: ptr("Майкоп")}, "")
			for what, err := range map[string]error{"an entry to an event without online entries": closed, "a change of a cancelled event": cancelled} {
				if tournament.ErrorCode(err) != tournament.ECONFLICT || !strings.HasPrefix(strings.TrimPrefix(err.Error(), "status: "), "the event ") {
					t.Errorf("%s: error %v, want ECONFLICT about «the event», not event %d", what, err, e.ID)
				}
			}
		})
	}
}
