package api_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// The desk of an individual event offers a withdrawal from the next round
// to pair only while there is one: once the last round is paired, no player
// row names a round beyond the event's last (a 3-round event offered
// "withdraw from round 4", which the service refuses).
func TestDeskWithdrawalNamesNoRoundBeyondTheLast(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(4) // 3 rounds, round 1 paired
	arbiter := s.SignIn(tournament.ArbiterRole)
	desk := func() string {
		t.Helper()
		rec := arbiter.Get(fmt.Sprintf("/events/%d/manage", id))
		if rec.Code != http.StatusOK {
			t.Fatalf("desk: %d", rec.Code)
		}
		return rec.Body.String()
	}
	if page := desk(); !strings.Contains(page, ">"+apitest.RuT("manage.withdraw", "N", 2)+"</button>") {
		t.Error("after round 1 the desk does not offer a withdrawal from round 2")
	}
	for n := 2; n <= 3; n++ {
		s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
		s.Must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/%d/publish", id, n), nil)
	}
	page := desk()
	if strings.Contains(page, apitest.RuT("manage.withdraw", "N", 4)) || strings.Contains(page, fmt.Sprintf("/events/%d/players/1/withdraw", id)) || strings.Contains(page, `name="from_round"`) {
		t.Error("with all 3 rounds paired the desk offers a withdrawal from round 4")
	}
}

// The new-event form explains the clock of the discipline: minutes over the
// board, days for correspondence (the hint the form is drawn with; app.js
// swaps them as the discipline changes, TestBrowser… looks at it).
func TestEventFormClockHintForCorrespondence(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	a := s.SignIn(tournament.ArbiterRole)
	page := apitest.PageText(a.Get("/manage/events/new"))
	for _, want := range []string{`placeholder="30+30"`, `<small data-clock="minutes">` + apitest.RuT("field.time_control_hint") + "</small>", `<small data-clock="days" hidden>` + apitest.RuT("corr.time_control_hint") + "</small>"} {
		if !strings.Contains(page, want) {
			t.Errorf("the new-event form (rapid) lacks %q", want)
		}
	}
	// Sent back with an error as a correspondence event: the days hint.
	rec := a.Post("/manage/events", url.Values{"name": {""}, "discipline": {"correspondence"}, "system": {"round-robin"}, "time_control": {"30+30"}})
	page = apitest.PageText(rec)
	for _, want := range []string{`placeholder="10d"`, `<small data-clock="minutes" hidden>`, `<small data-clock="days">` + apitest.RuT("corr.time_control_hint") + "</small>"} {
		if !strings.Contains(page, want) {
			t.Errorf("the form of a correspondence event lacks %q", want)
		}
	}
}
