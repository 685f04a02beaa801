package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// TestEventPageUnknownRound: the pairings of a round that readers cannot
// see (not paired, or a draft) are not found, as its game viewer is,
// instead of showing the last round under the address of another; a round
// that is not a number is refused.
func TestEventPageUnknownRound(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(4)
	s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	team := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", map[string]any{"name": "Командный кубок", "discipline": "rapid-team", "system": "round-robin"})
	anonymous := s.Anonymous()
	for _, c := range []struct {
		path string
		code int
		want string
	}{
		{fmt.Sprintf("/events/%d?round=1", id), http.StatusOK, apitest.RuT("round.title", "N", 1)},
		{fmt.Sprintf("/events/%d?round=2", id), http.StatusNotFound, apitest.RuF("round %d of event %d not found", 2, id)},
		{fmt.Sprintf("/events/%d?round=9", id), http.StatusNotFound, apitest.RuF("round %d of event %d not found", 9, id)},
		{fmt.Sprintf("/events/%d?round=-1", id), http.StatusNotFound, apitest.RuF("round %d of event %d not found", -1, id)},
		{fmt.Sprintf("/events/%d?round=x", id), http.StatusBadRequest, apitest.RuF("%q is not a whole number", "x")},
		{fmt.Sprintf("/events/%d?round=9", apitest.Num(team["id"])), http.StatusNotFound, apitest.RuF("round %d of event %d not found", 9, apitest.Num(team["id"]))},
	} {
		rec := anonymous.Get(c.path)
		if rec.Code != c.code || !strings.Contains(apitest.PageText(rec), c.want) {
			t.Errorf("%s: %d, want %d saying %q", c.path, rec.Code, c.code, c.want)
		}
	}
	if rec := s.SignIn(tournament.ArbiterRole).Get(fmt.Sprintf("/events/%d?round=2", id)); rec.Code != http.StatusOK {
		t.Errorf("the arbiter's draft round 2: %d, want 200", rec.Code)
	}
}
