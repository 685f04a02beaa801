package hall_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"adiukh/api/apitest"
)

// The hall of a team event answers its matches table by table: the
// teams, the match's boards in board order (the bye's none), and the
// score so far, as the round's match card counts it once the match is
// over: the board points of the boards in, the match points (null)
// while a board plays. Its boards are the round's, as an event of
// players' are, each placed at its match's table and board. On both
// databases.
func TestTeamHallByMatch(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		te := apitest.NewTeamEvent(t, s, "round-robin", 0, 2, []int{2, 2, 2, 2, 2})
		round := s.Must(http.StatusCreated, apitest.Arbiter, "POST", te.Path("/rounds"), nil)
		s.Must(http.StatusOK, apitest.Arbiter, "POST", te.Path("/rounds/1/publish"), nil)
		h := s.Must(http.StatusOK, "", "GET", te.Path("/hall"), nil)
		matches, pairing := h["matches"].([]any), round["matches"].([]any)
		if len(matches) != len(pairing) || len(matches) != 3 {
			t.Fatalf("five teams' round 1: %d matches in the hall, %d paired; want 3 (the bye among them)", len(matches), len(pairing))
		}
		boards := map[int]map[string]any{}
		for _, b := range h["boards"].([]any) {
			boards[apitest.Num(b.(map[string]any)["board"])] = b.(map[string]any)
		}
		var first map[string]any
		for i, raw := range matches {
			m, want := raw.(map[string]any), pairing[i].(map[string]any)
			home := m["home"].(map[string]any)
			if apitest.Num(m["table"]) != apitest.Num(want["table"]) || apitest.Num(home["start_no"]) != apitest.Num(want["home"]) ||
				home["name"] != fmt.Sprintf("Команда %d", apitest.Num(want["home"])) {
				t.Errorf("match %d: %v, want the pairing's %v", i, m, want)
			}
			var games []int
			for _, g := range want["games"].([]any) {
				g := g.(map[string]any)
				n := g["game"]
				if n == nil {
					continue
				}
				games = append(games, apitest.Num(n))
				// A board is placed as the pairings show it: board 2 of
				// the match at its table.
				if b := boards[apitest.Num(n)]; b == nil || apitest.Num(b["table"]) != apitest.Num(want["table"]) || apitest.Num(b["match_board"]) != apitest.Num(g["board"]) {
					t.Errorf("game %v of match %d in the hall: %v, want board %v of table %v", n, i, b, g["board"], want["table"])
				}
			}
			if fmt.Sprint(m["boards"]) != fmt.Sprint(games) && !(len(games) == 0 && fmt.Sprint(m["boards"]) == "[]") {
				t.Errorf("match %d's boards %v, want %v in board order", i, m["boards"], games)
			}
			for _, n := range games {
				if boards[n] == nil {
					t.Errorf("match %d's board %d is not among the hall's boards", i, n)
				}
			}
			if want["away"] == nil {
				if m["away"] != nil {
					t.Errorf("the bye: %v", m)
				}
				continue
			}
			if apitest.Num(m["away"].(map[string]any)["start_no"]) != apitest.Num(want["away"]) {
				t.Errorf("match %d's away team: %v, want %v", i, m["away"], want["away"])
			}
			if first == nil {
				first = want
			}
		}
		table := apitest.Num(first["table"])
		games := first["games"].([]any)
		result := func(board int, score string) {
			g := games[board-1].(map[string]any)
			s.Must(http.StatusOK, apitest.Arbiter, "PUT", te.Path(fmt.Sprintf("/rounds/1/matches/%d/boards/%d/result", table, board)),
				map[string]any{"score": score, "end_reason": "final_position", "version": apitest.Num(g["version"])})
		}
		scoreOf := func() map[string]any {
			for _, m := range s.Must(http.StatusOK, "", "GET", te.Path("/hall"), nil)["matches"].([]any) {
				if m := m.(map[string]any); apitest.Num(m["table"]) == table {
					return m["score"].(map[string]any)
				}
			}
			t.Fatalf("no match at table %d", table)
			return nil
		}
		result(1, "17:7") // the home team has White on board 1
		if sc := scoreOf(); sc["done"] != false || sc["home_points"].(float64) <= 0 || sc["away_points"].(float64) != 0 || sc["home_match_points"] != nil {
			t.Errorf("a board of two in: %v, want the home team's point and no match points yet", sc)
		}
		result(2, "12:12")
		sc := scoreOf()
		var card map[string]any
		for _, m := range s.Must(http.StatusOK, "", "GET", te.Path("/rounds/1"), nil)["matches"].([]any) {
			if m := m.(map[string]any); apitest.Num(m["table"]) == table {
				card = m
			}
		}
		if sc["done"] != true || sc["home_points"] != card["home_game_points"] || sc["away_points"] != card["away_game_points"] ||
			sc["home_match_points"] != card["home_match_points"] || sc["away_match_points"] != card["away_match_points"] || sc["home_match_points"] == nil {
			t.Errorf("the match over: %v, want the match card's %v", sc, card)
		}
	})
}

