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

// parseGradedResult reads a score like "17:7" of a game of graded scores
// (Adiukh's), on its scale, together with its end reason, and checks that
// they belong together. A bye takes an empty score.
func parseGradedResult(score, endReason string, scale rules.Scale) (Result, error) {
	r, err := readResult(score, endReason, gameScale(scale))
	if err != nil || r.EndReason == Bye {
		return r, err
	}
	w, b, reason := r.White, r.Black, r.EndReason
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

// readResult reads a score as the game's sheets write it (readScore) with
// its end reason, which a written forfeit gives: +:- is a forfeit whether
// the reason is left empty, at the form's first (final_position) or named.
// A bye takes an empty score. What the game's scale allows of the score is
// its caller's to check.
func readResult(score, endReason string, scale shownScale) (Result, error) {
	reason := EndReason(strings.TrimSpace(endReason))
	if reason != "" && !isEndReason(reason) {
		return Result{}, Invalid("end_reason", "unknown end reason %q; use one of %s", endReason, joinQuoted(EndReasons))
	}
	score = strings.TrimSpace(score)
	if reason == Bye {
		if score != "" {
			return Result{}, Invalid("score", "a bye has no score; leave it empty (got %q)", score)
		}
		return Result{EndReason: Bye}, nil
	}
	ws, err := readScore(score, scale)
	if err != nil {
		return Result{}, err
	}
	if ws.Forfeit {
		switch reason {
		case "", FinalPosition, Forfeit:
			reason = Forfeit
		default:
			return Result{}, Invalid("end_reason", "%s is written for a forfeit; its end reason is forfeit, not %s", score, reason)
		}
	}
	if reason == "" {
		return Result{}, Invalid("end_reason", "the end reason is missing: say how the game ended, one of %s", joinQuoted(EndReasons))
	}
	return Result{White: ws.White, Black: ws.Black, EndReason: reason}, nil
}

func isEndReason(reason EndReason) bool {
	for _, r := range EndReasons {
		if r == reason {
			return true
		}
	}
	return false
}

// writtenOutcomes are the results a sheet writes by who won rather than by
// points (PDN's 1-0, ½-½ and 0-1), read in any game as its win, draw or
// loss.
var writtenOutcomes = map[string]int{
	"1-0": 1, "0-1": -1,
	"½-½": 0, "1/2-1/2": 0, "½:½": 0, "1/2:1/2": 0,
}

// writtenForfeits are a forfeit as sheets write it: + for the side present,
// - for the absent one.
var writtenForfeits = map[string]bool{"+:-": true, "+-": true, "-:+": false, "-+": false}

// writtenScore is a score as the sheet wrote it, read on the game's scale.
type writtenScore struct {
	White, Black int
	// Forfeit: the sheet wrote a forfeit (+:-), whose end reason it is.
	Forfeit bool
}

// readScore reads a score as the game's sheets write it: its points
// ("17:7", "2-0", "1-1"), who won ("1-0", "½-½", "1/2-1/2", "0-1"), or a
// forfeit ("+:-", "-:+", "+-", "-+"); each kept as the scale's own score
// (a Russian game's 1-0 is 2:0), and in the event's table points where
// the scale has them (a 1-½-0 event's 1:0 is 2:0). The scale's example
// names the way to write it in the message of a score that is not written
// so, and a game of a win, a draw and a loss names the three.
func readScore(score string, scale shownScale) (writtenScore, error) {
	written := strings.ReplaceAll(strings.ReplaceAll(score, " ", ""), "–", "-")
	if white, ok := writtenForfeits[written]; ok {
		win := scale.Win(white)
		return writtenScore{White: win.White, Black: win.Black, Forfeit: true}, nil
	}
	if outcome, ok := writtenOutcomes[written]; ok {
		sc := scale.Draw()
		if outcome != 0 {
			sc = scale.Win(outcome > 0)
		}
		return writtenScore{White: sc.White, Black: sc.Black}, nil
	}
	if sc, ok := scale.tableScore(written); ok {
		return writtenScore{White: sc.White, Black: sc.Black}, nil
	}
	w, b, ok := strings.Cut(written, ":")
	if !ok {
		w, b, ok = strings.Cut(written, "-")
	}
	if !ok {
		return writtenScore{}, Invalid("score", "write the score as white:black, like %s, or as the sheet writes it: %s; got %q", scale.example, writtenForms, score)
	}
	white, errW := strconv.Atoi(w)
	black, errB := strconv.Atoi(b)
	// A game of a win, a draw or a loss names its three scores when the
	// score is none of them, which its caller checks of whole numbers.
	if !scale.Graded && (errW != nil || errB != nil || white < 0 || black < 0) {
		return writtenScore{}, Invalid("score", "a game scores %s, %s or %s (or as the sheet writes it: %s); got %q", scale.win, scale.draw, scale.loss, writtenForms, score)
	}
	tooMany := scale.Graded && (white > scale.Points || black > scale.Points)
	if errW != nil || errB != nil || white < 0 || black < 0 || tooMany {
		return writtenScore{}, Invalid("score", "each side scores a whole number from 0 to %d, like %s; got %q", scale.Points, scale.example, score)
	}
	return writtenScore{White: white, Black: black}, nil
}

// writtenForms are the ways besides points a sheet may write a result, as
// the message of a score written none of them lists them.
const writtenForms = "1-0, ½-½, 0-1, +:-, -:+"

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
