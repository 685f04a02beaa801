package entries_test

import (
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
			arbiter := arbiterContext(t, st)
			e, players := createEvent(t, arbiter, svc, "swiss", 5, "Аслан Хут")
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
