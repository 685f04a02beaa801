package people_test

import (
	"testing"

	"adiukh/tournament/people"
)

func TestTransliterate(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, system, want string }{
		{"Щукин Юлия", people.ICAO, "Shchukin Iuliia"},
		{"Щукин Юлия", people.GOST, "Shhukin Yuliya"},
		{"Берсиров Мурат", people.ICAO, "Bersirov Murat"},
		{"Хуажев Аслан", people.ICAO, "Khuazhev Aslan"},
		{"Хуажев Аслан", people.GOST, "Xuazhev Aslan"},
		{"Цицин Царь", people.GOST, "Cicin Czar`"},
		{"Артём Ёлкин", people.ICAO, "Artem Elkin"},
		{"Артём Ёлкин", people.GOST, "Artyom Yolkin"},
		{"Подъячев Ильич", people.ICAO, "Podieiachev Ilich"},
		{"ШЕУДЖЕН", people.ICAO, "SHEUDZHEN"},
		{"Smith-Тлехас", people.ICAO, "Smith-Tlekhas"},
	} {
		if got := people.Transliterate(tc.in, tc.system); got != tc.want {
			t.Errorf("Transliterate(%q, %s) = %q, want %q", tc.in, tc.system, got, tc.want)
		}
	}
}
