package core

import (
	"fmt"
	"strings"

	"adiukh/rules"
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
