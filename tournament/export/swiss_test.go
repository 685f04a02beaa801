package export

import (
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/catalog"
)

func TestPairingCardTexts(t *testing.T) {
	float := tournament.PairingCard{Board: 1, ColourRule: "arbiter", RulesRule: "E.1", RulesWhite: 7,
		White: tournament.CardSide{StartNo: 3, Score: 2.5, Float: "down", OpponentScore: 2, Preference: "white", Strength: "strong"},
		Black: tournament.CardSide{StartNo: 7, Score: 2}}
	bye := tournament.PairingCard{Board: 2, ColourRule: "bye", White: tournament.CardSide{StartNo: 9, Score: 0.5, Float: "down"}}
	alternation := tournament.PairingCard{Board: 3, ColourRule: "E.4", White: tournament.CardSide{StartNo: 1}, Black: tournament.CardSide{StartNo: 12}}
	for _, tc := range []struct {
		lang catalog.Lang
		got  func(l *catalog.Localizer) string
		want string
	}{
		{catalog.Russian, func(l *catalog.Localizer) string { return CardSide(l, float, float.White) }, "3: группа 2½, спуск к сопернику из группы 2; предпочтение: белыми (сильное)"},
		{catalog.English, func(l *catalog.Localizer) string { return CardSide(l, float, float.White) }, "3: 2½ score group, floats down to an opponent from the 2 group; prefers white (strong)"},
		{catalog.Russian, func(l *catalog.Localizer) string { return ColourRule(l, float) }, "цвета задал судья; по правилам (E.1) белыми играл бы 7"},
		{catalog.Russian, func(l *catalog.Localizer) string { return CardSide(l, bye, bye.White) }, "9: бай — спуск из группы ½"},
		{catalog.Russian, func(l *catalog.Localizer) string { return ColourRule(l, bye) }, "без соперника"},
		{catalog.English, func(l *catalog.Localizer) string { return ColourRule(l, alternation) }, "E.4: alternation from the last round in which 1 and 12 had different colours"},
		{catalog.Russian, func(l *catalog.Localizer) string {
			return PairingWarning(l, tournament.PairingWarning{Code: "rematch", Players: []int{4, 11}, Format: "players %d and %d have already played each other (C1)"})
		}, "игроки 4 и 11 уже встречались (C1)"},
		{catalog.English, func(l *catalog.Localizer) string {
			return PairingWarning(l, tournament.PairingWarning{Code: "rematch", TextRU: "игроки 4 и 11 уже встречались (C1)", TextEN: "players 4 and 11 have already played each other"})
		}, "players 4 and 11 have already played each other"},
	} {
		if got := tc.got(catalog.For(tc.lang)); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.lang, got, tc.want)
		}
	}
}

// A player on a document carries the name in Latin letters, which English
// documents print first; a name with no Cyrillic has none to add.
func TestPlayerViewInLatin(t *testing.T) {
	for name, want := range map[string]string{"Хуажев Аслан": "Khuazhev Aslan", "Smith John": ""} {
		if got := PlayerView(&tournament.Player{Name: name}).Latin; got != want {
			t.Errorf("%s in Latin letters: %q, want %q", name, got, want)
		}
	}
}
