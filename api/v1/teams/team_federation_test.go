package teams_test

import (
	"fmt"
	"net/http"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// A team's players take their federation through the JSON API as a
// player alone does (issue 64): on the team's registration and a player
// added to its roster, read in any case and kept in capitals, given back in
// the rosters, and refused at the roster entry's field when it is no
// federation's three letters.
func TestTeamPlayersFederation(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		const arbiter = tournament.ArbiterRole
		id := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{
			"name": "Кубок наций", "game": "international", "discipline": "standard-team", "system": "swiss", "rounds": 3,
		})["id"])
		base := fmt.Sprintf("/api/v1/events/%d", id)
		team := s.Must(http.StatusCreated, arbiter, "POST", base+"/teams", map[string]any{"name": "Нидерланды", "players": []any{
			map[string]any{"name": "Ван дер Берг Ян", "federation": "ned", "title": "GMI"},
			map[string]any{"name": "Де Йонг Питер", "federation": "NED"},
		}})
		s.Must(http.StatusCreated, arbiter, "POST", base+"/teams/1/players", map[string]any{"name": "Янсен Ким", "federation": "Ned"})
		code, out := s.Do(arbiter, "POST", base+"/teams", map[string]any{"name": "Франция", "players": []any{
			map[string]any{"name": "Дюпон Жан", "federation": "FRA"},
			map[string]any{"name": "Мартен Люк", "federation": "Франция"},
		}})
		if code != http.StatusBadRequest || out["field"] != "players[1].federation" {
			t.Errorf("a roster with federation «Франция»: %d %v; want 400 at players[1].federation", code, out)
		}
		if got := team["players"].([]any)[0].(map[string]any)["federation"]; got != "NED" {
			t.Errorf("the registered team's first player has federation %v; want NED", got)
		}
		teams := s.Must(http.StatusOK, "", "GET", base+"/teams", nil)["teams"].([]any)
		if len(teams) != 1 {
			t.Fatalf("teams %v; want Нидерланды alone", teams)
		}
		for _, p := range teams[0].(map[string]any)["players"].([]any) {
			if p := p.(map[string]any); p["federation"] != "NED" {
				t.Errorf("%s's federation in the roster: %v; want NED", p["name"], p["federation"])
			}
		}

		// The standings of each board give it too, as the individual
		// standings and the board prizes PDF do.
		s.Must(http.StatusCreated, arbiter, "POST", base+"/teams", map[string]any{"name": "Франция", "players": []any{
			map[string]any{"name": "Дюпон Жан", "federation": "FRA"}, map[string]any{"name": "Мартен Люк", "federation": "FRA"}, map[string]any{"name": "Бернар Поль", "federation": "FRA"},
		}})
		s.Must(http.StatusCreated, arbiter, "POST", base+"/rounds", nil)
		s.Must(http.StatusOK, arbiter, "POST", base+"/rounds/1/publish", nil)
		for board := 1; board <= 3; board++ {
			s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("%s/rounds/1/matches/1/boards/%d/result", base, board), map[string]any{"score": "1-1", "end_reason": "agreement", "version": 1})
		}
		boards := s.Must(http.StatusOK, "", "GET", base+"/standings", nil)["boards"].([]any)
		got := map[string]any{}
		for _, r := range boards[0].(map[string]any)["rows"].([]any) {
			r := r.(map[string]any)
			got[r["name"].(string)] = r["federation"]
		}
		if fmt.Sprint(got) != fmt.Sprint(map[string]any{"Ван дер Берг Ян": "NED", "Дюпон Жан": "FRA"}) {
			t.Errorf("board 1's standings give the federations %v; want NED and FRA", got)
		}
	})
}
