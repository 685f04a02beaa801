package engines_test

import (
	"reflect"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
)

// players makes n players whose IDs are 100 + start number, so a mix-up of
// IDs and start numbers shows.
func players(n int) []tournament.Player {
	ps := make([]tournament.Player, n)
	for i := range ps {
		ps[i] = tournament.Player{ID: int64(101 + i), StartNo: i + 1, FirstRound: 1}
	}
	return ps
}

func TestRoundRobinPairing(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		system  tournament.System
		players int
		round   int
		want    []tournament.Pairing // by player ID
		wantErr bool
	}{
		// C.05 Annex 1, 5 or 6 players, round 2: 6-4, 5-3, 1-2; with 5 the 6 is the bye.
		{"five players, round 2", tournament.RoundRobin, 5, 2, []tournament.Pairing{{WhiteID: 105, BlackID: 103}, {WhiteID: 101, BlackID: 102}, {WhiteID: 104}}, false},
		// 7 or 8 players, round 1: 1-8, 2-7, 3-6, 4-5.
		{"eight players, round 1", tournament.RoundRobin, 8, 1, []tournament.Pairing{{WhiteID: 101, BlackID: 108}, {WhiteID: 102, BlackID: 107}, {WhiteID: 103, BlackID: 106}, {WhiteID: 104, BlackID: 105}}, false},
		// Double round robin of 4: round 4 opens the second cycle with round 1's colours reversed: 4-1, 3-2.
		{"double, second cycle", tournament.DoubleRoundRobin, 4, 4, []tournament.Pairing{{WhiteID: 104, BlackID: 101}, {WhiteID: 103, BlackID: 102}}, false},
		{"past the last round", tournament.RoundRobin, 4, 4, nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := &tournament.Event{ID: 1, System: tc.system}
			got, err := engines.RoundRobin(tournament.PairingInput{Event: e, Players: players(tc.players), Round: tc.round})
			if (err != nil) != tc.wantErr {
				t.Fatalf("error %v, want error %v", err, tc.wantErr)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("pairings %v, want %v", got, tc.want)
			}
		})
	}

	gap := players(4)
	gap[3].StartNo = 7
	if _, err := engines.RoundRobin(tournament.PairingInput{Event: &tournament.Event{System: tournament.RoundRobin}, Players: gap, Round: 1}); err == nil {
		t.Error("start numbers 1, 2, 3, 7 were paired; want an error naming the missing 4")
	}
}

// TestRankUnplayedGames scores a round with a forfeit and a bye in the
// event's own table: the forfeit winner gets forfeit_win, the bye the bye.
func TestRankUnplayedGames(t *testing.T) {
	t.Parallel()
	e := &tournament.Event{ID: 1, System: tournament.Swiss, TieBreaks: []string{"wins"},
		Scoring: tournament.Scoring{Win: 3, Draw: 1, Loss: 0, Bye: 1, ForfeitWin: 2}}
	ps := players(5)
	round := tournament.Round{Number: 1, Status: tournament.Done, Games: []tournament.Game{
		{Board: 1, WhiteID: 101, BlackID: 102, WhiteNo: 1, BlackNo: 2, Result: &tournament.Result{White: 17, Black: 7, EndReason: tournament.FinalPosition}},
		{Board: 2, WhiteID: 103, BlackID: 104, WhiteNo: 3, BlackNo: 4, Result: &tournament.Result{White: 0, Black: 24, EndReason: tournament.Forfeit}},
		{Board: 3, WhiteID: 105, WhiteNo: 5, Result: &tournament.Result{EndReason: tournament.Bye}},
	}}
	rows, err := engines.Ranker{}.Rank(tournament.StandingsInput{Event: e, Players: ps, Rounds: []tournament.Round{round}, AfterRound: 1})
	if err != nil {
		t.Fatal(err)
	}
	score := map[int64]float64{}
	for _, r := range rows {
		score[r.PlayerID] = r.Score
		if len(r.TieBreaks) != len(engines.Ranker{}.TieBreaks()) {
			t.Errorf("player %d has %d tie-break values, want every registered one", r.PlayerID, len(r.TieBreaks))
		}
	}
	want := map[int64]float64{101: 3, 102: 0, 103: 0, 104: 2, 105: 1}
	if !reflect.DeepEqual(score, want) {
		t.Errorf("scores %v, want %v", score, want)
	}
	if rows[0].PlayerID != 101 || rows[0].TieBreaks["wins"] != 1 || rows[1].PlayerID != 104 || rows[1].TieBreaks["wins"] != 0 {
		t.Errorf("rows %+v; want 101 first with one win, then 104 whose forfeit win is not a game won", rows)
	}
}
