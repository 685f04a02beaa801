package api_test

import (
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// A player links their account to their record of the register: "this is
// me" on the person's page, an arbiter confirms on the requests page, and
// the player's own page shows the record; a second request is refused; a
// declined one tells the reason.
func TestPersonClaims(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	arbiter := s.SignIn(tournament.ArbiterRole)
	for _, name := range []string{"Мурат", "Аслан"} {
		if rec := arbiter.Post("/people", url.Values{"surname": {"Берсиров"}, "given_names": {name}}); rec.Code != http.StatusSeeOther {
			t.Fatalf("add %s: %d", name, rec.Code)
		}
	}
	player := s.SignIn(tournament.PlayerRole)
	if page := player.Get("/people/1").Body.String(); !strings.Contains(page, `action="/people/1/claim"`) {
		t.Fatal("the person's page offers the player no request")
	}
	if rec := player.Post("/people/1/claim", nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("claim: %d", rec.Code)
	}
	if rec := player.Post("/people/2/claim", nil); rec.Code != http.StatusConflict {
		t.Errorf("a second request while the first waits: %d, want 409", rec.Code)
	}
	apitest.MustStatus(t, "a player opens the requests", player.Get("/people-claims").Code, http.StatusForbidden, "")
	claims := arbiter.Get("/people-claims").Body.String()
	confirm := regexp.MustCompile(`action="(/people-claims/\d+/confirm)"`).FindStringSubmatch(claims)
	if confirm == nil || !strings.Contains(claims, "player@example.org") {
		t.Fatalf("the requests page:\n%s", claims)
	}
	if rec := arbiter.Post(confirm[1], nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("confirm: %d", rec.Code)
	}
	my := html.UnescapeString(player.Get("/my").Body.String())
	if !strings.Contains(my, `href="/people/1">Берсиров Мурат</a>`) {
		t.Errorf("the player's page does not show their record:\n%s", my)
	}
	if rec := player.Post("/people/2/claim", nil); rec.Code != http.StatusConflict {
		t.Errorf("a request of a linked account: %d, want 409", rec.Code)
	}
	if rec := arbiter.Post(confirm[1], nil); rec.Code != http.StatusConflict {
		t.Errorf("confirming twice: %d, want 409", rec.Code)
	}
}
