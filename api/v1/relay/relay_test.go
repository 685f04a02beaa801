package relay_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// A bridge relays a round of Russian draughts through the push API with the
// event's relay key: a board's PDN answered with what was taken, an illegal
// move stopped at its ply with its message, a round's PDN matched by names,
// the result proposed and confirmed by the arbiter. The key does nothing
// else; a body over 10 MB is refused before it is read.
func TestPushAPI(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		const arbiter = tournament.ArbiterRole
		ev := s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Первенство", "game": "russian", "discipline": "rapid", "system": "round-robin"})
		id := apitest.Num(ev["id"])
		names := []string{"Абрегов Аслан", "Берсиров Бислан", "Гучетль Гиса", "Дауров Даут"}
		for _, name := range names {
			s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": name})
		}
		s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
		s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), nil)
		round := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1/relay", id), nil)
		boards := round["boards"].([]any)
		pairing := map[int][2]string{}
		for _, b := range boards {
			b := b.(map[string]any)
			if b["status"] != "waiting" || len(b["plies"].([]any)) != 0 {
				t.Errorf("a board before its relay: %v", b)
			}
			pairing[apitest.Num(b["board"])] = [2]string{b["white"].(string), b["black"].(string)}
		}
		pdn := func(board int, moves string) string {
			return fmt.Sprintf("[White %q]\n[Black %q]\n\n%s\n", pairing[board][0], pairing[board][1], moves)
		}

		key := s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/relay/key", id), nil)["key"].(string)
		s.Tokens["bridge"] = key
		board1 := fmt.Sprintf("/api/v1/events/%d/rounds/1/boards/1/relay", id)
		got := s.Must(http.StatusOK, "bridge", "POST", board1, map[string]any{"pdn": pdn(1, "1. c3-d4 f6-e5 *")})
		if apitest.Num(got["plies"]) != 2 || got["status"] != "playing" || got["result_proposed"] != nil || got["fen"] == "" {
			t.Errorf("two plies pushed: %v", got)
		}
		got = s.Must(http.StatusOK, "bridge", "POST", board1, map[string]any{"pdn": pdn(1, "1. c3-d4 f6-e5 2. d4-c5 *")})
		stop, _ := got["error"].(map[string]any)
		if got["status"] != "stopped" || apitest.Num(got["plies"]) != 2 || stop == nil || stop["key"] != "note.relay.illegal" || apitest.Num(stop["ply"]) != 3 || stop["message"] == "" {
			t.Errorf("an illegal third ply: %v", got)
		}
		// The key can do nothing else: no other write, no arbiter's call.
		s.Must(http.StatusUnauthorized, "bridge", "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": "Чужой"})
		s.Must(http.StatusUnauthorized, "bridge", "POST", board1+"/confirm", nil)
		s.Must(http.StatusForbidden, "bridge", "POST", board1+"/move", map[string]any{"ply": 3, "move": "d4xf6"})
		s.Must(http.StatusForbidden, tournament.PlayerRole, "POST", board1, map[string]any{"pdn": pdn(1, "1. c3-d4 *")})

		// A round's PDN: each game to its board by its players' names.
		taken := s.Must(http.StatusOK, "bridge", "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/relay", id),
			map[string]any{"pdn": pdn(1, "1. c3-d4 f6-e5 2. d4xf6 g7xe5 0-2") + "\n" + pdn(2, "1. a3-b4 *")})["games"].([]any)
		if len(taken) != 2 {
			t.Fatalf("a round's PDN: %v", taken)
		}
		first, second := taken[0].(map[string]any), taken[1].(map[string]any)
		if apitest.Num(first["board"]) != 1 || first["status"] != "ended" || first["result_proposed"].(map[string]any)["score"] != "0:2" || apitest.Num(second["board"]) != 2 || apitest.Num(second["plies"]) != 1 {
			t.Errorf("a round's PDN taken: %v", taken)
		}
		confirmed := s.Must(http.StatusOK, arbiter, "POST", board1+"/confirm", nil)
		if confirmed["result"].(map[string]any)["score"] != "0:2" || !strings.Contains(confirmed["sheet"].(string), "d4xf6") {
			t.Errorf("confirmed: %v", confirmed)
		}
		game := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)["games"].([]any)[0].(map[string]any)
		if game["score"] != "0:2" {
			t.Errorf("the round's board 1 after the confirmation: %v", game)
		}
		s.Must(http.StatusConflict, "bridge", "POST", board1, map[string]any{"pdn": pdn(1, "1. c3-d4 *")})

		// A body over 10 MB is refused as too large, before it is read.
		req := httptest.NewRequest("POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/boards/2/relay", id), strings.NewReader(`{"pdn":"`+strings.Repeat("x", 10<<20)+`"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+key)
		rec := httptest.NewRecorder()
		s.Handler.ServeHTTP(rec, req)
		if rec.Code != http.StatusRequestEntityTooLarge || !strings.Contains(rec.Body.String(), "MB") {
			t.Errorf("an 11 MB body: %d %s", rec.Code, rec.Body.String())
		}
		// A second source for a pushed board is refused, naming the source.
		code, out := s.Do(arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/boards/2/relay/move", id), map[string]any{"ply": 2, "move": "f6-g5"})
		if code != http.StatusConflict || !strings.Contains(fmt.Sprint(out), "push") {
			t.Errorf("an operator's move on a pushed board: %d %v", code, out)
		}
	})
}
