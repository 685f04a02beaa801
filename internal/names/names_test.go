package names_test

import (
	"slices"
	"testing"

	"adiukh/internal/names"
)

// TestMatch: one person's names in another order, with ё or е, with and
// without a patronymic or one part of a double surname, with a slip, in
// Latin letters; and different people, who must not match.
func TestMatch(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		a, b    string
		match   bool
		slips   int
		missing int
	}{
		{"Тлехас Аслан", "Аслан Тлехас", true, 0, 0},
		{"Хачемизов Тимур", "Тимур Хачемизов", true, 0, 0},
		{"Иванова-Петрова Мария", "Мария Иванова-Петрова", true, 0, 0},
		{"Иванова-Петрова Мария", "Мария Петрова-Иванова", true, 0, 0},
		{"Иванова-Петрова Мария", "Иванова Мария", true, 0, 1},
		{"Ефремова Анна", "Ефрёмова Анна", true, 0, 0},
		{"Ёлкин Алексей Петрович", "Елкин Алексей", true, 0, 1},
		{"Алексей Елкин", "Ёлкин Алексей Петрович", true, 0, 1},
		{"Ильина Ольга Ильинична", "Ольга Ильина", true, 0, 1},
		{"Хуажев Аслон", "Хуажев Аслан", true, 1, 0},
		{"Хуажев Аслон", "Аслан Хужев", true, 2, 0},
		{"Tlekhas Anna", "Тлехас Анна", true, 0, 0},
		{"Anna Tlekhas", "Тлехас Анна", true, 0, 0},
		{"Khachemizov Timur", "Тимур Хачемизов", true, 0, 0},
		{"Iuliia Shchukina", "Щукина Юлия", true, 0, 0},
		{"Yuliya Shhukina", "Щукина Юлия", true, 0, 0},
		{"Ivanova-Petrova Maria", "Мария Иванова", true, 1, 1},
		{"  ТЛЕХАС   аслан ", "Аслан Тлехас", true, 0, 0},

		// Different people.
		{"Тлехас Аслан", "Тлехас Анна", false, 0, 0},
		{"Тлехас Аслан", "Хуажев Аслан", false, 0, 0},
		{"Иванов Иван", "Иванова Ивана", false, 0, 0},
		{"Петров Саша", "Петрова Саша", false, 0, 0},
		{"Petrov Sasha", "Петрова Саша", false, 0, 0},
		{"Ким Ян", "Ким Ан", false, 0, 0},
		{"Игрок0001 Тест", "Игрок0002 Тест", false, 0, 0},
		{"Хуажев 1990", "Хуажев 1991", false, 0, 0},
		{"Ли Ян", "Ян Ди", false, 0, 0},
		{"Тлехас", "Тлехас Аслан", false, 0, 0},
		{"Аслан Тлехас", "Тлехас Мурат Аслан", false, 0, 0},
		{"Ёлкин Алексей", "Ёлкин Алексей Петрович Иванов", false, 0, 0},
		{"Ёлкин Алексей Петрович", "Ёлкин Алексей Иванович", false, 0, 0},
		{"Петров Алексей", "Петров Алексей Сергей", false, 0, 0},
		{"Хуажев Аслон", "Хужев Асла", false, 0, 0},
		{"Smith John", "Тлехас Анна", false, 0, 0},
		{"", "", false, 0, 0},
	} {
		got, ok := names.Match(tc.a, tc.b)
		if ok != tc.match || (ok && (got.Slips != tc.slips || got.Missing != tc.missing)) {
			t.Errorf("Match(%q, %q) = %+v, %v; want match %v with %d slips and %d missing", tc.a, tc.b, got, ok, tc.match, tc.slips, tc.missing)
		}
		back, okBack := names.Match(tc.b, tc.a)
		if okBack != ok || back != got {
			t.Errorf("Match(%q, %q) = %+v, %v, but the other way round %+v, %v", tc.a, tc.b, got, ok, back, okBack)
		}
	}
}

func TestWords(t *testing.T) {
	t.Parallel()
	if got, want := names.Words(" Иванова-Петрова  МАРИЯ Ёлкина"), []string{"иванова", "петрова", "мария", "елкина"}; !slices.Equal(got, want) {
		t.Errorf("Words = %q, want %q", got, want)
	}
}
