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

// A player follows a person from the register's page; the player card of
// the person in an event shows the follow, and /my lists the person with
// their game to play, linked to the event's round.
func TestFollowPersonPages(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	person := apitest.Num(s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/people", map[string]any{"surname": "Хут", "given_names": "Аслан"})["id"])
	ev := apitest.Num(s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", map[string]any{
		"name": "Кубок Адыгеи", "discipline": "rapid", "system": "round-robin", "time_control": "8+4"})["id"])
	pid := apitest.Num(s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/players", ev), map[string]any{"person_id": person})["id"])
	s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/players", ev), map[string]any{"name": "Борис Нехай"})
	s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", ev), nil)
	s.Must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", ev), nil)

	player := s.SignIn(tournament.PlayerRole)
	page := fmt.Sprintf("/people/%d", person)
	follow := fmt.Sprintf(`action="/people/%d/follow"`, person)
	if body := player.Get(page).Body.String(); !strings.Contains(body, follow) || !strings.Contains(body, "Следить во всех турнирах") {
		t.Fatalf("the person's page offers no follow:\n%s", body)
	}
	if rec := player.Post(fmt.Sprintf("/people/%d/follow", person), url.Values{"follow": {"1"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("follow: %d\n%s", rec.Code, rec.Body)
	}
	if body := player.Get(page).Body.String(); !strings.Contains(body, `aria-pressed="true"`) {
		t.Errorf("the person's page does not show the follow")
	}
	if body := player.Get(fmt.Sprintf("/events/%d/players/%d", ev, pid)).Body.String(); !strings.Contains(body, `aria-pressed="true"`) || !strings.Contains(body, ">Не следить<") {
		t.Errorf("the player card does not show the person followed")
	}
	my := player.Get("/my").Body.String()
	for _, want := range []string{fmt.Sprintf(`<a href="/people/%d">Хут Аслан</a>`, person), "далее 1-й тур, доска 1, соперник: Борис Нехай",
		fmt.Sprintf(`<a href="/events/%d?round=1">Кубок Адыгеи</a>`, ev)} {
		if !strings.Contains(my, want) {
			t.Errorf("/my lacks %q:\n%s", want, my)
		}
	}
	if rec := player.Post(fmt.Sprintf("/people/%d/follow", person), url.Values{"follow": {"0"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("stop following: %d", rec.Code)
	}
	if my := player.Get("/my").Body.String(); strings.Contains(my, "Хут Аслан") {
		t.Errorf("/my still lists the person after stopping")
	}
	if rec := player.Post("/people/999999/follow", url.Values{"follow": {"1"}}); rec.Code != http.StatusNotFound {
		t.Errorf("following a missing person: %d, want 404", rec.Code)
	}
}
