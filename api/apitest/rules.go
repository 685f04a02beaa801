package apitest

import (
	"fmt"
	"net/http"

	"adiukh/tournament"
)

// The rules the service keeps hold through the JSON API and the HTML forms
// alike: each test below goes through both doors.

// SwissEvent creates, through the JSON API, a rapid Swiss of the named
// players with round 1 paired and published.
func SwissEvent(s *Server, names ...string) int {
	s.T.Helper()
	ev := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", map[string]any{
		"name": "Кубок Адыгеи", "discipline": "rapid", "system": "swiss", "rounds": 5, "time_control": "8+4",
	})
	id := Num(ev["id"])
	for i, name := range names {
		s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": name, "rating": 2000 - 10*i})
	}
	s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	s.Must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), nil)
	return id
}
