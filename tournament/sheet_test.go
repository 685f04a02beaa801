package tournament

import (
	"strings"
	"testing"
)

// sampleGame is the game of rules §7.2, ending in a final position at 17:7.
const sampleGame = `1. c3-b4 b6-c5 2. b4-a5 a7-b6 3. b2-c3 c5-b4 4. a3:a7 c7-b6 5. a5:e5 f6:b2
6. a1:c3 d8-c7 7. g3-f4 e5:g3 8. h2:f4 g3:e5 9. e3:g5 h6:f4 10. d2-e3 f4:b4
11. b2:h6 g7-f6 12. e5:g7 h8:f6 13. g7:e5 f8-e7 14. f6:d8 b8-c7 15. d8:a5.`

func TestSheetAgainstResult(t *testing.T) {
	t.Parallel()
	standard := &Event{Discipline: Standard}
	blitz := &Event{Discipline: Blitz}
	for _, tc := range []struct {
		name          string
		event         *Event
		score, reason string
		sheet         string
		wantProblem   string // "" when the sheet supports the result
	}{
		{"sample game agrees", standard, "17:7", "final_position", sampleGame, ""},
		{"sample game with written score", standard, "17:7", "final_position", sampleGame + " Score 17:7", ""},
		{"sample game, wrong score", standard, "15:9", "final_position", sampleGame, "final position scoring 17:7, but 15:9 was entered"},
		{"sample game, resignation entered", standard, "24:0", "resignation", sampleGame, "reaches a final position scoring 17:7, but the result entered ends by resignation"},
		{"short game resigned", standard, "24:0", "resignation", "1. c3-b4 b6-c5 2. b4-a5 a7-b6 24:0 resignation", ""},
		{"short game, other winner entered", standard, "0:24", "resignation", "1. c3-b4 b6-c5 2. b4-a5 a7-b6 24:0 resignation", "records 24:0, but 0:24 was entered"},
		{"short game, final position entered", standard, "13:11", "final_position", "1. c3-b4 b6-c5", "stops before one"},
		{"illegal move", standard, "12:12", "agreement", "1. c3-b4 b6-c5 2. b4-b5", "not valid at line 1, move 2 (ply 3)"},
		{"illegal move on its line", standard, "12:12", "agreement", "1. c3-b4 b6-c5\n2. b4-b5", "not valid at line 2, move 2 (ply 3)"},
		{"standard without sheet (it may follow)", standard, "17:7", "final_position", "", ""},
		{"blitz without sheet", blitz, "17:7", "final_position", "", ""},
		{"forfeit without sheet", standard, "24:0", "forfeit", "", ""},
		{"double forfeit without sheet", standard, "0:0", "double_forfeit", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := GameKind("adiukh").ParseResult(tc.score, tc.reason)
			if err != nil {
				t.Fatal(err)
			}
			g := &Game{Sheet: tc.sheet}
			if tc.sheet != "" {
				rep := checkSheet(DefaultGame, tc.sheet)
				g.SheetReport = &rep
			}
			got := sheetProblem(tc.event, res, g).String()
			if !strings.Contains(got, tc.wantProblem) || (tc.wantProblem == "") != (got == "") {
				t.Fatalf("sheetProblem = %q, want %q (report %+v)", got, tc.wantProblem, g.SheetReport)
			}
		})
	}
}
