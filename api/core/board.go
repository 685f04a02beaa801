package core

import (
	"fmt"
	"strings"

	"adiukh/rules"
	"adiukh/rules/russian"
	"adiukh/tournament"
)

// TowerCode writes a position for the pages' scripts (app.js drawTower):
// "c3:w1/0 e5:b2/1 …", one item per occupied square: owner, own checkers,
// checkers of the other colour. The game viewer steps through a game's
// positions so, and a live game's stream sends each new one so.
func TowerCode(p rules.Position) string {
	var items []string
	for s := rules.Square(0); s < 32; s++ {
		t := p.At(s)
		if t.Empty() {
			continue
		}
		owner := "b"
		if t.Owner == rules.White {
			owner = "w"
		}
		items = append(items, fmt.Sprintf("%s:%s%d/%d", s, owner, t.Own, t.Other))
	}
	return strings.Join(items, " ")
}

// LegalCode writes the legal moves of side for the tap-to-move board
// (corr.js): "c3 d4=c3-d4;…", each move's path, the squares its piece
// stands on in turn, then its notation.
func LegalCode(p *rules.Position, side rules.Color) string {
	var items []string
	for _, m := range p.LegalMoves(side) {
		var path []string
		for _, s := range m.Path() {
			path = append(path, s.String())
		}
		items = append(items, strings.Join(path, " ")+"="+m.String())
	}
	return strings.Join(items, ";")
}

// PieceCode writes a position of Russian draughts for app.js as TowerCode
// writes Adiukh's: "c3:wm e5:bk …", a man (m) or a king (k) of White (w)
// or Black (b) on each occupied square.
func PieceCode(p russian.Position) string {
	var items []string
	for s := rules.Square(0); s < 32; s++ {
		c, king, ok := p.Piece(s)
		if !ok {
			continue
		}
		owner, kind := "b", "m"
		if c == rules.White {
			owner = "w"
		}
		if king {
			kind = "k"
		}
		items = append(items, s.String()+":"+owner+kind)
	}
	return strings.Join(items, " ")
}

// russianLegalCode writes the legal moves of a position of Russian
// draughts as LegalCode writes Adiukh's: each capture's path is every
// square the piece lands on ("c3 e5 g3=c3:e5:g3").
func russianLegalCode(p *russian.Position) string {
	var items []string
	for _, m := range p.LegalMoves() {
		var path []string
		for _, s := range m.Path() {
			path = append(path, s.String())
		}
		items = append(items, strings.Join(path, " ")+"="+m.String())
	}
	return strings.Join(items, ";")
}

// GameCodes writes a played game's position, stored in the notation of
// its event's game, for the pages' scripts: its pieces (TowerCode for
// Adiukh, PieceCode for Russian draughts) and, when legal is set, the
// moves of the side to move (LegalCode). ok is false when the position
// does not read as a position of that game.
func GameCodes(k tournament.GameKind, position string, side rules.Color, legal bool) (pieces, moves string, ok bool) {
	if k.OrAdiukh() == tournament.RussianGame {
		p, err := russian.ParseFEN(position)
		if err != nil {
			return "", "", false
		}
		if legal {
			moves = russianLegalCode(&p)
		}
		return PieceCode(p), moves, true
	}
	p, err := rules.ParsePosition(position)
	if err != nil {
		return "", "", false
	}
	if legal {
		moves = LegalCode(&p, side)
	}
	return TowerCode(p), moves, true
}
