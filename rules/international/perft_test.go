package international

import "testing"

// The perft of the initial positions is checked against their tables with
// every game's (rules/games, TestEveryGameConforms).

// BenchmarkPerftInternational9 is docs/benchmarks.md's figure: perft(9)
// from the initial position, 41,022,423 positions (Aart Bik's count).
func BenchmarkPerftInternational9(b *testing.B) {
	for b.Loop() {
		if got := International.Perft(International.Start(), 9); got != 41022423 {
			b.Fatalf("perft(9) = %d, want 41022423", got)
		}
	}
}
