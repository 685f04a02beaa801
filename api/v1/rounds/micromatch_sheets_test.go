package rounds_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// Each game of a micro-match takes its score sheet with its result through
// PUT …/micro/{game}: in either form, refused as a board's sheet is (a
// wrong move at its ply, a score the sheet disagrees with), shown with its
// report in the round, and written into games.pdn after the opening.
func TestMicroMatchSheetsAPI(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		const arbiter = tournament.ArbiterRole
		base, round := apitest.MicroSheetEvent(t, s)
		first := round["games"].([]any)[0].(map[string]any)
		path := base + "/rounds/1/games/1/micro/"
		code, out := s.Do(arbiter, "PUT", path+"1", map[string]any{"score": "2:0", "end_reason": "resignation", "sheet": "4. b4:d6 e7:c5 5. g3-g5", "version": apitest.Num(first["version"])})
		if code != http.StatusBadRequest || out["field"] != "sheet" || !strings.Contains(fmt.Sprint(out["message"]), "move 5 (ply 9)") {
			t.Errorf("a sheet with a wrong move: %d %v, want 400 at sheet, move 5 (ply 9)", code, out)
		}
		code, out = s.Do(arbiter, "PUT", path+"1", map[string]any{"score": "2:0", "end_reason": "resignation", "sheet": apitest.MicroAfter1I, "version": apitest.Num(first["version"])})
		if code != http.StatusBadRequest || out["field"] != "score" {
			t.Errorf("a score the sheet disagrees with: %d %v, want 400 at score", code, out)
		}
		board := s.Must(http.StatusOK, arbiter, "PUT", path+"1", map[string]any{"sheet": apitest.MicroAfter1I, "version": apitest.Num(first["version"])})
		g1 := board["micro_games"].([]any)[0].(map[string]any)
		report, _ := g1["sheet_report"].(map[string]any)
		if g1["score"] != "1:1" || g1["has_sheet"] != true || g1["sheet"] != apitest.MicroAfter1I || report == nil || report["valid"] != true {
			t.Errorf("game 1 with its sheet: %v", g1)
		}
		board = s.Must(http.StatusOK, arbiter, "PUT", path+"2", map[string]any{"score": "1:1", "end_reason": "agreement", "sheet": apitest.MicroWhole1I, "version": apitest.Num(board["version"])})
		if board["score"] != "2:2" {
			t.Errorf("the board after two draws: %v", board["score"])
		}
		again := s.Must(http.StatusOK, "", "GET", base+"/rounds/1", nil)
		games := again["games"].([]any)
		for i, g := range games[0].(map[string]any)["micro_games"].([]any) {
			if g.(map[string]any)["has_sheet"] != true {
				t.Errorf("board 1, game %d in the round: %v, want its sheet", i+1, g)
			}
		}
		if g := games[1].(map[string]any)["micro_games"].([]any)[0].(map[string]any); g["has_sheet"] != false || g["sheet"] != nil {
			t.Errorf("board 2, game 1 without a sheet: %v", g)
		}
		sheets := apitest.Spaced(apitest.PDFToText(t, "micro-sheets-filled", s.MustDownload(base+"/rounds/1/scoresheets.pdf", "application/pdf")))
		for _, want := range []string{"1 a3-b4 b6-a5", "4 b4:d6 e7:c5", "6 h4:f6 g7:e5", "7 c3-d4 e5:c3:a1"} {
			if !strings.Contains(sheets, want) {
				t.Errorf("the score sheets lack the row %q of board 1's games:\n%s", want, sheets)
			}
		}
		// Every sheet pre-prints the opening; only board 1's two games
		// have their moves after it written in.
		if n, after := strings.Count(sheets, "1 a3-b4 b6-a5"), strings.Count(sheets, "4 b4:d6 e7:c5"); n != 4 || after != 2 {
			t.Errorf("the score sheets have the opening on %d and moves after it on %d, want the opening on all 4 and board 1's two games written in", n, after)
		}
		pdn := string(s.MustDownload(base+"/games.pdn", "application/x-pdn; charset=utf-8"))
		games1 := strings.Split(pdn, `[Event "`)
		if len(games1) < 3 {
			t.Fatalf("the PDN has %d games:\n%s", len(games1)-1, pdn)
		}
		// Numbered as the paper sheet numbers them: on from the opening's
		// three moves.
		for i, want := range []string{"4. b4xd6 e7xc5 5. g3-h4 f6-g5 6. h4xf6 g7xe5 1-1", "6. h4xf6 g7xe5 7. c3-d4 e5xc3xa1 1-1"} {
			if game := games1[i+1]; !strings.Contains(game, want) || !strings.Contains(game, `[OpeningMoves "1. a3-b4 b6-a5 2. b2-a3 a7-b6 3. a1-b2 d6-c5"]`) || strings.Contains(game, "a3-b4 b6-a5\n") {
				t.Errorf("game %d of board 1 in the PDN lacks its moves after the opening (%s):\n%s", i+1, want, game)
			}
		}
	})
}
