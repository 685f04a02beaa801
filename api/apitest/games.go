package apitest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"adiukh/rules"
	"adiukh/rules/games"
)

// GameData is what the site's tests of every game take from the game's
// own test data (rules/games/testdata/KEY/site.json), beside what they ask
// its value: a sheet White wins, one wrong at its third ply, the start of
// a live game up to a compulsory capture, and how its pages draw it. A new
// game gets the tests of the site by supplying the file.
type GameData struct {
	Game *rules.Variant `json:"-"`
	// Won is a sheet White wins, with WonScore by WonReason in WonPlies;
	// WonMoves its moves as games.pdn writes them ("" when they are not
	// written as PDN moves).
	Won       string `json:"-"`
	WonFile   string `json:"won"`
	WonScore  string `json:"won_score"`
	WonReason string `json:"won_reason"`
	WonMoves  string `json:"won_moves"`
	WonPlies  int    `json:"won_plies"`
	// Wrong is a sheet whose third ply breaks the rules.
	Wrong string `json:"wrong"`
	// Record is the start of White's pieces as the record of Won names
	// them after the last position ("" when the game's record does not
	// list them), and Numbered whether its diagram numbers the squares.
	Record   string `json:"record"`
	Numbered bool   `json:"numbered"`
	// FirstLegal is a legal move at the start as the tap board lists it.
	FirstLegal string `json:"first_legal"`
	// Opening are the plies after which White must capture: Capture is
	// the one legal move then, Quiet a move refused for it, and Back
	// Black's answer; PDNMoves what the live game's PDN writes of them.
	Opening  []string `json:"opening"`
	Quiet    string   `json:"quiet"`
	Capture  string   `json:"capture"`
	Back     string   `json:"back"`
	PDNMoves []string `json:"pdn_moves"`
	// Premove is a move of Black's tapped while White thinks, after Back,
	// and played as soon as White has played Then.
	Premove string `json:"premove"`
	Then    string `json:"then"`
	// TopLeft is White's farthest dark square as White's board draws it,
	// TopLeftFlipped where Black's board, turned round, draws it.
	TopLeft        string `json:"top_left"`
	TopLeftFlipped string `json:"top_left_flipped"`
	// OpeningsTable is a table of openings in CSV an arbiter loads, for a
	// game of micro-matches that ships none.
	OpeningsTable string `json:"openings_table"`
}

// EveryGame reads the test data of every game of the registry, in its
// order; a game without its site.json fails the test by name.
func EveryGame(t testing.TB) []GameData {
	t.Helper()
	dir := gamesTestdata(t)
	var out []GameData
	for _, v := range games.All {
		raw, err := os.ReadFile(filepath.Join(dir, v.Key, "site.json"))
		if err != nil {
			t.Fatalf("%s supplies no rules/games/testdata/%s/site.json, the data of the site's tests: %v", v.Key, v.Key, err)
		}
		d := GameData{Game: v}
		if err := json.Unmarshal(raw, &d); err != nil {
			t.Fatalf("%s: site.json: %v", v.Key, err)
		}
		won, err := os.ReadFile(filepath.Join(dir, v.Key, d.WonFile))
		if err != nil {
			t.Fatalf("%s: its won sheet: %v", v.Key, err)
		}
		d.Won = string(won)
		out = append(out, d)
	}
	return out
}

// ForeignScore is a score of another game that this one does not allow,
// its points another sum (Adiukh's 17:7 for a game of wins and draws, 2:0
// for Adiukh's); it is found without asking the scale it tests.
func (d GameData) ForeignScore() string {
	for _, other := range games.All {
		var sc rules.Score
		if _, err := fmt.Sscanf(other.Scale.Example, "%d:%d", &sc.White, &sc.Black); err == nil && sc.White+sc.Black != d.Game.Scale.Points {
			return other.Scale.Example
		}
	}
	panic("apitest: every game scores to the same sum")
}

// gamesTestdata finds rules/games/testdata from the module's root, above
// the directory the test runs in.
func gamesTestdata(t testing.TB) string {
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "rules", "games", "testdata")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
}
