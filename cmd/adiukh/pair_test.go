package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"adiukh/internal/testcorpus"
)

// pairingCorpus is the trimmed corpus of rounds paired by bbpPairings.
var pairingCorpus = testcorpus.Trimmed()

func TestPairCommand(t *testing.T) {
	dir := t.TempDir()
	noPairing := filepath.Join(dir, "rematch.trf")
	os.WriteFile(noPairing, []byte(testcorpus.NoPairingTRF), 0o644)
	bad := filepath.Join(dir, "bad.trf")
	os.WriteFile(bad, []byte(testcorpus.BadTRF), 0o644)
	round := filepath.Join(pairingCorpus, "rounds", "t000-n13-r5", "r03.trf")
	want, err := os.ReadFile(filepath.Join(pairingCorpus, "rounds", "t000-n13-r5", "r03.pairs"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name        string
		args        []string
		code        int
		out, errOut string
	}{
		{"next round", []string{"pair", "--trf", round}, 0, string(want), ""},
		{"check a whole tournament", []string{"pair", "--trf", filepath.Join(pairingCorpus, "tournaments", "t000-n13-r5.trf"), "--check"}, 0, "all 5 rounds agree", ""},
		{"check finds a difference", []string{"pair", "--trf", noPairing, "--check"}, 1, "round 1: pairing gives 1-2, the file has 2-1 (colours)", ""},
		{"no legal pairing", []string{"pair", "--trf", noPairing}, 1, "", "no legal pairing exists"},
		{"syntax error", []string{"pair", "--trf", bad}, 1, "", "line 1, column 97"},
		{"missing flag", []string{"pair"}, 2, "", "Usage: adiukh pair"},
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
