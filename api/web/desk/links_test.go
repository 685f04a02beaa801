package desk_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// A published round played over the board is relayed: the desk links its
// relay page, and a draft's row has no such link.
func TestDeskLinksARelayedRound(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(4)
	arbiter := s.SignIn(tournament.ArbiterRole)
	desk := arbiter.Get(fmt.Sprintf("/events/%d/manage", id)).Body.String()
	relay := fmt.Sprintf(`href="/events/%d/rounds/1/relay"`, id)
	if !strings.Contains(desk, relay) || !strings.Contains(desk, fmt.Sprintf(`href="/events/%d/rounds/1/results"`, id)) {
		t.Fatalf("the desk of a published round over the board lacks its relay page or its results:\n%s", apitest.PageText(arbiter.Get(fmt.Sprintf("/events/%d/manage", id))))
	}
	s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	desk = arbiter.Get(fmt.Sprintf("/events/%d/manage", id)).Body.String()
	if strings.Contains(desk, fmt.Sprintf(`href="/events/%d/rounds/2/relay"`, id)) {
		t.Errorf("the desk links the relay page of a draft round")
	}
	if rec := arbiter.Get(fmt.Sprintf("/events/%d/rounds/1/relay", id)); rec.Code != http.StatusOK {
		t.Errorf("the relay page the desk links answers %d", rec.Code)
	}
}

// A knockout's board is a match whose result is its games': the desk and
// the round's results page send the arbiter to the match on the bracket,
// never to the single-game entry that refuses it, and offer no relay.
func TestKnockoutDeskLinksTheBracket(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	e, _ := apitest.KnockoutEvent(s.Server, map[string]any{"name": "Кубок Майкопа"}, 4)
	id := apitest.Num(e["id"])
	s.PublishNextRound(id)
	arbiter := s.SignIn(tournament.ArbiterRole)
	desk := arbiter.Get(fmt.Sprintf("/events/%d/manage", id)).Body.String()
	if !strings.Contains(desk, fmt.Sprintf(`href="/events/%d/knockout"`, id)) {
		t.Errorf("the knockout's desk does not link the bracket")
	}
	for _, refused := range []string{"/rounds/1/results", "/rounds/1/relay"} {
		if strings.Contains(desk, fmt.Sprintf(`href="/events/%d%s"`, id, refused)) {
			t.Errorf("the knockout's desk links %s, which refuses its boards", refused)
		}
	}
	results := arbiter.Get(fmt.Sprintf("/events/%d/rounds/1/results", id)).Body.String()
	for b := 1; b <= 2; b++ {
		if !strings.Contains(results, fmt.Sprintf(`href="/events/%d/knockout#match-1-%d"`, id, b)) {
			t.Errorf("the round's results do not link board %d's match on the bracket", b)
		}
		if strings.Contains(results, fmt.Sprintf("/rounds/1/boards/%d/edit", b)) {
			t.Errorf("the round's results offer board %d's single-game sheet", b)
		}
	}
	if strings.Contains(results, `id="fast-entry"`) || strings.Contains(results, `id="sheets-form"`) {
		t.Errorf("the knockout's round offers the single-game entry or the sheets upload")
	}
	if !strings.Contains(arbiter.Get(fmt.Sprintf("/events/%d/knockout", id)).Body.String(), `id="match-1-1"`) {
		t.Errorf("the bracket has no match the links point at")
	}
}
