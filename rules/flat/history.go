package flat

import (
	"slices"

	"adiukh/rules"
)

// EndRepetition is the draw of every game here: the same position, with
// the same side to move, for the third time.
const EndRepetition rules.EndReason = "repetition"

// History is what of a game's past the draw rules of every game of flat
// men and kings count, from the game's first position on (a sheet may
// start from a FEN: what happened before it is not known).
type History[P comparable] struct {
	// positions are those since the last move that cannot be undone (a
	// man's move or a capture), the current one last: only they can come
	// again.
	positions []P
	// KingPlies counts the plies in a row made by kings without capturing.
	KingPlies int
	// SinceChange counts the plies since the force last changed: a capture
	// or a man crowned.
	SinceChange int
}

// NewHistory is the history of a game that starts at p.
func NewHistory[P comparable](p P) History[P] { return History[P]{positions: []P{p}} }

// After is the history after a move that led to p: irreversible when a
// man moved or a piece was taken, changed when the force changed (a
// capture, a man crowned). h is left as it was.
func (h History[P]) After(p P, irreversible, changed bool) History[P] {
	if irreversible {
		h.positions, h.KingPlies = []P{p}, 0
	} else {
		h.positions, h.KingPlies = append(slices.Clip(h.positions), p), h.KingPlies+1
	}
	if changed {
		h.SinceChange = 0
	} else {
		h.SinceChange++
	}
	return h
}

// Ended is the end of a game in its current position that every game here
// knows: a side without a move has lost (it may have no piece), and the
// third repetition is a draw. ok is false when neither came.
func (h History[P]) Ended(side rules.Color, hasMove bool) (out Outcome, ok bool) {
	if !hasMove {
		out = Outcome{Over: true, Score: WhiteWins, Reason: rules.EndFinalPosition}
		if side == rules.White {
			out.Score = BlackWins
		}
		return out, true
	}
	if n := h.repeated(); n >= 3 {
		return Outcome{Over: true, Score: Draw, Reason: EndRepetition, Moves: n}, true
	}
	return Outcome{}, false
}

// repeated counts the times the current position has stood on the board.
func (h History[P]) repeated() int {
	current := h.positions[len(h.positions)-1]
	n := 0
	for _, p := range h.positions {
		if p == current {
			n++
		}
	}
	return n
}
