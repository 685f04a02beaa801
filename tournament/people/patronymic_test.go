package people_test

import (
	"slices"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/entries"
	"adiukh/tournament/people"
	"adiukh/tournament/store/storetest"
)

// A person's patronymic is kept apart from the given names: lists name
// the person without it, their full name has it; the register finds them
// by it; the matches take a player named without it for the person in
// full, and tell apart two persons whom only the patronymic tells apart;
// it is optional, checked for length and removed by an empty one.
func TestPatronymicApart(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svc, register := services(st)
			arbiter := arbiterContext(t, st)
			admin := adminContext(t, st)
			person := func(surname, given, patronymic string, born int, confirm bool) *tournament.Person {
				p, err := register.CreatePerson(arbiter, people.PersonInput{Surname: &surname, GivenNames: &given, Patronymic: &patronymic, BirthYear: &born, ConfirmSimilar: confirm})
				if err != nil {
					t.Fatal(err)
				}
				return p
			}
			petrovich := person("Ёлкин", "Алексей", " Петрович ", 1975, false)
			if petrovich.Name() != "Ёлкин Алексей" || petrovich.FullName() != "Ёлкин Алексей Петрович" || petrovich.LatinName() != "Elkin Aleksei" {
				t.Errorf("the person reads %q, in full %q, in Latin %q", petrovich.Name(), petrovich.FullName(), petrovich.LatinName())
			}
			// Two persons whom only the patronymic tells apart are not
			// alike; one without a patronymic is.
			ivanovich := person("Елкин", "Алексей", "Иванович", 1975, false)
			_, err := register.CreatePerson(arbiter, people.PersonInput{Surname: ptr("Елкин"), GivenNames: ptr("Алексей"), BirthYear: ptr(1975)})
			wantCode(t, "Елкин Алексей added beside two with patronymics", err, tournament.ECONFLICT)

			found, err := register.People(arbiter, "петрович", 1)
			if err != nil {
				t.Fatal(err)
			}
			if len(found.People) != 1 || found.People[0].ID != petrovich.ID || found.People[0].Patronymic != "Петрович" {
				t.Errorf("the search for the patronymic finds %+v", found.People)
			}

			e := createEvent(t, arbiter, svc, "swiss", 5)
			lines, err := entries.ParsePlayerList("Елкин Алексей,,1975\nЕлкин Алексей Петрович,,1975\n")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := entries.NewService(st.Entries(), entries.Options{}).RegisterPlayers(arbiter, e.ID, lines, true); err != nil {
				t.Fatal(err)
			}
			view, err := register.RegisterMatches(arbiter, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range view.Matches {
				var ids []int64
				for _, c := range m.Candidates {
					ids = append(ids, c.Person.ID)
				}
				slices.Sort(ids)
				switch m.Player.Name {
				case "Елкин Алексей":
					// Either may be him: nobody is sure.
					if !slices.Equal(ids, []int64{petrovich.ID, ivanovich.ID}) || m.Sure() != nil {
						t.Errorf("%s is offered %v, sure %v; want both, neither sure", m.Player.Name, ids, m.Sure())
					}
				case "Елкин Алексей Петрович":
					if sure := m.Sure(); sure == nil || sure.ID != petrovich.ID {
						t.Errorf("%s is offered %+v, sure %v; want Петрович sure", m.Player.Name, m.Candidates, sure)
					}
				}
			}

			without := person("Елкин", "Алексей", "", 1975, true)
			dups, err := register.Duplicates(admin)
			if err != nil {
				t.Fatal(err)
			}
			var pairs []string
			for _, d := range dups {
				pairs = append(pairs, d.A.FullName()+" / "+d.B.FullName())
			}
			slices.Sort(pairs)
			want := []string{"Ёлкин Алексей Петрович / Елкин Алексей", "Елкин Алексей Иванович / Елкин Алексей"}
			if strings.Join(pairs, "; ") != strings.Join(want, "; ") {
				t.Errorf("duplicates %q, want %q", pairs, want)
			}

			_, err = register.UpdatePerson(admin, without.ID, people.PersonInput{Patronymic: ptr(strings.Repeat("о", 61))})
			wantCode(t, "a patronymic of 61 letters", err, tournament.EINVALID)
			changed, err := register.UpdatePerson(admin, petrovich.ID, people.PersonInput{Patronymic: ptr("")})
			if err != nil || changed.Patronymic != "" || changed.FullName() != "Ёлкин Алексей" {
				t.Errorf("the patronymic removed: %+v, %v", changed, err)
			}
		})
	}
}
