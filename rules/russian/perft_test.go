package russian

import "testing"

// The counts of issue 51 from the initial position, which other programs
// for Russian draughts agree on.
var startPerft = []int64{1, 7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586}

func TestPerftFromStart(t *testing.T) {
	depths := len(startPerft)
	if testing.Short() {
		depths = 8
	}
	for depth, want := range startPerft[:depths] {
		if got := Perft(Start(), depth); got != want {
			t.Errorf("perft(%d) = %d, want %d", depth, got, want)
		}
	}
}

// BenchmarkPerft9 is the Adiukh engine's BenchmarkPerft9 (rules) for
// Russian draughts: 4,570,586 positions.
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