// A board whose relay stopped (a move the rules refuse) is told paused to
// the readers at that ply and its move, without the arbiter's message, and
// the pause clears when the feed is put right; an event of players
// answers no matches. On both databases.
func TestStoppedBoardPausedInTheHall(t *testing.T) {
	t.Parallel()
	d := apitest.EveryGame(t)[0]
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		id, games := hallEvent(t, s, d)
		var g map[string]any
		for _, raw := range games {
			if raw := raw.(map[string]any); raw["black"] != nil {
				g = raw // the last played board, still playing
			}
		}
		board := apitest.Num(g["board"])
		players := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/players", id), nil)["players"].([]any)
		name := func(pid int) string {
			for _, p := range players {
				if p := p.(map[string]any); apitest.Num(p["id"]) == pid {
					return p["name"].(string)
				}
			}
			return ""
		}
		push := func(plies []string) {
			var moves strings.Builder
			for i, p := range plies {
				if i%2 == 0 {
					fmt.Fprintf(&moves, "%d. ", i/2+1)
				}
				moves.WriteString(p + " ")
			}
			pdn := fmt.Sprintf("[White \"%s\"]\n[Black \"%s\"]\n\n%s*\n", name(apitest.Num(g["white"])), name(apitest.Num(g["black"])), moves.String())
			s.Must(http.StatusOK, apitest.Arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/boards/%d/relay", id, board), map[string]any{"pdn": pdn})
		}
		relayOf := func() (map[string]any, string) {
			code, body := s.Text("", "GET", fmt.Sprintf("/api/v1/events/%d/hall", id), "")
			var h map[string]any
			if err := json.Unmarshal([]byte(body), &h); code != http.StatusOK || err != nil {
				t.Fatalf("the hall: %d %v %s", code, err, body)
			}
			if _, ok := h["matches"]; ok {
				t.Errorf("an event of players answers matches: %v", h["matches"])
			}
			for _, b := range h["boards"].([]any) {
				if b := b.(map[string]any); apitest.Num(b["board"]) == board {
					r, _ := b["relay"].(map[string]any)
					return r, body
				}
			}
			t.Fatalf("no board %d", board)
			return nil, ""
		}
		push(d.Opening)
		if r, _ := relayOf(); r == nil || r["paused"] != nil {
			t.Fatalf("the board relayed: %v", r)
		}
		push(append(append([]string{}, d.Opening...), d.Quiet))
		ply := len(d.Opening) + 1
		r, body := relayOf()
		paused, _ := r["paused"].(map[string]any)
		if paused == nil || apitest.Num(paused["ply"]) != ply || apitest.Num(paused["move"]) != (ply+1)/2 || r["status"] != "stopped" {
			t.Fatalf("a move refused: %v, want paused at ply %d", r, ply)
		}
		if strings.Contains(body, "note.relay") || strings.Contains(body, d.Quiet+" is not legal") {
			t.Errorf("the readers are told the arbiter's message: %s", body)
		}
		push(append(append([]string{}, d.Opening...), d.Capture))
		if r, _ := relayOf(); r["paused"] != nil || r["status"] == "stopped" {
			t.Errorf("the feed put right: %v", r)
		}
	})
}
