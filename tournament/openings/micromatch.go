package openings

import "math"

// Outcome is how a micro-match ended for one player.
type Outcome string

const (
	Won   Outcome = "won"
	Drawn Outcome = "drawn"
	Lost  Outcome = "lost"
)

// Points are what the two players of a micro-match score: A had White in
// the first game and Black in the second, B the other way round.
type Points struct{ A, B float64 }

// MatchTable is what a micro-match won, drawn and lost scores, when the
// regulations count micro-matches rather than games.
type MatchTable struct{ Win, Draw, Loss float64 }

// MicroMatch is the score of a micro-match of two games.
type MicroMatch struct {
	// Games is the game points each player scored in the two games, from
	// the event's table of points per game.
	Games Points
	// Outcome is A's: won when A scored more game points than B.
	Outcome Outcome
	// Match is the points of the micro-match each player scores in the
	// match table.
	Match Points
}

// ScoreMicroMatch scores a micro-match from its two games: first and
// second are the points each player scored in each game.
func ScoreMicroMatch(first, second Points, table MatchTable) (MicroMatch, error) {
	for i, g := range []Points{first, second} {
		for _, p := range []float64{g.A, g.B} {
			if math.IsNaN(p) || math.IsInf(p, 0) || p < 0 {
				return MicroMatch{}, &Error{Detail: say("game %d of the micro-match: %g is not a score, which is zero or more", i+1, p)}
			}
		}
	}
	m := MicroMatch{Games: Points{first.A + second.A, first.B + second.B}}
	switch {
	case m.Games.A > m.Games.B:
		m.Outcome, m.Match = Won, Points{table.Win, table.Loss}
	case m.Games.A < m.Games.B:
		m.Outcome, m.Match = Lost, Points{table.Loss, table.Win}
	default:
		m.Outcome, m.Match = Drawn, Points{table.Draw, table.Draw}
	}
	return m, nil
}
