package rounds_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// A Russian draughts event of micro-matches through the API: the arbiter
// loads the event's table of openings (a bad file is refused at its line
// and field), round 1 is drawn an opening from it when paired, which the
// round's boards show with their two games; each game's result is entered
// and the board scores their sum; the standings count the games' points.
func TestMicroMatchesAPI(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		const arbiter = tournament.ArbiterRole
		ev := s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{
			"name": "Первенство клуба", "game": "russian", "discipline": "rapid", "system": "swiss", "rounds": 3,
			"time_control": "15+5", "micro_match": "round", "micro_count": "games",
		})
		if ev["micro_match"] != "round" || ev["micro_count"] != "games" {
			t.Errorf("the event's micro-matches: %v, %v", ev["micro_match"], ev["micro_count"])
		}
		base := fmt.Sprintf("/api/v1/events/%d", apitest.Num(ev["id"]))
		for i := 1; i <= 4; i++ {
			s.Must(http.StatusCreated, arbiter, "POST", base+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i), "rating": 2000 - 10*i})
		}
		def := s.Must(http.StatusOK, "", "GET", base+"/openings", nil)
		if def["own"] != false || len(def["openings"].([]any)) < 100 {
			t.Errorf("a new event's table: own %v, %d openings; want the default one", def["own"], len(def["openings"].([]any)))
		}
		if code, _ := s.Text(tournament.PlayerRole, "PUT", base+"/openings", "1,Городская партия,c3-d4 d6-c5 b2-c3\n"); code != http.StatusForbidden {
			t.Errorf("a player loads a table: %d, want 403", code)
		}
		code, body := s.Text(arbiter, "PUT", base+"/openings", "1,Городская партия,c3-d4 d6-c5 b2-c3\n2,Плохая,c3-d4 d4-e5\n")
		if code != http.StatusBadRequest || !strings.Contains(body, `"field":"table"`) || !strings.Contains(body, "line 2, moves, ply 2") {
			t.Errorf("a bad second row: %d %s, want 400 at table, line 2, ply 2", code, body)
		}
		csv := "# Таблица клуба\nnumber,name,moves,name_en\n1,Городская партия,c3-d4 d6-c5 b2-c3,City game\n2,Обратная городская партия,c3-d4 f6-g5 b2-c3,Reverse city game\n"
		if code, body := s.Text(arbiter, "PUT", base+"/openings?format=csv", csv); code != http.StatusOK || !strings.Contains(body, `"own":true`) {
			t.Fatalf("load a table: %d %s", code, body)
		}
		if code, body := s.Text("", "GET", base+"/openings?format=csv", ""); code != http.StatusOK || !strings.Contains(body, "2,Обратная городская партия,c3-d4 f6-g5 b2-c3,Reverse city game") {
			t.Errorf("the table as CSV: %d %s", code, body)
		}

		s.Must(http.StatusCreated, arbiter, "POST", base+"/rounds", nil)
		round := s.Must(http.StatusOK, arbiter, "POST", base+"/rounds/1/publish", nil)
		games := round["games"].([]any)
		first := games[0].(map[string]any)
		opening, _ := first["opening"].(map[string]any)
		if opening == nil || (apitest.Num(opening["number"]) != 1 && apitest.Num(opening["number"]) != 2) || len(first["micro_games"].([]any)) != 2 {
			t.Fatalf("board 1 of round 1: %v; want an opening of the event's table and two games", first)
		}
		if again := s.Must(http.StatusOK, "", "GET", base+"/rounds/1", nil); fmt.Sprint(again["games"].([]any)[1].(map[string]any)["opening"]) != fmt.Sprint(opening) {
			t.Errorf("board 2 plays from %v, board 1 from %v: one opening for the round", again["games"].([]any)[1].(map[string]any)["opening"], opening)
		}
		if code, out := s.Do(arbiter, "PUT", base+"/rounds/1/games/1/result", map[string]any{"score": "2:0", "end_reason": "resignation", "version": apitest.Num(first["version"])}); code != http.StatusConflict {
			t.Errorf("a micro-match's board as one game: %d %v, want 409", code, out)
		}
		board := s.Must(http.StatusOK, arbiter, "PUT", base+"/rounds/1/games/1/micro/1", map[string]any{"score": "2:0", "end_reason": "resignation", "version": apitest.Num(first["version"])})
		if board["score"] != nil {
			t.Errorf("after game 1 the board scores %v, want nothing yet", board["score"])
		}
		// Sent again from the same page, a stale version now: nothing
		// changed (200), as at a board's door (issue 64).
		if again := s.Must(http.StatusOK, arbiter, "PUT", base+"/rounds/1/games/1/micro/1", map[string]any{"score": "2:0", "end_reason": "resignation", "version": apitest.Num(first["version"])}); apitest.Num(again["version"]) != apitest.Num(board["version"]) {
			t.Errorf("game 1 sent again: version %v, want %v unchanged", again["version"], board["version"])
		}
		if code, out := s.Do(arbiter, "PUT", base+"/rounds/1/games/1/micro/3", map[string]any{"score": "2:0", "end_reason": "resignation", "version": apitest.Num(board["version"])}); code != http.StatusBadRequest || out["field"] != "game" {
			t.Errorf("game 3: %d %v, want 400 at game", code, out)
		}
		// ½-½ as the sheet writes it is the game's 1:1 (issue 64).
		board = s.Must(http.StatusOK, arbiter, "PUT", base+"/rounds/1/games/1/micro/2", map[string]any{"score": "½-½", "end_reason": "agreement", "version": apitest.Num(board["version"])})
		if board["score"] != "3:1" {
			t.Errorf("the board's score after 2:0 and 1:1: %v, want 3:1", board["score"])
		}
		micro := board["micro_games"].([]any)
		if g2 := micro[1].(map[string]any); apitest.Num(g2["white"]) != apitest.Num(first["black"]) || g2["score"] != "1:1" {
			t.Errorf("game 2: %v; want the board's Black with White, 1:1", g2)
		}
		second := games[1].(map[string]any)
		b2 := s.Must(http.StatusOK, arbiter, "PUT", base+"/rounds/1/games/2/micro/1", map[string]any{"score": "1:1", "end_reason": "agreement", "version": apitest.Num(second["version"])})
		s.Must(http.StatusOK, arbiter, "PUT", base+"/rounds/1/games/2/micro/2", map[string]any{"score": "1:1", "end_reason": "agreement", "version": apitest.Num(b2["version"])})
		name, nameEn := fmt.Sprint(opening["name"]), fmt.Sprint(opening["name_en"])
		if !strings.Contains(nameEn, "city game") && nameEn != "City game" {
			t.Errorf("the drawn opening %v keeps no English name", opening)
		}
		t.Run("pairings.pdf", func(t *testing.T) {
			text := apitest.Spaced(apitest.PDFToText(t, "micro-pairings", s.MustDownload(base+"/rounds/1/pairings.pdf", "application/pdf")))
			if !strings.Contains(text, "Дебют тура") || !strings.Contains(text, name) || !strings.Contains(text, "3:1") {
				t.Errorf("the pairings do not show the round's opening %q and the score 3:1:\n%s", name, text)
			}
			// In English, the opening's English name.
			text = apitest.Spaced(apitest.PDFToText(t, "micro-pairings-en", s.MustDownload(base+"/rounds/1/pairings.pdf?lang=en", "application/pdf")))
			if !strings.Contains(text, nameEn) || strings.Contains(text, name) {
				t.Errorf("the English pairings do not name the opening %q (not %q):\n%s", nameEn, name, text)
			}
		})
		t.Run("scoresheets.pdf", func(t *testing.T) {
			text := apitest.Spaced(apitest.PDFToText(t, "micro-sheets", s.MustDownload(base+"/rounds/1/scoresheets.pdf", "application/pdf")))
			if n := strings.Count(text, "Партия микроматча"); n != 4 || !strings.Contains(text, name) {
				t.Errorf("the score sheets: %d sheets of micro-match games, want 4 (two boards, two games) with the opening %q:\n%s", n, name, text)
			}
			// Each sheet pre-prints the opening's moves for the players
			// to write on from, and has a column to mark the repeated
			// positions the draw axioms count.
			moves := opening["moves"].([]any)
			if row := fmt.Sprintf("1 %v %v", moves[0], moves[1]); strings.Count(text, row) != 4 || strings.Count(text, apitest.RuDoc("report.repeated_mark")) != 4*2 {
				t.Errorf("the score sheets do not pre-print the opening's first move %q on each of the 4 sheets, or lack the repetition column:\n%s", row, text)
			}
		})
		for _, doc := range []string{"/crosstable.pdf", "/standings.pdf", "/standings.csv", "/export.trf", "/standings.xlsx"} {
			if rec := s.Download("", base+doc, nil); rec.Code != http.StatusOK {
				t.Errorf("%s of an event of micro-matches: %d %s", doc, rec.Code, rec.Body.String())
			}
		}
		pdn := string(s.MustDownload(base+"/games.pdn", "application/x-pdn; charset=utf-8"))
		for _, want := range []string{`[Round "1.1"]`, `[Round "1.2"]`, `[GameType "25"]`, `[FEN "` + fmt.Sprint(opening["fen"]) + `"]`, `[Opening "` + fmt.Sprint(apitest.Num(opening["number"])) + ". " + name + `"]`, `[Result "2-0"]`, `[Result "1-1"]`} {
			if !strings.Contains(pdn, want) {
				t.Errorf("the PDN lacks %s:\n%s", want, pdn)
			}
		}
		standings := fmt.Sprint(s.Must(http.StatusOK, "", "GET", base+"/standings", nil))
		if !strings.Contains(standings, "score:3") || !strings.Contains(standings, "score:1") || !strings.Contains(standings, "score:2") {
			t.Errorf("the standings after round 1: %s; want 3, 2, 2 and 1", standings)
		}
		// Round 2 is paired on the micro-matches' sums, and draws the
		// other opening of the event's table.
		r2 := s.Must(http.StatusCreated, arbiter, "POST", base+"/rounds", nil)
		if o := r2["games"].([]any)[0].(map[string]any)["opening"].(map[string]any); apitest.Num(o["number"]) == apitest.Num(opening["number"]) {
			t.Errorf("round 2 drew opening %v again before the table was exhausted", o["number"])
		}
		if out := s.Must(http.StatusOK, arbiter, "DELETE", base+"/openings", nil); out["own"] != false {
			t.Errorf("taken back to the default table: %v", out)
		}
		if audit := fmt.Sprint(s.Must(http.StatusOK, arbiter, "GET", base+"/audit", nil)); !strings.Contains(audit, "openings.load") || !strings.Contains(audit, "openings.reset") {
			t.Errorf("the audit log has no load and reset of the table: %s", audit)
		}
	})
}
