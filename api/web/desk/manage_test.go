package desk_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// When every round is played the desk says so at the top and offers to
// finish the event; once finished the offer is gone and the event is
// final.
func TestDeskOffersToFinishAPlayedEvent(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(4)
	arbiter := s.SignIn(tournament.ArbiterRole)
	desk := fmt.Sprintf("/events/%d/manage", id)
	if strings.Contains(arbiter.Get(desk).Body.String(), `id="finish"`) {
		t.Fatalf("the desk offers to finish an event with rounds to play")
	}
	for n := 1; n <= 3; n++ {
		if n > 1 {
			s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
			s.Must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/%d/publish", id, n), nil)
		}
		apitest.PlayRound(s.Server, id, n, "17:7", "12:12")
	}
	page := apitest.PageText(arbiter.Get(desk))
	if !strings.Contains(page, `id="finish"`) || !strings.Contains(page, "<strong>"+apitest.RuN("manage.all_played", 3)+"</strong>") {
		t.Fatalf("the desk of a played event does not offer to finish it")
	}
	if rec := arbiter.Post(fmt.Sprintf("/events/%d/finish", id), nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("finish: %d", rec.Code)
	}
	if strings.Contains(arbiter.Get(desk).Body.String(), `id="finish"`) {
		t.Errorf("a finished event is offered to be finished again")
	}
	_, e := s.Do("", "GET", fmt.Sprintf("/api/v1/events/%d", id), nil)
	if e["status"] != "finished" {
		t.Errorf("status %v after finishing", e["status"])
	}
}
