package composition_test

import (
	"fmt"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/composition"
	"adiukh/tournament/entries"
	"adiukh/tournament/store/storetest"
)

// Issue 41, item 5: the authors are told when the award is published,
// provisional and final (one notice per author with a standing entry, none
// to an author who withdrew), and the author of an entry when a claim
// about it is decided; their entries page lists each entry's honour and
// the claims about it with the decision.
func TestAuthorsAreToldOfTheAwardAndTheClaims(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c := newContest(t, st)
			c.setUpOneSection(t)
			if _, err := c.svc.SetJudges(c.as("director"), c.eventID, []string{"judge1@example.org"}, "", false); err != nil {
				t.Fatal(err)
			}
			draw := composition.Entry{Position: g019, Side: "black", Stipulation: "draw", Solution: "h4-g3"}
			exact := composition.Entry{Position: g005, Side: "black", Stipulation: "exact 18:6", Solution: "d6:f8"}
			for _, e := range []struct {
				author string
				entry  composition.Entry
			}{{"alice", draw}, {"alice", exact}, {"bob", draw}, {"reader", exact}} {
				if _, err := c.svc.Submit(c.as(e.author), c.eventID, composition.EntryInput{Section: "Задачи", Entry: e.entry}); err != nil {
					t.Fatal(err)
				}
			}
			mine, err := c.svc.MyWorks(c.as("reader"), c.eventID)
			if err != nil || len(mine) != 1 {
				t.Fatalf("reader's entries %v, %v", mine, err)
			}
			if _, err := c.svc.Withdraw(c.as("reader"), mine[0].ID); err != nil {
				t.Fatal(err)
			}
			c.clock.Set(start.Add(2 * time.Hour))
			for code, mark := range map[string]string{"001": "9", "002": "5", "003": "7"} {
				if _, err := c.svc.Mark(c.as("judge1"), c.eventID, composition.MarkInput{Code: code, Mark: mark}); err != nil {
					t.Fatal(err)
				}
			}
			if n := c.notices(); len(n) != 0 {
				t.Errorf("notices before the award: %v", n)
			}
			if _, err := c.svc.PublishProvisional(c.as("director"), c.eventID, composition.AwardInput{Prizes: 1, Mentions: 1}, ""); err != nil {
				t.Fatal(err)
			}
			link := fmt.Sprintf("/events/%d/contest/entries", c.eventID)
			aliceID, bobID := tournament.UserFromContext(c.as("alice")).ID, tournament.UserFromContext(c.as("bob")).ID
			want := fmt.Sprint([]tournament.Notice{
				{UserID: aliceID, EventID: c.eventID, To: "alice@example.org", Kind: composition.NoticeAwardProvisional, Args: []any{"Event", "Конкурс составления 2026", "Link", link}},
				{UserID: bobID, EventID: c.eventID, To: "bob@example.org", Kind: composition.NoticeAwardProvisional, Args: []any{"Event", "Конкурс составления 2026", "Link", link}},
			})
			if got := fmt.Sprint(c.notices()); got != want {
				t.Errorf("notices of the provisional award %s, want %s", got, want)
			}
			alice, err := c.svc.MyWorks(c.as("alice"), c.eventID)
			if err != nil || len(alice) != 2 || alice[0].Honour == nil || *alice[0].Honour != (composition.Distinction{Code: "001", Honour: composition.Prize, Place: 1}) || alice[1].Honour != nil {
				t.Fatalf("alice's entries after the award: %+v, %v", alice, err)
			}

			if _, err := c.svc.FileClaim(c.as("reader"), c.eventID, composition.ClaimInput{Code: "003", Kind: composition.ClaimAnticipated, Evidence: "Сборник 1990, № 12"}); err != nil {
				t.Fatal(err)
			}
			if n := c.notices(); len(n) != 0 {
				t.Errorf("notices of a claim filed: %v", n)
			}
			// Issue 41, item 8: one claim per claimant, entry and kind.
			_, err = c.svc.FileClaim(c.as("reader"), c.eventID, composition.ClaimInput{Code: "003", Kind: composition.ClaimAnticipated, Evidence: "Сборник 1990, № 12"})
			wantCode(t, "the same claim again", err, tournament.ECONFLICT, "already filed a claim that entry 003 is anticipated")
			award, err := c.svc.Award(c.as("director"), c.eventID)
			if err != nil || len(award.Claims) != 1 {
				t.Fatalf("claims %v, %v", award, err)
			}
			if _, err := c.svc.DecideClaim(c.as("director"), award.Claims[0].ID, true, "то же решение"); err != nil {
				t.Fatal(err)
			}
			want = fmt.Sprint([]tournament.Notice{{UserID: bobID, EventID: c.eventID, To: "bob@example.org", Kind: composition.NoticeClaimUpheld,
				Args: []any{"Event", "Конкурс составления 2026", "Link", link, "Code", "003", "Reason", "то же решение"}}})
			if got := fmt.Sprint(c.notices()); got != want {
				t.Errorf("notices of the decision %s, want %s", got, want)
			}
			// The site's inbox keeps them too, mail or no mail.
			var inbox []tournament.KeptNotice
			err = c.st.Entries().View(t.Context(), func(tx entries.Tx) (err error) {
				inbox, err = tx.Inbox(bobID, 10)
				return err
			})
			if err != nil || len(inbox) != 2 || inbox[0].Kind != composition.NoticeClaimUpheld || inbox[1].Kind != composition.NoticeAwardProvisional {
				t.Errorf("bob's inbox %+v (%v), want the claim's decision, then the provisional award", inbox, err)
			}
			bob, err := c.svc.MyWorks(c.as("bob"), c.eventID)
			if err != nil || len(bob) != 1 || bob[0].Honour != nil || len(bob[0].Claims) != 1 || bob[0].Claims[0].Status != composition.ClaimUpheld || bob[0].Claims[0].Reason != "то же решение" {
				t.Fatalf("bob's entry after the claim: %+v, %v", bob, err)
			}

			c.clock.Set(start.Add(2*time.Hour + 8*24*time.Hour))
			if _, err := c.svc.PublishFinal(c.as("director"), c.eventID, ""); err != nil {
				t.Fatal(err)
			}
			got := c.notices()
			if len(got) != 2 || got[0].Kind != composition.NoticeAwardFinal || got[0].To != "alice@example.org" || got[1].To != "bob@example.org" {
				t.Errorf("notices of the final award %v", got)
			}
		})
	}
}
