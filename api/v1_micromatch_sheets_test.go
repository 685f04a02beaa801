package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"adiukh/tournament"
)

// The sheets of a game played from opening 1-I of the FMJD table: its
// moves after the opening, and the whole game with the opening's moves
// first.
const (
	microAfter1I = "4. b4:d6 e7:c5 5. g3-h4 f6-g5 6. h4:f6 g7:e5\n1:1 agreement"
	microWhole1I = "1. a3-b4 b6-a5 2. b2-a3 a7-b6 3. a1-b2 d6-c5\n4. b4:d6 e7:c5 5. g3-h4 f6-g5 6. h4:f6 g7:e5 7. c3-d4 e5:c3:a1\n1:1 agreement"
)

// microSheetEvent creates a Russian draughts event of micro-matches whose
// own table has opening 1-I alone, with four players, and pairs and
// publishes round 1; it answers the event's path and the round.
func microSheetEvent(t *testing.T, s *testServer) (string, map[string]any) {
	t.Helper()
	const arbiter = tournament.ArbiterRole
	ev := s.must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{
		"name": "Первенство клуба", "game": "russian", "discipline": "rapid", "system": "swiss", "rounds": 3,
		"time_control": "15+5", "micro_match": "round", "micro_count": "games",
	})
	base := fmt.Sprintf("/api/v1/events/%d", num(ev["id"]))
	for i := 1; i <= 4; i++ {
		s.must(http.StatusCreated, arbiter, "POST", base+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i), "rating": 2000 - 10*i})
	}
	if code, body := s.text(arbiter, "PUT", base+"/openings?format=csv", "1,1-I,a3-b4 b6-a5 b2-a3 a7-b6 a1-b2 d6-c5\n"); code != http.StatusOK {
		t.Fatalf("load the table: %d %s", code, body)
	}
	s.must(http.StatusCreated, arbiter, "POST", base+"/rounds", nil)
	return base, s.must(http.StatusOK, arbiter, "POST", base+"/rounds/1/publish", nil)
}

// Each game of a micro-match takes its score sheet with its result through
// PUT …/micro/{game}: in either form, refused as a board's sheet is (a
// wrong move at its ply, a score the sheet disagrees with), shown with its
// report in the round, and written into games.pdn after the opening.
func TestMicroMatchSheetsAPI(t *testing.T) {
	t.Parallel()
	forEachServer(t, func(t *testing.T, s *testServer) {
		const arbiter = tournament.ArbiterRole
		base, round := microSheetEvent(t, s)
		first := round["games"].([]any)[0].(map[string]any)
		path := base + "/rounds/1/games/1/micro/"
		code, out := s.do(arbiter, "PUT", path+"1", map[string]any{"score": "2:0", "end_reason": "resignation", "sheet": "4. b4:d6 e7:c5 5. g3-g5", "version": num(first["version"])})
		if code != http.StatusBadRequest || out["field"] != "sheet" || !strings.Contains(fmt.Sprint(out["message"]), "move 5 (ply 9)") {
			t.Errorf("a sheet with a wrong move: %d %v, want 400 at sheet, move 5 (ply 9)", code, out)
		}
		code, out = s.do(arbiter, "PUT", path+"1", map[string]any{"score": "2:0", "end_reason": "resignation", "sheet": microAfter1I, "version": num(first["version"])})
		if code != http.StatusBadRequest || out["field"] != "score" {
			t.Errorf("a score the sheet disagrees with: %d %v, want 400 at score", code, out)
		}
		board := s.must(http.StatusOK, arbiter, "PUT", path+"1", map[string]any{"sheet": microAfter1I, "version": num(first["version"])})
		g1 := board["micro_games"].([]any)[0].(map[string]any)
		report, _ := g1["sheet_report"].(map[string]any)
		if g1["score"] != "1:1" || g1["has_sheet"] != true || g1["sheet"] != microAfter1I || report == nil || report["valid"] != true {
			t.Errorf("game 1 with its sheet: %v", g1)
		}
		board = s.must(http.StatusOK, arbiter, "PUT", path+"2", map[string]any{"score": "1:1", "end_reason": "agreement", "sheet": microWhole1I, "version": num(board["version"])})
		if board["score"] != "2:2" {
			t.Errorf("the board after two draws: %v", board["score"])
		}
		again := s.must(http.StatusOK, "", "GET", base+"/rounds/1", nil)
		games := again["games"].([]any)
		for i, g := range games[0].(map[string]any)["micro_games"].([]any) {
			if g.(map[string]any)["has_sheet"] != true {
				t.Errorf("board 1, game %d in the round: %v, want its sheet", i+1, g)
			}
		}
		if g := games[1].(map[string]any)["micro_games"].([]any)[0].(map[string]any); g["has_sheet"] != false || g["sheet"] != nil {
			t.Errorf("board 2, game 1 without a sheet: %v", g)
		}
		sheets := spaced(pdfToText(t, "micro-sheets-filled", s.mustDownload(base+"/rounds/1/scoresheets.pdf", "application/pdf")))
		for _, want := range []string{"1 a3-b4 b6-a5", "4 b4:d6 e7:c5", "6 h4:f6 g7:e5", "7 c3-d4 e5:c3:a1"} {
			if !strings.Contains(sheets, want) {
				t.Errorf("the score sheets lack the row %q of board 1's games:\n%s", want, sheets)
			}
		}
		if n := strings.Count(sheets, "1 a3-b4 b6-a5"); n != 2 {
			t.Errorf("the score sheets have %d games written in, want board 1's two", n)
		}
		pdn := string(s.mustDownload(base+"/games.pdn", "application/x-pdn; charset=utf-8"))
		games1 := strings.Split(pdn, `[Event "`)
		if len(games1) < 3 {
			t.Fatalf("the PDN has %d games:\n%s", len(games1)-1, pdn)
		}
		for i, want := range []string{"1. b4xd6 e7xc5 2. g3-h4 f6-g5 3. h4xf6 g7xe5 1-1", "3. h4xf6 g7xe5 4. c3-d4 e5xc3xa1 1-1"} {
			if game := games1[i+1]; !strings.Contains(game, want) || !strings.Contains(game, `[OpeningMoves "1. a3-b4 b6-a5 2. b2-a3 a7-b6 3. a1-b2 d6-c5"]`) || strings.Contains(game, "a3-b4 b6-a5\n") {
				t.Errorf("game %d of board 1 in the PDN lacks its moves after the opening (%s):\n%s", i+1, want, game)
			}
		}
	})
}
