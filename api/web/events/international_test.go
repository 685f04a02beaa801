package events_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// The calendar knows international and Brazilian draughts (issue 58.4):
// its filter offers each game by its name, and choosing one shows its
// events alone, on the page and in the iCalendar feed of the same choice,
// each event with its game as its category.
func TestCalendarFiltersInternationalAndBrazilian(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	names := map[string]string{"international": "Кубок по стоклеточным шашкам", "brazilian": "Первенство по бразильским шашкам", "adiukh": "Кубок Адыгеи"}
	for game, name := range names {
		ev := apitest.CalendarEvent(s.Server, name, "rapid", "2026-12-05", "2026-12-07", "Майкоп")
		s.Must(http.StatusOK, tournament.ArbiterRole, "PATCH", fmt.Sprintf("/api/v1/events/%d", ev), map[string]any{"game": game})
	}
	anon := s.Anonymous()
	all := anon.Get("/calendar").Body.String()
	for _, want := range []string{`<option value="international">` + apitest.RuT("gametype.international") + `</option>`, `<option value="brazilian">` + apitest.RuT("gametype.brazilian") + `</option>`} {
		if !strings.Contains(all, want) {
			t.Errorf("/calendar's filter lacks %s", want)
		}
	}
	for game := range names {
		for _, path := range []string{"/calendar?game=" + game, "/calendar.ics?game=" + game} {
			body := anon.Get(path).Body.String()
			for other, name := range names {
				if strings.Contains(body, name) != (other == game) {
					t.Errorf("%s: shows %q: %v", path, name, !(other == game))
				}
			}
			if strings.HasPrefix(path, "/calendar.ics") && !strings.Contains(body, "CATEGORIES:"+apitest.RuT("gametype."+game)) {
				t.Errorf("%s: no category of the game:\n%s", path, body)
			}
		}
	}
}
