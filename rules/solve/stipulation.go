package solve

import (
	"strconv"
	"strings"

	"adiukh/rules"
)

// Kind is what a stipulation asks for.
type Kind string

const (
	// KindWins: the side forces a win, more than half of the points.
	KindWins Kind = "wins"
	// KindPoints: the side forces at least Points points.
	KindPoints Kind = "points"
	// KindDraw: best play ends 12:12 (half of the checkers each).
	KindDraw Kind = "draw"
	// KindExact: best play ends with exactly Points points for White.
	KindExact Kind = "exact"
)

// Stipulation is the task of a composition: "white wins", "white 17"
// (White forces at least 17 points), "black wins", "black 15", "draw",
// "exact 13:11" (best play ends exactly 13:11).
type Stipulation struct {
	Kind Kind
	// Side is the side the task is set for (wins, points).
	Side rules.Color
	// Points is the side's points (points) or White's points (exact).
	Points int
	// Other is Black's points of an exact score.
	Other int
}

func (st Stipulation) String() string { return st.Message().String() }

// Message is the stipulation as text for people, in the words ParseStipulation
// reads: "white 17" in English, "белые 17" in Russian.
func (st Stipulation) Message() rules.Message {
	switch st.Kind {
	case KindWins:
		return say("%s wins", st.Side)
	case KindPoints:
		return say("%s %d", st.Side, st.Points)
	case KindDraw:
		return say("draw")
	}
	return say("exact %d:%d", st.Points, st.Other)
}

// SayStipulation is a stipulation as stored ("white 17") as text for people,
// worded in the reader's language where it is read ("белые 17"); text that
// is not a stipulation is kept as written.
func SayStipulation(text string) rules.Message {
	st, err := ParseStipulation(text)
	if err != nil {
		return say("%s", text)
	}
	return st.Message()
}

// StipulationError says why a stipulation cannot be read or does not fit
// the position.
type StipulationError struct{ Detail rules.Message }

func (e *StipulationError) Error() string { return e.Detail.String() }

// Phrase gives the message to the catalogue (tournament/catalog), which
// words it in the reader's language.
func (e *StipulationError) Phrase() (string, []any) { return e.Detail.Format, e.Detail.Args }

func stipulationError(format string, args ...any) error {
	return &StipulationError{say(format, args...)}
}

var stipulationSides = map[string]rules.Color{
	"white": rules.White, "белые": rules.White,
	"black": rules.Black, "черные": rules.Black, "чёрные": rules.Black,
}

// ParseStipulation reads a stipulation in English or Russian: "white wins"
// ("белые выигрывают"), "white 17" ("белые 17"), "draw" ("ничья"),
// "exact 13:11" ("точно 13:11").
func ParseStipulation(text string) (Stipulation, error) {
	words := strings.Fields(strings.ToLower(text))
	if len(words) == 0 {
		return Stipulation{}, stipulationError("no stipulation: write \"white wins\", \"white 17\", \"draw\" or \"exact 13:11\"")
	}
	switch words[0] {
	case "draw", "ничья":
		if len(words) > 1 {
			return Stipulation{}, stipulationError("%q: nothing may follow %q", text, words[0])
		}
		return Stipulation{Kind: KindDraw, Points: 12, Other: 12}, nil
	case "exact", "точно":
		if len(words) != 2 {
			return Stipulation{}, stipulationError("%q: write the score after %q, like exact 13:11", text, words[0])
		}
		a, b, ok := strings.Cut(words[1], ":")
		white, err1 := strconv.Atoi(a)
		black, err2 := strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil || white < 0 || black < 0 {
			return Stipulation{}, stipulationError("%q: %q is not a score like 13:11", text, words[1])
		}
		return Stipulation{Kind: KindExact, Points: white, Other: black}, nil
	}
	side, ok := stipulationSides[words[0]]
	if !ok {
		return Stipulation{}, stipulationError("%q: %q is not a stipulation: start with white, black, draw or exact", text, words[0])
	}
	if len(words) != 2 {
		return Stipulation{}, stipulationError("%q: after the side write wins or the points, like %s 17", text, words[0])
	}
	switch words[1] {
	case "wins", "win", "выигрывают", "выигрыш":
		return Stipulation{Kind: KindWins, Side: side}, nil
	}
	n, err := strconv.Atoi(words[1])
	if err != nil || n < 0 || n > 24 {
		return Stipulation{}, stipulationError("%q: %q is neither wins nor a number of points 0–24", text, words[1])
	}
	return Stipulation{Kind: KindPoints, Side: side, Points: n}, nil
}

// goals returns the goal the side to move must force and, for a draw or an
// exact score, the goal its opponent must force as well; an error when the
// stipulation does not fit the position.
func (st Stipulation) goals(side rules.Color, total int) (own goal, other *goal, err error) {
	switch st.Kind {
	case KindWins, KindPoints:
		if st.Side != side {
			return goal{}, nil, stipulationError("the stipulation %q is set for %s, but %s is to move", st, st.Side, side)
		}
		points := st.Points
		if st.Kind == KindWins {
			points = total/2 + 1
		}
		if points > total {
			return goal{}, nil, stipulationError("%s: there are only %d checkers on the board", st, total)
		}
		if side == rules.White {
			return goal{rules.White, int8(points)}, nil, nil
		}
		return goal{rules.Black, int8(total - points)}, nil, nil
	}
	white := st.Points
	if st.Kind == KindDraw {
		if total%2 != 0 {
			return goal{}, nil, stipulationError("draw: %d checkers on the board cannot be split equally", total)
		}
		white = total / 2
	} else if st.Points+st.Other != total {
		return goal{}, nil, stipulationError("%s: the points add up to %d, but there are %d checkers on the board", st, st.Points+st.Other, total)
	}
	w, b := goal{rules.White, int8(white)}, goal{rules.Black, int8(white)}
	if side == rules.White {
		return w, &b, nil
	}
	return b, &w, nil
}
