package events_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// Search finds events by name and city as well as players, by the
// beginnings of words, a page of twenty at a time, on the page and in the
// API alike; private events stay hidden from those who may not see them.
func TestSearchFindsEventsAndPlayersByPage(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		id := s.RoundRobin(24) // "Первенство Майкопа", players "Игрок 1" … "Игрок 24"
		s.Must(http.StatusOK, tournament.ArbiterRole, "PATCH", fmt.Sprintf("/api/v1/events/%d", id), map[string]any{"city": "Майкоп"})
		hidden := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", map[string]any{
			"name": "Закрытое первенство", "discipline": "rapid", "system": "round-robin", "time_control": "8+4", "visibility": "private"})

		_, out := s.Do("", "GET", "/api/v1/search?q=первенство", nil)
		hits := out["hits"].([]any)
		if len(hits) != 1 || hits[0].(map[string]any)["kind"] != "event" || apitest.Num(hits[0].(map[string]any)["event_id"]) != id {
			t.Errorf("an anonymous search for the events: %v", out)
		}
		_, out = s.Do(tournament.ArbiterRole, "GET", "/api/v1/search?q=ПЕРВЕНСТВО", nil)
		if hits := out["hits"].([]any); len(hits) != 2 || apitest.Num(hits[0].(map[string]any)["event_id"]) != apitest.Num(hidden["id"]) {
			t.Errorf("the owner finds his private event too: %v", out)
		}
		_, out = s.Do("", "GET", "/api/v1/search?q=майк", nil)
		if len(out["hits"].([]any)) != 1 {
			t.Errorf("by the city's beginning: %v", out)
		}

		// 24 players: a page of 20, then 4.
		_, first := s.Do("", "GET", "/api/v1/search?q=игрок", nil)
		_, second := s.Do("", "GET", "/api/v1/search?q=игрок&page=2", nil)
		if len(first["hits"].([]any)) != 20 || first["more"] != true || len(second["hits"].([]any)) != 4 || second["more"] != false {
			t.Errorf("pages: %d hits (more %v), then %d (more %v)", len(first["hits"].([]any)), first["more"], len(second["hits"].([]any)), second["more"])
		}
		code, out := s.Do("", "GET", "/api/v1/search?q=игрок&page=0", nil)
		if code != http.StatusBadRequest || out["field"] != "page" {
			t.Errorf("page 0: %d %v", code, out)
		}

		reader := s.Anonymous()
		page := reader.Get("/search?q=игрок").Body.String()
		if !strings.Contains(page, `href="/search?page=2&amp;q=%D0%B8%D0%B3%D1%80%D0%BE%D0%BA"`) || strings.Contains(page, `rel="prev"`) {
			t.Errorf("the first page of results links to the second only")
		}
		page = reader.Get("/search?q=%D0%BF%D0%B5%D1%80%D0%B2%D0%B5%D0%BD%D1%81%D1%82%D0%B2%D0%BE+%D0%BC%D0%B0%D0%B9%D0%BA%D0%BE%D0%BF").Body.String()
		if !strings.Contains(page, fmt.Sprintf(`href="/events/%d"`, id)) || strings.Contains(page, "Закрытое") {
			t.Errorf("the page finds the public event only")
		}
	})
}
