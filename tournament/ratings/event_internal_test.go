package ratings

import (
	"testing"

	"adiukh/tournament/rating"
)

// The lines of a period closed before lines named their games are matched
// to the event's games by opponent and score, each game once, from the
// person's side; corrections and games rated in another period are not.
func TestLegacyLines(t *testing.T) {
	t.Parallel()
	games := []RatedGame{
		{GameID: 1, RatedIn: 7, A: 10, B: 20, PointsA: 13, PointsB: 11},
		{GameID: 2, RatedIn: 7, A: 30, B: 10, PointsA: 12, PointsB: 12},
		{GameID: 3, RatedIn: 8, A: 10, B: 40, PointsA: 24, PointsB: 0},
	}
	l := legacyGames(games, 10, 7)
	for _, c := range []struct {
		line rating.Line
		want bool
	}{
		{rating.Line{Opponent: 20, Points: 13, OpponentPoints: 11}, true},
		{rating.Line{Opponent: 20, Points: 13, OpponentPoints: 11}, false}, // the game is taken
		{rating.Line{Opponent: 30, Points: 12, OpponentPoints: 12, Correction: true}, false},
		{rating.Line{Opponent: 30, Points: 12, OpponentPoints: 12}, true},
		{rating.Line{Opponent: 40, Points: 24, OpponentPoints: 0}, false}, // rated in period 8
	} {
		if got := l.claim(c.line); got != c.want {
			t.Errorf("line %+v: claimed %v, want %v", c.line, got, c.want)
		}
	}
}
