package tournament_test

import (
	"testing"

	"adiukh/tournament"
)

// A player reports no result of a micro-match: the arbiter enters its two
// games.
func TestMicroMatchNotReported(t *testing.T) {
	g := &tournament.Game{ID: 1, Board: 1, WhiteID: 1, BlackID: 2}
	if v := (&tournament.PlayerView{SubmissionsOpen: true, PlayerID: 1}); !v.MayReport(g) {
		t.Fatal("a player may not report their own game of single games")
	}
	if v := (&tournament.PlayerView{SubmissionsOpen: true, PlayerID: 1, MicroMatches: true}); v.MayReport(g) {
		t.Error("a player may report a micro-match")
	}
}

// A micro-match board of a discipline that records its games misses its
// sheet while a game played lacks one; a game forfeited needs none.
func TestMicroSheetMissing(t *testing.T) {
	played := tournament.Result{White: 1, Black: 1, EndReason: tournament.Agreement}
	forfeit := tournament.Result{White: 2, Black: 0, EndReason: tournament.Forfeit}
	sum := tournament.Result{White: 1, Black: 3, EndReason: tournament.FinalPosition}
	for _, tc := range []struct {
		name   string
		games  [2]*tournament.Result
		sheets [2]string
		want   bool
	}{
		{"no sheet", [2]*tournament.Result{&played, &played}, [2]string{}, true},
		{"one sheet of two", [2]*tournament.Result{&played, &played}, [2]string{"4. b4:d6"}, true},
		{"both sheets", [2]*tournament.Result{&played, &played}, [2]string{"4. b4:d6", "4. b4:d6"}, false},
		{"a forfeit needs none", [2]*tournament.Result{&played, &forfeit}, [2]string{"4. b4:d6"}, false},
	} {
		g := tournament.Game{WhiteID: 1, BlackID: 2, Result: &sum, MicroGames: tc.games}
		for i, s := range tc.sheets {
			g.MicroSheets[i].Sheet = s
		}
		if got := g.SheetMissing(tournament.Standard); got != tc.want {
			t.Errorf("%s: sheet missing %v, want %v", tc.name, got, tc.want)
		}
		if g.SheetMissing(tournament.Rapid) {
			t.Errorf("%s: a rapid game misses its sheet", tc.name)
		}
	}
}
