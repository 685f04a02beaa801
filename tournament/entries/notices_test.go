package entries_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

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
				{UserID: tournament.UserFromContext(ann).ID, EventID: e.ID, To: "ann@example.org", Locale: "ru", Kind: entries.NoticeAccepted, Args: []any{"Event", "Турнир", "Link", link}},
				{UserID: tournament.UserFromContext(bob).ID, EventID: e.ID, To: "bob@example.org", Locale: "ru", Kind: entries.NoticeDeclined, Args: []any{"Event", "Турнир", "Link", link, "Reason", "турнир для юниоров"}},
			}
			if fmt.Sprint(told) != fmt.Sprint(want) {
				t.Errorf("notices %v, want %v", told, want)
			}
		})
	}
}

// Without a mail server everyone is still told: the site's inbox keeps a
// place freed on the waiting list, an event made private and a
// cancellation, each for its account, newest first, with the values it
// was told with; each account reads and marks only its own.
func TestInboxWithoutMail(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c := &clock{at: time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)}
			ent := entries.NewService(st.Entries(), entries.Options{Now: c.now})
			opt := engines.Options()
			opt.Now, opt.Hidden = c.now, ent.TellHidden
			svc := tournament.NewService(st, opt)
			arbiter := storetest.Arbiter(t, st)
			cup, _ := storetest.Event(t, arbiter, svc, "swiss", 5)
			if _, err := ent.SetEntries(arbiter, cup.ID, entries.EntrySettingsInput{Open: ptr(true), Max: ptr(1)}); err != nil {
				t.Fatal(err)
			}
			ann := playerAccount(t, st, "ann@example.org", "Анна Тлехас")
			bob := playerAccount(t, st, "bob@example.org", "Борис Нехай")
			cid := playerAccount(t, st, "cid@example.org", "Саида Ачмиз")
			first, err := ent.Enter(ann, cup.ID, entries.EntryInput{})
			if err != nil {
				t.Fatal(err)
			}
			if waiting, err := ent.Enter(bob, cup.ID, entries.EntryInput{}); err != nil || waiting.Status != entries.EntryWaiting {
				t.Fatalf("the second entry: %+v (%v), want it waiting", waiting, err)
			}
			c.set(c.now().Add(time.Hour))
			if _, err := ent.WithdrawEntry(ann, cup.ID, first.ID, ""); err != nil {
				t.Fatal(err)
			}
			league, _ := storetest.Event(t, arbiter, svc, "swiss", 5)
			if err := ent.SetFollowing(cid, league.ID, 0, true); err != nil {
				t.Fatal(err)
			}
			c.set(c.now().Add(time.Hour))
			if _, err := svc.UpdateEvent(arbiter, league.ID, tournament.EventInput{Visibility: ptr("private")}, ""); err != nil {
				t.Fatal(err)
			}
			c.set(c.now().Add(time.Hour))
			if _, err := ent.CancelEvent(arbiter, cup.ID, "нет зала"); err != nil {
				t.Fatal(err)
			}

			inbox := func(who context.Context) []string {
				t.Helper()
				kept, err := ent.Inbox(who, 10)
				if err != nil {
					t.Fatal(err)
				}
				var out []string
				for _, n := range kept {
					out = append(out, fmt.Sprintf("%s event %d at %s read %v: %v", n.Kind, n.EventID, n.At.Format("15:04"), n.Read, n.Args))
				}
				return out
			}
			cupLink := fmt.Sprintf("/events/%d", cup.ID)
			for who, want := range map[context.Context][]string{
				bob: {
					fmt.Sprintf("event-cancelled event %d at 13:00 read false: [Event Турнир Link %s Reason нет зала]", cup.ID, cupLink),
					fmt.Sprintf("entry-moved-up event %d at 11:00 read false: [Event Турнир Link %s/entries]", cup.ID, cupLink),
				},
				ann: {fmt.Sprintf("event-cancelled event %d at 13:00 read false: [Event Турнир Link %s Reason нет зала]", cup.ID, cupLink)},
				cid: {fmt.Sprintf("event-hidden event %d at 12:00 read false: [Event Турнир Link /my]", league.ID)},
			} {
				if got := inbox(who); !slices.Equal(got, want) {
					t.Errorf("the inbox of %s:\n%s\nwant\n%s", tournament.UserFromContext(who).Email, strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
			}

			kept, err := ent.Inbox(bob, 10)
			if err != nil {
				t.Fatal(err)
			}
			if err := ent.MarkNoticesRead(cid, []int64{kept[0].ID}); err != nil {
				t.Fatal(err)
			}
			if got := inbox(bob); !strings.Contains(got[0], "read false") {
				t.Errorf("another account marked bob's notice read: %s", got[0])
			}
			if err := ent.MarkNoticesRead(bob, []int64{kept[0].ID}); err != nil {
				t.Fatal(err)
			}
			if got := inbox(bob); !strings.Contains(got[0], "read true") || !strings.Contains(got[1], "read false") {
				t.Errorf("after reading the newest: %v", got)
			}
			_, err = ent.Inbox(t.Context(), 10)
			wantCode(t, "an anonymous inbox", err, tournament.EUNAUTHORIZED)
		})
	}
}
