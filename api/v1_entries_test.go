package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"adiukh/tournament"
)

// TestEntriesAPI follows an entry through the JSON API on both databases:
// the arbiter opens entries, the player enters (201, pending), sees only
// their own entry, is refused a second one, and the arbiter's acceptance
// makes them a player of the event with their account's name.
func TestEntriesAPI(t *testing.T) {
	t.Parallel()
	forEachServer(t, func(t *testing.T, s *testServer) {
		s.must(http.StatusOK, tournament.PlayerRole, "PUT", "/api/v1/me/name", map[string]any{"name": "Аслан Хуаде"})
		ev := s.must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", map[string]any{
			"name": "Кубок Майкопа", "discipline": "rapid", "system": "swiss", "rounds": 5, "time_control": "8+4",
		})
		id := num(ev["id"])
		path := fmt.Sprintf("/api/v1/events/%d/entries", id)

		code, out := s.do(tournament.PlayerRole, "POST", path, map[string]any{"note": "буду"})
		if code != http.StatusConflict {
			t.Errorf("an entry before entries open: %d %v, want 409", code, out)
		}
		s.must(http.StatusForbidden, tournament.PlayerRole, "PUT", path, map[string]any{"open": true})
		past := time.Now().Add(-time.Hour).Format(time.RFC3339)
		s.must(http.StatusBadRequest, tournament.ArbiterRole, "PUT", path, map[string]any{"open": true, "deadline": past})
		deadline := time.Now().Add(48 * time.Hour).Format("2006-01-02T15:04")
		set := s.must(http.StatusOK, tournament.ArbiterRole, "PUT", path, map[string]any{"open": true, "deadline": deadline, "max": 10})
		if d, _ := set["deadline"].(string); !strings.HasPrefix(d, deadline) || !strings.HasSuffix(d, "+03:00") {
			t.Errorf("deadline answered as %v, want %s in Moscow time", set["deadline"], deadline)
		}

		before := s.snapshot(id)
		code, out = s.do(tournament.PlayerRole, "POST", path, map[string]any{"note": "буду", "sex": "x"})
		if code != http.StatusBadRequest || s.snapshot(id) != before {
			t.Errorf("a bad entry: %d %v, want 400 and nothing changed", code, out)
		}
		entry := s.must(http.StatusCreated, tournament.PlayerRole, "POST", path, map[string]any{"note": "буду к первому туру"})
		if entry["status"] != "pending" || num(entry["id"]) == 0 {
			t.Fatalf("entry answered %v", entry)
		}
		eid := num(entry["id"])
		code, out = s.do(tournament.PlayerRole, "POST", path, map[string]any{"note": "ещё раз"})
		if code != http.StatusConflict {
			t.Errorf("a second entry: %d %v, want 409", code, out)
		}
		s.must(http.StatusOK, tournament.Admin, "PUT", "/api/v1/me/name", map[string]any{"name": "Мурат Ачмиз"})
		// The admin enters too, without a body, withdraws and enters again.
		first := s.must(http.StatusCreated, tournament.Admin, "POST", path, nil)
		s.must(http.StatusOK, tournament.Admin, "DELETE", fmt.Sprintf("%s/%d", path, num(first["id"])), nil)
		s.must(http.StatusCreated, tournament.Admin, "POST", path, nil)
		mine := s.must(http.StatusOK, tournament.PlayerRole, "GET", path, nil)
		if list, _ := mine["entries"].([]any); len(list) != 1 {
			t.Errorf("the player sees %v, want only their own entry", mine["entries"])
		}
		all := s.must(http.StatusOK, tournament.ArbiterRole, "GET", path, nil)
		if list, _ := all["entries"].([]any); len(list) != 2 || list[0].(map[string]any)["meets_conditions"] != true {
			t.Errorf("the arbiter sees %v, want both entries", all["entries"])
		}
		s.must(http.StatusBadRequest, tournament.ArbiterRole, "POST", fmt.Sprintf("%s/%d/decline", path, eid), map[string]any{"reason": ""})
		// The account gives the name as one string: the arbiter splits it.
		if code, out := s.do(tournament.ArbiterRole, "POST", fmt.Sprintf("%s/%d/accept", path, eid), map[string]any{"person_id": 7}); code != http.StatusBadRequest || out["field"] != "surname" {
			t.Errorf("an entry of a name in one string accepted without its split: %d %v", code, out)
		}
		accepted := s.must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("%s/%d/accept", path, eid), map[string]any{"person_id": 7, "surname": "Хуаде", "given_names": "Аслан"})
		if accepted["status"] != "accepted" || num(accepted["player_id"]) == 0 {
			t.Fatalf("accepted: %v", accepted)
		}
		s.must(http.StatusConflict, tournament.PlayerRole, "DELETE", fmt.Sprintf("%s/%d", path, eid), nil)
		players := s.must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/players", id), nil)
		if !strings.Contains(fmt.Sprint(players), "Хуаде Аслан") {
			t.Errorf("the players lack Хуаде Аслан, surname first: %v", players)
		}
		if me := s.must(http.StatusOK, tournament.PlayerRole, "GET", "/api/v1/account", nil); me["surname"] != "Хуаде" || me["given_names"] != "Аслан" || me["name"] != "Аслан Хуаде" {
			t.Errorf("the account after the arbiter's split: %v, want the parts kept and the name as typed", me)
		}
		done := s.must(http.StatusOK, tournament.ArbiterRole, "POST", path+"/accept", nil)
		if list, _ := done["accepted"].([]any); len(list) != 1 || list[0].(map[string]any)["name"] != "Мурат Ачмиз" {
			t.Errorf("accepted all: %v, want the admin's entry", done)
		}
	})
}
