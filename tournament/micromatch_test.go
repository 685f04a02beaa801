package tournament_test

import (
	"testing"

	"adiukh/tournament"
)

// A micro-match's board scores the sum of its two games (the second with
// the colours exchanged), and the standings count it by its games' points
// or by its result, as the event chooses.
func TestMicroMatchPoints(t *testing.T) {
	r := func(w, b int, reason tournament.EndReason) tournament.Result {
		return tournament.Result{White: w, Black: b, EndReason: reason}
	}
	for _, tc := range []struct {
		name          string
		first, second tournament.Result
		board         string
		reason        tournament.EndReason
		games         [2]float64 // White's and Black's points counting games, 2/1/0
		matches       [2]float64 // counting micro-matches, 2/1/0
	}{
		{"a win and a draw", r(2, 0, "resignation"), r(1, 1, "agreement"), "3:1", "final_position", [2]float64{3, 1}, [2]float64{2, 0}},
		{"a win each", r(2, 0, "resignation"), r(2, 0, "time"), "2:2", "final_position", [2]float64{2, 2}, [2]float64{1, 1}},
		{"two wins with White and Black", r(2, 0, "resignation"), r(0, 2, "resignation"), "4:0", "final_position", [2]float64{4, 0}, [2]float64{2, 0}},
		{"both games forfeited", r(0, 2, "forfeit"), r(2, 0, "forfeit"), "0:4", "forfeit", [2]float64{0, 4}, [2]float64{0, 2}},
		{"a forfeit and a game", r(0, 2, "forfeit"), r(1, 1, "agreement"), "1:3", "final_position", [2]float64{1, 3}, [2]float64{0, 2}},
		{"a double forfeit", r(0, 0, "double_forfeit"), r(0, 0, "double_forfeit"), "0:0", "double_forfeit", [2]float64{0, 0}, [2]float64{0, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := tournament.MicroMatchResult(tc.first, tc.second)
			if got.Score() != tc.board || got.EndReason != tc.reason {
				t.Fatalf("the board scores %s by %s, want %s by %s", got.Score(), got.EndReason, tc.board, tc.reason)
			}
			for _, count := range []tournament.MicroCount{tournament.CountGames, tournament.CountMatches} {
				e := &tournament.Event{Game: tournament.GameKind("russian"), MicroMatch: tournament.DrawPerRound, MicroCount: count, Scoring: tournament.DefaultScoring(tournament.Swiss)}
				want := tc.games
				if count == tournament.CountMatches {
					want = tc.matches
				}
				if w, b := e.Points(got, true), e.Points(got, false); w != want[0] || b != want[1] {
					t.Errorf("counting %s: %g and %g, want %g and %g", count, w, b, want[0], want[1])
				}
			}
		})
	}
	// 1/½/0 counts a game point as half a win.
	e := &tournament.Event{Game: tournament.GameKind("russian"), MicroMatch: tournament.DrawPerBoard, MicroCount: tournament.CountGames,
		Scoring: tournament.Scoring{Win: 1, Draw: 0.5, Loss: 0, Bye: 1, ForfeitWin: 1}}
	if got := e.Points(r(3, 1, "final_position"), true); got != 1.5 {
		t.Errorf("3:1 in 1/½/0 scores %g, want 1.5", got)
	}
	if got := e.Points(tournament.Result{EndReason: tournament.Bye}, true); got != 2 {
		t.Errorf("a bye counting games scores %g, want two games' byes, 2", got)
	}
}

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
	sum := tournament.MicroMatchResult(played, forfeit)
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
