package tournament

import (
	"fmt"

	"adiukh/rules"
	"adiukh/rules/games"
)

// GameKind is the game an event is played in, by its key ("adiukh",
// "russian", …; "" for an event stored before events had a game, which is
// Adiukh's). It is chosen when the event is created. All that differs
// between games is on the game's value (Variant, from the registry of
// rules/games): this package, and every one above it, asks it and never
// compares a key.
//
// A result keeps the points of its game: an Adiukh game the checkers of
// its final position, two scores adding up to 24 ("17:7"); a Russian game
// its win, draw or loss as 2:0, 1:1 or 0:2, as the sheet writes it. Either
// is scored in the standings by the event's table (Scoring): only who won
// counts there. A game that ends on the board — the side to move has no
// move, or a draw of its rules — ends by final_position.
type GameKind string

// DefaultGame is the registry's default game: an event's, a form's or a
// file's when none is named.
var DefaultGame = GameKind(games.Default.Key)

// GameKinds lists the games an event may be played in, Adiukh first.
var GameKinds = func() []GameKind {
	out := make([]GameKind, len(games.All))
	for i, v := range games.All {
		out[i] = GameKind(v.Key)
	}
	return out
}()

// ParseGameKind accepts the API spelling of a game.
func ParseGameKind(s string) (GameKind, error) {
	v, ok := games.Lookup(s)
	if !ok {
		return "", Invalid("game", "unknown game %q; use one of %s", s, joinQuoted(GameKinds))
	}
	return GameKind(v.Key), nil
}

// Variant is the game's value: everything in which it differs from the
// others.
func (k GameKind) Variant() *rules.Variant { return games.Of(string(k)) }

// Key is the game's name in the catalogue; Words its name in English, as
// the English messages say it ("Russian draughts").
func (k GameKind) Key() string { return k.Variant().NameKey() }

func (k GameKind) Words() string { return k.Variant().English }

// OrDefault is the game, the default game when none is set (an event
// stored before events had a game).
func (k GameKind) OrDefault() GameKind { return GameKind(k.Variant().Key) }

// Rules is the game's rules.
func (k GameKind) Rules() rules.Game { return k.Variant().Rules }

// GamePoints is what the two scores of a played game add up to: the 24
// checkers of Adiukh, the 2 points of a Russian game.
func (k GameKind) GamePoints() int { return k.Variant().Scale.Points }

// OnAdiukhScale gives a result of the game in Adiukh's 24 points, which
// the standings and the rating formula count in: Adiukh's own as they are;
// another game's by who won (2:0 is 24:0, 1:1 is 12:12, 0:0 stays).
func (k GameKind) OnAdiukhScale(white, black int) (int, int) {
	return k.Variant().Scale.OnAdiukhScale(white, black)
}

// FromAdiukhScale is a score kept in Adiukh's 24 points as the game
// writes it: 24:0 is a Russian game's 2:0.
func (k GameKind) FromAdiukhScale(white, black int) (int, int) {
	return k.Variant().Scale.FromAdiukhScale(white, black)
}

// ScoreExample is a score of the game as a form shows it for an example.
func (k GameKind) ScoreExample() string { return k.Variant().Scale.Example }

// SheetsRule cites the rule of the game's rule book that has games
// recorded ("§10.2" for Adiukh's), "" where the program knows none.
func (k GameKind) SheetsRule() string { return k.Variant().SheetsRule }

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

// ParseResult reads a score with its end reason in the game's points, and
// checks that they belong together: for a game of graded scores (Adiukh's)
// any split of its points that its rules allow for the reason; for a game scored
// by a win, a draw or a loss, 2:0, 1:1 or 0:2 (2:0 or 0:2 by forfeit, 0:0
// for a double forfeit).
func (k GameKind) ParseResult(score, endReason string) (Result, error) {
	return k.parseResult(score, endReason, gameScale(k.Variant().Scale))
}

