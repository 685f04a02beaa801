package international

import "testing"

// The perft of international draughts from the initial position, as Aart
// Bik published it for his engine BikDam (aartbik.blogspot.com, label
// "perft"; captures with the same result counted once, as here).
var internationalPerft = []int64{1, 9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423}

func TestPerftInternational(t *testing.T) {
	t.Parallel()
	depth := 6
	if testing.Short() {
		depth = 5
	}
	for d := 0; d <= depth; d++ {
		if got := International.Perft(International.Start(), d); got != internationalPerft[d] {
			t.Errorf("perft(%d) = %d, want %d", d, got, internationalPerft[d])
		}
	}
}

// The perft of Brazilian draughts from the initial position, as Rein
// Halbersma published it ("Perft for all recognized draughts variants",
// damforum.nl, 27 April 2010, after the shashki.com forum) and pydraughts
// computes it to depth 5.
var brazilianPerft = []int64{1, 7, 49, 302, 1469, 7473, 37628, 187302}

func TestPerftBrazilian(t *testing.T) {
	t.Parallel()
	for d, want := range brazilianPerft {
		if got := Brazilian.Perft(Brazilian.Start(), d); got != want {
			t.Errorf("perft(%d) = %d, want %d", d, got, want)
		}
	}
}

// BenchmarkPerftInternational9 is docs/benchmarks.md's figure: perft(9)
// from the initial position.
func BenchmarkPerftInternational9(b *testing.B) {
	for b.Loop() {
		if got := International.Perft(International.Start(), 9); got != internationalPerft[9] {
			b.Fatalf("perft(9) = %d, want %d", got, internationalPerft[9])
		}
	}
}
