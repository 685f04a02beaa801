package v1_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/store/storetest"
)

// What is Russian draughts' alone; what every game does is tested over
// the registry (every_game_test.go).

// A correspondence event of Russian draughts starts from a thematic FEN
// the arbiter set and is played through the API by its rules: a capture
// of two men in one move (c3:e5:g3), a resignation 2:0 in the round and
// the standings; an Adiukh start position is refused. On both databases.
func TestRussianCorrespondenceThroughTheAPI(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := apitest.NewCorrServer(t, st, apitest.CorrStart, nil)
			arbiter := s.User("arbiter@example.org", tournament.ArbiterRole)
			ev := s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{
				"name": "Заочный турнир", "game": "russian", "discipline": "correspondence", "system": "round-robin", "time_control": "10d",
			}).(map[string]any)
			base := fmt.Sprintf("/api/v1/events/%d", apitest.Num(ev["id"]))
			tokens := map[int]string{}
			for i := 1; i <= 2; i++ {
				pid := int(apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", base+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i)}).(map[string]any)["id"]))
				email := fmt.Sprintf("p%d@example.org", i)
				tokens[pid] = s.User(email, tournament.PlayerRole)
				s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("%s/players/%d/account", base, pid), map[string]any{"email": email})
			}
			if code, out := s.Call(arbiter, "PUT", base+"/correspondence", map[string]any{"start_position": "white: c3-1; black: d4-1"}); code != http.StatusBadRequest {
				t.Errorf("an Adiukh start position for Russian draughts: %d %v", code, out)
			}
			const start = "W:Wb6,c3,h2:Ba7,c7,d4,f4,f6"
			s.Must(http.StatusOK, arbiter, "PUT", base+"/correspondence", map[string]any{"start_position": start})
			games := s.Must(http.StatusOK, arbiter, "POST", base+"/start", nil).([]any)
			g := games[0].(map[string]any)
			if len(games) != 1 || g["game"] != "russian" || g["position"] != start || !strings.Contains(g["legal"].(string), "c3 e5 g3=c3:e5:g3") {
				t.Fatalf("the section's games: %v", games)
			}
			path := fmt.Sprintf("/api/v1/games/%d", int(apitest.Num(g["id"])))
			white, black := tokens[int(apitest.Num(g["white"]))], tokens[int(apitest.Num(g["black"]))]
			after := s.Must(http.StatusOK, white, "POST", path+"/moves", map[string]any{"move": "c3:e5:g3", "ply": 0}).(map[string]any)
			if after["position"] != "B:Wb6,g3,h2:Ba7,c7,f6" || after["legal"] != "a7 c5=a7:c5;c7 a5=c7:a5" {
				t.Errorf("after c3:e5:g3: %v", after)
			}
			end := s.Must(http.StatusOK, black, "POST", path+"/resign", nil).(map[string]any)
			if r, _ := end["result"].(map[string]any); r == nil || r["score"] != "2:0" || r["end_reason"] != "resignation" {
				t.Errorf("Black resigns: %v", end)
			}
			rows := s.Must(http.StatusOK, "", "GET", base+"/standings", nil).(map[string]any)
			if !strings.Contains(fmt.Sprint(rows), "score:2") {
				t.Errorf("the standings after a win of Russian draughts: %v", rows)
			}
		})
	}
}
