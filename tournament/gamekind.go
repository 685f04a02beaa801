package tournament

import (
	"fmt"
	"strings"

	"adiukh/rules"
	_ "adiukh/rules/russian" // Russian draughts registers itself as a rules.Game
)

// GameKind is the game an event is played in: Adiukh, or Russian draughts
// (issue 51). It is chosen when the event is created.
//
// A result keeps the points of its game: an Adiukh game the checkers of
// its final position, two scores adding up to 24 ("17:7"); a Russian game
// its win, draw or loss as 2:0, 1:1 or 0:2, as the sheet writes it. Either
// is scored in the standings by the event's table (Scoring): only who won
// counts there. A Russian game that ends on the board — the side to move
// has no move, or a draw of the axioms — ends by final_position.
type GameKind string

const (
	AdiukhGame  GameKind = "adiukh"
	RussianGame GameKind = "russian"
)

// GameKinds lists the games an event may be played in, Adiukh first.
var GameKinds = []GameKind{AdiukhGame, RussianGame}

// ParseGameKind accepts the API spelling of a game.
func ParseGameKind(s string) (GameKind, error) {
	for _, k := range GameKinds {
		if string(k) == strings.TrimSpace(s) {
			return k, nil
		}
	}
	return "", Invalid("game", "unknown game %q; use one of %s", s, joinQuoted(GameKinds))
}

// Key is the game's name in the catalogue; Words its name in English, as
// the English messages say it ("Russian draughts").
func (k GameKind) Key() string { return "gametype." + string(k.OrAdiukh()) }

func (k GameKind) Words() string {
	if k.OrAdiukh() == RussianGame {
		return "Russian draughts"
	}
	return "Adiukh"
}

// OrAdiukh is the game, Adiukh when none is set (an event stored before
// events had a game).
func (k GameKind) OrAdiukh() GameKind {
	if k == "" {
		return AdiukhGame
	}
	return k
}

// Rules is the game's rules.
func (k GameKind) Rules() rules.Game {
	g, ok := rules.GameNamed(string(k.OrAdiukh()))
	if !ok {
		panic(fmt.Sprintf("tournament: game %q is not registered", k))
	}
	return g
}

// GamePoints is what the two scores of a played game add up to: the 24
// checkers of Adiukh, the 2 points of a Russian game.
func (k GameKind) GamePoints() int {
	if k.OrAdiukh() == RussianGame {
		return 2
	}
	return 24
}

// OnAdiukhScale gives a result of the game in Adiukh's 24 points, which
// the standings and the rating formula count in: Adiukh's own as they are;
// another game's by who won (2:0 is 24:0, 1:1 is 12:12, 0:0 stays).
func (k GameKind) OnAdiukhScale(white, black int) (int, int) {
	switch {
	case k.OrAdiukh() == AdiukhGame:
		return white, black
	case white > black:
		return 24, 0
	case black > white:
		return 0, 24
	case white == 0:
		return 0, 0
	}
	return 12, 12
}

// ScoreExample is a score of the game as a form shows it for an example.
func (k GameKind) ScoreExample() string {
	if k.OrAdiukh() == RussianGame {
		return "2:0"
	}
	return "17:7"
}

// Win is the result of a game that winner wins by reason, in the game's
// points: 24:0 in Adiukh, 2:0 in Russian draughts.
func (k GameKind) Win(winner rules.Color, reason EndReason) Result {
	if winner == rules.White {
		return Result{White: k.GamePoints(), Black: 0, EndReason: reason}
	}
	return Result{White: 0, Black: k.GamePoints(), EndReason: reason}
}

// Draw is the result of a drawn game in the game's points: 12:12, 1:1.
func (k GameKind) Draw(reason EndReason) Result {
	half := k.GamePoints() / 2
	return Result{White: half, Black: half, EndReason: reason}
}

// ParseResult reads a score with its end reason in the game's points:
// ParseResult's for Adiukh; for Russian draughts 2:0, 1:1 or 0:2 (2:0 or
// 0:2 by forfeit, 0:0 for a double forfeit).
func (k GameKind) ParseResult(score, endReason string) (Result, error) {
	if k.OrAdiukh() == AdiukhGame {
		return ParseResult(score, endReason)
	}
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
	w, b, err := parseScore(score)
	if err != nil {
		return Result{}, err
	}
	r := Result{White: w, Black: b, EndReason: reason}
	decisive, draw := (w == 2 && b == 0) || (w == 0 && b == 2), w == 1 && b == 1
	switch {
	case reason == DoubleForfeit:
		if w != 0 || b != 0 {
			return Result{}, Invalid("score", "a double forfeit scores 0:0; got %s", score)
		}
	case !decisive && !draw:
		return Result{}, Invalid("score", "a game of Russian draughts scores 2:0, 1:1 or 0:2; got %s", score)
	case (reason == Resignation || reason == LossOnTime || reason == ArbiterLoss || reason == Forfeit) && !decisive:
		return Result{}, Invalid("score", "a game of Russian draughts lost by %s scores 2:0 or 0:2; got %s", reason, score)
	case (reason == Agreement || reason == BothFlags) && !draw:
		return Result{}, Invalid("score", "a game of Russian draughts drawn by %s scores 1:1; got %s", reason, score)
	}
	return r, nil
}

// ParseResult reads a result of one of the event's games.
func (e *Event) ParseResult(score, endReason string) (Result, error) {
	return e.Game.ParseResult(score, endReason)
}

// adiukhPoints is the tie-break of the checkers won (standings'
// "adiukh-points"), which only Adiukh's results have.
const adiukhPoints = "adiukh-points"

// checkGame refuses what an event of its game cannot have. Russian
// draughts has no composition contests here, and the checkers won
// (adiukh-points) do not rank its players.
func checkGame(e *Event) error {
	if e.Game.OrAdiukh() == AdiukhGame {
		return nil
	}
	var errs []error
	if e.Discipline == Composition {
		errs = append(errs, Invalid("game", "composition contests are of Adiukh only; a Russian draughts event plays games"))
	}
	for i, id := range e.TieBreaks {
		if id == adiukhPoints {
			errs = append(errs, Invalid(fmt.Sprintf("tiebreaks[%d]", i), "the checkers won (%s) rank players of Adiukh only", id))
		}
	}
	return JoinInvalid(errs)
}

// applyGame sets the event's game when one is given; an event of Russian
// draughts loses the checkers-won tie-break, unless its tie-breaks are
// given too (and then checkGame refuses that one).
func (in EventInput) applyGame(e *Event) error {
	if in.Game == nil {
		return nil
	}
	k, err := ParseGameKind(*in.Game)
	if err != nil {
		return err
	}
	e.Game = k
	if k == RussianGame && in.TieBreaks == nil {
		e.TieBreaks = withoutAdiukhPoints(e.TieBreaks)
	}
	return nil
}

// withoutAdiukhPoints drops the tie-break of the checkers won from a list
// of tie-breaks: an event of Russian draughts has no use for it.
func withoutAdiukhPoints(ids []string) []string {
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if id != adiukhPoints {
			out = append(out, id)
		}
	}
	return out
}

// DisciplineKey is the catalogue key of the event's discipline as its
// pages name it: by Adiukh's names ("discipline.rapid"), or, for another
// game, with the game's name ("discipline_russian.rapid": Russian
// draughts — rapid).
func (e Event) DisciplineKey() string {
	if e.Game.OrAdiukh() == RussianGame {
		return "discipline_russian." + string(e.Discipline)
	}
	return e.Discipline.Key()
}
