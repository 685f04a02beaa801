package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The Russian draughts forms of moves, perft and validate (issue 51.3).

func TestMovesRussian(t *testing.T) {
	t.Parallel()
	out, _, status := runCLI(t, "moves", "--game", "russian", "--fen", "W:Wc3:Bd4,d6,f6", "--json")
	var moves []struct {
		Move string `json:"move"`
		FEN  string `json:"fen"`
	}
	if err := json.Unmarshal([]byte(out), &moves); status != 0 || err != nil {
		t.Fatalf("status %d, %v:\n%s", status, err, out)
	}
	want := map[string]string{"c3:e5:g7": "B:Wg7:Bd6", "c3:e5:c7": "B:Wc7:Bf6"}
	if len(moves) != len(want) {
		t.Fatalf("moves %+v, want %v", moves, want)
	}
	for _, m := range moves {
		if want[m.Move] != m.FEN {
			t.Errorf("%s leads to %s, want %s", m.Move, m.FEN, want[m.Move])
		}
	}
	out, _, status = runCLI(t, "moves", "--game", "russian")
	if status != 0 || len(strings.Split(strings.TrimSpace(out), "\n")) != 7 || !strings.Contains(out, "c3-d4") {
		t.Fatalf("status %d, the initial position's moves:\n%s", status, out)
	}
	out, _, status = runCLI(t, "--lang", "en", "moves", "--game", "russian", "--fen", "B:Wb2,c1:Ba3")
	if status != 0 || !strings.Contains(out, "black has no legal move: final position, score 2:0") {
		t.Fatalf("status %d, output %q", status, out)
	}
}

func TestPerftRussian(t *testing.T) {
	t.Parallel()
	out, _, _ := runCLI(t, "perft", "--game", "russian", "--depth", "3", "--divide")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 8 || lines[7] != "302" || !strings.HasPrefix(lines[0], "a3-b4 ") {
		t.Fatalf("divide output %q", out)
	}
	out, _, _ = runCLI(t, "perft", "--game", "russian", "--fen", "W:WKa1:Bc3,f4", "--depth", "1")
	if strings.TrimSpace(out) != "2" {
		t.Fatalf("perft of a FEN: %q", out)
	}
}

// Files as people and programs write them pass: our own games.pdn with
// an agreed draw (1-1, no Termination), lidraughts' "Normal" draw, ½-½
// after the moves, a sheet with Cyrillic files and a draw in words.
func TestValidateRussianAsWritten(t *testing.T) {
	t.Parallel()
	pdn, sheet := filepath.Join("testdata", "russian-as-written.pdn"), filepath.Join("testdata", "russian-sheet-as-written.txt")
	out, _, status := runCLI(t, "validate", "--game", "russian", "--json", pdn, sheet)
	var verdicts []struct {
		Valid  bool    `json:"valid"`
		Score  *string `json:"score"`
		Reason string  `json:"end_reason"`
		Games  []struct {
			Valid  bool    `json:"valid"`
			Score  *string `json:"score"`
			Reason string  `json:"end_reason"`
		} `json:"games"`
	}
	if err := json.Unmarshal([]byte(out), &verdicts); status != 0 || err != nil || len(verdicts) != 2 {
		t.Fatalf("status %d, %v:\n%s", status, err, out)
	}
	for i, g := range verdicts[0].Games {
		if !g.Valid || g.Score == nil || *g.Score != "1:1" || g.Reason != "agreement" {
			t.Errorf("game %d of the PDN: %+v", i+1, g)
		}
	}
	if v := verdicts[1]; len(verdicts[0].Games) != 3 || !v.Valid || v.Score == nil || *v.Score != "1:1" || v.Reason != "agreement" {
		t.Fatalf("verdicts %s", out)
	}
}

func TestValidateRussian(t *testing.T) {
	t.Parallel()
	file := filepath.Join("testdata", "russian-games.pdn")
	out, _, status := runCLI(t, "validate", "--game", "russian", "--json", file)
	var verdicts []struct {
		Valid bool `json:"valid"`
		Games []struct {
			Game     int     `json:"game"`
			Valid    bool    `json:"valid"`
			Score    *string `json:"score"`
			FinalFEN string  `json:"final_fen"`
			Reason   string  `json:"end_reason"`
		} `json:"games"`
	}
	if err := json.Unmarshal([]byte(out), &verdicts); status != 0 || err != nil {
		t.Fatalf("status %d, %v:\n%s", status, err, out)
	}
	g := verdicts[0].Games
	if !verdicts[0].Valid || len(g) != 3 || *g[0].Score != "0:2" || *g[1].Score != "1:1" || g[1].Reason != "repetition" ||
		g[1].FinalFEN != "B:WKb2:BKh2" || g[2].Score != nil {
		t.Fatalf("verdicts %s", out)
	}

	bad := filepath.Join(t.TempDir(), "bad.txt")
	if err := os.WriteFile(bad, []byte("1. c3-d4 f6-e5 2. d4-c5 d6:b4\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	out, _, status = runCLI(t, "validate", "--game", "russian", "--json", bad)
	var one []struct {
		Valid  bool    `json:"valid"`
		Score  *string `json:"score"`
		Errors []struct {
			Ply   int      `json:"ply"`
			Text  string   `json:"text"`
			Legal []string `json:"legal"`
		} `json:"errors"`
	}
	if err := json.Unmarshal([]byte(out), &one); status != 1 || err != nil {
		t.Fatalf("status %d, %v:\n%s", status, err, out)
	}
	if e := one[0].Errors; one[0].Valid || len(e) != 1 || e[0].Ply != 3 || e[0].Text != "d4-c5" || len(e[0].Legal) != 1 || e[0].Legal[0] != "d4:f6" {
		t.Fatalf("verdict %s", out)
	}

	out, _, status = runCLI(t, "--lang", "ru", "validate", "--game", "russian", bad)
	if status != 1 || !strings.Contains(out, "невозможный ход: бить обязательно") || !strings.Contains(out, "допустимые ходы: d4:f6") {
		t.Fatalf("status %d, output:\n%s", status, out)
	}
}

// The Adiukh forms stay as they were, and the flags of one game's
// positions are refused for the other's.
func TestGameFlags(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args   []string
		status int
		errOut string
	}{
		{[]string{"moves", "--game", "chess"}, 2, `--game "chess": write adiukh, russian, international or brazilian`},
		{[]string{"moves", "--fen", "W:Wa1:Bh8"}, 2, "--fen is for the draughts games"},
		{[]string{"perft", "--game", "russian", "--position", "white: a1", "--depth", "1"}, 2, "--position is Adiukh's notation"},
		{[]string{"moves", "--game", "russian", "--fen", "W:Wz9"}, 2, `"z9" is not a dark square`},
		{[]string{"validate", "--game", "checkers", "x.pdn"}, 2, `--game "checkers"`},
	} {
		_, errOut, status := runCLI(t, append([]string{"--lang", "en"}, tc.args...)...)
		if status != tc.status || !strings.Contains(errOut, tc.errOut) {
			t.Errorf("adiukh %v: status %d, stderr %q; want %d, %q", tc.args, status, errOut, tc.status, tc.errOut)
		}
	}
	out, _, status := runCLI(t, "perft", "--game", "adiukh", "--depth", "5")
	if status != 0 || strings.TrimSpace(out) != "7482" {
		t.Fatalf("adiukh perft: status %d, %q", status, out)
	}
}
