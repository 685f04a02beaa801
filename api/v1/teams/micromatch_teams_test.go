package teams_test

import (
	"adiukh/api/apitest"
	"adiukh/tournament"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// A Russian draughts team competition whose boards play micro-matches: the
// event counts them by their results (games are refused), each board of a
// match is drawn its opening when the round is paired, its two games are
// entered under the board's game number, the board scores their sum and
// the match its board and match points from it; the score sheets PDF has
// two sheets a board with the opening.
func TestMicroMatchTeamsAPI(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		const arbiter = tournament.ArbiterRole
		body := map[string]any{"name": "Командное первенство", "game": "russian", "discipline": "rapid-team", "system": "swiss", "rounds": 3,
			"time_control": "15+5", "micro_match": "board", "micro_count": "games"}
		if code, out := s.Do(arbiter, "POST", "/api/v1/events", body); code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out), "micro_count") {
			t.Errorf("a team competition counting micro-match games: %d %v, want 400 at micro_count", code, out)
		}
		base, round := apitest.MicroTeamEvent(t, s)
		match := round["matches"].([]any)[0].(map[string]any)
		boards := match["games"].([]any)
		var numbers []int
		for _, b := range boards {
			b := b.(map[string]any)
			o, _ := b["opening"].(map[string]any)
			if o == nil || len(b["micro_games"].([]any)) != 2 {
				t.Fatalf("board %v of the match: %v; want its opening and two games", b["board"], b)
			}
			numbers = append(numbers, apitest.Num(o["number"]))
		}
		if numbers[0] == numbers[1] {
			t.Errorf("both boards drew opening %d; drawn per board, they differ", numbers[0])
		}
		// Board 1 (home White): 2:0, then 1:1 colours exchanged, 3:1;
		// board 2 (home Black): 1:1 twice, 2:2.
		for i, scores := range [][2]string{{"2:0", "1:1"}, {"1:1", "1:1"}} {
			b := boards[i].(map[string]any)
			version := apitest.Num(b["version"])
			for game, score := range scores {
				reason := "agreement"
				if score == "2:0" {
					reason = "resignation"
				}
				board := s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("%s/rounds/1/games/%d/micro/%d", base, apitest.Num(b["game"]), game+1), map[string]any{"score": score, "end_reason": reason, "version": version})
				version = apitest.Num(board["version"])
				if i == 0 && game == 0 {
					// One game in, the line-ups are fixed.
					swapped := []int{apitest.Num(b["black"]), apitest.Num(b["white"])}
					if code, out := s.Do(arbiter, "PUT", base+"/rounds/1/lineups/1", map[string]any{"players": swapped}); code != http.StatusConflict || !strings.Contains(fmt.Sprint(out["message"]), "micro-match") {
						t.Errorf("a line-up changed after a micro-match game: %d %v, want 409", code, out)
					}
				}
			}
			if code, out := s.Do(arbiter, "PUT", fmt.Sprintf("%s/rounds/1/matches/1/boards/%d/result", base, i+1), map[string]any{"score": "2:0", "end_reason": "resignation", "version": version}); code != http.StatusConflict {
				t.Errorf("board %d's result as one game: %d %v, want 409", i+1, code, out)
			}
		}
		again := s.Must(http.StatusOK, "", "GET", base+"/rounds/1", nil)
		m := again["matches"].([]any)[0].(map[string]any)
		games := m["games"].([]any)
		if g := games[0].(map[string]any); g["score"] != "3:1" || g["micro_games"].([]any)[1].(map[string]any)["score"] != "1:1" {
			t.Errorf("board 1: %v; want 3:1 with its games", g)
		}
		if g := games[1].(map[string]any); g["score"] != "2:2" {
			t.Errorf("board 2: %v; want 2:2", g)
		}
		// Counted by micro-matches: board 1 a win (2), board 2 a draw (1).
		if m["home_game_points"] != 3.0 || m["away_game_points"] != 1.0 || apitest.Num(m["home_match_points"]) <= apitest.Num(m["away_match_points"]) {
			t.Errorf("the match: %v:%v board points, %v:%v match points; want 3:1 and the home team's win", m["home_game_points"], m["away_game_points"], m["home_match_points"], m["away_match_points"])
		}
		cards := apitest.Spaced(apitest.PDFToText(t, "team-micro-cards", s.MustDownload(base+"/rounds/1/pairings.pdf", "application/pdf")))
		for _, want := range []string{"3 : 1", "Партия микроматча 1 — 2:0; Партия микроматча 2 — 1:1; Дебют: " + fmt.Sprint(numbers[0]), "Партия микроматча 1 — 1:1; Партия микроматча 2 — 1:1; Дебют: " + fmt.Sprint(numbers[1])} {
			if !strings.Contains(cards, want) {
				t.Errorf("the match card lacks %q:\n%s", want, cards)
			}
		}
		standings := fmt.Sprint(s.Must(http.StatusOK, "", "GET", base+"/standings", nil))
		if !strings.Contains(standings, "game_points:3") || !strings.Contains(standings, "game_points:1") {
			t.Errorf("the team standings after round 1: %s; want the board points 3 and 1", standings)
		}
		text := apitest.Spaced(apitest.PDFToText(t, "team-micro-sheets", s.MustDownload(base+"/rounds/1/scoresheets.pdf", "application/pdf")))
		if n := strings.Count(text, "Партия микроматча"); n != 4 {
			t.Errorf("the team score sheets: %d sheets of micro-match games, want 4 (two boards, two games):\n%s", n, text)
		}
		if !strings.Contains(text, "Команда 1") || !strings.Contains(text, "Дебют") {
			t.Errorf("the team score sheets lack the teams or the opening:\n%s", text)
		}
	})
}
