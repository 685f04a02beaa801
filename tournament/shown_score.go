package tournament

import (
	"strconv"
	"strings"

	"adiukh/rules"
)

// shownScale is a game's scale as an event shows and reads its scores. A
// game of graded scores (Adiukh's 17:7) shows its points as they are. A
// game of a win, a draw and a loss shows them as the event's table counts
// them: "1:0", "½:½" and "0:1" in a 1-½-0 event, "2:0", "1:1" and "0:2"
// in a 2-1-0 one; its doors read these as well as the game's own, and its
// messages name them, so that an arbiter is told the scores the event's
// pages show.
type shownScale struct {
	rules.Scale
	// win, draw and loss are the scores a message names, from White's
	// side; example is the score a message gives for one.
	win, draw, loss, example string
	// table: the event's own scores, read besides the game's; nil for the
	// game's own scale only.
	table map[string]rules.Score
}

// gameScale is the game's own scale, as a file of the game writes it.
func gameScale(s rules.Scale) shownScale {
	return shownScale{Scale: s, win: s.Win(true).String(), draw: s.Draw().String(), loss: s.Win(false).String(), example: s.Example}
}

// shownScale is the event's scale: its game's, and for a game of a win, a
// draw and a loss the event's table points (micro-matches, whose boards
// sum two games, keep the game's).
func (e *Event) shownScale() shownScale {
	s := e.Game.Variant().Scale
	if s.Graded || e.MicroMatch.On() {
		return gameScale(s)
	}
	sc := e.Scoring
	win, draw, loss := pointsPair(sc.Win, sc.Loss), pointsPair(sc.Draw, sc.Draw), pointsPair(sc.Loss, sc.Win)
	return shownScale{Scale: s, win: win, draw: draw, loss: loss, example: win,
		table: map[string]rules.Score{win: s.Win(true), draw: s.Draw(), loss: s.Win(false)}}
}

// pointsPair writes two sides' table points as a score: "1:0", "½:½".
func pointsPair(white, black float64) string { return PointsText(white) + ":" + PointsText(black) }

// PointsText writes table points as a crosstable prints them: 1, ½, 2½.
func PointsText(p float64) string {
	if text, ok := rules.Halves(p); ok {
		return text
	}
	return strconv.FormatFloat(p, 'f', -1, 64)
}

// tableScore reads a score written in the event's table points ("1:0",
// "1-0", "½:½", "1/2:1/2", "0.5-0.5") as the game's; ok is false for
// any other, and for a scale without table points.
func (s shownScale) tableScore(written string) (rules.Score, bool) {
	if s.table == nil {
		return rules.Score{}, false
	}
	w := strings.NewReplacer("1/2", "½", "0.5", "½", "0,5", "½", ".5", "½", ",5", "½", "-", ":").Replace(written)
	sc, ok := s.table[w]
	return sc, ok
}

// ScoreText writes a result as the event shows it, from White's side: a
// game of graded scores its points (17:7); another game its table points
// (1:0, ½:½, 0:1 in a 1-½-0 event); a forfeit +:− or −:+, a double
// forfeit −:−; "" for a bye.
func (e *Event) ScoreText(r Result) string { return e.ScoreTextFor(r, true) }

// ScoreTextFor writes a result as the event shows it from one side, its
// own first.
func (e *Event) ScoreTextFor(r Result, white bool) string {
	if s := e.shownScale(); s.table == nil || r.EndReason.IsBye() {
		return r.ScoreFor(white)
	}
	switch r.EndReason {
	case Forfeit:
		if (r.White > r.Black) == white {
			return "+:−"
		}
		return "−:+"
	case DoubleForfeit:
		return "−:−"
	}
	return pointsPair(e.Scoring.Points(r, white), e.Scoring.Points(r, !white))
}

// ScoreExample is a score as the event's forms show it for an example: a
// win, 17:7 in Adiukh, 1:0 in a 1-½-0 event of Russian draughts.
func (e *Event) ScoreExample() string { return e.shownScale().example }

// DrawScore is a draw as the event shows it: 12:12, ½:½, 1:1.
func (e *Event) DrawScore() string { return e.shownScale().draw }

// ShowsTablePoints reports whether the event shows its games' results in
// its table points (a game of a win, a draw and a loss) rather than in
// the game's graded points.
func (e *Event) ShowsTablePoints() bool { return e.shownScale().table != nil }
