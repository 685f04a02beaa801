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
	// Players 1 and 2 met in round 1; with nobody else there is no pairing.
	os.WriteFile(noPairing, []byte(
		"001    1      A                                 2000                             2.0    1     2 b 1\n"+
			"001    2      B                                 1900                             0.0    2     1 w 0\n"+
			"XXR 3\nXXC white1\n162  W 2.0    D 1.0\n"), 0o644)
	bad := filepath.Join(dir, "bad.trf")
	os.WriteFile(bad, []byte("001    1      A                                 2000                             2.0    1     2 x 1\n"), 0o644)
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
