package events_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/rules/games"
	"adiukh/tournament"
)

// The calendar knows every game of the registry: its filter offers each
// by its name, and choosing one shows its events alone, on the page and in
// the iCalendar feed of the same choice, each event with its game as its
// category.
func TestCalendarFiltersEveryGame(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	names := map[string]string{} // game → its event's name
	for _, v := range games.All {
		names[v.Key] = "Кубок Адыгеи (" + v.Key + ")"
		ev := apitest.CalendarEvent(s.Server, names[v.Key], "rapid", "2026-12-05", "2026-12-07", "Майкоп")
		s.Must(http.StatusOK, tournament.ArbiterRole, "PATCH", fmt.Sprintf("/api/v1/events/%d", ev), map[string]any{"game": v.Key})
	}
	anon := s.Anonymous()
	all := anon.Get("/calendar").Body.String()
	for _, v := range games.All {
		if want := `<option value="` + v.Key + `">` + apitest.RuT(v.NameKey()) + `</option>`; !strings.Contains(all, want) {
			t.Errorf("/calendar's filter lacks %s", want)
		}
	}
	for game := range names {
		for _, path := range []string{"/calendar?game=" + game, "/calendar.ics?game=" + game} {
			body := anon.Get(path).Body.String()
			for other, name := range names {
				if shown := strings.Contains(body, name); shown != (other == game) {
					t.Errorf("%s: shows %q: %v", path, name, shown)
				}
			}
			if strings.HasPrefix(path, "/calendar.ics") && !strings.Contains(body, "CATEGORIES:"+apitest.RuT(games.Of(game).NameKey())) {
				t.Errorf("%s: no category of the game:\n%s", path, body)
			}
		}
	}
}
