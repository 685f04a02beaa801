package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The international and Brazilian draughts forms of moves, perft and
// validate (issue 58.3).

func TestMovesInternational(t *testing.T) {
	t.Parallel()
	out, _, status := runCLI(t, "moves", "--game", "international", "--fen", "W:WK37:B17,20,25,29,32,33,43", "--json")
	var moves []struct {
		Move string `json:"move"`
		FEN  string `json:"fen"`
	}
	if err := json.Unmarshal([]byte(out), &moves); status != 0 || err != nil {
		t.Fatalf("status %d, %v:\n%s", status, err, out)
	}
	want := map[string]string{"37x28x39x48": "B:WK48:B17,20,25,29", "37x23x34x48": "B:WK48:B17,20,25,33"}
	if len(moves) != len(want) {
		t.Fatalf("moves %+v, want %v", moves, want)
	}
	for _, m := range moves {
		if want[m.Move] != m.FEN {
			t.Errorf("%s leads to %s, want %s", m.Move, m.FEN, want[m.Move])
		}
	}
	out, _, status = runCLI(t, "moves", "--game", "international")
	if status != 0 || len(strings.Split(strings.TrimSpace(out), "\n")) != 9 || !strings.Contains(out, "32-28") {
		t.Fatalf("status %d, the initial position's moves:\n%s", status, out)
	}
	out, _, status = runCLI(t, "moves", "--game", "brazilian", "--fen", "W:Wc3,a1:Bd4,f6,b2,b6", "--json")
	if status != 0 || !strings.Contains(out, `"move": "c3xe5xg7"`) || strings.Count(out, `"move"`) != 1 {
		t.Fatalf("status %d, Brazilian draughts' majority capture:\n%s", status, out)
	}
	_, errOut, status := runCLI(t, "--lang", "en", "moves", "--game", "international", "--fen", "W:W51:B1")
	if status != 2 || !strings.Contains(errOut, `"51" is not a square of the board (1–50)`) {
		t.Fatalf("status %d, error %q", status, errOut)
	}
}

func TestPerftInternationalFromAFEN(t *testing.T) {
	t.Parallel()
	out, _, _ := runCLI(t, "perft", "--game", "international", "--fen", "W:WK46:B19,28,37", "--depth", "1")
	if strings.TrimSpace(out) != "3" {
		t.Fatalf("perft of a FEN: %q", out)
	}
}

func TestValidateInternational(t *testing.T) {
	t.Parallel()
	file := filepath.Join("testdata", "international-games.pdn")
	out, _, status := runCLI(t, "validate", "--game", "international", "--json", file)
	var verdicts []struct {
		Valid bool `json:"valid"`
		Games []struct {
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
	if !verdicts[0].Valid || len(g) != 3 || *g[0].Score != "2:0" || *g[1].Score != "1:1" || g[1].Reason != "repetition" ||
		g[1].FinalFEN != "W:WK47,K48:BK3,K4" || g[2].Score != nil {
		t.Fatalf("verdicts %s", out)
	}

	bad := filepath.Join(t.TempDir(), "bad.txt")
	if err := os.WriteFile(bad, []byte("1. 32-28 19-23\n2. 33-29 23x32\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	out, _, status = runCLI(t, "validate", "--game", "international", "--json", bad)
	var one []struct {
		Valid  bool `json:"valid"`
		Errors []struct {
			Ply   int      `json:"ply"`
			Line  int      `json:"line"`
			Text  string   `json:"text"`
			Legal []string `json:"legal"`
		} `json:"errors"`
	}
	if err := json.Unmarshal([]byte(out), &one); status != 1 || err != nil {
		t.Fatalf("status %d, %v:\n%s", status, err, out)
	}
	if e := one[0].Errors; one[0].Valid || len(e) != 1 || e[0].Ply != 3 || e[0].Line != 2 || e[0].Text != "33-29" || len(e[0].Legal) != 1 || e[0].Legal[0] != "28x19" {
		t.Fatalf("verdict %s", out)
	}
	out, _, status = runCLI(t, "--lang", "ru", "validate", "--game", "international", bad)
	if status != 1 || !strings.Contains(out, "невозможный ход: бить обязательно") || !strings.Contains(out, "28x19") {
		t.Fatalf("status %d, output:\n%s", status, out)
	}
	if err := os.WriteFile(bad, []byte("1. 32-28 19-23\n2. 28-55\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	out, _, status = runCLI(t, "--lang", "ru", "validate", "--game", "international", bad)
	if status != 1 || !strings.Contains(out, "поля 55 нет: поля доски — 1–50") || !strings.Contains(out, "строка 2") {
		t.Fatalf("status %d, output:\n%s", status, out)
	}
}

// A sheet whose FEN cannot be read reached no position: the report shows
// none, where it showed the initial one as reached (issue 64).
func TestValidateShowsNoPositionAfterABadFEN(t *testing.T) {
	t.Parallel()
	bad := filepath.Join(t.TempDir(), "bad-fen.pdn")
	if err := os.WriteFile(bad, []byte("[FEN \"W:W51:B1\"]\n\n1. 32-28 19-23\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	out, _, status := runCLI(t, "--lang", "en", "validate", "--game", "international", bad)
	if status != 1 || !strings.Contains(out, "cannot be read") || strings.Contains(out, "position reached") || strings.Contains(out, "W:W31") {
		t.Fatalf("status %d, output:\n%s", status, out)
	}
	out, _, status = runCLI(t, "validate", "--game", "international", "--json", bad)
	var verdicts []struct {
		Valid    bool   `json:"valid"`
		FinalFEN string `json:"final_fen"`
	}
	if err := json.Unmarshal([]byte(out), &verdicts); status != 1 || err != nil || verdicts[0].Valid || verdicts[0].FinalFEN != "" {
		t.Fatalf("status %d, %v:\n%s", status, err, out)
	}
}

// A PDN file names its game by its GameType tag, as every file the site
// exports does: validate replays it by that game's rules without --game
// (issue 64: an international event's games.pdn was read as Adiukh's and
// every game refused for its GameType), a sheet naming none is Adiukh's,
// and files of two games are refused with the advice to take them apart.
func TestValidateReadsTheGameOfTheFile(t *testing.T) {
	t.Parallel()
	international := filepath.Join("testdata", "international-games.pdn")
	russian := filepath.Join("testdata", "russian-games.pdn")
	for _, file := range []string{international, russian} {
		out, errOut, status := runCLI(t, "validate", file)
		if status != 0 {
			t.Errorf("validate %s without --game: exit %d\n%s%s", file, status, out, errOut)
		}
	}
	out, _, _ := runCLI(t, "validate", "--json", international)
	if !strings.Contains(out, `"final_fen": "W:WK47,K48:BK3,K4"`) {
		t.Errorf("validate of an international file without --game is not international draughts' report:\n%s", out)
	}
	if _, errOut, status := runCLI(t, "validate", filepath.Join("testdata", "sample-game.txt")); status != 0 {
		t.Errorf("an Adiukh sheet naming no game: exit %d\n%s", status, errOut)
	}
	_, errOut, status := runCLI(t, "validate", international, russian)
	if status != 2 || !strings.Contains(errOut, "validate them apart") {
		t.Errorf("files of two games: exit %d, %q; want 2 and the advice to validate them apart", status, errOut)
	}
	if _, _, status := runCLI(t, "validate", "--game", "adiukh", international); status != 1 {
		t.Errorf("an international file validated as Adiukh's, asked for: exit %d, want 1", status)
	}
}
