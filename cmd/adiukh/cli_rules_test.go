package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"adiukh/rules/adiukh"
)

func runCLI(t *testing.T, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	var out, errOut bytes.Buffer
	status = run(args, &out, &errOut)
	return out.String(), errOut.String(), status
}

func TestValidateCommand(t *testing.T) {
	t.Parallel()
	good := filepath.Join("testdata", "sample-game-short.txt")
	bad := filepath.Join("testdata", "g003.bad.txt")

	out, _, status := runCLI(t, "validate", good)
	if status != 0 || !strings.Contains(out, "result 17:7") {
		t.Fatalf("status %d, output:\n%s", status, out)
	}

	out, _, status = runCLI(t, "validate", "--json", good, bad)
	if status != 1 {
		t.Fatalf("status %d with an invalid sheet, want 1", status)
	}
	var verdicts []struct {
		File          string  `json:"file"`
		Valid         bool    `json:"valid"`
		Score         *string `json:"score"`
		FinalPosition string  `json:"final_position"`
		Errors        []struct {
			Ply        int    `json:"ply"`
			MoveNumber int    `json:"move_number"`
			Side       string `json:"side"`
			Text       string `json:"text"`
			Message    string `json:"message"`
		} `json:"errors"`
	}
	if err := json.Unmarshal([]byte(out), &verdicts); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if len(verdicts) != 2 || !verdicts[0].Valid || *verdicts[0].Score != "17:7" ||
		!strings.HasPrefix(verdicts[0].FinalPosition, "white: a5-1/2") {
		t.Fatalf("first verdict %+v", verdicts[0])
	}
	e := verdicts[1].Errors
	if verdicts[1].Valid || verdicts[1].Score != nil || len(e) != 1 || e[0].Ply != 54 || e[0].MoveNumber != 27 || e[0].Side != "black" || e[0].Text != "h6-g7" {
		t.Fatalf("second verdict %+v", verdicts[1])
	}

	if _, errOut, status := runCLI(t, "validate", "no-such-file"); status != 2 || !strings.Contains(errOut, "no-such-file") {
		t.Fatalf("missing file: status %d, %q", status, errOut)
	}
}

