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
		id, pdn := publishedRound(t, s, "russian")
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

// publishedRound makes a rapid round robin of the game of four players
// with round 1 published, its boards waiting for their relay, and returns
// its ID and the PDN of a board's game so far (the board's players named
// in its tags).
func publishedRound(t *testing.T, s *apitest.Server, game string) (int, func(board int, moves string) string) {
	t.Helper()
	const arbiter = tournament.ArbiterRole
	ev := s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Первенство", "game": game, "discipline": "rapid", "system": "round-robin"})
	id := apitest.Num(ev["id"])
	for _, name := range []string{"Абрегов Аслан", "Берсиров Бислан", "Гучетль Гиса", "Дауров Даут"} {
		s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": name})
	}
	s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), nil)
	round := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1/relay", id), nil)
	pairing := map[int][2]string{}
	for _, b := range round["boards"].([]any) {
		b := b.(map[string]any)
		if b["status"] != "waiting" || len(b["plies"].([]any)) != 0 {
			t.Errorf("a board before its relay: %v", b)
		}
		pairing[apitest.Num(b["board"])] = [2]string{b["white"].(string), b["black"].(string)}
	}
	return id, func(board int, moves string) string {
		return fmt.Sprintf("[White %q]\n[Black %q]\n\n%s\n", pairing[board][0], pairing[board][1], moves)
	}
}

// A board stopped by an illegal move is told paused at that move to every
// reader of the round's relay (as the hall tells it); why (the move and
// the rules' words) is told only to those who check it: the event's
// arbiter, the round's operators, named or by its link, and the push
// key's holder. Each kind of reader, on both databases.
func TestOnlyThoseWhoCheckAStopAreToldWhy(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		const arbiter = tournament.ArbiterRole
		id, pdn := publishedRound(t, s, "russian")
		s.Tokens["bridge"] = s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/relay/key", id), nil)["key"].(string)
		s.Tokens["link"] = s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/relay/link", id), nil)["key"].(string)
		s.Must(http.StatusOK, "bridge", "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/boards/1/relay", id), map[string]any{"pdn": pdn(1, "1. c3-d4 f6-e5 2. d4-c5 *")})
		board1 := func(reader tournament.Role) map[string]any {
			t.Helper()
			b := s.Must(http.StatusOK, reader, "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1/relay", id), nil)["boards"].([]any)[0].(map[string]any)
			paused, _ := b["paused"].(map[string]any)
			if b["status"] != "stopped" || paused == nil || apitest.Num(paused["ply"]) != 3 || apitest.Num(paused["move"]) != 2 {
				t.Errorf("board 1 read by %q: %v, want it paused at ply 3, move 2", reader, b)
			}
			return b
		}
		told := func(reader tournament.Role, why bool) {
			t.Helper()
			stop, _ := board1(reader)["stop"].(map[string]any)
			switch {
			case why && (stop == nil || stop["key"] != "note.relay.illegal" || apitest.Num(stop["ply"]) != 3 || !strings.Contains(stop["message"].(string), "d4-c5")):
				t.Errorf("the stop read by %q: %v, want the illegal move at ply 3 and its message", reader, stop)
			case !why && stop != nil:
				t.Errorf("the stop read by %q: %v, want only the pause", reader, stop)
			}
		}
		told("", false)
		told(tournament.PlayerRole, false)
		told(arbiter, true)
		told("bridge", true)
		told("link", true)
		s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/1/relay/operators", id), map[string]any{"email": "player@example.org"})
		told(tournament.PlayerRole, true)
	})
}
