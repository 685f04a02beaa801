package people_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// The register of people through the API: an arbiter adds people (201 with
// the federation ID), anyone searches and reads them, an event player is
// registered from a person, an administrator merges duplicates and undoes
// the merge.
func TestPeopleAPI(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		const arbiter, admin = tournament.ArbiterRole, tournament.Admin
		s.Must(http.StatusForbidden, tournament.PlayerRole, "POST", "/api/v1/people", map[string]any{"surname": "Тлехас", "given_names": "Анна"})
		bad := s.Must(http.StatusBadRequest, arbiter, "POST", "/api/v1/people", map[string]any{"surname": "", "given_names": "Анна"})
		if bad["field"] != "surname" {
			t.Errorf("a person without a surname: %v", bad)
		}
		a := s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/people", map[string]any{"surname": "Берсиров", "given_names": "Мурат", "birth_year": 1992, "sex": "m", "club": "Адыгейск", "region": "Адыгея"})
		if like := s.Must(http.StatusConflict, arbiter, "POST", "/api/v1/people", map[string]any{"surname": "Марат", "given_names": "Берсиров", "birth_year": 1992}); like["field"] != "confirm_similar" {
			t.Errorf("a new person like one of the register: %v", like)
		}
		b := s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/people", map[string]any{"surname": "Берсиров", "given_names": "Марат", "birth_year": 1992, "confirm_similar": true})
		if a["federation_id"] == "" || a["latin_surname"] != "Bersirov" {
			t.Fatalf("the person answered: %v", a)
		}
		found := s.Must(http.StatusOK, "", "GET", "/api/v1/people?q="+url.QueryEscape("bersirov murat"), nil)["people"].([]any)
		if len(found) != 1 || apitest.Num(found[0].(map[string]any)["id"]) != apitest.Num(a["id"]) {
			t.Errorf("search: %v", found)
		}
		pairs := s.Must(http.StatusOK, admin, "GET", "/api/v1/people-duplicates", nil)["pairs"].([]any)
		if len(pairs) != 1 {
			t.Errorf("duplicates %v, want Мурат and Марат", pairs)
		}
		id := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Открытый турнир", "discipline": "rapid", "system": "swiss", "rounds": 5})["id"])
		p := s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"person_id": apitest.Num(b["id"])})
		if p["name"] != "Берсиров Марат" || apitest.Num(p["person_id"]) != apitest.Num(b["id"]) || p["federation_id"] != b["federation_id"] {
			t.Errorf("a player from a person: %v", p)
		}
		s.Must(http.StatusForbidden, arbiter, "POST", fmt.Sprintf("/api/v1/people/%d/merge", apitest.Num(b["id"])), map[string]any{"into": apitest.Num(a["id"])})
		m := s.Must(http.StatusOK, admin, "POST", fmt.Sprintf("/api/v1/people/%d/merge", apitest.Num(b["id"])), map[string]any{"into": apitest.Num(a["id"])})
		events := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/people/%d", apitest.Num(a["id"])), nil)["events"].([]any)
		if len(events) != 1 || apitest.Num(events[0].(map[string]any)["player_id"]) != apitest.Num(p["id"]) {
			t.Errorf("Мурат's events after the merge: %v", events)
		}
		s.Must(http.StatusOK, admin, "POST", m["undo"].(string), nil)
		if events := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/people/%d", apitest.Num(a["id"])), nil)["events"].([]any); len(events) != 0 {
			t.Errorf("Мурат's events after the undo: %v", events)
		}
		// The person kept may be named by the federation ID the lists show.
		m = s.Must(http.StatusOK, admin, "POST", fmt.Sprintf("/api/v1/people/%d/merge", apitest.Num(b["id"])), map[string]any{"into_federation_id": a["federation_id"]})
		if apitest.Num(m["into"]) != apitest.Num(a["id"]) {
			t.Errorf("the merge into federation ID %v: %v", a["federation_id"], m)
		}
		s.Must(http.StatusOK, admin, "POST", m["undo"].(string), nil)
		if code, out := s.Do(admin, "POST", fmt.Sprintf("/api/v1/people/%d/merge", apitest.Num(b["id"])), map[string]any{"into_federation_id": "НЕТ-1"}); code != http.StatusBadRequest || out["field"] != "into" {
			t.Errorf("a merge into an unknown federation ID: %d %v, want 400 at into", code, out)
		}
		s.Must(http.StatusNotFound, "", "GET", "/api/v1/people/999999", nil)
	})
}

