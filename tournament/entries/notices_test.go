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

// Once an event has started, its waiting list hears it is out: each entry
// still waiting is closed, once, its player told on the site and by mail.
// Before the start, and for a cancelled event (told by the cancellation),
// nothing changes.
func TestWaitingListClosesAtTheStart(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var mu sync.Mutex
			var mailed []string
			notify := func(_ context.Context, n tournament.Notice) {
				mu.Lock()
				defer mu.Unlock()
				mailed = append(mailed, n.To+" "+n.Kind)
			}
			svc, ent := tournament.NewService(st, engines.Options()), entries.NewService(st.Entries(), entries.Options{Notify: notify})
			arbiter := storetest.Arbiter(t, st)
			ann := playerAccount(t, st, "ann@example.org", "Анна Тлехас")
			bob := playerAccount(t, st, "bob@example.org", "Борис Нехай")
			cid := playerAccount(t, st, "cid@example.org", "Саида Ачмиз")
			full := func(name string) *tournament.Event {
				t.Helper()
				e, _ := storetest.Event(t, arbiter, svc, "swiss", 3, "Хут Аслан")
				if _, err := svc.UpdateEvent(arbiter, e.ID, tournament.EventInput{Name: &name}, ""); err != nil {
					t.Fatal(err)
				}
				if _, err := ent.SetEntries(arbiter, e.ID, entries.EntrySettingsInput{Open: ptr(true), Max: ptr(2)}); err != nil {
					t.Fatal(err)
				}
				first, err := ent.Enter(ann, e.ID, entries.EntryInput{})
				if err != nil {
					t.Fatal(err)
				}
				if _, err := ent.AcceptEntry(arbiter, e.ID, first.ID); err != nil {
					t.Fatal(err)
				}
				for _, who := range []context.Context{bob, cid} {
					if en, err := ent.Enter(who, e.ID, entries.EntryInput{}); err != nil || en.Status != entries.EntryWaiting {
						t.Fatalf("an entry to a full event: %+v (%v), want it waiting", en, err)
					}
				}
				return e
			}
			started, cancelled := full("Кубок"), full("Первенство")
			if n, err := ent.CloseWaitingLists(t.Context()); err != nil || n != 0 {
				t.Fatalf("before the start: %d closed (%v), want none", n, err)
			}
			if _, err := svc.PairNextRound(arbiter, started.ID); err != nil {
				t.Fatal(err)
			}
			if _, err := ent.CancelEvent(arbiter, cancelled.ID, "нет зала"); err != nil {
				t.Fatal(err)
			}
			mu.Lock()
			mailed = nil
			mu.Unlock()
			for want := range []int{2, 0} {
				if n, err := ent.CloseWaitingLists(t.Context()); err != nil || n != 2-2*want {
					t.Fatalf("closing run %d: %d closed (%v), want %d", want+1, n, err, 2-2*want)
				}
			}
			slices.Sort(mailed)
			if want := []string{"bob@example.org entry-lapsed", "cid@example.org entry-lapsed"}; !slices.Equal(mailed, want) {
				t.Errorf("mailed %v, want %v", mailed, want)
			}
			for _, who := range []context.Context{bob, cid} {
				page, err := ent.MyPage(who)
				if err != nil {
					t.Fatal(err)
				}
				statuses := map[int64]entries.EntryStatus{}
				for _, en := range page.Entries {
					statuses[en.Event.ID] = en.Entry.Status
				}
				if statuses[started.ID] != entries.EntryLapsed || statuses[cancelled.ID] != entries.EntryWaiting {
					t.Errorf("%s's entries: %v, want out of %d and still waiting in the cancelled %d", tournament.UserFromContext(who).Email, statuses, started.ID, cancelled.ID)
				}
				if len(page.Notices) == 0 || page.Notices[0].Kind != entries.NoticeLapsed || page.Notices[0].EventID != started.ID ||
					fmt.Sprint(page.Notices[0].Args) != fmt.Sprintf("[Event Кубок Link /events/%d/entries]", started.ID) {
					t.Errorf("%s's latest notice: %+v, want the closed waiting list of %d", tournament.UserFromContext(who).Email, page.Notices, started.ID)
				}
			}
			log, err := svc.Audit(arbiter, started.ID)
			if err != nil {
				t.Fatal(err)
			}
			lapses := 0
			for _, a := range log {
				if a.Action == entries.ActionEntryLapse && a.UserEmail == "server" {
					lapses++
				}
			}
			if lapses != 2 {
				t.Errorf("the audit log has %d entries closed by the server, want 2", lapses)
			}
		})
	}
}
