package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"adiukh/internal/clitest"
	"adiukh/internal/testcorpus"
)

// TestEveryCorpusRound pairs every round of the trimmed corpus as a program
// calling bbpPairings would, and compares with bbpPairings' own output.
func TestEveryCorpusRound(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(testcorpus.Trimmed(), "rounds", "*", "r*.trf"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus rounds: %v", err)
	}
	for _, file := range files {
		want, err := os.ReadFile(strings.TrimSuffix(file, ".trf") + ".pairs")
		if err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(t.TempDir(), "out.txt")
		var stdout, stderr bytes.Buffer
		if code := run([]string{"--dutch", file, "-p", out}, &stdout, &stderr); code != done {
			t.Fatalf("%s: exit %d: %s", file, code, stderr.String())
		}
		got, err := os.ReadFile(out)
		if err != nil || string(got) != string(want) {
			t.Fatalf("%s: got %q, bbpPairings %q (%v)", file, got, want, err)
		}
	}
}

func TestCommandLine(t *testing.T) {
	f := testcorpus.ForCommands(t)
	dir := t.TempDir()
	clitest.Run(t, run, []clitest.Case{
		{Name: "next round to standard output", Args: []string{"--dutch", f.Round, "-p"}, Code: done, Out: f.Pairs},
		{Name: "check a whole tournament", Args: []string{"--lang", "en", "--dutch", f.Tournament, "-c"}, Code: done, Out: "all 5 rounds agree"},
		{Name: "check in Russian", Args: []string{"--lang", "ru", "--dutch", f.Tournament, "-c"}, Code: done, Out: "все туры (5) совпадают"},
		{Name: "a check lists a difference and is done", Args: []string{"--lang", "en", "--dutch", f.NoPairing, "-c"}, Code: done, Out: "round 1: pairing gives 1-2, the file has 2-1 (colours)"},
		{Name: "no valid pairing", Args: []string{"--lang", "en", "--dutch", f.NoPairing, "-p"}, Code: noPairing, ErrOut: "no legal pairing exists"},
		{Name: "a wrongly formatted file", Args: []string{"--lang", "en", "--dutch", f.Bad, "-p"}, Code: invalid, ErrOut: "line 1, column 97"},
		{Name: "a file that does not exist", Args: []string{"--lang", "en", "--dutch", filepath.Join(dir, "none.trf"), "-p"}, Code: inaccessible, ErrOut: "none.trf"},
		{Name: "an output that cannot be written", Args: []string{"--lang", "en", "--dutch", f.Round, "-p", filepath.Join(dir, "no", "such", "dir")}, Code: inaccessible, ErrOut: "no such file"},
		{Name: "another system", Args: []string{"--lang", "en", "--burstein", f.Round, "-p"}, Code: invalid, ErrOut: "only the Dutch system"},
		{Name: "no system", Args: []string{"--lang", "en", f.Round, "-p"}, Code: invalid, ErrOut: "the pairing system is missing"},
		{Name: "neither -p nor -c", Args: []string{"--dutch", f.Round}, Code: invalid, ErrOut: "укажите -p"},
		{Name: "an unknown flag", Args: []string{"--lang", "en", "--dutch", f.Round, "-p", "-x"}, Code: invalid, ErrOut: `unexpected argument "-x"`},
		{Name: "help", Args: []string{"-h"}, Code: done, Out: "bbpPairings"},
	})
}
