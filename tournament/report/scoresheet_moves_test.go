package report

import (
	"bytes"
	"strings"
	"testing"

	"adiukh/tournament/catalog"
)

// A score sheet whose game came in has its moves in the grid and its score
// in the boxes; a game longer than the grid fills it and ends it with "…".
func TestScoreSheetWithMoves(t *testing.T) {
	sheet := ScoreSheet{Event: Event{Name: "Первенство", Game: "russian", GamePoints: 2}, Round: 1, Board: 1, White: testPlayer(1), Black: testPlayer(2),
		Game: 1, Opening: "1. 1-I: 1. a3-b4 b6-a5", Moves: []string{"a3-b4", "b6-a5", "b4:d6"}, Score: "2:0"}
	text := strings.Join(strings.Fields(pdfText(t, "sheet-moves", render(t, func(b *bytes.Buffer) error { return ScoreSheetsPDF(b, catalog.Russian, []ScoreSheet{sheet}) }))), " ")
	for _, want := range []string{"1 a3-b4 b6-a5", "2 b4:d6 3", "2 : 0"} {
		if !strings.Contains(text, want) {
			t.Errorf("the sheet lacks %q:\n%s", want, text)
		}
	}
	long := make([]string, 130)
	for i := range long {
		long[i] = "c3-d4"
	}
	if got := gridMoves(long, 60); len(got) != 120 || got[119] != "…" || got[118] != "c3-d4" {
		t.Errorf("130 plies in a grid of 120: %d cells, the last two %q", len(got), got[len(got)-2:])
	}
	if got := gridMoves(long[:120], 60); len(got) != 120 || got[119] != "c3-d4" {
		t.Errorf("120 plies fill the grid: the last is %q", got[119])
	}
}
