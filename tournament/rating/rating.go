// Package rating computes the federation's Adiukh ratings: one rating
// period of one list (standard, rapid or blitz) at a time, from the
// ratings published before it and the games played in it. It is pure:
// in-memory data in, the new ratings and the report of every game out.
// docs/ratings.md gives the formula with a worked example.
package rating

import (
	"cmp"
	"math"
	"slices"
)

// The formula's constants.
const (
	// DefaultInitial is the rating a person enters a list with.
	DefaultInitial = 1500
	// MaxDifference caps the rating difference D in the expected score.
	MaxDifference = 400
	// NoviceGames is how many rated games a person plays at K = 40.
	NoviceGames = 30
	// Threshold is the rating from which K is 10 for good, from the next
	// period on.
	Threshold = 2400
)

// Options are a list's settings.
type Options struct {
	// Initial is the newcomers' rating; DefaultInitial when 0.
	Initial int
	// PointShare scores a game by the points' share (s = points/24)
	// instead of win, draw or loss.
	PointShare bool
}

// State is a person's standing in a list as published: the rating, the
// rated games played, and whether the published rating ever reached
// Threshold (then K is 10 for good).
type State struct {
	Rating     int
	Games      int
	Reached    bool
	Registered bool // false for a newcomer, who has no published rating yet
}

// K is the development coefficient in force for a person whose published
// standing is st: 10 once the rating has reached Threshold, else 40 until
// NoviceGames rated games, then 20.
func K(st State) int {
	switch {
	case st.Reached:
		return 10
	case st.Games < NoviceGames:
		return 40
	default:
		return 20
	}
}

// Game is one rated game of a period between persons A and B with its
// score, 13:11 … 24:0 or 12:12 (the points of A and of B).
type Game struct {
	// GameID is the game's ID in the tournament, carried into the lines
	// so that a report can find its event's games; 0 when unknown.
	GameID           int64
	A, B             int64
	PointsA, PointsB int
}

// Correction is a game of an earlier period whose score was corrected after
// the period was rated. It counts in the period being closed as the
// difference of the scores, s(new) − s(old), for both sides with the K in
// force now: E, which does not depend on the score, cancels out. It adds no
// game to the count.
type Correction struct {
	GameID                 int64 // the game's ID in the tournament, as in Game
	A, B                   int64
	OldPointsA, OldPointsB int
	NewPointsA, NewPointsB int
}

// Line is one game in a person's report.
type Line struct {
	// GameID is the game's ID in the tournament (Game.GameID); 0 in the
	// lines of periods closed before it was kept.
	GameID         int64
	Opponent       int64
	OpponentRating int // as published before the period (initial for a newcomer)
	// D is own rating minus the opponent's, capped at ±MaxDifference.
	D int
	E float64 // expected score
	S float64 // the score: 1, ½ or 0, or the points' share
	// Points and OpponentPoints are the game's score from the player's
	// side (the corrected score of a correction).
	Points, OpponentPoints int
	// Correction: the line corrects a game of an earlier period; S is
	// then s(new) − s(old) and E is 0.
	Correction bool
}

// Change is what a period did to one person's rating.
type Change struct {
	Person     int64
	Old, New   int
	K          int
	Games      int // games of the period
	TotalGames int // rated games after the period
	Lines      []Line
	// Sum is Σ(s − E) over the period's games.
	Sum float64
}

// Delta is the change of rating.
func (c Change) Delta() int { return c.New - c.Old }

// Score is a game's s for the side with points of 24: 1 for a win (13 or
// more), ½ for 12:12, 0 for a loss; the points' share with pointShare.
func Score(points, opponent int, pointShare bool) float64 {
	if pointShare {
		return float64(points) / float64(points+opponent)
	}
	switch {
	case points > opponent:
		return 1
	case points == opponent:
		return 0.5
	}
	return 0
}

// Expected is E = 1 / (1 + 10^(−D/400)) with D capped at ±MaxDifference.
func Expected(own, opponent int) (d int, e float64) {
	d = max(-MaxDifference, min(MaxDifference, own-opponent))
	return d, 1 / (1 + math.Pow(10, -float64(d)/400))
}

// Close rates a period: every person's new rating is the published one
// plus K·Σ(s − E) over their games of the period, rounded half away from
// zero; E uses the ratings published before the period for both sides and
// K the one in force at its start. It returns the states after the period
// (those of the persons who played; the others stay as they were) and the
// changes, highest new rating first.
func Close(published map[int64]State, games []Game, corrections []Correction, opt Options) (map[int64]State, []Change) {
	initial := opt.Initial
	if initial == 0 {
		initial = DefaultInitial
	}
	before := func(id int64) State {
		if st, ok := published[id]; ok && st.Registered {
			return st
		}
		return State{Rating: initial}
	}
	changes := map[int64]*Change{}
	change := func(id int64) *Change {
		c := changes[id]
		if c == nil {
			st := before(id)
			c = &Change{Person: id, Old: st.Rating, K: K(st)}
			changes[id] = c
		}
		return c
	}
	side := func(game, id, opponent int64, points, opponentPoints int) {
		st, other := before(id), before(opponent)
		c := change(id)
		d, e := Expected(st.Rating, other.Rating)
		s := Score(points, opponentPoints, opt.PointShare)
		c.Lines = append(c.Lines, Line{GameID: game, Opponent: opponent, OpponentRating: other.Rating, D: d, E: e, S: s, Points: points, OpponentPoints: opponentPoints})
		c.Sum += s - e
		c.Games++
	}
	for _, g := range games {
		side(g.GameID, g.A, g.B, g.PointsA, g.PointsB)
		side(g.GameID, g.B, g.A, g.PointsB, g.PointsA)
	}
	correct := func(game, id, opponent int64, oldPoints, oldOpponent, points, opponentPoints int) {
		c := change(id)
		s := Score(points, opponentPoints, opt.PointShare) - Score(oldPoints, oldOpponent, opt.PointShare)
		c.Lines = append(c.Lines, Line{GameID: game, Opponent: opponent, OpponentRating: before(opponent).Rating, S: s, Points: points, OpponentPoints: opponentPoints, Correction: true})
		c.Sum += s
	}
	for _, k := range corrections {
		correct(k.GameID, k.A, k.B, k.OldPointsA, k.OldPointsB, k.NewPointsA, k.NewPointsB)
		correct(k.GameID, k.B, k.A, k.OldPointsB, k.OldPointsA, k.NewPointsB, k.NewPointsA)
	}
	after := make(map[int64]State, len(changes))
	out := make([]Change, 0, len(changes))
	for id, c := range changes {
		st := before(id)
		c.New = c.Old + int(math.Round(float64(c.K)*c.Sum))
		c.TotalGames = st.Games + c.Games
		after[id] = State{Rating: c.New, Games: c.TotalGames, Reached: st.Reached || c.New >= Threshold, Registered: true}
		out = append(out, *c)
	}
	slices.SortFunc(out, func(a, b Change) int { return cmp.Or(cmp.Compare(b.New, a.New), cmp.Compare(a.Person, b.Person)) })
	return after, out
}
