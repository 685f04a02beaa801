package store_test

import (
	"context"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/people"
	"adiukh/tournament/store"
)

// TestFederationsKept: a player's federation, sex and full birth date and a
// person's federation are written and read back on both databases (issue
// 64).
func TestFederationsKept(t *testing.T) {
	t.Parallel()
	forEachDB(t, func(t *testing.T, st *store.Store) {
		_, e := seedEvent(t, st)
		players := []tournament.Player{{EventID: e.ID, StartNo: 1, Name: "Baliakin Alexander", FirstRound: 1, Federation: "NED", Sex: tournament.Men, BirthDate: "1990-05-17", BirthYear: 1990}}
		update(t, st, func(tx tournament.Tx) error { return tx.CreatePlayers(players) })
		update(t, st, func(tx tournament.Tx) error {
			got, err := tx.Players(e.ID)
			if err != nil {
				return err
			}
			if len(got) != 1 || got[0].Federation != "NED" || got[0].Sex != tournament.Men || got[0].BirthDate != "1990-05-17" {
				t.Errorf("a player of NED, a man born 1990-05-17, reads back as %+v", got)
			}
			return nil
		})
		person := &tournament.Person{Surname: "Ндяй", GivenNames: "Мамаду", Federation: "SEN"}
		err := st.People().Update(context.Background(), func(tx people.Tx) error {
			if err := tx.CreatePerson(person); err != nil {
				return err
			}
			got, err := tx.Person(person.ID)
			if err == nil && got.Federation != "SEN" {
				t.Errorf("a person of SEN reads back of %q", got.Federation)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}
