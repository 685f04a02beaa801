package api_test

import (
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"adiukh/tournament"
)

// A player links their account to their record of the register: "this is
// me" on the person's page, an arbiter confirms on the requests page, and
// the player's own page shows the record; a second request is refused; a
// declined one tells the reason.
func TestPersonClaims(t *testing.T) {
	t.Parallel()
	s := newWebServer(t)
	arbiter := s.signIn(tournament.ArbiterRole)
	for _, name := range []string{"Мурат", "Аслан"} {
		if rec := arbiter.post("/people", url.Values{"surname": {"Берсиров"}, "given_names": {name}}); rec.Code != http.StatusSeeOther {
			t.Fatalf("add %s: %d", name, rec.Code)
		}
	}
	player := s.signIn(tournament.PlayerRole)
	if page := player.get("/people/1").Body.String(); !strings.Contains(page, `action="/people/1/claim"`) {
		t.Fatal("the person's page offers the player no request")
	}
	if rec := player.post("/people/1/claim", nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("claim: %d", rec.Code)
	}
	if rec := player.post("/people/2/claim", nil); rec.Code != http.StatusConflict {
		t.Errorf("a second request while the first waits: %d, want 409", rec.Code)
	}
	mustStatus(t, "a player opens the requests", player.get("/people-claims").Code, http.StatusForbidden, "")
	claims := arbiter.get("/people-claims").Body.String()
	confirm := regexp.MustCompile(`action="(/people-claims/\d+/confirm)"`).FindStringSubmatch(claims)
	if confirm == nil || !strings.Contains(claims, "player@example.org") {
		t.Fatalf("the requests page:\n%s", claims)
	}
	if rec := arbiter.post(confirm[1], nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("confirm: %d", rec.Code)
	}
	my := html.UnescapeString(player.get("/my").Body.String())
	if !strings.Contains(my, `href="/people/1">Берсиров Мурат</a>`) {
		t.Errorf("the player's page does not show their record:\n%s", my)
	}
	if rec := player.post("/people/2/claim", nil); rec.Code != http.StatusConflict {
		t.Errorf("a request of a linked account: %d, want 409", rec.Code)
	}
	if rec := arbiter.post(confirm[1], nil); rec.Code != http.StatusConflict {
		t.Errorf("confirming twice: %d, want 409", rec.Code)
	}
}
