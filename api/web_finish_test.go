package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"adiukh/tournament"
)

// When every round is played the desk says so at the top and offers to
// finish the event; once finished the offer is gone and the event is
// final.
func TestDeskOffersToFinishAPlayedEvent(t *testing.T) {
	t.Parallel()
	s := newWebServer(t)
	id := s.roundRobin(4)
	arbiter := s.signIn(tournament.ArbiterRole)
	desk := fmt.Sprintf("/events/%d/manage", id)
	if strings.Contains(arbiter.get(desk).Body.String(), `id="finish"`) {
		t.Fatalf("the desk offers to finish an event with rounds to play")
	}
	for n := 1; n <= 3; n++ {
		if n > 1 {
			s.must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
			s.must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/%d/publish", id, n), nil)
		}
		s.playRound(id, n, "17:7", "12:12")
	}
	page := pageText(arbiter.get(desk))
	if !strings.Contains(page, `id="finish"`) || !strings.Contains(page, "<strong>"+ruN("manage.all_played", 3)+"</strong>") {
		t.Fatalf("the desk of a played event does not offer to finish it")
	}
	if rec := arbiter.post(fmt.Sprintf("/events/%d/finish", id), nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("finish: %d", rec.Code)
	}
	if strings.Contains(arbiter.get(desk).Body.String(), `id="finish"`) {
		t.Errorf("a finished event is offered to be finished again")
	}
	_, e := s.do("", "GET", fmt.Sprintf("/api/v1/events/%d", id), nil)
	if e["status"] != "finished" {
		t.Errorf("status %v after finishing", e["status"])
	}
}
