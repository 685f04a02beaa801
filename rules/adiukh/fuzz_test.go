package adiukh

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"adiukh/rules"
)

// Every parser is fuzzed: no input may panic, and every error must say where
// it is.

func FuzzParsePosition(f *testing.F) {
	f.Add("white: a5-1, d4-1, e5-2/1, f8-3/1, g5-1/1; black: a1-1, b6-2/3, c7-3")
	f.Add("белые - a1, a3; черные - h8")
	f.Add("white: ; black: —")
	f.Fuzz(func(t *testing.T, text string) {
		p, err := ParsePosition(text)
		if err != nil {
			pe, ok := err.(*rules.PositionError)
			if !ok || pe.Offset < 1 {
				t.Fatalf("error without its place: %v", err)
			}
			return
		}
		again, err := ParsePosition(p.String())
		if err != nil || again != p {
			t.Fatalf("canonical form %q does not read back: %v", p.String(), err)
		}
	})
}

func FuzzParseRecord(f *testing.F) {
	for _, s := range []string{"c3-b4", "a3:a7", "f8:b4:d2:f4:h2", "cb4", "d8:a5.", "b4-a5=!?", "h2-f4-h6-f8", "с3-b4", "в3-г4", "е6-g5", "Нфы"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		r, err := rules.ParseRecord(text)
		if err != nil {
			if !strings.Contains(err.Error(), "\"") {
				t.Fatalf("error does not quote the record: %v", err)
			}
			return
		}
		if len(r.Squares) == 0 {
			t.Fatalf("%q read without squares", text)
		}
		// A readable record is matched against the start position without
		// panicking, legal or not.
		p := Start()
		_, _ = p.Find(White, r)
	})
}

func seedSheets(f *testing.F) {
	for _, name := range []string{"sample-game-full.txt", "sample-game-short.txt", "random-games/g004.txt", "random-games/g004.bad.txt"} {
		text, err := os.ReadFile(filepath.Join(testdata, name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(text))
	}
}

func FuzzValidateSheet(f *testing.F) {
	seedSheets(f)
	f.Add("Position: white: f8; black: b2, c3\nToMove: white\n1. f8:a3 24:0 resigned")
	f.Add("1. в3-б4 б6-в5 {comment\n2. b4-a5 Ничья")
	f.Add("1. c3-b4 е6-g5 ½-½")
	f.Fuzz(func(t *testing.T, text string) {
		checkReport(t, ValidateSheet(text))
	})
}

func FuzzParsePDN(f *testing.F) {
	f.Add("[Event \"x\"]\n[GameType \"25\"]\n[Score \"17:7\"]\n1. c3-b4 b6-c5 (1... a7-b6) {c} 2. b4-a5 *\n")
	f.Add("[Position \"white: a1; black: h8\"]\n[ToMove \"black\"]\n1... h8-g7")
	f.Fuzz(func(t *testing.T, text string) {
		for _, sh := range ParsePDN(text) {
			checkReport(t, Validate(sh))
		}
	})
}

func checkReport(t *testing.T, r *Report) {
	t.Helper()
	for _, e := range r.Errors {
		if e.Line < 1 || e.Message == "" {
			t.Fatalf("error without its place or message: %+v", e)
		}
	}
	if r.Valid != (len(r.Errors) == 0) {
		t.Fatalf("valid %v with %d errors", r.Valid, len(r.Errors))
	}
	if r.Score != nil && r.Score.White+r.Score.Black != r.Position.Score().White+r.Position.Score().Black {
		t.Fatalf("score %v does not count the position", r.Score)
	}
}
