package entries_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// TestEntriesAPI follows an entry through the JSON API on both databases:
// the arbiter opens entries, the player enters (201, pending; a typed
// rating is refused), sees only their own entry, is refused a second one,
// and the arbiter's acceptance makes them a player of the event with their
// account's name. The player withdraws before round 1 (leaving the start
// list) and enters again; a full event's entry waits and moves up when a
// place frees; after round 1 a withdrawal is a request the arbiter
// confirms.
func TestEntriesAPI(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		s.Must(http.StatusOK, tournament.PlayerRole, "PUT", "/api/v1/me/name", map[string]any{"name": "Аслан Хуаде"})
		ev := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", map[string]any{
			"name": "Кубок Майкопа", "discipline": "rapid", "system": "swiss", "rounds": 5, "time_control": "8+4",
		})
		id := apitest.Num(ev["id"])
		path := fmt.Sprintf("/api/v1/events/%d/entries", id)

		code, out := s.Do(tournament.PlayerRole, "POST", path, map[string]any{"note": "буду"})
		if code != http.StatusConflict {
			t.Errorf("an entry before entries open: %d %v, want 409", code, out)
		}
		s.Must(http.StatusForbidden, tournament.PlayerRole, "PUT", path, map[string]any{"open": true})
		past := time.Now().Add(-time.Hour).Format(time.RFC3339)
		s.Must(http.StatusBadRequest, tournament.ArbiterRole, "PUT", path, map[string]any{"open": true, "deadline": past})
		deadline := time.Now().Add(48 * time.Hour).Format("2006-01-02T15:04")
		set := s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", path, map[string]any{"open": true, "deadline": deadline, "max": 10})
		if d, _ := set["deadline"].(string); !strings.HasPrefix(d, deadline) || !strings.HasSuffix(d, "+03:00") {
			t.Errorf("deadline answered as %v, want %s in Moscow time", set["deadline"], deadline)
		}

		before := s.Snapshot(id)
		code, out = s.Do(tournament.PlayerRole, "POST", path, map[string]any{"note": "буду", "sex": "x"})
		if code != http.StatusBadRequest || s.Snapshot(id) != before {
			t.Errorf("a bad entry: %d %v, want 400 and nothing changed", code, out)
		}
		// Issue 48.6: a rating is the register's, never typed.
		code, out = s.Do(tournament.PlayerRole, "POST", path, map[string]any{"note": "буду", "rating": 2750})
		if code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out), "rating") || s.Snapshot(id) != before {
			t.Errorf("an entry with a typed rating: %d %v, want 400 naming the rating and nothing changed", code, out)
		}
		entry := s.Must(http.StatusCreated, tournament.PlayerRole, "POST", path, map[string]any{"note": "буду к первому туру"})
		if entry["status"] != "pending" || apitest.Num(entry["id"]) == 0 {
			t.Fatalf("entry answered %v", entry)
		}
		eid := apitest.Num(entry["id"])
		code, out = s.Do(tournament.PlayerRole, "POST", path, map[string]any{"note": "ещё раз"})
		if code != http.StatusConflict {
			t.Errorf("a second entry: %d %v, want 409", code, out)
		}
		s.Must(http.StatusOK, tournament.Admin, "PATCH", "/api/v1/account", map[string]any{"surname": "Ачмиз", "given_names": "Мурат"})
		// The admin enters too, without a body, withdraws and enters again.
		first := s.Must(http.StatusCreated, tournament.Admin, "POST", path, nil)
		s.Must(http.StatusOK, tournament.Admin, "DELETE", fmt.Sprintf("%s/%d", path, apitest.Num(first["id"])), nil)
		s.Must(http.StatusCreated, tournament.Admin, "POST", path, nil)
		mine := s.Must(http.StatusOK, tournament.PlayerRole, "GET", path, nil)
		if list, _ := mine["entries"].([]any); len(list) != 1 || mine["can_enter"] != false || mine["can_withdraw"] != true {
			t.Errorf("the player sees %v, want only their own entry, to withdraw", mine)
		}
		all := s.Must(http.StatusOK, tournament.ArbiterRole, "GET", path, nil)
		if list, _ := all["entries"].([]any); len(list) != 3 || list[0].(map[string]any)["meets_conditions"] != true || list[1].(map[string]any)["status"] != "withdrawn" {
			t.Errorf("the arbiter sees %v, want the three entries, the admin's first withdrawn", all["entries"])
		}
		s.Must(http.StatusBadRequest, tournament.ArbiterRole, "POST", fmt.Sprintf("%s/%d/decline", path, eid), map[string]any{"reason": ""})
		// The account gives the name as one string: the arbiter splits it.
		if code, out := s.Do(tournament.ArbiterRole, "POST", fmt.Sprintf("%s/%d/accept", path, eid), map[string]any{"person_id": 7}); code != http.StatusBadRequest || out["field"] != "surname" {
			t.Errorf("an entry of a name in one string accepted without its split: %d %v", code, out)
		}
		accepted := s.Must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("%s/%d/accept", path, eid), map[string]any{"person_id": 7, "surname": "Хуаде", "given_names": "Аслан"})
		if accepted["status"] != "accepted" || apitest.Num(accepted["player_id"]) == 0 {
			t.Fatalf("accepted: %v", accepted)
		}
		players := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/players", id), nil)
		if !strings.Contains(fmt.Sprint(players), "Хуаде Аслан") {
			t.Errorf("the players lack Хуаде Аслан, surname first: %v", players)
		}
		if me := s.Must(http.StatusOK, tournament.PlayerRole, "GET", "/api/v1/account", nil); me["surname"] != "Хуаде" || me["given_names"] != "Аслан" || me["name"] != "Аслан Хуаде" {
			t.Errorf("the account after the arbiter's split: %v, want the parts kept and the name as typed", me)
		}
		// Before round 1 the accepted player withdraws and leaves the
		// start list, then enters again: a new entry.
		left := s.Must(http.StatusOK, tournament.PlayerRole, "POST", fmt.Sprintf("%s/%d/withdraw", path, eid), map[string]any{"reason": "болею"})
		if left["status"] != "withdrawn" || left["withdraw_reason"] != "болею" {
			t.Errorf("withdrawn: %v", left)
		}
		players = s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/players", id), nil)
		if strings.Contains(fmt.Sprint(players), "Хуаде Аслан") {
			t.Errorf("the withdrawn player is still among %v", players)
		}
		again := s.Must(http.StatusCreated, tournament.PlayerRole, "POST", path, map[string]any{"note": "выздоровел"})
		if apitest.Num(again["id"]) == eid || again["status"] != "pending" {
			t.Fatalf("entered again: %v, want a new pending entry", again)
		}
		done := s.Must(http.StatusOK, tournament.ArbiterRole, "POST", path+"/accept", nil)
		if list, _ := done["accepted"].([]any); len(list) != 2 || !strings.Contains(fmt.Sprint(list), "Хуаде Аслан") || !strings.Contains(fmt.Sprint(list), "Ачмиз Мурат") {
			t.Errorf("accepted all: %v, want the player's and the admin's entries, named surname first", done)
		}

		// The event is full: the next entry waits, and moves up when the
		// admin withdraws.
		s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", path, map[string]any{"max": 2})
		s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", "/api/v1/me/name", map[string]any{"name": "Руслан Нагоев"})
		waiting := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", path, nil)
		if waiting["status"] != "waiting" || apitest.Num(waiting["position"]) != 1 {
			t.Errorf("an entry to a full event: %v, want first on the waiting list", waiting)
		}
		second := s.Must(http.StatusOK, tournament.Admin, "GET", path, nil)["mine"].(map[string]any)
		s.Must(http.StatusOK, tournament.Admin, "DELETE", fmt.Sprintf("%s/%d", path, apitest.Num(second["id"])), nil)
		myEntries := s.Must(http.StatusOK, tournament.ArbiterRole, "GET", "/api/v1/me/entries", nil)
		if list, _ := myEntries["entries"].([]any); len(list) != 1 || list[0].(map[string]any)["status"] != "pending" || list[0].(map[string]any)["event_name"] != "Кубок Майкопа" {
			t.Errorf("the arbiter's entries after a place freed: %v, want it moved up to pending", myEntries)
		}
		s.Must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("%s/%d/accept", path, apitest.Num(waiting["id"])), map[string]any{"surname": "Нагоев", "given_names": "Руслан"})

		// After round 1 the player's withdrawal is a request the arbiter
		// confirms, withdrawing them from round 2.
		s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
		asked := s.Must(http.StatusOK, tournament.PlayerRole, "DELETE", fmt.Sprintf("%s/%d", path, apitest.Num(again["id"])), nil)
		if asked["status"] != "withdrawing" {
			t.Errorf("a withdrawal after round 1: %v, want a request", asked)
		}
		if me := s.Must(http.StatusOK, tournament.PlayerRole, "GET", "/api/v1/me/entries", nil); !strings.Contains(fmt.Sprint(me), "can_withdraw:false") || !strings.Contains(fmt.Sprint(me), "status:withdrawing") {
			t.Errorf("the player's entries after asking: %v", me)
		}
		s.Must(http.StatusConflict, tournament.PlayerRole, "DELETE", fmt.Sprintf("%s/%d", path, apitest.Num(again["id"])), nil)
		if back := s.Must(http.StatusOK, tournament.PlayerRole, "POST", fmt.Sprintf("%s/%d/withdraw/cancel", path, apitest.Num(again["id"])), nil); back["status"] != "accepted" {
			t.Errorf("the request taken back: %v, want accepted", back)
		}
		s.Must(http.StatusOK, tournament.PlayerRole, "POST", fmt.Sprintf("%s/%d/withdraw", path, apitest.Num(again["id"])), map[string]any{"reason": "болею"})
		s.Must(http.StatusForbidden, tournament.PlayerRole, "POST", fmt.Sprintf("%s/%d/withdraw/confirm", path, apitest.Num(again["id"])), nil)
		confirmed := s.Must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("%s/%d/withdraw/confirm", path, apitest.Num(again["id"])), map[string]any{"reason": "по болезни"})
		if confirmed["status"] != "withdrawn" || apitest.Num(confirmed["withdrawn_from"]) != 2 {
			t.Errorf("confirmed: %v, want withdrawn from round 2", confirmed)
		}
	})
}
