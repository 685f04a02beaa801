package adiukh

import (
	"testing"
)

// The counts of §8 of the spec, from an independent model of the rules.
var startPerft = []int64{1, 7, 49, 302, 1469, 7482, 37908}

func TestPerftFromStart(t *testing.T) {
	for depth, want := range startPerft {
		if got := Perft(Start(), White, depth); got != want {
			t.Errorf("perft(%d) = %d, want %d", depth, got, want)
		}
	}
}

func BenchmarkPerft9(b *testing.B) {
	for b.Loop() {
		if n := Perft(Start(), White, 9); n != 4533133 {
			b.Fatalf("perft(9) = %d, want 4533133", n)
		}
	}
}
