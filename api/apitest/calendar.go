package apitest

import (
	"net/http"

	"adiukh/tournament"
)

// CalendarEvent creates a Swiss event of five rounds through the JSON API
// with its dates and place, as an arbiter.
func CalendarEvent(s *Server, name, discipline, start, end, city string) int {
	s.T.Helper()
	ev := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", map[string]any{
		"name": name, "discipline": discipline, "system": "swiss", "rounds": 5,
		"start_date": start, "end_date": end, "city": city, "venue": "Дворец спорта, зал 2",
	})
	return Num(ev["id"])
}
