package composition

import "adiukh/rules/adiukh"

// Game is the game of the contests' problems: Adiukh, the game whose value
// has composition contests (rules.Variant.Compositions), whose positions
// rules/solve solves. The pages draw and word a problem's position by it,
// so that no package above this one knows the game's own types.
var Game = adiukh.Variant

// PositionNotation writes a problem's position, stored in the rules'
// canonical notation, with the sides named in a reader's language
// ("белые: a5-1/6, b2-1; черные: d6-1/2"); ok is false for a position
// that does not read.
func PositionNotation(position, white, black string) (notation string, ok bool) {
	p, err := adiukh.ParsePosition(position)
	if err != nil {
		return "", false
	}
	return p.Notation(white, black), true
}
