package tournament

import "strings"

// A player's sports rank or title («разряд», «звание»: КМС, I, 1ю; the
// FMJD's GMI) is stored as its game's rule book writes it (rules.Titles,
// on the game's value): an Adiukh or Russian draughts event's players hold
// the national ranks of шашки, an international one's the FMJD's titles
// too. Who met a rank's norm is not computed here.

// FMJDTitle reports whether the title is one of the FMJD's in the game,
// which a TRF's title field carries.
func (k GameKind) FMJDTitle(title string) bool {
	t, ok := k.Variant().Titles.Parse(title)
	return ok && t.FMJD
}

// ParseTitle reads a title typed in any of its usual forms («кмс», «1
// разряд», «I юн.») as the rule book of the game writes it; "" for an
// empty text.
func ParseTitle(game GameKind, text string) (string, error) {
	if strings.TrimSpace(text) == "" {
		return "", nil
	}
	titles := game.Variant().Titles
	t, ok := titles.Parse(text)
	if !ok {
		return "", Invalid("title", "%q is not a rank or title of %s; write one of %s", text, game, titles.Notations())
	}
	return t.Notation, nil
}
