package entries_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/entries"
	"adiukh/tournament/store/storetest"
)

// The arbiter's decisions on entries are told to the players, after they
// are kept: one notice each, to the entrant, with the event, the link and
// the reason of a refusal; a refused decision tells nobody.
func TestEntryDecisionsAreNotified(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var mu sync.Mutex
			var told []tournament.Notice
			notify := func(_ context.Context, n tournament.Notice) {
				mu.Lock()
				defer mu.Unlock()
				told = append(told, n)
			}
			svc, ent := tournament.NewService(st, engines.Options()), entries.NewService(st.Entries(), entries.Options{Notify: notify})
			arbiter := storetest.Arbiter(t, st)
			e, _ := storetest.Event(t, arbiter, svc, "swiss", 5)
			if _, err := ent.SetEntries(arbiter, e.ID, entries.EntrySettingsInput{Open: ptr(true)}); err != nil {
				t.Fatal(err)
			}
			ann := playerAccount(t, st, "ann@example.org", "Анна Тлехас")
			bob := playerAccount(t, st, "bob@example.org", "Борис Нехай")
			first, err := ent.Enter(ann, e.ID, entries.EntryInput{})
			if err != nil {
				t.Fatal(err)
			}
			second, err := ent.Enter(bob, e.ID, entries.EntryInput{})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := ent.AcceptEntry(arbiter, e.ID, first.ID); err != nil {
				t.Fatal(err)
			}
			if _, err := ent.DeclineEntry(arbiter, e.ID, second.ID, "турнир для юниоров"); err != nil {
				t.Fatal(err)
			}
			_, err = ent.AcceptEntry(arbiter, e.ID, first.ID)
			wantCode(t, "accepting twice", err, tournament.ECONFLICT)

			link := fmt.Sprintf("/events/%d/entries", e.ID)
			want := []tournament.Notice{
				{To: "ann@example.org", Locale: "ru", Kind: entries.NoticeAccepted, Args: []any{"Event", "Турнир", "Link", link}},
				{To: "bob@example.org", Locale: "ru", Kind: entries.NoticeDeclined, Args: []any{"Event", "Турнир", "Link", link, "Reason", "турнир для юниоров"}},
			}
			if fmt.Sprint(told) != fmt.Sprint(want) {
				t.Errorf("notices %v, want %v", told, want)
			}
		})
	}
}
