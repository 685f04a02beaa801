package tournament

import (
	"fmt"
	"strconv"
	"strings"

	"adiukh/rules"
)

// EndReason says how a game ended (rules §5, §6.1) or why it was not played.
type EndReason string

const (
	FinalPosition EndReason = "final_position" // the side to move had no move (§5.1): any split of the 24 checkers
	Resignation   EndReason = "resignation"    // §5.2: 24:0
	LossOnTime    EndReason = "time"           // §5.3: 24:0
	ArbiterLoss   EndReason = "arbiter"        // loss by the arbiter's decision (§5.4): 24:0
	Agreement     EndReason = "agreement"      // agreed draw (§6.1.3): 12:12
	BothFlags     EndReason = "both_flags"     // both flags fell, order unknown (§5.5): 12:12
	Forfeit       EndReason = "forfeit"        // one side did not play: 24:0, unplayed
	DoubleForfeit EndReason = "double_forfeit" // neither side played: 0:0, nobody scores
	Bye           EndReason = "bye"            // the pairing system's bye: no opponent, no score
	// A bye the player asked for before the round was paired (C.04.1 c):
	// no opponent; it scores a draw's or no points. Only the pairing enters it.
	HalfPointBye EndReason = "half_point_bye"
	ZeroPointBye EndReason = "zero_point_bye"
	// Adjudication is the arbiter's result for a correspondence game that
	// cannot end on the board: a repeated position, or unfinished at the
	// event's end date. Any valid split of the 24 checkers.
	Adjudication EndReason = "adjudication"
	// ScoreUnknown is a result imported from a file that keeps who won and
	// not how (a TRF file from another program): its points are a win's or
	// a draw's in the game (24:0, 12:12 in Adiukh), standing for the
	// outcome only, and the tie-breaks that count the checkers won say they
	// are incomplete (Standings.UnscoredGames). Only an import enters it.
	ScoreUnknown EndReason = "score_unknown"
)

// IsBye reports whether the game had no opponent: the pairing-allocated bye
// or a requested one.
func (r EndReason) IsBye() bool { return r == Bye || r == HalfPointBye || r == ZeroPointBye }

// EndReasons lists every end reason a result may carry.
var EndReasons = []EndReason{FinalPosition, Resignation, LossOnTime, ArbiterLoss, Agreement, BothFlags, Forfeit, DoubleForfeit, Bye, Adjudication}

// EndReasonsFor lists the end reasons a game of the discipline can have:
// over the board there is no adjudication; in correspondence play no two
// flags fall together.
func EndReasonsFor(d Discipline) []EndReason {
	var out []EndReason
	for _, r := range EndReasons {
		if (d == Correspondence && r == BothFlags) || (d != Correspondence && r == Adjudication) {
			continue
		}
		out = append(out, r)
	}
	return out
}

// ArbiterReasons are the end reasons an arbiter enters for a game of the
// discipline: all it can have but the bye, which only the pairing gives.
func ArbiterReasons(d Discipline) []EndReason {
	var out []EndReason
	for _, r := range EndReasonsFor(d) {
		if r != Bye {
			out = append(out, r)
		}
	}
	return out
}

// Result is the outcome of one game as a pair of points (architecture:
// results). Every Result made by ParseResult keeps the invariant: played and
// forfeited games sum to 24 and 12:12 is the only draw; a double forfeit is
// 0:0; a bye has no points.
type Result struct {
	White     int
	Black     int
	EndReason EndReason
}

// Outcome is who won a game, in the words of the standings.
type Outcome string

const (
	WhiteWins Outcome = "white"
	BlackWins Outcome = "black"
	Draw      Outcome = "draw"
	NoWinner  Outcome = "none" // double forfeit
	ByeGame   Outcome = "bye"
)