// TestValidateListsLegalMoves checks that the moves legal where a sheet
// went wrong are listed for people, separated by commas.
func TestValidateListsLegalMoves(t *testing.T) {
	t.Setenv("ADIUKH_LANG", "ru")
	sheet := filepath.Join(t.TempDir(), "first-move.txt")
	if err := os.WriteFile(sheet, []byte("1. c3-c5\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	out, _, status := runCLI(t, "validate", sheet)
	if want := "допустимые ходы: a3-b4, c3-d4, c3-b4, e3-f4, e3-d4, g3-h4, g3-f4\n"; status != 1 || !strings.Contains(out, want) {
		t.Fatalf("status %d, output:\n%s\nwant %q", status, out, want)
	}
}

func TestMovesCommand(t *testing.T) {
	t.Parallel()
	out, _, status := runCLI(t, "moves", "--json", "--position", "white: f8; black: b2, c3, c5, e3, g3", "--side", "white")
	if status != 0 {
		t.Fatalf("status %d", status)
	}
	var moves []struct{ Move, Position string }
	if err := json.Unmarshal([]byte(out), &moves); err != nil {
		t.Fatal(err)
	}
	if len(moves) != 3 || moves[0].Position == "" {
		t.Fatalf("moves %+v", moves)
	}
	if _, errOut, status := runCLI(t, "moves", "--position", "white: z9"); status != 2 || !strings.Contains(errOut, "z9") {
		t.Fatalf("bad position: status %d, %q", status, errOut)
	}
}

func TestPerftCommand(t *testing.T) {
	t.Parallel()
	out, _, _ := runCLI(t, "perft", "--depth", "3", "--divide")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 8 || lines[7] != "302" {
		t.Fatalf("divide output %q", out)
	}
}

// TestValidateEveryPDNGame checks that a PDN file is validated game by
// game: a corrupted second game makes the file invalid, and is named.
func TestValidateEveryPDNGame(t *testing.T) {
	t.Parallel()
	sheet, err := os.ReadFile(filepath.Join("testdata", "sample-game.txt"))
	if err != nil {
		t.Fatal(err)
	}
	game := adiukh.ValidateSheet(string(sheet)).PDN()
	corrupted := strings.Replace(strings.Replace(game, "1. c3-b4", "1. c3-d6", 1), `[White "Ivanov"]`, `[White "Хуаде"]`, 1)
	file := filepath.Join(t.TempDir(), "games.pdn")
	if err := os.WriteFile(file, []byte(game+"\n"+corrupted+"\n"+game), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, status := runCLI(t, "validate", file)
	if status != 1 || !strings.Contains(out, "3 games, 1 invalid") || !strings.Contains(out, "game 2 (Хуаде – Petrov): INVALID") ||
		!strings.Contains(out, "game 1 (Ivanov – Petrov): valid") || !strings.Contains(out, "game 3 (Ivanov – Petrov): valid") {
		t.Errorf("status %d, output:\n%s", status, out)
	}
	out, _, status = runCLI(t, "validate", "--json", file)
	var verdicts []struct {
		Valid bool `json:"valid"`
		Game  int  `json:"game"`
		Games []struct {
			Game  int  `json:"game"`
			Valid bool `json:"valid"`
		} `json:"games"`
	}
	if err := json.Unmarshal([]byte(out), &verdicts); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if status != 1 || len(verdicts) != 1 || verdicts[0].Valid || verdicts[0].Game != 1 || len(verdicts[0].Games) != 3 ||
		!verdicts[0].Games[0].Valid || verdicts[0].Games[1].Valid || verdicts[0].Games[1].Game != 2 || !verdicts[0].Games[2].Valid {
		t.Errorf("status %d, verdicts %+v", status, verdicts)
	}
}

// Exit statuses as shells and scripts expect them: help is not an error
// (0, on standard output for the command list), a usage error is 2 (what
// is wrong on standard error), a failure while working is 1 — except for
// validate, whose 1 means an invalid sheet and 2 a file it could not read,
// as grep's statuses do.
func TestExitStatuses(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args   []string
		status int
		out    string
		errOut string
	}{
		{nil, 2, "", "Usage: adiukh"},
		{[]string{"help"}, 0, "Usage: adiukh", ""},
		{[]string{"--help"}, 0, "Usage: adiukh", ""},
		{[]string{"no-such-command"}, 2, "", `unknown command "no-such-command"`},
		{[]string{"solve", "-h"}, 0, "", "-position"},
		{[]string{"token", "create", "-h"}, 0, "", "-days"},
		{[]string{"export", "standings", "-h"}, 0, "", "-event"},
		{[]string{"export"}, 2, "", "Usage: adiukh export KIND"},
		{[]string{"export", "help"}, 0, "Usage: adiukh export KIND", ""},
		{[]string{"user"}, 2, "", "usage: adiukh user add"},
		{[]string{"token"}, 2, "", "usage: adiukh token create"},
		{[]string{"export", "scoresheets", "--event", "1", "--blank", "500"}, 2, "", "--blank: the number of blank sheets is from 1 to 200"},
		{[]string{"export", "standings", "--event", "1", "--round", "-3"}, 2, "", "--round: a round is numbered from 1, not -3"},
		{[]string{"export", "boards", "--event", "1", "--round", "-1"}, 2, "", "--round: a round is numbered from 1, not -1"},
		{[]string{"solve", "--no-such-flag"}, 2, "", "no-such-flag"},
		{[]string{"validate", "no-such-file.txt"}, 2, "", "no-such-file.txt"},
		{[]string{"solve", "--position", "white: a1-1; black: h8-1", "--max-nodes", "0"}, 2, "", "--max-nodes"},
	} {
		out, errOut, status := runCLI(t, tc.args...)
		if status != tc.status || !strings.Contains(out, tc.out) || !strings.Contains(errOut, tc.errOut) {
			t.Errorf("adiukh %v: status %d, stdout %q, stderr %q; want %d, %q, %q", tc.args, status, out, errOut, tc.status, tc.out, tc.errOut)
		}
	}
}
