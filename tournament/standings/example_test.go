package standings_test

import (
	"fmt"

	"adiukh/tournament/standings"
)

// Three players, one round robin with byes worth nothing: 2 and 3 draw
// 12:12, 1 beats 2 17:7, 3 beats 1 by forfeit. Scores 3, 2, 1; in a round
// robin the forfeit counts for Sonneborn-Berger (3: ½·1 + 1·2 = 2.5) but
// not as a win.
func ExampleCompute() {
	rows, err := standings.Compute(standings.Input{
		Players: []standings.Player{{StartNo: 1, Rating: 1800}, {StartNo: 2, Rating: 1700}, {StartNo: 3}},
		Rounds: [][]standings.Game{
			{{White: 2, Black: 3, Kind: standings.Played, WhitePoints: 12, BlackPoints: 12}, {White: 1, Kind: standings.PairingBye}},
			{{White: 1, Black: 2, Kind: standings.Played, WhitePoints: 17, BlackPoints: 7}, {White: 3, Kind: standings.PairingBye}},
			{{White: 3, Black: 1, Kind: standings.Forfeit, WhitePoints: 24, BlackPoints: 0}, {White: 2, Kind: standings.PairingBye}},
		},
		Scoring:    standings.Scoring{Win: 2, Draw: 1, Loss: 0, Bye: 0, ForfeitWin: 2},
		RoundRobin: true,
		Order:      standings.RoundRobinPreset(),
	})
	if err != nil {
		panic(err)
	}
	for _, r := range rows {
		fmt.Printf("%d. #%d  %g  SB %g  wins %g  Adiukh %g\n", r.Rank, r.StartNo, r.Score,
			r.TieBreaks[standings.SonnebornBerger], r.TieBreaks[standings.Wins], r.TieBreaks[standings.AdiukhPoints])
	}
	// Output:
	// 1. #3  3  SB 2.5  wins 0  Adiukh 36
	// 2. #1  2  SB 1  wins 1  Adiukh 17
	// 3. #2  1  SB 1.5  wins 0  Adiukh 19
}
