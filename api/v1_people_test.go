package api_test

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"adiukh/tournament"
)

// The register of people through the API: an arbiter adds people (201 with
// the federation ID), anyone searches and reads them, an event player is
// registered from a person, an administrator merges duplicates and undoes
// the merge.
func TestPeopleAPI(t *testing.T) {
	t.Parallel()
	forEachServer(t, func(t *testing.T, s *testServer) {
		const arbiter, admin = tournament.ArbiterRole, tournament.Admin
		s.must(http.StatusForbidden, tournament.PlayerRole, "POST", "/api/v1/people", map[string]any{"surname": "Тлехас", "given_names": "Анна"})
		bad := s.must(http.StatusBadRequest, arbiter, "POST", "/api/v1/people", map[string]any{"surname": "", "given_names": "Анна"})
		if bad["field"] != "surname" {
			t.Errorf("a person without a surname: %v", bad)
		}
		a := s.must(http.StatusCreated, arbiter, "POST", "/api/v1/people", map[string]any{"surname": "Берсиров", "given_names": "Мурат", "birth_year": 1992, "sex": "m", "club": "Адыгейск", "region": "Адыгея"})
		b := s.must(http.StatusCreated, arbiter, "POST", "/api/v1/people", map[string]any{"surname": "Берсиров", "given_names": "Марат", "birth_year": 1992})
		if a["federation_id"] == "" || a["latin_surname"] != "Bersirov" {
			t.Fatalf("the person answered: %v", a)
		}
		found := s.must(http.StatusOK, "", "GET", "/api/v1/people?q="+url.QueryEscape("bersirov murat"), nil)["people"].([]any)
		if len(found) != 1 || num(found[0].(map[string]any)["id"]) != num(a["id"]) {
			t.Errorf("search: %v", found)
		}
		pairs := s.must(http.StatusOK, admin, "GET", "/api/v1/people-duplicates", nil)["pairs"].([]any)
		if len(pairs) != 1 {
			t.Errorf("duplicates %v, want Мурат and Марат", pairs)
		}
		id := num(s.must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Открытый турнир", "discipline": "rapid", "system": "swiss", "rounds": 5})["id"])
		p := s.must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"person_id": num(b["id"])})
		if p["name"] != "Берсиров Марат" || num(p["person_id"]) != num(b["id"]) || p["federation_id"] != b["federation_id"] {
			t.Errorf("a player from a person: %v", p)
		}
		s.must(http.StatusForbidden, arbiter, "POST", fmt.Sprintf("/api/v1/people/%d/merge", num(b["id"])), map[string]any{"into": num(a["id"])})
		m := s.must(http.StatusOK, admin, "POST", fmt.Sprintf("/api/v1/people/%d/merge", num(b["id"])), map[string]any{"into": num(a["id"])})
		events := s.must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/people/%d", num(a["id"])), nil)["events"].([]any)
		if len(events) != 1 || num(events[0].(map[string]any)["player_id"]) != num(p["id"]) {
			t.Errorf("Мурат's events after the merge: %v", events)
		}
		s.must(http.StatusOK, admin, "POST", m["undo"].(string), nil)
		if events := s.must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/people/%d", num(a["id"])), nil)["events"].([]any); len(events) != 0 {
			t.Errorf("Мурат's events after the undo: %v", events)
		}
		s.must(http.StatusNotFound, "", "GET", "/api/v1/people/999999", nil)
	})
}
