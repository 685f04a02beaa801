package checkin_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// TestCheckinPage runs a round's check-in through its page: the arbiter
// turns it on, the player presses "I am here", the arbiter marks one
// absent and confirms the rest absent, and every reader sees who is in
// and out; the desk links to the page.
func TestCheckinPage(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id, players := apitest.SwissOfSix(s, "rapid", "15+10")
	s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/players/%d/account", id, players[0]), map[string]any{"email": "player@example.org"})
	page := fmt.Sprintf("/events/%d/checkin", id)
	arbiter, player := s.SignIn(tournament.ArbiterRole), s.SignIn(tournament.PlayerRole)

	before := arbiter.Get(page).Body.String()
	apitest.MustContain(t, "the page before the setting", before, apitest.RuT("checkin.off"), `id="checkin-setting"`)
	if rec := player.Post(page+"/setting", url.Values{"on": {"1"}}); rec.Code != http.StatusForbidden {
		t.Errorf("a player turning the check-in on: status %d, want 403", rec.Code)
	}
	if rec := arbiter.Post(page+"/setting", url.Values{"on": {"1"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("turning the check-in on: status %d\n%s", rec.Code, rec.Body.String())
	}
	mine := player.Get(page).Body.String()
	apitest.MustContain(t, "the player's page", mine, `id="i-am-here"`)
	apitest.MustContain(t, "the player's own page", player.Get("/my").Body.String(), `<section id="my-checkins">`, `action="/events/`+fmt.Sprint(id)+`/checkin"`, apitest.RuT("checkin.here"))
	if rec := player.Post(page, url.Values{"round": {"1"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("I am here: status %d\n%s", rec.Code, rec.Body.String())
	}
	mine = player.Get(page).Body.String()
	apitest.MustContain(t, "the player's page once in", mine, apitest.RuT("checkin.you_are_in"))
	apitest.MustNotContain(t, "the player's page once in", mine, `id="i-am-here"`, `id="confirm-absent"`)
	apitest.MustContain(t, "the player's own page once in", player.Get("/my").Body.String(), apitest.RuT("checkin.you_are_in"))

	desk := arbiter.Get(page).Body.String()
	apitest.MustContain(t, "the arbiter's page", desk, `id="confirm-absent"`, "Player 6", apitest.RuT("checkin.by_player"))
	if rec := arbiter.Post(page+"/mark", url.Values{"round": {"1"}, "player": {fmt.Sprint(players[1])}, "attendance": {"absent"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("marking Player 2 absent: status %d\n%s", rec.Code, rec.Body.String())
	}
	rec := arbiter.Post(page+"/deadline", url.Values{"round": {"1"}, "date": {"завтра"}, "time": {"10:00"}})
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), `class="field-error"`) {
		t.Errorf("a deadline not a date: status %d, want 400 with the error at the field", rec.Code)
	}
	if rec := arbiter.Post(page+"/absent", url.Values{"round": {"1"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("confirming the rest absent: status %d\n%s", rec.Code, rec.Body.String())
	}
	after := s.Anonymous().Get(page).Body.String()
	apitest.MustContain(t, "the page for every reader", after, apitest.RuT("checkin.counts", "In", 1, "Out", 5, "Unknown", 0))
	apitest.MustNotContain(t, "the page for every reader", after, `action="/events/`+fmt.Sprint(id)+`/checkin/mark"`)

	manage := arbiter.Get(fmt.Sprintf("/events/%d/manage", id)).Body.String()
	apitest.MustContain(t, "the desk", manage, `href="/events/`+fmt.Sprint(id)+`/checkin"`, "/rounds/1/table-cards.pdf")
}
