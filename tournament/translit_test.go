package tournament_test

import (
	"testing"

	"adiukh/tournament"
)

func TestTransliterate(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, system, want string }{
		{"Щукин Юлия", tournament.ICAO, "Shchukin Iuliia"},
		{"Щукин Юлия", tournament.GOST, "Shhukin Yuliya"},
		{"Берсиров Мурат", tournament.ICAO, "Bersirov Murat"},
		{"Хуажев Аслан", tournament.ICAO, "Khuazhev Aslan"},
		{"Хуажев Аслан", tournament.GOST, "Xuazhev Aslan"},
		{"Цицин Царь", tournament.GOST, "Cicin Czar`"},
		{"Артём Ёлкин", tournament.ICAO, "Artem Elkin"},
		{"Артём Ёлкин", tournament.GOST, "Artyom Yolkin"},
		{"Подъячев Ильич", tournament.ICAO, "Podieiachev Ilich"},
		{"ШЕУДЖЕН", tournament.ICAO, "SHEUDZHEN"},
		{"Smith-Тлехас", tournament.ICAO, "Smith-Tlekhas"},
	} {
		if got := tournament.Transliterate(tc.in, tc.system); got != tc.want {
			t.Errorf("Transliterate(%q, %s) = %q, want %q", tc.in, tc.system, got, tc.want)
		}
	}
}
