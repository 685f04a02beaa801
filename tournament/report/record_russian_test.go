package report

import (
	"bytes"
	"strings"
	"testing"

	"adiukh/tournament/catalog"
)

// russianGame is a record of Russian draughts from a position: White's man
// crowned on d8 and its king's capture to h4.
func russianGame() GameRecord {
	g := sampleGame()
	g.Event.Game, g.Event.GamePoints = "russian", 2
	g.Start = &Position{ToMove: White, Flat: true, Towers: []Tower{
		{Square: "a1", Owner: White, Own: 1}, {Square: "e3", Owner: White, Own: 1}, {Square: "c7", Owner: White, Own: 1},
		{Square: "h6", Owner: Black, Own: 1}, {Square: "h8", Owner: Black, Own: 1},
	}}
	g.Moves = []string{"c7-d8", "h6-g5", "d8:h4", "h8-g7", "e3-f4"}
	g.Final = Position{ToMove: Black, Flat: true, Kings: []string{"h4"}, Towers: []Tower{
		{Square: "a1", Owner: White, Own: 1}, {Square: "f4", Owner: White, Own: 1}, {Square: "h4", Owner: White, Own: 1},
		{Square: "g7", Owner: Black, Own: 1},
	}}
	g.Ended, g.EndReason = false, "resignation"
	g.Result = GameScore{Kind: Played, Own: 2, Opponent: 0}
	return g
}

// The record of a game of Russian draughts scores it in its 2 points and
// names its pieces as its FEN does, a king with K.
func TestGameRecordOfRussianDraughts(t *testing.T) {
	t.Parallel()
	pdf := render(t, func(b *bytes.Buffer) error { return GameRecordPDF(b, catalog.Russian, russianGame()) })
	flat := strings.Join(strings.Fields(pdfTextAs(t, "record-russian", pdf, "-raw")), " ")
	for _, want := range []string{"Счёт партии 2:0 (сдача)", "белые: a1, c7, e3; чёрные: h6, h8", "белые: a1, f4, Kh4; чёрные: g7", "c7-d8", "d8:h4", "e3-f4"} {
		if !strings.Contains(flat, want) {
			t.Errorf("the record of a Russian game lacks %q in:\n%s", want, flat)
		}
	}
}

// A record of Russian draughts is refused when it would not draw the game
// truthfully: a score of Adiukh, a tower, a king where no piece stands or
// among towers.
func TestGameRecordOfRussianDraughtsRefusesWhatItCannotDraw(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		change  func(*GameRecord)
		wantErr string
	}{
		{"an Adiukh score", func(g *GameRecord) { g.Result = GameScore{Kind: Played, Own: 17, Opponent: 7} }, "must be 0–2 and add up to 2"},
		{"a tower", func(g *GameRecord) { g.Final.Towers[0].Other = 1 }, "final position: tower 1 (a1): counts 1/1; a piece of Russian draughts is one man or king"},
		{"a king on an empty square", func(g *GameRecord) { g.Final.Kings = []string{"b2"} }, "king on b2"},
		{"a king among towers", func(g *GameRecord) { g.Final.Flat = false }, "king on h4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := russianGame()
			tc.change(&g)
			err := GameRecordPDF(&bytes.Buffer{}, catalog.Russian, g)
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("error = %v, want one containing %q", err, tc.wantErr)
			}
		})
	}
}
