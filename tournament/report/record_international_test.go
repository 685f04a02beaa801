package report

import (
	"bytes"
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"adiukh/internal/testtool"
	"adiukh/rules"
	"adiukh/tournament/catalog"
)

// numbered is the board of international draughts: 10×10, its dark squares
// numbered 1–50.
var numbered = rules.Board{Size: 10, Numeric: true}

// internationalGame is a record of international draughts from a position
// on its numbered board: a man on 46 and a king on 5 among others.
func internationalGame() GameRecord {
	g := sampleGame()
	g.Event.Game, g.Event.GamePoints, g.Event.Board, g.Event.SheetMoves = "international", 2, numbered, 75
	g.Start = &Position{ToMove: White, Flat: true, Kings: []string{"5"}, Towers: []Tower{
		{Square: "5", Owner: White, Own: 1}, {Square: "32", Owner: White, Own: 1}, {Square: "46", Owner: White, Own: 1},
		{Square: "19", Owner: Black, Own: 1}, {Square: "23", Owner: Black, Own: 1},
	}}
	g.Moves = []string{"32-28", "23x32", "5x37"}
	g.Final = Position{ToMove: Black, Flat: true, Kings: []string{"37"}, Towers: []Tower{
		{Square: "37", Owner: White, Own: 1}, {Square: "46", Owner: White, Own: 1}, {Square: "19", Owner: Black, Own: 1},
	}}
	g.Ended, g.EndReason = false, "resignation"
	g.Result = GameScore{Kind: Played, Own: 2, Opponent: 0}
	return g
}

// The record of a game of international draughts draws its positions on
// the 10×10 board with each dark square's number in its corner (1 at the
// top left, row by row to 50) and no files or ranks, and names the pieces
// by their numbers.
func TestGameRecordOfInternationalDraughts(t *testing.T) {
	t.Parallel()
	pdf := render(t, func(b *bytes.Buffer) error { return GameRecordPDF(b, catalog.Russian, internationalGame()) })
	flat := " " + strings.Join(strings.Fields(pdfTextAs(t, "record-international", pdf, "-raw")), " ") + " "
	var squares []string
	for n := 1; n <= 50; n++ {
		squares = append(squares, fmt.Sprint(n))
	}
	numbers := " " + strings.Join(squares, " ") + " "
	if strings.Count(flat, numbers) != 2 {
		t.Errorf("the record should number the squares 1–50 on both diagrams, in order row by row:\n%s", flat)
	}
	for _, want := range []string{"белые: K5, 32, 46; чёрные: 19, 23", "белые: K37, 46; чёрные: 19", "32-28", "23x32", "5x37"} {
		if !strings.Contains(flat, want) {
			t.Errorf("the record lacks %q in:\n%s", want, flat)
		}
	}
	if strings.Contains(flat, " a b c d e f g h ") {
		t.Errorf("a numbered board has no files:\n%s", flat)
	}
}

// A position of international draughts is refused where its squares are
// not the board's: a number past 50, a square named as on the 8×8 board.
func TestGameRecordOfInternationalDraughtsRefusesSquaresOffTheBoard(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		square, wantErr string
	}{
		{"51", `final position: tower 1 (51): square "51" is not one of 1–50`},
		{"0", `square "0" is not one of 1–50`},
		{"c3", `square "c3" is not one of 1–50`},
	} {
		g := internationalGame()
		g.Final.Towers[0].Square = tc.square
		g.Final.Kings = nil
		err := GameRecordPDF(&bytes.Buffer{}, catalog.Russian, g)
		if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
			t.Errorf("a piece on %s: error = %v, want %q", tc.square, err, tc.wantErr)
		}
	}
	g := russianGame()
	g.Final.Towers[0].Square = "32"
	if err := GameRecordPDF(&bytes.Buffer{}, catalog.Russian, g); err == nil || !strings.Contains(err.Error(), `square "32" is not a1–h8`) {
		t.Errorf("a numbered square on the 8×8 board: error = %v", err)
	}
}

// A score sheet of international draughts has room for its 75 moves: the
// first page numbers moves 1–60, a second page, with the particulars
// again, 61–75 and then the score and the signatures; a game that came in
// fills the grid across both pages.
func TestScoreSheetOfInternationalDraughtsHas75Moves(t *testing.T) {
	t.Parallel()
	plies := make([]string, 2*70)
	for i := range plies {
		plies[i] = fmt.Sprintf("%d-%d", 31+i%20, 26+i%20)
	}
	plies[2*65] = "28x17x8"
	sheet := ScoreSheet{Event: Event{Name: "Кубок", Game: "international", GamePoints: 2, Board: numbered, SheetMoves: 75},
		Round: 1, Board: 1, White: testPlayer(1), Black: testPlayer(2), Moves: plies, Score: "2:0"}
	pdf := render(t, func(b *bytes.Buffer) error { return ScoreSheetsPDF(b, catalog.Russian, []ScoreSheet{sheet}) })
	pages := pdfPages(t, pdf)
	if pages != 2 {
		t.Fatalf("a sheet of 75 moves has %d pages, want 2", pages)
	}
	first := pdfPageText(t, pdf, 1)
	second := pdfPageText(t, pdf, 2)
	for _, want := range []string{"1 31-26 32-27", "60 ", "Кубок"} {
		if !strings.Contains(first, want) {
			t.Errorf("page 1 lacks %q:\n%s", want, first)
		}
	}
	for _, want := range []string{"61 ", "66 28x17x8", "75 ", "2 : 0", "Кубок"} {
		if !strings.Contains(second, want) {
			t.Errorf("page 2 lacks %q:\n%s", want, second)
		}
	}
	if strings.Contains(first, "2 : 0") || strings.Contains(first, "61 ") {
		t.Errorf("page 1 has the score or move 61:\n%s", first)
	}
	if strings.Contains(second, " 76 ") {
		t.Errorf("page 2 goes past move 75:\n%s", second)
	}
}

// pdfPages counts the pages of a PDF with poppler's pdfinfo.
func pdfPages(t *testing.T, pdf []byte) int {
	t.Helper()
	text := pdfPageText(t, pdf, 0)
	return strings.Count(text, "\f")
}

// pdfPageText reads one page of a PDF (0: all of them) as text, its
// whitespace squeezed, each page ended by a form feed.
func pdfPageText(t *testing.T, pdf []byte, page int) string {
	t.Helper()
	pdftotext := testtool.Need(t, "poppler-utils", "pdftotext")
	args := []string{"-layout", "-enc", "UTF-8"}
	if page > 0 {
		args = append(args, "-f", fmt.Sprint(page), "-l", fmt.Sprint(page))
	}
	cmd := exec.Command(pdftotext, append(args, "-", "-")...)
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	if page == 0 {
		return string(out)
	}
	return strings.Join(strings.Fields(string(out)), " ") + " "
}
