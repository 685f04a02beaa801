package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"adiukh/tournament"
)

// The desk of an individual event offers a withdrawal from the next round
// to pair only while there is one: once the last round is paired, no player
// row names a round beyond the event's last (a 3-round event offered
// "withdraw from round 4", which the service refuses).
func TestDeskWithdrawalNamesNoRoundBeyondTheLast(t *testing.T) {
	s := newWebServer(t)
	id := s.roundRobin(4) // 3 rounds, round 1 paired
	arbiter := s.signIn(tournament.ArbiterRole)
	desk := func() string {
		t.Helper()
		rec := arbiter.get(fmt.Sprintf("/events/%d/manage", id))
		if rec.Code != http.StatusOK {
			t.Fatalf("desk: %d", rec.Code)
		}
		return rec.Body.String()
	}
	if page := desk(); !strings.Contains(page, "Снять с 2-го тура") {
		t.Error("after round 1 the desk does not offer a withdrawal from round 2")
	}
	for n := 2; n <= 3; n++ {
		s.must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
		s.must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/%d/publish", id, n), nil)
	}
	page := desk()
	if strings.Contains(page, "Снять с 4-го тура") || strings.Contains(page, fmt.Sprintf("/events/%d/players/1/withdraw", id)) || strings.Contains(page, `name="from_round"`) {
		t.Error("with all 3 rounds paired the desk offers a withdrawal from round 4")
	}
}

