package export

import (
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/teams"
	"adiukh/tournament/trf"
)

// TestTRFResult checks the TRF letter of every kind of round, from the
// side of the player whose line it is.
func TestTRFResult(t *testing.T) {
	t.Parallel()
	result := func(w, b int, reason tournament.EndReason) *tournament.Result {
		return &tournament.Result{White: w, Black: b, EndReason: reason}
	}
	for _, tc := range []struct {
		name string
		cell teams.CrosstableCell
		want trf.Result
	}{
		{"13:11 with White", teams.CrosstableCell{OpponentNo: 4, White: true, Result: result(13, 11, tournament.FinalPosition)}, trf.Result{Opponent: 4, Color: 'w', Code: '1'}},
		{"13:11 seen from Black", teams.CrosstableCell{OpponentNo: 3, Result: result(13, 11, tournament.FinalPosition)}, trf.Result{Opponent: 3, Color: 'b', Code: '0'}},
		{"resigned with Black", teams.CrosstableCell{OpponentNo: 3, Result: result(0, 24, tournament.Resignation)}, trf.Result{Opponent: 3, Color: 'b', Code: '1'}},
		{"agreed draw", teams.CrosstableCell{OpponentNo: 2, White: true, Result: result(12, 12, tournament.Agreement)}, trf.Result{Opponent: 2, Color: 'w', Code: '='}},
		{"forfeit won", teams.CrosstableCell{OpponentNo: 2, Result: result(0, 24, tournament.Forfeit)}, trf.Result{Opponent: 2, Color: 'b', Code: '+'}},
		{"forfeit lost", teams.CrosstableCell{OpponentNo: 2, White: true, Result: result(0, 24, tournament.Forfeit)}, trf.Result{Opponent: 2, Color: 'w', Code: '-'}},
		{"double forfeit", teams.CrosstableCell{OpponentNo: 2, White: true, Result: result(0, 0, tournament.DoubleForfeit)}, trf.Result{Opponent: 2, Color: 'w', Code: '-'}},
		{"pairing-allocated bye", teams.CrosstableCell{White: true, Result: result(0, 0, tournament.Bye)}, trf.Result{Color: '-', Code: 'U'}},
		{"requested half-point bye", teams.CrosstableCell{White: true, Result: result(0, 0, tournament.HalfPointBye)}, trf.Result{Color: '-', Code: 'H'}},
		{"requested zero-point bye", teams.CrosstableCell{White: true, Result: result(0, 0, tournament.ZeroPointBye)}, trf.Result{Color: '-', Code: 'Z'}},
		{"not paired", teams.CrosstableCell{}, trf.Result{Color: '-', Code: 'Z'}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := trfResult(tc.cell); got != tc.want {
				t.Errorf("trfResult = %+v, want %+v", got, tc.want)
			}
		})
	}
}

// TestTRFViewLeavesOutRoundsInPlay checks that a round still being played is
// not written: the points and ranks of the file are after the last finished
// round.
func TestTRFViewLeavesOutRoundsInPlay(t *testing.T) {
	t.Parallel()
	e := &tournament.Event{Name: "Кубок", System: tournament.Swiss, Rounds: 5, Scoring: tournament.DefaultScoring(tournament.Swiss)}
	won := &tournament.Result{White: 17, Black: 7, EndReason: tournament.FinalPosition}
	ct := &teams.Crosstable{
		Event:     e,
		Standings: &tournament.Standings{AfterRound: 1, Rows: []tournament.StandingsRow{{Rank: 1, PlayerID: 10}, {Rank: 2, PlayerID: 20}}},
		Rows: []teams.CrosstableRow{
			{Player: tournament.Player{ID: 10, StartNo: 1, Name: "Хуаде"}, Score: 2, Games: []teams.CrosstableCell{{Round: 1, OpponentNo: 2, White: true, Result: won}, {Round: 2, OpponentNo: 2}}},
			{Player: tournament.Player{ID: 20, StartNo: 2, Name: "Тлехас"}, Games: []teams.CrosstableCell{{Round: 1, OpponentNo: 1, Result: won}, {Round: 2, OpponentNo: 1, White: true}}},
		},
	}
	file := TRFView(ct)
	if file.System != "FIDE_DUTCH_2025" || file.TotalRounds != 5 || len(file.Players) != 2 {
		t.Fatalf("TRFView = %+v", file)
	}
	for i, want := range []trf.Player{
		{StartNo: 1, Name: "Хуаде", Points: 20, Rank: 1, Results: []trf.Result{{Opponent: 2, Color: 'w', Code: '1'}}},
		{StartNo: 2, Name: "Тлехас", Points: 0, Rank: 2, Results: []trf.Result{{Opponent: 1, Color: 'b', Code: '0'}}},
	} {
		got := file.Players[i]
		if got.StartNo != want.StartNo || got.Name != want.Name || got.Points != want.Points || got.Rank != want.Rank || len(got.Results) != 1 || got.Results[0] != want.Results[0] {
			t.Errorf("player %d = %+v, want %+v", i+1, got, want)
		}
	}
}
