package international

import "testing"

// The perft of international draughts from the initial position, as
// published and as the research notes give it (9, 81, 658 …).
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

// BenchmarkPerftInternational9 is docs/benchmarks.md's figure: perft(9)
// from the initial position.
func BenchmarkPerftInternational9(b *testing.B) {
	for b.Loop() {
		if got := International.Perft(International.Start(), 9); got != internationalPerft[9] {
			b.Fatalf("perft(9) = %d, want %d", got, internationalPerft[9])
		}
	}
}
