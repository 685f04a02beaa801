package api_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/store/storetest"
)

// Issue 59.3: a result of one event makes that event's pages again, on
// every instance on the database, and leaves every other event's pages
// kept; a correction entered on another instance (here through the
// service, as the command line would) is on the next request of both.
func TestAWriteOfOneEventKeepsTheOthersPages(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel() // each database's half waits on its database
			s := apitest.NewServer(t, st)
			instances := []http.Handler{s.Handler, secondInstance(st)}
			// The versions kept in memory forget event A's alone too.
			keepVersions(t, st)
			a, b := s.RoundRobin(4), s.RoundRobin(4)
			pagesOfA, pagesOfB := junkedPages(t, s.Handler, a), junkedPages(t, s.Handler, b)
			read := func() (bodies map[string]string, made []float64) {
				bodies = map[string]string{}
				for i, h := range instances {
					for _, p := range append(pagesOfA, pagesOfB...) {
						rec := fetch(h, p)
						if rec.Code != http.StatusOK {
							t.Fatalf("instance %d, %s: %d", i+1, p, rec.Code)
						}
						bodies[fmt.Sprint(i, p)] = rec.Body.String()
					}
					made = append(made, apitest.CacheAnswers(t, h)["made"])
				}
				return bodies, made
			}
			// What each instance makes of the pages of both events after a
			// write of event A's: A's pages, and none of B's.
			check := func(what string, before map[string]string, madeBefore []float64) map[string]string {
				t.Helper()
				after, madeAfter := read()
				for i := range instances {
					if made := madeAfter[i] - madeBefore[i]; made != float64(len(pagesOfA)) {
						t.Errorf("after %s, instance %d made %v pages; want event A's %d alone, event B's kept", what, i+1, made, len(pagesOfA))
					}
					for _, p := range []string{pagesOfA[0], pagesOfA[3]} { // the boards, a player's card
						if after[fmt.Sprint(i, p)] == before[fmt.Sprint(i, p)] {
							t.Errorf("after %s, instance %d, %s: the page did not change", what, i+1, p)
						}
					}
				}
				return after
			}
			bodies, made := read()
			s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/1/games/1/result", a),
				map[string]any{"score": "17:7", "end_reason": "final_position", "version": 1})
			bodies = check("a result of event A", bodies, made)

			arbiter, err := apitest.Accounts(st, account.Options{}).User(context.Background(), "arbiter@example.org")
			if err != nil {
				t.Fatal(err)
			}
			ctx := tournament.NewContextWithUser(context.Background(), arbiter)
			correction := tournament.ResultInput{EventID: int64(a), Round: 1, Board: 1, Score: "7:17", EndReason: "final_position", Version: 2,
				Reason: "the scores were swapped"}
			_, made = read()
			if _, err := tournament.NewService(st, engines.Options()).RecordResult(ctx, correction); err != nil {
				t.Fatal(err)
			}
			check("a correction outside both instances", bodies, made)
		})
	}
}
