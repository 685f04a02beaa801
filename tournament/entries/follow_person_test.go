package entries_test

import (
	"context"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/entries"
	"adiukh/tournament/people"
	registration "adiukh/tournament/players"
	"adiukh/tournament/store/storetest"
)

// Following a player the register knows follows the person, in every
// event they play: the page lists the person once with their latest
// result from any event and their game to play in a running one; the
// player card of either event and the person's page show the follow, and
// stopping it from either ends it. The person's follower is told when an
// event of theirs is cancelled. A player of no person is followed as
// the event's player, as before.
func TestFollowPerson(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svc, ent := services(st, engines.Options())
			arbiter := storetest.Arbiter(t, st)
			register := people.NewService(st.People(), people.Options{})
			aslan, err := register.CreatePerson(arbiter, people.PersonInput{Surname: ptr("Хут"), GivenNames: ptr("Аслан")})
			if err != nil {
				t.Fatal(err)
			}
			// Аслан played the first event and plays the second.
			first, _ := storetest.Event(t, arbiter, svc, "round-robin", 0, "Борис Нехай")
			second, _ := storetest.Event(t, arbiter, svc, "round-robin", 0, "Саида Ачмиз")
			var inFirst, inSecond *tournament.Player
			for _, e := range []*tournament.Event{first, second} {
				p, err := registration.NewService(svc).RegisterPlayer(arbiter, e.ID, tournament.PlayerInput{PersonID: &aslan.ID})
				if err != nil {
					t.Fatal(err)
				}
				if e == first {
					inFirst = p
				} else {
					inSecond = p
				}
				r, err := svc.PairNextRound(arbiter, e.ID)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := svc.PublishRound(arbiter, e.ID, 1); err != nil {
					t.Fatal(err)
				}
				if e == first {
					g := r.Games[0]
					if _, err := svc.RecordResult(arbiter, tournament.ResultInput{EventID: e.ID, Round: 1, Board: g.Board, Score: "17:7", EndReason: "final_position", Version: g.Version}); err != nil {
						t.Fatal(err)
					}
				}
			}
			ann := playerAccount(t, st, "ann@example.org", "Анна Тлехас")
			wantCode(t, "following a missing person", ent.SetFollowingPerson(ann, 999999, true), tournament.ENOTFOUND)
			if err := ent.SetFollowing(ann, first.ID, inFirst.ID, true); err != nil {
				t.Fatal(err)
			}
			for _, f := range []struct {
				event, player int64
			}{{first.ID, inFirst.ID}, {second.ID, inSecond.ID}} {
				if on, err := ent.Following(ann, f.event, f.player); !on || err != nil {
					t.Errorf("the card of event %d: following %v (%v), want true", f.event, on, err)
				}
			}
			if on, err := ent.FollowingPerson(ann, aslan.ID); !on || err != nil {
				t.Errorf("the person's page: following %v (%v), want true", on, err)
			}
			page, err := ent.MyPage(ann)
			if err != nil {
				t.Fatal(err)
			}
			if len(page.Following) != 1 || page.Following[0].Person == nil || page.Following[0].Person.ID != aslan.ID {
				t.Fatalf("following %+v, want Аслан once", page.Following)
			}
			f := page.Following[0]
			if f.Last == nil || f.Last.Event.ID != first.ID || f.Last.Opponent != "Борис Нехай" || f.Last.Score() == "" {
				t.Errorf("Аслан's latest result %+v, want his game against Борис in the first event", f.Last)
			}
			if len(f.Next) != 1 || f.Next[0].Event.ID != second.ID || f.Next[0].Opponent != "Саида Ачмиз" {
				t.Errorf("Аслан's games to play %+v, want the one against Саида in the second event", f.Next)
			}
			// Аслан's follower is told when his event is called off.
			var told []tournament.Notice
			teller := entries.NewService(st.Entries(), entries.Options{Notify: func(_ context.Context, n tournament.Notice) { told = append(told, n) }})
			if _, err := teller.CancelEvent(arbiter, second.ID, "нет зала"); err != nil {
				t.Fatal(err)
			}
			if len(told) != 1 || told[0].To != "ann@example.org" {
				t.Errorf("the cancellation told %v, want Аслан's follower", told)
			}
			if err := ent.SetFollowing(ann, second.ID, inSecond.ID, false); err != nil {
				t.Fatal(err)
			}
			if on, _ := ent.FollowingPerson(ann, aslan.ID); on {
				t.Errorf("stopped from the second event's card, the person is still followed")
			}
			if page, _ := ent.MyPage(ann); len(page.Following) != 0 {
				t.Errorf("after stopping: %+v", page.Following)
			}
		})
	}
}
