package games_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"adiukh/rules"
	"adiukh/rules/games"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/openings"
)

// fixture is what a game supplies beside its package and its line of the
// registry, in testdata/KEY/game.json: its perft from the initial position
// (Perft[d] the positions after d plies) as a source outside this program
// counts them, and a sample game to the result its rules give it.
type fixture struct {
	PerftSource  string  `json:"perft_source"`
	Perft        []int64 `json:"perft"`
	Sample       string  `json:"sample"`
	SampleSource string  `json:"sample_source"`
	Result       string  `json:"result"`
	Reason       string  `json:"reason"`
	Plies        int     `json:"plies"`
}

// perftBudget is the most positions a depth of perft may count to be run:
// the deeper counts are benchmarks' (docs/benchmarks.md).
func perftBudget() int64 {
	if testing.Short() {
		return 200_000
	}
	return 5_000_000
}

// TestEveryGameConforms is the checklist of a new game, run over the
// registry: each game's start position reads back, its perft agrees with
// its own table, its sample game replays to its result, its PDN is read
// back as the same game, the catalogue names it and its disciplines and
// rating lists, and its table of openings replays by its rules (or it has
// none and refuses an opening). A game added to the registry without what
// it must supply fails here, by name.
func TestEveryGameConforms(t *testing.T) {
	for _, v := range games.All {
		t.Run(v.Key, func(t *testing.T) {
			t.Parallel()
			raw, err := os.ReadFile(filepath.Join("testdata", v.Key, "game.json"))
			if err != nil {
				t.Fatalf("the game supplies no testdata/%s/game.json (its perft table and sample game): %v", v.Key, err)
			}
			var f fixture
			if err := json.Unmarshal(raw, &f); err != nil {
				t.Fatalf("game.json: %v", err)
			}
			t.Run("start", func(t *testing.T) { checkStart(t, v) })
			t.Run("perft", func(t *testing.T) { checkPerft(t, v, f) })
			t.Run("sample", func(t *testing.T) { checkSample(t, v, f) })
			t.Run("catalogue", func(t *testing.T) { checkCatalogue(t, v) })
			t.Run("openings", func(t *testing.T) { checkOpenings(t, v) })
		})
	}
}

// checkStart reads the initial position back from its notation.
func checkStart(t *testing.T, v *rules.Variant) {
	start := v.Rules.Start()
	again, err := v.Rules.ParseState(start.Notation(), start.ToMove())
	if err != nil || again.Notation() != start.Notation() || again.ToMove() != start.ToMove() {
		t.Fatalf("its start position %q does not read back: %v", start.Notation(), err)
	}
	if n := len(start.Pieces()); n == 0 || n > v.Board.Squares() {
		t.Errorf("its start position has %d pieces on %d squares", n, v.Board.Squares())
	}
}

// checkPerft counts from the initial position to every depth of the
// table within the budget.
func checkPerft(t *testing.T, v *rules.Variant, f fixture) {
	if len(f.Perft) < 4 || f.Perft[0] != 1 || f.PerftSource == "" {
		t.Fatalf("perft table %v from %q: give at least depths 0–3, from a source outside this program", f.Perft, f.PerftSource)
	}
	start := v.Rules.Start()
	for depth, want := range f.Perft {
		if want > perftBudget() {
			break
		}
		if got := v.Rules.Perft(start, depth); got != want {
			t.Errorf("perft(%d) = %d, want %d", depth, got, want)
		}
	}
}

// checkSample replays the sample game to its result, then writes it as
// PDN and reads that back: the registry finds the game by its tags, and
// its rules replay the same game to the same end.
func checkSample(t *testing.T, v *rules.Variant, f fixture) {
	text, err := os.ReadFile(filepath.Join("testdata", v.Key, f.Sample))
	if err != nil {
		t.Fatalf("the sample game: %v", err)
	}
	verdicts := v.Rules.ValidateGames(string(text))
	if len(verdicts) != 1 {
		t.Fatalf("the sample has %d games, want one", len(verdicts))
	}
	got := verdicts[0]
	if !got.Valid || got.Result == nil || got.Result.String() != f.Result || string(got.Reason) != f.Reason || got.Plies != f.Plies {
		t.Fatalf("the sample: valid %v, result %v (%s), %d plies; want %s (%s), %d plies; errors %+v", got.Valid, got.Result, got.Reason, got.Plies, f.Result, f.Reason, f.Plies, got.Errors)
	}
	if !v.Scale.Allows(*got.Result) {
		t.Errorf("its result %s is not a score of the game", got.Result)
	}
	if got.PDN == "" {
		t.Fatal("the replayed sample is not written as PDN")
	}
	if named, ok := games.OfPDN(got.PDN); !ok || named != v {
		t.Errorf("its PDN names %v (%v), not the game:\n%s", named, ok, got.PDN)
	}
	again := v.Rules.ValidateGames(got.PDN)
	if len(again) != 1 || !again[0].Valid || again[0].Result == nil || *again[0].Result != *got.Result || again[0].Plies != got.Plies ||
		again[0].Final.Notation() != got.Final.Notation() {
		t.Fatalf("its PDN does not replay to the same end:\n%s\n%+v", got.PDN, again)
	}
}

// checkCatalogue finds the game's names in both languages: its own, its
// disciplines' (in pages and in documents) and its rating lists'.
func checkCatalogue(t *testing.T, v *rules.Variant) {
	keys := []string{v.NameKey()}
	for _, d := range tournament.Disciplines {
		keys = append(keys, v.DisciplinePrefix+string(d), v.DisciplineFullPrefix+string(d))
	}
	for _, list := range []string{"standard", "rapid", "blitz"} {
		keys = append(keys, "rating_list."+v.RatingList(list))
	}
	for _, lang := range []catalog.Lang{catalog.Russian, catalog.English} {
		l := catalog.For(lang)
		for _, key := range keys {
			if !l.Has(key) {
				t.Errorf("the catalogue (%s) has no %q", lang, key)
			}
		}
	}
}

// checkOpenings replays a game from an opening, and the table of openings
// the game ships (if it does; an event may load its own), each to the
// position it names; a game without openings refuses a game from one.
func checkOpenings(t *testing.T, v *rules.Variant) {
	if v.MicroMatch == nil {
		if _, err := v.Rules.ValidateAfterOpening("", []string{"any"}); err == nil {
			t.Error("a game without openings replayed a sheet from one")
		}
		return
	}
	first := v.Rules.Start().Moves()[0].Notation
	if got, err := v.Rules.ValidateAfterOpening("", []string{first}); err != nil || got.OpeningPlies != 1 {
		t.Errorf("a game from the opening %s: %d plies of the opening, %v", first, got.OpeningPlies, err)
	}
	table := openings.Default(v)
	if v.MicroMatch.Openings == nil {
		return
	}
	if table == nil || len(table.Openings) == 0 {
		t.Fatal("the table of openings the game ships is empty")
	}
	for _, o := range table.Openings {
		if _, fen, err := openings.Replay(v.Rules, o.Moves); err != nil || fen != o.FEN {
			t.Errorf("opening %d (%s): reaches %q, want %q: %v", o.Number, o.Name, fen, o.FEN, err)
		}
	}
}
