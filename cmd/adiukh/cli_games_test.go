package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"adiukh/rules/games"
)

// Every game of the registry on the command line, from what it supplies
// to the registry's conformance test (rules/games/testdata/KEY/game.json):
// moves lists its first moves, perft counts as its table does, and
// validate replays its sample game to its result.
func TestEveryGameOnTheCommandLine(t *testing.T) {
	t.Parallel()
	for _, v := range games.All {
		dir := filepath.Join("..", "..", "rules", "games", "testdata", v.Key)
		raw, err := os.ReadFile(filepath.Join(dir, "game.json"))
		if err != nil {
			t.Fatal(err)
		}
		var f struct {
			Perft          []int64
			Sample, Result string
			Reason         string
			Plies          int
		}
		if err := json.Unmarshal(raw, &f); err != nil {
			t.Fatal(err)
		}
		out, _, status := runCLI(t, "moves", "--game", v.Key)
		if lines := strings.Split(strings.TrimSpace(out), "\n"); status != 0 || int64(len(lines)) != f.Perft[1] {
			t.Errorf("%s: moves from the start: status %d, %d lines, want %d:\n%s", v.Key, status, len(lines), f.Perft[1], out)
		}
		out, _, status = runCLI(t, "perft", "--game", v.Key, "--depth", "4")
		if status != 0 || strings.TrimSpace(out) != fmt.Sprint(f.Perft[4]) {
			t.Errorf("%s: perft(4): status %d, %q, want %d", v.Key, status, out, f.Perft[4])
		}
		out, _, status = runCLI(t, "--lang", "en", "validate", "--game", v.Key, filepath.Join(dir, f.Sample))
		want := fmt.Sprintf("valid, %d plies, result %s (%s)", f.Plies, f.Result, strings.ReplaceAll(f.Reason, "_", " "))
		if status != 0 || !strings.Contains(out, want) {
			t.Errorf("%s: validate the sample: status %d, %q, want %q", v.Key, status, out, want)
		}
	}
}
