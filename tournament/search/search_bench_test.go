package search_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/search"
	"adiukh/tournament/store"
)

// BenchmarkSearch asks an anonymous reader's search of a site with 2,000
// public events of 30 players each (60,000 players) on an SQLite file: a
// surname found in a few hundred events, first and later pages, and an
// event's city. Before the index the search read every visible event and
// its players on each request.
func BenchmarkSearch(b *testing.B) {
	st, err := store.Open(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	surnames := []string{"Берсиров", "Ёлкин", "Хуажев", "Абрегов", "Шхалахов", "Тлехас", "Нагоев"}
	cities := []string{"Майкоп", "Адыгейск", "Краснодар", "Нальчик"}
	u := &tournament.User{Email: "arbiter@example.org", Role: tournament.ArbiterRole}
	if err := st.Accounts().Update(context.Background(), func(tx account.Tx) error { return tx.CreateUser(u) }); err != nil {
		b.Fatal(err)
	}
	err = st.Update(context.Background(), func(tx tournament.Tx) error {
		for i := range 2000 {
			e := &tournament.Event{Name: fmt.Sprintf("Кубок %d", i+1), City: cities[i%len(cities)], Discipline: tournament.Rapid,
				System: tournament.Swiss, Rounds: 7, StartDate: fmt.Sprintf("2026-%02d-%02d", i%12+1, i%28+1), Status: tournament.Registration,
				Visibility: tournament.Public, OwnerID: u.ID, Scoring: tournament.DefaultScoring(tournament.Swiss)}
			if err := tx.CreateEvent(e); err != nil {
				return err
			}
			for j := range 30 {
				name := fmt.Sprintf("%s%d Аслан", surnames[(i+j)%len(surnames)], j)
				if err := tx.CreatePlayer(&tournament.Player{EventID: e.ID, StartNo: j + 1, Name: name}); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	svc := search.NewService(st.Search())
	for _, bc := range []struct {
		name, query string
		page        int
	}{{"surname", "ёлкин1", 1}, {"surname-page-10", "ёлкин1", 10}, {"two-words", "хуажев2 аслан", 1}, {"city", "майкоп", 1}, {"nothing", "жираф", 1}} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				found, err := svc.Search(context.Background(), bc.query, bc.page)
				if err != nil {
					b.Fatal(err)
				}
				if bc.name != "nothing" && len(found.Hits) == 0 {
					b.Fatalf("%q found nothing", bc.query)
				}
			}
		})
	}
}
