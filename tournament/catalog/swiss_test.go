package catalog

import (
	"testing"

	"adiukh/tournament"
)

func TestPairingCardTexts(t *testing.T) {
	float := tournament.PairingCard{Board: 1, ColourRule: "arbiter", RulesRule: "E.1", RulesWhite: 7,
		White: tournament.CardSide{StartNo: 3, Score: 2.5, Float: "down", OpponentScore: 2, Preference: "white", Strength: "strong"},
		Black: tournament.CardSide{StartNo: 7, Score: 2}}
	bye := tournament.PairingCard{Board: 2, ColourRule: "bye", White: tournament.CardSide{StartNo: 9, Score: 0.5, Float: "down"}}
	alternation := tournament.PairingCard{Board: 3, ColourRule: "E.4", White: tournament.CardSide{StartNo: 1}, Black: tournament.CardSide{StartNo: 12}}
	for _, tc := range []struct {
		lang Lang
		got  func(l *Localizer) string
		want string
	}{
		{Russian, func(l *Localizer) string { return l.CardSide(float, float.White) }, "3: группа 2½, спуск к сопернику из группы 2; предпочтение: белыми (сильное)"},
		{English, func(l *Localizer) string { return l.CardSide(float, float.White) }, "3: 2½ score group, floats down to an opponent from the 2 group; prefers white (strong)"},
		{Russian, func(l *Localizer) string { return l.ColourRule(float) }, "цвета задал судья; по правилам (E.1) белыми играл бы 7"},
		{Russian, func(l *Localizer) string { return l.CardSide(bye, bye.White) }, "9: бай — спуск из группы ½"},
		{Russian, func(l *Localizer) string { return l.ColourRule(bye) }, "без соперника"},
		{English, func(l *Localizer) string { return l.ColourRule(alternation) }, "E.4: alternation from the last round in which 1 and 12 had different colours"},
		{Russian, func(l *Localizer) string {
			return l.PairingWarning(tournament.PairingWarning{Code: "rematch", Players: []int{4, 11}, Format: "players %d and %d have already played each other (C1)"})
		}, "игроки 4 и 11 уже встречались (C1)"},
		{English, func(l *Localizer) string {
			return l.PairingWarning(tournament.PairingWarning{Code: "rematch", TextRU: "игроки 4 и 11 уже встречались (C1)", TextEN: "players 4 and 11 have already played each other"})
		}, "players 4 and 11 have already played each other"},
	} {
		if got := tc.got(For(tc.lang)); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.lang, got, tc.want)
		}
	}
}