// Issue 37: a team's roster takes person_id, on a new team and as a
// reserve, through the API and the desk's reserve form (the person's
// federation ID): the person's details fill the player's empty fields, and
// a person plays once in the event.
func TestTeamRosterFromThePeopleAPI(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	murat := s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/people", map[string]any{"surname": "Берсиров", "given_names": "Мурат", "birth_year": 1992, "club": "Адыгейск", "region": "Адыгея"})
	anna := s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/people", map[string]any{"surname": "Тлехас", "given_names": "Анна", "birth_year": 2001})
	zaur := s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/people", map[string]any{"surname": "Шоров", "given_names": "Заур"})
	id := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Кубок района", "discipline": "rapid-team", "system": "round-robin"})["id"])
	team := s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/teams", id), map[string]any{"name": "Адыгея", "club": "Майкоп",
		"players": []any{map[string]any{"person_id": apitest.Num(murat["id"])}, map[string]any{"person_id": apitest.Num(anna["id"]), "name": "Тлехас А."}}})
	roster := team["players"].([]any)
	first, second := roster[0].(map[string]any), roster[1].(map[string]any)
	if first["name"] != "Берсиров Мурат" || apitest.Num(first["person_id"]) != apitest.Num(murat["id"]) || first["federation_id"] != murat["federation_id"] ||
		apitest.Num(first["birth_year"]) != 1992 || first["club"] != "Адыгейск" || first["city"] != "Адыгея" {
		t.Errorf("a roster entry from a person: %v", first)
	}
	if second["name"] != "Тлехас А." || apitest.Num(second["person_id"]) != apitest.Num(anna["id"]) || second["club"] != "Майкоп" || apitest.Num(second["birth_year"]) != 2001 {
		t.Errorf("a roster entry from a person with a name typed: %v", second)
	}
	refused := s.Must(http.StatusConflict, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/teams", id), map[string]any{"name": "Кубань",
		"players": []any{map[string]any{"person_id": apitest.Num(murat["id"])}}})
	if refused["field"] != "players[0].person_id" {
		t.Errorf("a person on two teams: %v", refused)
	}
	teamNo := apitest.Num(team["start_no"])
	s.Must(http.StatusConflict, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/teams/%d/players", id, teamNo), map[string]any{"person_id": apitest.Num(anna["id"])})
	s.Must(http.StatusBadRequest, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/teams/%d/players", id, teamNo), map[string]any{"person_id": 999999})

	// The desk's reserve form takes the person's federation ID.
	desk := s.SignIn(arbiter)
	rec := desk.Post(fmt.Sprintf("/events/%d/teams/%d/players", id, apitest.Num(team["id"])), url.Values{"person": {zaur["federation_id"].(string)}})
	apitest.MustStatus(t, "a reserve from the register", rec.Code, http.StatusSeeOther, rec.Body.String())
	rec = desk.Post(fmt.Sprintf("/events/%d/teams/%d/players", id, apitest.Num(team["id"])), url.Values{"person": {zaur["federation_id"].(string)}})
	if text := apitest.PageText(rec); rec.Code != http.StatusConflict || !strings.Contains(text, apitest.RuF("%s (%s) plays in this event already, as start number %d", "Шоров Заур", zaur["federation_id"], 3)) {
		t.Errorf("a reserve who plays already: %d\n%s", rec.Code, text)
	}
	teams := s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/teams", id), nil)["teams"].([]any)
	last := teams[0].(map[string]any)["players"].([]any)[2].(map[string]any)
	if last["name"] != "Шоров Заур" || apitest.Num(last["person_id"]) != apitest.Num(zaur["id"]) || last["club"] != "Майкоп" {
		t.Errorf("the reserve from the register: %v", last)
	}
}
