package engines_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"adiukh/internal/testcorpus"
	"adiukh/tournament"
)

// TestImportedCorpusPairsLikeBbpPairings imports corpus files as events and
// pairs their next round in the app: the pairing, colours and board order
// must be bbpPairings'. This checks the whole path of the app — TRF import,
// the stored rounds, their conversion for the engine — against the
// reference, on the trimmed corpus kept in the repository (each rNN.trf is a
// tournament before round NN, rNN.pairs its pairing).
func TestImportedCorpusPairsLikeBbpPairings(t *testing.T) {
	t.Parallel()
	importAndPair(t, testcorpus.Trimmed(), "*")
}

// TestTwentyTournamentsOfTheFullCorpusImportedPairLikeBbpPairings does the
// same with 20 tournaments of the whole corpus (t010–t019; all 1,172 rounds
// agree, and 20 keep it within seconds), as its name says.
func TestTwentyTournamentsOfTheFullCorpusImportedPairLikeBbpPairings(t *testing.T) {
	t.Parallel()
	importAndPair(t, testcorpus.Full(t), "t01[0-9]-*")
}

func importAndPair(t *testing.T, corpus, tournaments string) {
	dir := filepath.Join(corpus, "rounds")
	files, err := filepath.Glob(filepath.Join(dir, tournaments, "r*.trf"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus rounds under %s: %v", dir, err)
	}
	svc, trfs, _, ctx := swissService(t)
	compared := 0
	for _, path := range files {
		name := strings.TrimPrefix(path, dir+string(filepath.Separator))
		want, err := os.ReadFile(strings.TrimSuffix(path, ".trf") + ".pairs")
		if err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		e, err := trfs.ImportTRF(ctx, f, "")
		f.Close()
		if err != nil {
			t.Errorf("%s: import: %v", name, err)
			continue
		}
		r, err := svc.PairNextRound(ctx, e.ID)
		if err != nil {
			t.Errorf("%s: pair: %v", name, err)
			continue
		}
		var got strings.Builder
		bye := 0
		games := 0
		for _, g := range r.Games {
			switch {
			case g.Result != nil && g.Result.EndReason == tournament.Bye:
				bye = g.WhiteNo
			case g.BlackID != 0:
				fmt.Fprintf(&got, "%d %d\n", g.WhiteNo, g.BlackNo)
				games++
			}
		}
		if bye != 0 {
			fmt.Fprintf(&got, "%d 0\n", bye)
			games++
		}
		if out := fmt.Sprintf("%d\n", games) + got.String(); out != string(want) {
			t.Errorf("%s: the app pairs\n%s\nbbpPairings\n%s", name, out, want)
		}
		compared++
	}
	t.Logf("%d of %d rounds imported and paired", compared, len(files))
}
