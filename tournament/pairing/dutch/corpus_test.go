package dutch_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"adiukh/internal/testcorpus"
	"adiukh/tournament/engines"
	"adiukh/tournament/pairing/dutch"
	"adiukh/tournament/trf"
)

func pairFile(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	t, err := trf.Read(f)
	if err != nil {
		return "", err
	}
	in, err := engines.DutchInputFromTRF(t)
	if err != nil {
		return "", err
	}
	p, err := dutch.Pair(in)
	if err != nil {
		return "", err
	}
	return engines.FormatPairs(p), nil
}

// TestCorpus pairs every round of the trimmed corpus kept in the repository
// and compares with bbpPairings.
func TestCorpus(t *testing.T) {
	pairCorpus(t, testcorpus.Trimmed())
}

// TestFullCorpus does the same with all 1,172 rounds of the whole corpus.
func TestFullCorpus(t *testing.T) {
	pairCorpus(t, testcorpus.Full(t))
}

func pairCorpus(t *testing.T, corpus string) {
	dir := filepath.Join(corpus, "rounds")
	files, err := filepath.Glob(filepath.Join(dir, "*", "r*.trf"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus rounds under %s: %v", dir, err)
	}
	failed := 0
	for _, path := range files {
		name := strings.TrimPrefix(path, dir+string(filepath.Separator))
		want, err := os.ReadFile(strings.TrimSuffix(path, ".trf") + ".pairs")
		if err != nil {
			t.Fatal(err)
		}
		got, err := pairFile(path)
		if err != nil {
			failed++
			t.Errorf("%s: %v", name, err)
			continue
		}
		if got != strings.ReplaceAll(string(want), "\r\n", "\n") {
			failed++
			t.Errorf("%s: pairing differs\n got: %q\nwant: %q", name, got, want)
		}
	}
	t.Logf("corpus: %d of %d rounds identical to bbpPairings", len(files)-failed, len(files))
}
