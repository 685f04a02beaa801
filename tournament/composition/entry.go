// Package composition holds the pure rules of composition contests: what an
// entry must be, the solver's verdict on it, the jury's aggregate mark, and
// the check of a solving-contest answer. It knows no storage and no HTTP.
package composition

import (
	"errors"
	"strings"

	"adiukh/rules"
	"adiukh/rules/adiukh"
	"adiukh/rules/solve"
	"adiukh/tournament"
)

// Entry is a composition as an author submits it.
type Entry struct {
	Position    string // the rules' position notation
	Side        string // the side to move: white or black (белые, черные)
	Stipulation string // "white wins", "white 17", "draw", "exact 13:11" …
	// Solution is the author's main line, "1. h2:f4:h6:f8 e3-d2" or just the
	// moves; variations in parentheses are kept as text, not checked.
	Solution string
}

// Problem is a valid entry, read.
type Problem struct {
	Position    adiukh.Position
	Side        rules.Color
	Stipulation solve.Stipulation
	// Solution is the author's main line; it may be empty when the entry
	// has no solution yet (a solving contest's position).
	Solution []adiukh.Move
}

var sides = map[string]rules.Color{
	"white": rules.White, "w": rules.White, "белые": rules.White,
	"black": rules.Black, "b": rules.Black, "черные": rules.Black, "чёрные": rules.Black,
}

// Validate reads an entry. Every problem is reported, each with its field:
// a position of any towers on dark squares with all 12 white and all 12
// black checkers (checkers never leave the board in Adiukh), a side to move
// that has a move, a stipulation that fits the position, and a solution of
// legal moves.
func Validate(e Entry) (*Problem, error) {
	var problems []*tournament.Error
	fail := func(err *tournament.Error) { problems = append(problems, err) }
	pr := &Problem{}
	p, err := adiukh.ParsePosition(e.Position)
	positionOK := err == nil
	if err != nil {
		fail(tournament.Invalid("position", "%s", rules.Detail(err)))
	} else if w, b := p.Checkers(); w != 12 || b != 12 {
		positionOK = false
		fail(tournament.Invalid("position", "a composition has all 12 white and 12 black checkers on the board (checkers are never removed in Adiukh); this position has %d white and %d black", w, b))
	}
	pr.Position = p
	side, sideOK := sides[strings.ToLower(strings.TrimSpace(e.Side))]
	if !sideOK {
		fail(tournament.Invalid("side", "%q is not a side to move: write white or black", e.Side))
	}
	pr.Side = side
	if positionOK && sideOK && len(p.LegalMoves(side)) == 0 {
		positionOK = false
		fail(tournament.Invalid("side", "%s has no move in this position: it is already final", side))
	}
	st, err := solve.ParseStipulation(e.Stipulation)
	if err != nil {
		fail(tournament.Invalid("stipulation", "%s", stipulationDetail(err)))
	}
	pr.Stipulation = st
	if err == nil && sideOK && (st.Kind == solve.KindWins || st.Kind == solve.KindPoints) && st.Side != side {
		fail(tournament.Invalid("stipulation", "the stipulation %q is set for %s, but %s is to move", st, st.Side, side))
	}
	if err == nil && st.Kind == solve.KindExact && st.Points+st.Other != 24 {
		fail(tournament.Invalid("stipulation", "%s is not a game score: the two scores add up to 24", st))
	}
	if positionOK && sideOK {
		moves, err := ReadLine(p, side, e.Solution)
		if err != nil {
			fail(err)
		}
		pr.Solution = moves
	}
	if err := tournament.Every(problems, tournament.Invalid("", "the entry has %d problems", len(problems))); err != nil {
		return nil, err
	}
	return pr, nil
}

// ReadLine reads a line of moves from the position with side to move:
// move numbers ("1.", "1...") are skipped, variations in parentheses are
// left out, and every move must be legal where it stands. On an error the
// moves read before it are returned with it; the error names the move by
// its number as the line is numbered.
func ReadLine(p adiukh.Position, side rules.Color, text string) ([]adiukh.Move, *tournament.Error) {
	var out []adiukh.Move
	first := side
	depth := 0
	for _, word := range strings.Fields(strings.NewReplacer("(", " ( ", ")", " ) ").Replace(text)) {
		switch {
		case word == "(":
			depth++
			continue
		case word == ")":
			depth--
			continue
		case depth > 0 || isMoveNumber(word):
			continue
		}
		rec, err := rules.ParseRecord(word)
		if err == nil {
			var m adiukh.Move
			m, err = p.Find(side, rec)
			if err == nil {
				out = append(out, m)
				p, side = p.Play(m), side.Opponent()
				continue
			}
		}
		// Every reason the record is refused names the record already.
		return out, tournament.Invalid("solution", "move %d: %s", moveNumber(first, len(out)), rules.Detail(err))
	}
	if depth != 0 {
		return out, tournament.Invalid("solution", "the parentheses of the variations do not match")
	}
	return out, nil
}

// moveNumber is the number of a line's move with the index ply (from 0)
// when first moves first: moves are numbered in pairs, White's and Black's,
// so a line that Black begins ("1... d6:f8 2. b2-c3 f8:d6") has Black's
// second move (index 2) in move 2.
func moveNumber(first rules.Color, ply int) int {
	if first == rules.Black {
		ply++
	}
	return ply/2 + 1
}

// isMoveNumber reports whether a word is a move number: "1.", "12...".
func isMoveNumber(word string) bool {
	digits := strings.TrimRight(word, ".")
	if digits == word || digits == "" {
		return false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// stipulationDetail is why a stipulation cannot be read, to be shown in the
// reader's language.
func stipulationDetail(err error) rules.Message {
	var se *solve.StipulationError
	if errors.As(err, &se) {
		return se.Detail
	}
	return rules.Detail(err)
}
