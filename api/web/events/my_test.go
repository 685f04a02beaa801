package events_test

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

// A player's own page: their game of the published round with its board,
// colour and opponent; following an event and a player from their pages,
// the button then offering to stop; the followed player's last result.
// Anonymous readers see no follow buttons and are sent to sign in.
func TestMyPageAndFollowing(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(4)
	players := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/players", id), nil)["players"].([]any)
	first := apitest.Num(players[0].(map[string]any)["id"])
	fourth := apitest.Num(players[3].(map[string]any)["id"])
	s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/players/%d/account", id, first), map[string]any{"email": "player@example.org"})

	anon := s.Anonymous()
	if body := anon.Get(fmt.Sprintf("/events/%d", id)).Body.String(); strings.Contains(body, "/follow") {
		t.Error("an anonymous reader is offered to follow")
	}
	if rec := anon.Get("/my"); rec.Code != http.StatusSeeOther || !strings.HasPrefix(rec.Header().Get("Location"), "/login") {
		t.Errorf("an anonymous /my: %d %s, want sent to sign in", rec.Code, rec.Header().Get("Location"))
	}

	me := s.SignIn(tournament.PlayerRole)
	page := html.UnescapeString(me.Get("/my").Body.String())
	if !strings.Contains(page, fmt.Sprintf(`data-game="%d-1-`, id)) || !strings.Contains(page, "Первенство Майкопа") {
		t.Fatalf("my page lacks the game of round 1:\n%s", page)
	}
	eventPage := me.Get(fmt.Sprintf("/events/%d", id)).Body.String()
	if !strings.Contains(eventPage, fmt.Sprintf(`action="/events/%d/follow"`, id)) || !strings.Contains(eventPage, `name="follow" value="1"`) {
		t.Fatal("the event page offers no follow button")
	}
	if rec := me.Post(fmt.Sprintf("/events/%d/follow", id), url.Values{"follow": {"1"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("follow the event: %d", rec.Code)
	}
	if !strings.Contains(me.Get(fmt.Sprintf("/events/%d", id)).Body.String(), `name="follow" value="0"`) {
		t.Error("after following, the event page does not offer to stop")
	}
	if rec := me.Post(fmt.Sprintf("/events/%d/players/%d/follow", id, fourth), url.Values{"follow": {"1"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("follow a player: %d", rec.Code)
	}
	apitest.PlayRound(s.Server, id, 1, "17:7")
	page = html.UnescapeString(me.Get("/my").Body.String())
	for _, want := range []string{fmt.Sprintf(`href="/events/%d/players/%d"`, id, fourth), "Игрок 4", "17:7"} {
		if !strings.Contains(page, want) {
			t.Errorf("my page lacks %q", want)
		}
	}
	if rec := me.Post(fmt.Sprintf("/events/%d/players/%d/follow", id, 999999), url.Values{"follow": {"1"}}); rec.Code != http.StatusNotFound {
		t.Errorf("following a missing player: %d, want 404", rec.Code)
	}
}
