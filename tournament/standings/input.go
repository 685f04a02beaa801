// Package standings computes scores, tie-breaks and places of an individual
// event after any round. Definitions follow the FIDE Tie-Break Regulations
// (Handbook C.07, 2023 and later) and are written down, with worked examples,
// in docs/tiebreaks.md.
//
// The package is pure: the caller hands in players and finished games as
// plain values and gets rows back. It knows nothing of storage, HTTP or how
// the games were paired.
package standings

import (
	"fmt"
	"math"
)

// Kind says what happened on one pairing of a round.
type Kind int

const (
	// Played is a game played over the board, whatever way it ended
	// (final position, resignation, time, agreed draw …).
	Played Kind = iota + 1
	// Forfeit is a game one player did not turn up for: 24:0 to the one
	// present. It is not a played game for tie-breaks.
	Forfeit
	// DoubleForfeit is a game neither player turned up for: 0:0, nobody scores.
	DoubleForfeit
	// PairingBye is the pairing-allocated bye (PAB) of an odd field; Black is 0.
	PairingBye
	// HalfPointBye is a bye the player asked for and that scores a draw; Black is 0.
	HalfPointBye
	// ZeroPointBye is a bye the player asked for and that scores nothing; Black is 0.
	ZeroPointBye
	// Absent marks a player who was not paired in the round (withdrawn, late
	// entry, excluded); Black is 0. A player missing from a round altogether
	// counts as absent too.
	Absent
)

var kindNames = map[Kind]string{
	Played:        "played",
	Forfeit:       "forfeit",
	DoubleForfeit: "double forfeit",
	PairingBye:    "pairing-allocated bye",
	HalfPointBye:  "half-point bye",
	ZeroPointBye:  "zero-point bye",
	Absent:        "absent",
}

func (k Kind) String() string {
	if name, ok := kindNames[k]; ok {
		return name
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// hasOpponent reports whether the kind is a pairing of two players.
func (k Kind) hasOpponent() bool {
	return k == Played || k == Forfeit || k == DoubleForfeit
}

// MaxPoints is what one Adiukh game is worth: the two scores add up to 24.
const MaxPoints = 24

// Game is one pairing of a round and its result in Adiukh points.
// For the one-player kinds (byes, absence) Black is 0 and only White's points
// count.
type Game struct {
	White, Black             int // start numbers
	Kind                     Kind
	WhitePoints, BlackPoints int // Adiukh points: 17:7, 12:12, 24:0, 0:0
	// Scored gives each side's score as it is (WhiteScore, BlackScore)
	// instead of the table's points for who won: a micro-match of two
	// games that the regulations count by its games' points.
	Scored                 bool
	WhiteScore, BlackScore float64
	// ScoreUnknown: only who won is known (a result imported from a TRF
	// file): WhitePoints and BlackPoints stand for the outcome (24:0,
	// 12:12), and the Adiukh points count nothing of the game.
	ScoreUnknown bool
}

// Player is a participant as the tie-breaks need them.
type Player struct {
	StartNo int
	Rating  int // 0 when unrated; unrated opponents are left out of ARO and TPR
}

// Scoring is the event's scoring table: what each result is worth in the
// score that ranks players (default 2/1/0, as in draughts).
type Scoring struct {
	Win, Draw, Loss float64 // a game played over the board
	Bye             float64 // the pairing-allocated bye
	ForfeitWin      float64 // the player present when the opponent forfeits
}

// Input is everything the standings are computed from.
type Input struct {
	Players []Player
	// Rounds[r] holds the pairings of round r+1; pass only the rounds whose
	// results are all in.
	Rounds  [][]Game
	Scoring Scoring
	// RoundRobin switches the unplayed-round rules of Buchholz and
	// Sonneborn-Berger to the round-robin ones (see docs/tiebreaks.md).
	RoundRobin bool
	// Order lists the tie-breaks that rank players with equal scores, most
	// important first. Players still equal after the last one share a place.
	Order []ID
}

func (s Scoring) validate() error {
	for _, v := range []float64{s.Win, s.Draw, s.Loss, s.Bye, s.ForfeitWin} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("scoring: points must be finite numbers, got %g/%g/%g (bye %g, forfeit win %g)", s.Win, s.Draw, s.Loss, s.Bye, s.ForfeitWin)
		}
	}
	switch {
	case s.Win <= 0:
		return fmt.Errorf("scoring: a win must be worth more than 0 points, got %g", s.Win)
	case s.Loss < 0 || s.Draw < s.Loss || s.Win < s.Draw:
		return fmt.Errorf("scoring: points must satisfy 0 ≤ loss ≤ draw ≤ win, got %g/%g/%g", s.Win, s.Draw, s.Loss)
	case s.Bye < 0 || s.Bye > s.Win:
		return fmt.Errorf("scoring: a bye must be worth 0 to %g points (a win), got %g", s.Win, s.Bye)
	case s.ForfeitWin < 0 || s.ForfeitWin > s.Win:
		return fmt.Errorf("scoring: a forfeit win must be worth 0 to %g points (a win), got %g", s.Win, s.ForfeitWin)
	}
	return nil
}

// validate checks one game; its caller names the game in the message
// ("round 3, game 2: ..."), only when there is one.
func (g Game) validate(known map[int]int) error {
	if _, ok := kindNames[g.Kind]; !ok {
		return fmt.Errorf("unknown kind %d", int(g.Kind))
	}
	if _, ok := known[g.White]; !ok {
		return fmt.Errorf("white start number %d is not a player of the event", g.White)
	}
	if !g.Kind.hasOpponent() {
		if g.Black != 0 {
			return fmt.Errorf("a %s has no opponent, got black start number %d", g.Kind, g.Black)
		}
		if g.WhitePoints < 0 || g.WhitePoints > MaxPoints || g.BlackPoints != 0 {
			return fmt.Errorf("a %s carries 0–%d Adiukh points for the player only, got %d:%d", g.Kind, MaxPoints, g.WhitePoints, g.BlackPoints)
		}
		return nil
	}
	if _, ok := known[g.Black]; !ok {
		return fmt.Errorf("black start number %d is not a player of the event", g.Black)
	}
	if g.White == g.Black {
		return fmt.Errorf("start number %d cannot play itself", g.White)
	}
	return checkScore(g.Kind, g.WhitePoints, g.BlackPoints)
}

// checkScore checks the Adiukh points of a two-player pairing (the result
// invariant in docs: two scores adding up to 24, forfeits 24:0, double
// forfeits 0:0).
func checkScore(k Kind, w, b int) error {
	switch k {
	case Played:
		if w < 0 || b < 0 || w+b != MaxPoints {
			return fmt.Errorf("the two scores of a played game add up to %d, got %d:%d", MaxPoints, w, b)
		}
	case Forfeit:
		if !(w == MaxPoints && b == 0) && !(w == 0 && b == MaxPoints) {
			return fmt.Errorf("a forfeit scores %d:0 or 0:%d, got %d:%d", MaxPoints, MaxPoints, w, b)
		}
	case DoubleForfeit:
		if w != 0 || b != 0 {
			return fmt.Errorf("a double forfeit scores 0:0, got %d:%d", w, b)
		}
	}
	return nil
}
