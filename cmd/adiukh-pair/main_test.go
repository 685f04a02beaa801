package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
	dir := t.TempDir()
	rematch := filepath.Join(dir, "rematch.trf")
	os.WriteFile(rematch, []byte(testcorpus.NoPairingTRF), 0o644)
	bad := filepath.Join(dir, "bad.trf")
	os.WriteFile(bad, []byte(testcorpus.BadTRF), 0o644)
	round := filepath.Join(testcorpus.Trimmed(), "rounds", "t000-n13-r5", "r03.trf")
	want, err := os.ReadFile(filepath.Join(testcorpus.Trimmed(), "rounds", "t000-n13-r5", "r03.pairs"))
	if err != nil {
		t.Fatal(err)
	}
	whole := filepath.Join(testcorpus.Trimmed(), "tournaments", "t000-n13-r5.trf")
	for _, tc := range []struct {
		name        string
		args        []string
		code        int
		out, errOut string
	}{
		{"next round to standard output", []string{"--dutch", round, "-p"}, done, string(want), ""},
		{"check a whole tournament", []string{"--lang", "en", "--dutch", whole, "-c"}, done, "all 5 rounds agree", ""},
		{"check in Russian", []string{"--lang", "ru", "--dutch", whole, "-c"}, done, "все туры (5) совпадают", ""},
		{"a check lists a difference and is done", []string{"--lang", "en", "--dutch", rematch, "-c"}, done, "round 1: pairing gives 1-2, the file has 2-1 (colours)", ""},
		{"no valid pairing", []string{"--lang", "en", "--dutch", rematch, "-p"}, noPairing, "", "no legal pairing exists"},
		{"a wrongly formatted file", []string{"--lang", "en", "--dutch", bad, "-p"}, invalid, "", "line 1, column 97"},
		{"a file that does not exist", []string{"--lang", "en", "--dutch", filepath.Join(dir, "none.trf"), "-p"}, inaccessible, "", "none.trf"},
		{"an output that cannot be written", []string{"--lang", "en", "--dutch", round, "-p", filepath.Join(dir, "no", "such", "dir")}, inaccessible, "", "no such file"},
		{"another system", []string{"--lang", "en", "--burstein", round, "-p"}, invalid, "", "only the Dutch system"},
		{"no system", []string{"--lang", "en", round, "-p"}, invalid, "", "the pairing system is missing"},
		{"neither -p nor -c", []string{"--dutch", round}, invalid, "", "укажите -p"},
		{"an unknown flag", []string{"--lang", "en", "--dutch", round, "-p", "-x"}, invalid, "", `unexpected argument "-x"`},
		{"help", []string{"-h"}, done, "bbpPairings", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := run(tc.args, &out, &errOut)
			if code != tc.code || !strings.Contains(out.String(), tc.out) || !strings.Contains(errOut.String(), tc.errOut) {
				t.Fatalf("exit %d, stdout %q, stderr %q; want exit %d, stdout with %q, stderr with %q",
					code, out.String(), errOut.String(), tc.code, tc.out, tc.errOut)
			}
		})
	}
}
