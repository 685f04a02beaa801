package report

import (
	"adiukh/tournament/catalog"
	"io"
	"testing"
)

// BenchmarkStandingsAndCrosstable200 renders what an arbiter prints at the
// end of a 200-player Swiss event: the standings and the progress table
// (the crosstable of a Swiss event) after 9 rounds. Target: under 300 ms.
func BenchmarkStandingsAndCrosstable200(b *testing.B) {
	s := testStandings(200, 9)
	for b.Loop() {
		if err := StandingsPDF(io.Discard, catalog.Russian, s); err != nil {
			b.Fatal(err)
		}
		if err := ProgressPDF(io.Discard, catalog.Russian, s); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRoundRobinCrosstable200 renders a 200 × 200 round-robin grid
// (199 rounds, 39 800 cells over many pages): far beyond any real round
// robin, it bounds the cost of the grid.
func BenchmarkRoundRobinCrosstable200(b *testing.B) {
	s := testStandings(200, 199)
	for b.Loop() {
		if err := CrosstablePDF(io.Discard, catalog.Russian, s); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkScoreSheets100 renders the score sheets of a 100-board round.
// Target: under 1 s.
func BenchmarkScoreSheets100(b *testing.B) {
	sheets := testSheets(100)
	for b.Loop() {
		if err := ScoreSheetsPDF(io.Discard, catalog.Russian, sheets); err != nil {
			b.Fatal(err)
		}
	}
}
