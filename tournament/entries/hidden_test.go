package entries_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/entries"
	"adiukh/tournament/store/storetest"
)

// An event made private after it was public does not vanish from the pages
// of those who had it in their plans: the entrant's entry and the
// follower's follow stay, with its name and a word that the organiser
// made it private, and no link. Made public again, it is back as before.
func TestMyPageTellsOfHiddenEvents(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svc, ent := services(st, engines.Options())
			arbiter := storetest.Arbiter(t, st)
			e, players := storetest.Event(t, arbiter, svc, "swiss", 5, "Аслан Хут")
			if _, err := ent.SetEntries(arbiter, e.ID, entries.EntrySettingsInput{Open: ptr(true)}); err != nil {
				t.Fatal(err)
			}
			ann := playerAccount(t, st, "ann@example.org", "Анна Тлехас")
			bob := playerAccount(t, st, "bob@example.org", "Борис Нехай")
			if _, err := ent.Enter(ann, e.ID, entries.EntryInput{}); err != nil {
				t.Fatal(err)
			}
			for _, player := range []int64{0, players[0].ID} {
				if err := ent.SetFollowing(bob, e.ID, player, true); err != nil {
					t.Fatal(err)
				}
			}
			check := func(when string, hidden bool) {
				t.Helper()
				annPage, err := ent.MyPage(ann)
				if err != nil {
					t.Fatal(err)
				}
				if len(annPage.Entries) != 1 || annPage.Entries[0].Hidden != hidden || annPage.Entries[0].Event.Name != "Турнир" {
					t.Errorf("%s: the entrant's entries %+v, want one, hidden %v", when, annPage.Entries, hidden)
				}
				bobPage, err := ent.MyPage(bob)
				if err != nil {
					t.Fatal(err)
				}
				// Hidden, the event is told once for both follows.
				want := 2
				if hidden {
					want = 1
				}
				if len(bobPage.Following) != want || bobPage.Following[0].Hidden != hidden || bobPage.Following[0].Event.Name != "Турнир" {
					t.Errorf("%s: the follower's follows %+v, want %d, hidden %v", when, bobPage.Following, want, hidden)
				}
			}
			check("public", false)
			if _, err := svc.UpdateEvent(arbiter, e.ID, tournament.EventInput{Visibility: ptr("private")}, ""); err != nil {
				t.Fatal(err)
			}
			check("made private", true)
			if _, err := svc.UpdateEvent(arbiter, e.ID, tournament.EventInput{Visibility: ptr("public")}, ""); err != nil {
				t.Fatal(err)
			}
			check("public again", false)
		})
	}
}

// Making a public event private tells those who have it in their plans,
// once each, as a cancellation does: an entrant (not one declined) and a
// follower of the event or of one of its players, with the address of
// their own page, which keeps it. A change of a private event and the
// event made public again tell nobody; nobody but its manager may tell.
func TestMadePrivateIsTold(t *testing.T) {
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
			taken := func() []string {
				mu.Lock()
				defer mu.Unlock()
				var out []string
				for _, n := range told {
					out = append(out, fmt.Sprint(n.To, " ", n.Kind, " ", n.Args))
				}
				slices.Sort(out)
				told = nil
				return out
			}
			opt := engines.Options()
			ent := entries.NewService(st.Entries(), entries.Options{Notify: notify})
			opt.Hidden = ent.TellHidden
			svc := tournament.NewService(st, opt)
			arbiter := storetest.Arbiter(t, st)
			e, players := storetest.Event(t, arbiter, svc, "swiss", 5, "Аслан Хут")
			if _, err := ent.SetEntries(arbiter, e.ID, entries.EntrySettingsInput{Open: ptr(true)}); err != nil {
				t.Fatal(err)
			}
			ann := playerAccount(t, st, "ann@example.org", "Анна Тлехас")
			bob := playerAccount(t, st, "bob@example.org", "Борис Нехай")
			cid := playerAccount(t, st, "cid@example.org", "Саида Ачмиз")
			if _, err := ent.Enter(ann, e.ID, entries.EntryInput{}); err != nil {
				t.Fatal(err)
			}
			declined, err := ent.Enter(cid, e.ID, entries.EntryInput{})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := ent.DeclineEntry(arbiter, e.ID, declined.ID, "мест нет"); err != nil {
				t.Fatal(err)
			}
			if err := ent.SetFollowing(bob, e.ID, players[0].ID, true); err != nil {
				t.Fatal(err)
			}
			taken()

			if _, err := svc.UpdateEvent(arbiter, e.ID, tournament.EventInput{Visibility: ptr("private")}, ""); err != nil {
				t.Fatal(err)
			}
			want := []string{
				"ann@example.org event-hidden [Event Турнир Link /my]",
				"bob@example.org event-hidden [Event Турнир Link /my]",
			}
			if got := taken(); strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("made private, told\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			wantCode(t, "a player telling", ent.TellHidden(ann, e.ID), tournament.EFORBIDDEN)
			for _, change := range []tournament.EventInput{{Name: ptr("Кубок")}, {Visibility: ptr("public")}} {
				if _, err := svc.UpdateEvent(arbiter, e.ID, change, ""); err != nil {
					t.Fatal(err)
				}
				if got := taken(); len(got) != 0 {
					t.Errorf("%+v told %v", change, got)
				}
			}
		})
	}
}
