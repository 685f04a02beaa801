package russian

import "testing"

// The perft of the initial position is checked against its table with
// every game's (rules/games, TestEveryGameConforms); these are the
// figures of docs/benchmarks.md.

// BenchmarkPerft9 is the Adiukh engine's BenchmarkPerft9 (rules/adiukh)
// for Russian draughts: 4,570,586 positions.
func BenchmarkPerft9(b *testing.B) {
	for b.Loop() {
		if n := Perft(Start(), 9); n != 4570586 {
			b.Fatalf("perft(9) = %d, want 4570586", n)
		}
	}
}

func BenchmarkLegalMovesStart(b *testing.B) {
	p := Start()
	buf := make([]Move, 0, 64)
	for b.Loop() {
		buf = p.AppendLegalMoves(buf[:0])
	}
}
