package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"adiukh/tournament"
)

// TestEventPageUnknownRound: the pairings of a round that readers cannot
// see (not paired, or a draft) are not found, as its game viewer is,
// instead of showing the last round under the address of another; a round
// that is not a number is refused.
func TestEventPageUnknownRound(t *testing.T) {
	t.Parallel()
	s := newWebServer(t)
	id := s.roundRobin(4)
	s.must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	team := s.must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", map[string]any{"name": "Командный кубок", "discipline": "rapid-team", "system": "round-robin"})
	anonymous := s.anonymous()
	for _, c := range []struct {
		path string
		code int
		want string
	}{
		{fmt.Sprintf("/events/%d?round=1", id), http.StatusOK, ruT("round.title", "N", 1)},
		{fmt.Sprintf("/events/%d?round=2", id), http.StatusNotFound, ruF("round %d of event %d not found", 2, id)},
		{fmt.Sprintf("/events/%d?round=9", id), http.StatusNotFound, ruF("round %d of event %d not found", 9, id)},
		{fmt.Sprintf("/events/%d?round=-1", id), http.StatusNotFound, ruF("round %d of event %d not found", -1, id)},
		{fmt.Sprintf("/events/%d?round=x", id), http.StatusBadRequest, ruF("%q is not a whole number", "x")},
		{fmt.Sprintf("/events/%d?round=9", num(team["id"])), http.StatusNotFound, ruF("round %d of event %d not found", 9, num(team["id"]))},
	} {
		rec := anonymous.get(c.path)
		if rec.Code != c.code || !strings.Contains(pageText(rec), c.want) {
			t.Errorf("%s: %d, want %d saying %q", c.path, rec.Code, c.code, c.want)
		}
	}
	if rec := s.signIn(tournament.ArbiterRole).get(fmt.Sprintf("/events/%d?round=2", id)); rec.Code != http.StatusOK {
		t.Errorf("the arbiter's draft round 2: %d, want 200", rec.Code)
	}
}
