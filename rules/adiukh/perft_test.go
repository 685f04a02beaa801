package adiukh

import (
	"testing"
)

// The perft of the initial position is checked against the counts of §8
// of the spec with every game's (rules/games, TestEveryGameConforms).

func BenchmarkPerft9(b *testing.B) {
	for b.Loop() {
		if n := Perft(Start(), White, 9); n != 4533133 {
			b.Fatalf("perft(9) = %d, want 4533133", n)
		}
	}
}
