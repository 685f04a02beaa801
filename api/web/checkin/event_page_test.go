package checkin_test

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// While the check-in is open, the event's page offers its player the
// "I am here" button and, once in, says so; its other readers, who are
// served the same kept page, see neither.
func TestEventPageOffersThePlayerTheCheckin(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id, players := apitest.SwissOfSix(s, "rapid", "15+10")
	s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/players/%d/account", id, players[0]), map[string]any{"email": "player@example.org"})
	event, checkin := fmt.Sprintf("/events/%d", id), fmt.Sprintf("/events/%d/checkin", id)
	arbiter, player := s.SignIn(tournament.ArbiterRole), s.SignIn(tournament.PlayerRole)
	apitest.MustNotContain(t, "the player's event page before the check-in", player.Get(event).Body.String(), `id="event-checkin"`)
	if rec := arbiter.Post(checkin+"/setting", url.Values{"on": {"1"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("turning the check-in on: status %d\n%s", rec.Code, rec.Body.String())
	}
	anonymous := s.Anonymous().Get(event).Body.String()
	apitest.MustNotContain(t, "the event page of an anonymous reader", anonymous, `id="event-checkin"`)
	apitest.MustContain(t, "the player's event page", player.Get(event).Body.String(), `id="event-checkin"`, `action="`+checkin+`"`, apitest.RuT("checkin.here"))
	if rec := player.Post(checkin, url.Values{"round": {"1"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("I am here: status %d\n%s", rec.Code, rec.Body.String())
	}
	in := player.Get(event).Body.String()
	apitest.MustContain(t, "the player's event page once in", in, apitest.RuT("checkin.you_are_in"), `href="`+checkin+`"`)
	apitest.MustNotContain(t, "the player's event page once in", in, `action="`+checkin+`"`)
	apitest.MustNotContain(t, "the event page of an anonymous reader", s.Anonymous().Get(event).Body.String(), `id="event-checkin"`, apitest.RuT("checkin.you_are_in"))
}
