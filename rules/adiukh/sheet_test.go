package adiukh

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

const testdata = "testdata"

// The sample game of §7.2 must replay exactly, in both notations.
func TestSampleGame(t *testing.T) {
	const final = "white: a5-1/2, a7-1/2, b4-3, c1-1, e1-1, e5-1/2, f2-1, g1-1, h6-2/6; black: "
	for _, name := range []string{"sample-game-full.txt", "sample-game-short.txt"} {
		t.Run(name, func(t *testing.T) {
			text, err := os.ReadFile(filepath.Join(testdata, name))
			if err != nil {
				t.Fatal(err)
			}
			r := ValidateSheet(string(text))
			if !r.Valid {
				t.Fatalf("not valid: %+v", r.Errors)
			}
			if r.Score == nil || *r.Score != (Score{White: 17, Black: 7}) {
				t.Fatalf("score = %v, want 17:7", r.Score)
			}
			if got := r.Position.String(); got != final {
				t.Fatalf("final position\n got %s\nwant %s", got, final)
			}
			if r.Sheet.Header("White") == "" || r.Sheet.Header("Black") == "" {
				t.Errorf("players not read: %+v", r.Sheet.Headers)
			}
		})
	}
}

type expectedGame struct {
	File   string `json:"file"`
	Plies  int    `json:"plies"`
	Score  string `json:"score"`
	Final  string `json:"final"`
	BadPly int    `json:"bad_ply"`
}

func loadExpected(t testing.TB) []expectedGame {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(testdata, "random-games", "expected.json"))
	if err != nil {
		t.Fatal(err)
	}
	var games []expectedGame
	if err := json.Unmarshal(data, &games); err != nil {
		t.Fatal(err)
	}
	return games
}

// Random games from an independent model of the rules: each whole sheet must
// reach the expected final position and score; each corrupted copy must fail
// exactly at its illegal ply.
func TestRandomGames(t *testing.T) {
	for _, g := range loadExpected(t) {
		t.Run(g.File, func(t *testing.T) {
			for _, suffix := range []string{".txt", ".short.txt"} {
				text, err := os.ReadFile(filepath.Join(testdata, "random-games", g.File+suffix))
				if err != nil {
					t.Fatal(err)
				}
				r := ValidateSheet(string(text))
				if !r.Valid {
					t.Fatalf("%s: not valid: %+v", suffix, r.Errors)
				}
				if len(r.Played) != g.Plies || r.Score == nil || r.Score.String() != g.Score || r.Position.String() != g.Final {
					t.Fatalf("%s: %d plies, score %v, final %s; want %d, %s, %s", suffix, len(r.Played), r.Score, r.Position, g.Plies, g.Score, g.Final)
				}
			}
			text, err := os.ReadFile(filepath.Join(testdata, "random-games", g.File+".bad.txt"))
			if err != nil {
				t.Fatal(err)
			}
			r := ValidateSheet(string(text))
			if r.Valid || len(r.Errors) == 0 {
				t.Fatalf("bad sheet accepted")
			}
			if e := r.Errors[0]; e.Ply != g.BadPly || len(e.Legal) == 0 || e.Line == 0 {
				t.Fatalf("bad sheet: first error %+v, want ply %d with the legal moves and a line", e, g.BadPly)
			}
		})
	}
}
