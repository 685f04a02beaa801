package core

import (
	"fmt"
	"strings"

	"adiukh/rules"
	"adiukh/tournament"
)

// PieceCode writes a position for the pages' scripts (app.js), one item per
// occupied square, named as its game names it: an Adiukh tower as its
// owner, own checkers and checkers of the other colour ("c3:w1/0 e5:b2/1"),
// a flat piece as its owner and a man (m) or a king (k) ("c3:wm 28:bk").
// The game viewer steps through a game's positions so, and a live game's
// stream sends each new one so.
func PieceCode(towers bool, s rules.State) string {
	var items []string
	for _, p := range s.Pieces() {
		owner := "b"
		if p.Owner == rules.White {
			owner = "w"
		}
		switch {
		case towers:
			items = append(items, fmt.Sprintf("%s:%s%d/%d", p.Square, owner, p.Own, p.Other))
		case p.King:
			items = append(items, p.Square+":"+owner+"k")
		default:
			items = append(items, p.Square+":"+owner+"m")
		}
	}
	return strings.Join(items, " ")
}

// LegalCode writes the legal moves of a position for the tap-to-move board
// (corr.js): "c3 d4=c3-d4;…", each move's path, the squares its piece
// stands on in turn, then its notation.
func LegalCode(s rules.State) string {
	var items []string
	for _, m := range s.Moves() {
		items = append(items, strings.Join(m.Path, " ")+"="+m.Notation)
	}
	return strings.Join(items, ";")
}

// GameCodes writes a played game's position, stored in the notation of
// its event's game, for the pages' scripts: its pieces (PieceCode) and,
// when legal is set, the moves of the side to move (LegalCode). ok is
// false when the position does not read as a position of that game.
func GameCodes(k tournament.GameKind, position string, side rules.Color, legal bool) (pieces, moves string, ok bool) {
	s, err := k.Rules().ParseState(position, side)
	if err != nil {
		return "", "", false
	}
	if legal {
		moves = LegalCode(s)
	}
	return PieceCode(k.Variant().Towers, s), moves, true
}
