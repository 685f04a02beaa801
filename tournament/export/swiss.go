package export

import (
	"adiukh/tournament"
	"adiukh/tournament/catalog"
)

// The Swiss desk's texts are worded here, not in the catalogue: they read
// the domain's pairing cards and warnings, which the catalogue must not
// know. The pages and the API both show them.

// PairingWarning is a warning about a hand-edited pairing in the language;
// a warning stored by a version that wrote its texts out keeps them.
func PairingWarning(l *catalog.Localizer, w tournament.PairingWarning) string {
	if w.Format == "" {
		if l.Lang == catalog.English && w.TextEN != "" {
			return w.TextEN
		}
		return w.TextRU
	}
	return l.Message(w.Message())
}

// CardSide is one player's part of a pairing card in the language: score
// group, float and colour preference.
func CardSide(l *catalog.Localizer, c tournament.PairingCard, s tournament.CardSide) string {
	if c.ColourRule == "bye" {
		return l.Sprintf("%d: pairing-allocated bye — downfloat from the %s score group", s.StartNo, l.Num(s.Score))
	}
	text := l.Sprintf("%d: %s score group", s.StartNo, l.Num(s.Score))
	switch s.Float {
	case "down":
		text += l.Sprintf(", floats down to an opponent from the %s group", l.Num(s.OpponentScore))
	case "up":
		text += l.Sprintf(", floats up to an opponent from the %s group", l.Num(s.OpponentScore))
	}
	if s.Strength != "" {
		text += l.Sprintf("; prefers %s (%s)", l.T("cards.prefers."+s.Preference), l.T("cards.strength."+s.Strength))
	}
	return text
}

// ColourRule says in the language why the colours of a card's board fell
// as they did.
func ColourRule(l *catalog.Localizer, c tournament.PairingCard) string {
	switch c.ColourRule {
	case "bye":
		return l.T("cards.rule.bye")
	case "arbiter":
		return l.Sprintf("colours set by the arbiter; the rules (%s) give white to %d", c.RulesRule, c.RulesWhite)
	case "E.4":
		return l.Sprintf("E.4: alternation from the last round in which %d and %d had different colours", c.White.StartNo, c.Black.StartNo)
	}
	return l.T("cards.rule." + c.ColourRule)
}