// parseResult reads a result on the scale, whose scores its messages name.
func (k GameKind) parseResult(score, endReason string, scale shownScale) (Result, error) {
	v := k.Variant()
	if v.Scale.Graded {
		return parseGradedResult(score, endReason, v.Scale)
	}
	r, err := readResult(score, endReason, scale)
	if err != nil || r.EndReason == Bye {
		return r, err
	}
	w, b, reason := r.White, r.Black, r.EndReason
	sc := rules.Score{White: w, Black: b}
	win, loss, draw := v.Scale.Win(true), v.Scale.Win(false), v.Scale.Draw()
	decisive := sc == win || sc == loss
	switch {
	case reason == DoubleForfeit:
		if w != 0 || b != 0 {
			return Result{}, Invalid("score", "a double forfeit scores 0:0; got %s", score)
		}
	case !v.Scale.Allows(sc):
		return Result{}, Invalid("score", "a game of %s scores %s, %s or %s; got %s", k, scale.win, scale.draw, scale.loss, score)
	case (reason == Resignation || reason == LossOnTime || reason == ArbiterLoss || reason == Forfeit) && !decisive:
		return Result{}, Invalid("score", "a game of %s lost by %s scores %s or %s; got %s", k, reason, scale.win, scale.loss, score)
	case (reason == Agreement || reason == BothFlags) && sc != draw:
		return Result{}, Invalid("score", "a game of %s drawn by %s scores %s; got %s", k, reason, scale.draw, score)
	}
	return r, nil
}

// ParseResult reads a result of one of the event's games: in its game's
// points, or in the event's table points (1:0, ½:½, 0:1 in a 1-½-0 event
// of Russian draughts), which its messages name.
func (e *Event) ParseResult(score, endReason string) (Result, error) {
	return e.Game.parseResult(score, endReason, e.shownScale())
}

// adiukhPoints is the tie-break of the checkers won (standings'
// "adiukh-points"), which only Adiukh's results have.
const adiukhPoints = "adiukh-points"

// OffersTieBreak reports whether the game's events, individual or team,
// may rank by the tie-break: the checkers won (adiukh-points) only where
// the game's scores count them, since another game's would be its wins
// restated as Adiukh's 24 points.
func (k GameKind) OffersTieBreak(id string) bool {
	return id != adiukhPoints || k.Variant().GradedScores()
}

// OfferedTieBreaks keeps, in their order, the tie-breaks the game offers:
// a preset made for every game, cut to the event's.
func (k GameKind) OfferedTieBreaks(ids []string) []string {
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if k.OffersTieBreak(id) {
			out = append(out, id)
		}
	}
	return out
}

// CheckTieBreak refuses a tie-break the game does not offer, naming the
// field it came in.
func (k GameKind) CheckTieBreak(field, id string) error {
	if k.OffersTieBreak(id) {
		return nil
	}
	return Invalid(field, "the checkers won (%s) rank players of Adiukh only", id)
}

// checkGame refuses what an event of its game cannot have: composition
// contests of a game that has none here, and the tie-breaks the game does
// not offer.
func checkGame(e *Event) error {
	v := e.Game.Variant()
	var errs []error
	if e.Discipline == Composition && !v.Compositions {
		errs = append(errs, Invalid("game", "composition contests are of Adiukh only; a %s event plays games", e.Game))
	}
	for i, id := range e.TieBreaks {
		if err := e.Game.CheckTieBreak(fmt.Sprintf("tiebreaks[%d]", i), id); err != nil {
			errs = append(errs, err)
		}
	}
	return JoinInvalid(errs)
}

// applyGame sets the event's game when one is given; an event loses the
// tie-breaks its game does not offer, unless its tie-breaks are given too
// (and then checkGame refuses them).
func (in EventInput) applyGame(e *Event) error {
	if in.Game == nil {
		return nil
	}
	k, err := ParseGameKind(*in.Game)
	if err != nil {
		return err
	}
	e.Game = k
	if in.TieBreaks == nil {
		e.TieBreaks = k.OfferedTieBreaks(e.TieBreaks)
	}
	return nil
}

// DisciplineKey is the catalogue key of the event's discipline as its
// pages name it: as its game's rule book names it, with the game's name
// where it is not Adiukh ("discipline_russian.rapid": Russian draughts —
// rapid).
func (e Event) DisciplineKey() string {
	return e.Game.Variant().DisciplinePrefix + string(e.Discipline)
}
