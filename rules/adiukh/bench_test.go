package adiukh

import (
	"os"
	"path/filepath"
	"testing"
)

func BenchmarkValidateSampleSheet(b *testing.B) {
	text, err := os.ReadFile(filepath.Join(testdata, "sample-game-full.txt"))
	if err != nil {
		b.Fatal(err)
	}
	sheet := string(text)
	b.ReportAllocs()
	for b.Loop() {
		if r := ValidateSheet(sheet); !r.Valid {
			b.Fatal(r.Errors)
		}
	}
}

func BenchmarkLegalMovesStart(b *testing.B) {
	p := Start()
	buf := make([]Move, 0, 64)
	for b.Loop() {
		buf = p.AppendLegalMoves(buf[:0], White)
	}
}
