package store_test

import (
	"context"
	"fmt"
	"testing"

	"adiukh/tournament/people"
	"adiukh/tournament/store/storetest"
)

// A rank the register kept as free text becomes a title of Adiukh when the
// rule book reads it; one it does not read stays as it was typed, nothing
// lost.
func TestPersonTitlesMigration(t *testing.T) {
	t.Parallel()
	for name, dsn := range storetest.DSNs(t) {
		t.Run(name, func(t *testing.T) {
			exec, open := olderDatabase(t, dsn, "20261126152500-player-titles")
			for id, rank := range map[int]string{1: "кмс", 2: "мастер", 3: "", 4: "I юн."} {
				exec(`INSERT INTO people (id, federation_id, surname, given_names, latin_surname, latin_given_names, latin_system, name_key, sex, birth_year, club, region, rank, created_at)
					VALUES (?, ?, 'Хуаде', 'Аслан', 'Khuade', 'Aslan', 'icao', 'хуаде аслан', '', 1990, '', '', ?, '2026-01-01 00:00:00')`, id, fmt.Sprint(100000+id), rank)
			}
			err := open().People().View(context.Background(), func(tx people.Tx) error {
				for id, want := range map[int64]string{1: "[{adiukh КМС  }] ", 2: "[] мастер", 3: "[] ", 4: "[{adiukh 1ю  }] "} {
					p, err := tx.Person(id)
					if err != nil {
						return err
					}
					if got := fmt.Sprintf("%v %s", p.Titles, p.Rank); got != want {
						t.Errorf("person %d: titles and rank %q, want %q", id, got, want)
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}
