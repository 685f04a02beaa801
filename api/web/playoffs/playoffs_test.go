package playoffs_test

import (
	"fmt"
	"html"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// TestPlayoffPages: the desk of a finished round robin whose two players
// are tied links its play-offs; there the arbiter's button "Play-off for
// place 1" creates the match (a wrong number of games comes back at its
// field) and opens its desk; the play-off's pages name it one, and once
// it is finished the parent's standings mark the places it decided.
func TestPlayoffPages(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(2)
	event := fmt.Sprintf("/api/v1/events/%d", id)
	apitest.PlayRound(s.Server, id, 1, "12:12")
	s.Must(http.StatusOK, tournament.ArbiterRole, "PATCH", event, map[string]any{"status": "finished"})
	arbiter := s.SignIn(tournament.ArbiterRole)
	desk := arbiter.Get(fmt.Sprintf("/events/%d/manage", id)).Body.String()
	if !strings.Contains(desk, fmt.Sprintf(`href="/events/%d/playoffs" id="playoffs-link">%s</a>`, id, apitest.RuT("playoff.desk_link"))) {
		t.Error("the desk of a finished event does not link its play-offs")
	}
	page := html.UnescapeString(arbiter.Get(fmt.Sprintf("/events/%d/playoffs", id)).Body.String())
	button := apitest.RuT("playoff.for_place", "N", 1)
	if !strings.Contains(page, apitest.RuT("playoff.tie", "From", 1, "To", 2, "Score", "1")) || !strings.Contains(page, button) {
		t.Fatalf("the play-offs page shows no tie for place 1 with its button %q:\n%s", button, page)
	}
	if anon := html.UnescapeString(s.Anonymous().Get(fmt.Sprintf("/events/%d/playoffs", id)).Body.String()); strings.Contains(anon, button) || !strings.Contains(anon, apitest.RuT("playoff.none")) {
		t.Error("an anonymous reader is offered a play-off, or not told there is none")
	}
	form := url.Values{"place": {"1"}, "games": {"два"}, "time_control": {"5+3"}}
	bad := arbiter.Post(fmt.Sprintf("/events/%d/playoffs", id), form)
	if bad.Code != http.StatusBadRequest || !strings.Contains(html.UnescapeString(bad.Body.String()), apitest.RuF("%q is not a number of games", "два")) {
		t.Errorf("two games in words: %d, want 400 shown at the field\n%s", bad.Code, bad.Body.String())
	}
	form.Set("games", "2")
	created := arbiter.Post(fmt.Sprintf("/events/%d/playoffs", id), form)
	if created.Code != http.StatusSeeOther {
		t.Fatalf("the play-off's form: %d\n%s", created.Code, created.Body.String())
	}
	var child int
	if _, err := fmt.Sscanf(created.Header().Get("Location"), "/events/%d/manage", &child); err != nil || child == id {
		t.Fatalf("after the form: %q, want the new play-off's desk", created.Header().Get("Location"))
	}
	childPage := html.UnescapeString(s.Anonymous().Get(fmt.Sprintf("/events/%d", child)).Body.String())
	if !strings.Contains(childPage, apitest.RuF("%s: play-off for place %d", "Первенство Майкопа", 1)) || !strings.Contains(childPage, apitest.RuT("playoff.of_event")) {
		t.Error("the play-off's page is not named one, or does not link the event it decides")
	}
	// The parent's standings, kept by the page cache while the play-off is
	// played, are made again once a write of the play-off changes them.
	if before := s.Anonymous().Get(fmt.Sprintf("/events/%d/standings", id)).Body.String(); strings.Contains(before, `class="playoff"`) {
		t.Error("the standings mark a play-off not played yet")
	}
	playoff := fmt.Sprintf("/api/v1/events/%d", child)
	for n := 1; n <= 2; n++ {
		s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", playoff+"/rounds", nil)
		s.Must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("%s/rounds/%d/publish", playoff, n), nil)
	}
	apitest.PlayRound(s.Server, child, 1, "17:7")
	apitest.PlayRound(s.Server, child, 2, "12:12")
	s.Must(http.StatusOK, tournament.ArbiterRole, "PATCH", playoff, map[string]any{"status": "finished"})
	standings := html.UnescapeString(s.Anonymous().Get(fmt.Sprintf("/events/%d/standings", id)).Body.String())
	mark := fmt.Sprintf(`<a class="playoff" href="/events/%d">%s</a>`, child, apitest.RuT("playoff.decided_by"))
	if strings.Count(standings, mark) != 2 || strings.Index(standings, "Игрок 1") > strings.Index(standings, "Игрок 2") {
		t.Errorf("the standings after the play-off Игрок 1 won: want both marked %q, Игрок 1 first\n%s", mark, standings)
	}
	if page := html.UnescapeString(s.Anonymous().Get(fmt.Sprintf("/events/%d/playoffs", id)).Body.String()); !strings.Contains(page, apitest.RuT("playoff.state.decided")) {
		t.Error("the play-offs page does not say the play-off decided the places")
	}
}
