package people_test

import (
	"fmt"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/people"
)

// BenchmarkLikelyDuplicates: the duplicate finder over a register of 5,000
// persons born over 60 years, each name compared by its words.
func BenchmarkLikelyDuplicates(b *testing.B) {
	surnames := []string{"Хуажев", "Тлехас", "Берсиров", "Ёлкин", "Иванов", "Петров", "Хачемизов", "Шеуджен", "Ачмиз", "Тхагапсов"}
	given := []string{"Аслан", "Мурат", "Тимур", "Заур", "Бислан", "Олег", "Алексей", "Руслан", "Казбек", "Адам"}
	persons := make([]tournament.Person, 5000)
	for i := range persons {
		persons[i] = tournament.Person{ID: int64(i + 1), Surname: surnames[i%len(surnames)] + fmt.Sprint(i/100), GivenNames: given[(i/10)%len(given)], BirthYear: 1950 + i%60}
		persons[i].LatinSurname, persons[i].LatinGivenNames = persons[i].Surname, persons[i].GivenNames
	}
	b.ResetTimer()
	for range b.N {
		people.LikelyDuplicates(persons)
	}
}