// ParseResult reads a score like "17:7" together with its end reason and
// checks that they belong together. A bye takes an empty score.
func ParseResult(score, endReason string) (Result, error) {
	reason := EndReason(strings.TrimSpace(endReason))
	if !isEndReason(reason) {
		return Result{}, Invalid("end_reason", "unknown end reason %q; use one of %s", endReason, joinQuoted(EndReasons))
	}
	score = strings.TrimSpace(score)
	if reason == Bye {
		if score != "" {
			return Result{}, Invalid("score", "a bye has no score; leave it empty (got %q)", score)
		}
		return Result{EndReason: Bye}, nil
	}
	w, b, err := parseScore(score, rules.Adiukh.Scale.Example)
	if err != nil {
		return Result{}, err
	}
	r := Result{White: w, Black: b, EndReason: reason}
	switch reason {
	case DoubleForfeit:
		if w != 0 || b != 0 {
			return Result{}, Invalid("score", "a double forfeit scores 0:0; got %s", score)
		}
		return r, nil
	case Resignation, LossOnTime, ArbiterLoss, Forfeit:
		if !(w == 24 && b == 0) && !(w == 0 && b == 24) {
			return Result{}, Invalid("score", "a game lost by %s scores 24:0 or 0:24 (§5.2–§5.4); got %s", reason, score)
		}
	case Agreement, BothFlags:
		if w != 12 || b != 12 {
			return Result{}, Invalid("score", "a game drawn by %s scores 12:12 (§5.5, §6.1.3); got %s", reason, score)
		}
	}
	if w+b != 24 {
		return Result{}, Invalid("score", "the two scores add up to 24 (every checker is counted once, §5.1); %s adds up to %d", score, w+b)
	}
	return r, nil
}

func isEndReason(reason EndReason) bool {
	for _, r := range EndReasons {
		if r == reason {
			return true
		}
	}
	return false
}

// parseScore reads "white:black"; example is a score of the game, for the
// message of a score that is not written so.
func parseScore(score, example string) (white, black int, err error) {
	w, b, ok := strings.Cut(score, ":")
	if !ok {
		return 0, 0, Invalid("score", "write the score as white:black, like %s; got %q", example, score)
	}
	white, errW := strconv.Atoi(strings.TrimSpace(w))
	black, errB := strconv.Atoi(strings.TrimSpace(b))
	if errW != nil || errB != nil || white < 0 || black < 0 || white > 24 || black > 24 {
		return 0, 0, Invalid("score", "each side scores a whole number from 0 to 24; got %q", score)
	}
	return white, black, nil
}

// Words writes an end reason as English words ("both flags"), as the
// English messages name it.
func (r EndReason) Words() string {
	return strings.ReplaceAll(string(r), "_", " ")
}

// Key is the end reason's name in the catalogue (tournament/catalog), by
// which a translated message names it.
func (r EndReason) Key() string { return "reason." + string(r) }

// Score writes the points as "17:7"; "" for a bye. A result whose score is
// unknown writes who won, "1:0", "0:1" or "½:½", so that no reader takes its
// stand-in points for the checkers won.
func (r Result) Score() string {
	switch {
	case r.EndReason.IsBye():
		return ""
	case r.EndReason == ScoreUnknown:
		return map[Outcome]string{WhiteWins: "1:0", BlackWins: "0:1", Draw: "½:½"}[r.Outcome()]
	}
	return fmt.Sprintf("%d:%d", r.White, r.Black)
}

// ScoreFor writes the points from one side, its own first ("7:17" for
// Black of 17:7); "" for a bye.
func (r Result) ScoreFor(white bool) string {
	if white || r.EndReason.IsBye() {
		return r.Score()
	}
	return Result{White: r.Black, Black: r.White, EndReason: r.EndReason}.Score()
}

// Outcome says who won: 13 or more points win, 12:12 is a draw (§6.1.1).
func (r Result) Outcome() Outcome {
	switch {
	case r.EndReason.IsBye():
		return ByeGame
	case r.EndReason == DoubleForfeit:
		return NoWinner
	case r.White > r.Black:
		return WhiteWins
	case r.Black > r.White:
		return BlackWins
	}
	return Draw
}

// Played reports whether the game was played over the board. Forfeits,
// double forfeits and byes were not (FIDE C.07 treats them as unplayed rounds).
func (r Result) Played() bool {
	return r.EndReason != Forfeit && r.EndReason != DoubleForfeit && !r.EndReason.IsBye()
}

// Points is what one side scores in the event's table for this result.
func (s Scoring) Points(r Result, white bool) float64 {
	switch r.Outcome() {
	case ByeGame:
		switch {
		case !white || r.EndReason == ZeroPointBye:
			return 0
		case r.EndReason == HalfPointBye:
			return s.Draw
		}
		return s.Bye
	case NoWinner:
		return 0
	case Draw:
		return s.Draw
	}
	won := (r.Outcome() == WhiteWins) == white
	switch {
	case r.EndReason == Forfeit && won:
		return s.ForfeitWin
	case r.EndReason == Forfeit:
		return 0
	case won:
		return s.Win
	}
	return s.Loss
}
