package names_test

import (
	"testing"

	"adiukh/internal/names"
)

func TestTransliterate(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, system, want string }{
		{"Щукин Юлия", names.ICAO, "Shchukin Iuliia"},
		{"Щукин Юлия", names.GOST, "Shhukin Yuliya"},
		{"Берсиров Мурат", names.ICAO, "Bersirov Murat"},
		{"Хуажев Аслан", names.ICAO, "Khuazhev Aslan"},
		{"Хуажев Аслан", names.GOST, "Xuazhev Aslan"},
		{"Цицин Царь", names.GOST, "Cicin Czar`"},
		{"Артём Ёлкин", names.ICAO, "Artem Elkin"},
		{"Артём Ёлкин", names.GOST, "Artyom Yolkin"},
		{"Подъячев Ильич", names.ICAO, "Podieiachev Ilich"},
		{"ШЕУДЖЕН", names.ICAO, "SHEUDZHEN"},
		{"Smith-Тлехас", names.ICAO, "Smith-Tlekhas"},
	} {
		if got := names.Transliterate(tc.in, tc.system); got != tc.want {
			t.Errorf("Transliterate(%q, %s) = %q, want %q", tc.in, tc.system, got, tc.want)
		}
	}
}
