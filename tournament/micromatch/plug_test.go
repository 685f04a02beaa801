package micromatch_test

import (
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/micromatch"
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
			got := micromatch.Result(tc.first, tc.second)
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
