// Package testcorpus finds the Dutch pairing corpus for tests: rounds of
// random Swiss tournaments paired by bbpPairings (see
// testdata/pairing-corpus/README.md at the root of the repository).
//
// The repository keeps a trimmed copy that every test run uses, so the tests
// pass from a clean clone. The whole corpus (1,172 rounds) lives outside the
// repository, in ../shared/pairing-corpus beside it or wherever
// ADIUKH_PAIRING_CORPUS points; tests that go through it call Full, which
// falls back on the trimmed copy where it is missing.
package testcorpus

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"adiukh/internal/testtool"
	"adiukh/tournament/trf"
)

// root is the repository's top folder, above the test's package.
func root() string {
	dir, err := testtool.ModuleRoot()
	if err != nil {
		panic("testcorpus: " + err.Error()) // a test run outside the module
	}
	return dir
}

// Trimmed is the folder of the corpus kept in the repository: 18 tournaments
// chosen to cover half-point and zero-point byes, forfeits, withdrawals, late
// entries, 5 to 60 players and up to 11 rounds. It has the layout of the
// whole corpus: rounds/<tournament>/rNN.trf and .pairs, tournaments/*.trf.
func Trimmed() string {
	return filepath.Join(root(), "testdata", "pairing-corpus")
}

// Full is the folder of the whole corpus: $ADIUKH_PAIRING_CORPUS, else
// ../shared/pairing-corpus beside the repository. Where it is missing (a
// clean clone alone) it is the trimmed copy, and the test log says where the
// whole corpus was looked for, so that the test still runs and passes.
func Full(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("ADIUKH_PAIRING_CORPUS")
	if dir == "" {
		dir = filepath.Join(root(), "..", "shared", "pairing-corpus")
	}
	if _, err := os.Stat(filepath.Join(dir, "rounds")); err != nil {
		t.Logf("the whole pairing corpus is not here (%v): the trimmed copy in the repository is used; set ADIUKH_PAIRING_CORPUS to run all of it", err)
		return Trimmed()
	}
	return dir
}

// CommandFiles are the TRF files the pair commands' tests run on.
type CommandFiles struct {
	// Round is a round of the trimmed corpus to pair, Pairs bbpPairings'
	// pairing of it (the file's text), Tournament a whole tournament.
	Round, Pairs, Tournament string
	// NoPairing is a file whose next round has no legal pairing: its two
	// players met in round 1. Bad has an unknown colour ("x") at line 1,
	// column 97.
	NoPairing, Bad string
}

// ForCommands writes the files that are not in the corpus to a temporary
// folder of the test and returns them all.
func ForCommands(t testing.TB) CommandFiles {
	t.Helper()
	rounds := filepath.Join(Trimmed(), "rounds", "t000-n13-r5")
	pairs, err := os.ReadFile(filepath.Join(rounds, "r03.pairs"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	f := CommandFiles{
		Round:      filepath.Join(rounds, "r03.trf"),
		Pairs:      string(pairs),
		Tournament: filepath.Join(Trimmed(), "tournaments", "t000-n13-r5.trf"),
		NoPairing:  filepath.Join(dir, "rematch.trf"),
		Bad:        filepath.Join(dir, "bad.trf"),
	}
	for path, text := range map[string]string{f.NoPairing: noPairingTRF, f.Bad: badTRF} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

const noPairingTRF = "001    1      A                                 2000                             2.0    1     2 b 1\n" +
	"001    2      B                                 1900                             0.0    2     1 w 0\n" +
	"XXR 3\nXXC white1\n162  W 2.0    D 1.0\n"

const badTRF = "001    1      A                                 2000                             2.0    1     2 x 1\n"

// BigTRF is a TRF file of players × rounds with every game played:
// WriteBigTRF's. The import benchmark and the page cache's benchmark build
// their events from it.
func BigTRF(tb testing.TB, players, rounds int) []byte {
	tb.Helper()
	var buf bytes.Buffer
	if err := WriteBigTRF(&buf, players, rounds); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// WriteBigTRF writes a TRF file of players × rounds with every game
// played: in round r player i meets player i XOR r, a different opponent
// every round, the higher number losing with Black (players a power of
// two above rounds). scripts/memory-of-huge-events serves two such events.
func WriteBigTRF(w io.Writer, players, rounds int) error {
	t := &trf.Tournament{Info: []trf.InfoLine{{Code: "012", Text: "Большой турнир"}}, TotalRounds: rounds}
	for i := range players {
		p := trf.Player{StartNo: i + 1, Name: fmt.Sprintf("Игрок %04d", i+1), Rating: 1000 + i%1500}
		for r := 1; r <= rounds; r++ {
			o := i ^ r
			res := trf.Result{Opponent: o + 1, Color: 'w', Code: '1'}
			if o < i {
				res.Color, res.Code = 'b', '0'
			}
			p.Results = append(p.Results, res)
		}
		t.Players = append(t.Players, p)
	}
	return trf.Write(w, t)
}
