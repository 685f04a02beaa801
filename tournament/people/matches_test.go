package people_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/people"
	registration "adiukh/tournament/players"
	"adiukh/tournament/store/storetest"
)

// TestPlayersMatchedToTheRegister: a pasted list links the players whose
// federation ID is in the register; the others are offered to the arbiter
// with the persons they may be (a slip in the name, the Latin form, the
// same name born another year), a sure match is linked in one go, the
// arbiter confirms another by hand or adds a newcomer to the register; a
// person plays once in an event, and every link is in the audit log.
func TestPlayersMatchedToTheRegister(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svc, register := services(st)
			arbiter := arbiterContext(t, st)
			person := func(surname, given string, born int) *tournament.Person {
				p, err := register.CreatePerson(arbiter, people.PersonInput{Surname: &surname, GivenNames: &given, BirthYear: &born, Club: ptr("Майкоп")})
				if err != nil {
					t.Fatal(err)
				}
				return p
			}
			murat := person("Берсиров", "Мурат", 1992)
			aslan := person("Хуажев", "Аслан", 1990)
			anna := person("Тлехас", "Анна", 2001)
			annaElder := person("Тлехас", "Анна", 1970)
			saida := person("Ёлкина", "Саида", 1999)

			e := createEvent(t, arbiter, svc, "swiss", 5)
			players := registerList(t, arbiter, st, e.ID, "Берсиров Мурат,,1992,,,"+murat.FederationID+"\n"+
				"Хуажев Аслон,,1990\n"+
				"Tlekhas Anna,,2001\n"+
				"Елкина Саида,,1999\n"+
				"Новиков Пётр,,2005,Адыгейск,Адыгея\n")
			byName := map[string]tournament.Player{}
			for _, p := range players {
				byName[p.Name] = p
			}
			if byName["Берсиров Мурат"].PersonID != murat.ID {
				t.Errorf("the player with Murat's federation ID is not linked: %+v", byName["Берсиров Мурат"])
			}

			view, err := register.RegisterMatches(arbiter, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			matches := view.Matches
			if view.Sure != 2 {
				t.Errorf("%d sure matches offered, want Саида and Anna", view.Sure)
			}
			offered := map[string][]int64{}
			for _, m := range matches {
				for _, c := range m.Candidates {
					offered[m.Player.Name] = append(offered[m.Player.Name], c.Person.ID)
				}
			}
			for player, want := range map[string][]int64{
				"Хуажев Аслон": {aslan.ID},
				"Tlekhas Anna": {anna.ID, annaElder.ID}, // the same birth year first
				"Елкина Саида": {saida.ID},
				"Новиков Пётр": nil,
			} {
				if got := offered[player]; len(got) != len(want) || (len(want) > 0 && got[0] != want[0]) {
					t.Errorf("%s is offered %v, want %v", player, got, want)
				}
			}
			if len(matches) != 4 {
				t.Errorf("%d players to match, want 4 (Murat is linked)", len(matches))
			}
			_, err = register.RegisterMatches(playerAccount(t, st, "ann@example.org", "Анна"), e.ID)
			wantCode(t, "a player reads the matches", err, tournament.EFORBIDDEN)

			// Саида is sure: the same name (ё = е) and birth year; so is
			// Anna by her Latin name, her namesake being born another
			// year. Аслан's name has a slip: he waits for the arbiter.
			n, err := register.LinkSureMatches(arbiter, e.ID)
			if err != nil || n != 2 {
				t.Fatalf("sure matches linked %d (%v), want Саида and Anna", n, err)
			}
			ps := playersByName(t, arbiter, svc, e.ID)
			if ps["Елкина Саида"].PersonID != saida.ID || ps["Елкина Саида"].FederationID != saida.FederationID || ps["Елкина Саида"].Club != "Майкоп" {
				t.Errorf("Саида after the sure matches: %+v", ps["Елкина Саида"])
			}
			if ps["Хуажев Аслон"].PersonID != 0 {
				t.Errorf("a name with a slip was linked without the arbiter: %+v", ps["Хуажев Аслон"])
			}

			if _, err := register.LinkPlayerToPerson(arbiter, e.ID, ps["Хуажев Аслон"].ID, aslan.ID); err != nil {
				t.Fatal(err)
			}
			if a := lastAudit(t, arbiter, svc, e.ID); a.Action != people.ActionPlayerPerson {
				t.Errorf("the link's audit entry: %+v", a)
			}
			_, err = register.LinkPlayerToPerson(arbiter, e.ID, ps["Новиков Пётр"].ID, aslan.ID)
			wantCode(t, "a person linked twice in an event", err, tournament.ECONFLICT)
			_, err = register.LinkPlayerToPerson(arbiter, e.ID, ps["Новиков Пётр"].ID, 999999)
			wantCode(t, "a missing person", err, tournament.EINVALID)

			newcomer, err := register.AddPlayerToRegister(arbiter, e.ID, ps["Новиков Пётр"].ID, people.NewPersonNames{})
			if err != nil {
				t.Fatal(err)
			}
			if newcomer.Surname != "Новиков" || newcomer.GivenNames != "Пётр" || newcomer.BirthYear != 2005 || newcomer.Club != "Адыгейск" || newcomer.Region != "Адыгея" || newcomer.FederationID == "" {
				t.Errorf("the newcomer in the register: %+v", newcomer)
			}
			_, err = register.AddPlayerToRegister(arbiter, e.ID, ps["Новиков Пётр"].ID, people.NewPersonNames{})
			wantCode(t, "adding a linked player again", err, tournament.ECONFLICT)

			ps = playersByName(t, arbiter, svc, e.ID)
			if ps["Новиков Пётр"].PersonID != newcomer.ID || ps["Новиков Пётр"].FederationID != newcomer.FederationID {
				t.Errorf("the newcomer's player: %+v", ps["Новиков Пётр"])
			}
			if _, err := register.LinkPlayerToPerson(arbiter, e.ID, ps["Хуажев Аслон"].ID, 0); err != nil {
				t.Fatal(err)
			}
			if view, _ := register.RegisterMatches(arbiter, e.ID); len(view.Matches) != 1 || view.Matches[0].Player.Name != "Хуажев Аслон" {
				t.Errorf("after unlinking Аслан: %+v, want him offered again", view.Matches)
			}
		})
	}
}

func playersByName(t *testing.T, ctx context.Context, svc *tournament.Service, eventID int64) map[string]tournament.Player {
	t.Helper()
	players, err := svc.Players(ctx, eventID)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]tournament.Player{}
	for _, p := range players {
		out[p.Name] = p
	}
	return out
}

// A person written in Latin letters only is offered for a player whose
// name is in Cyrillic, and the other way round.
func TestLatinOnlyPersonOffered(t *testing.T) {
	t.Parallel()
	st := storetest.Open(t)["sqlite"]
	svc, register := services(st)
	arbiter := arbiterContext(t, st)
	latin, err := register.CreatePerson(arbiter, people.PersonInput{Surname: ptr("Khuade"), GivenNames: ptr("Aslan"), BirthYear: ptr(1990)})
	if err != nil {
		t.Fatal(err)
	}
	cyrillic, err := register.CreatePerson(arbiter, people.PersonInput{Surname: ptr("Тлехас"), GivenNames: ptr("Мурат"), BirthYear: ptr(2001)})
	if err != nil {
		t.Fatal(err)
	}
	e := createEvent(t, arbiter, svc, "swiss", 5)
	registerList(t, arbiter, st, e.ID, "Хуаде Аслан,,1990\nTlekhas Murat,,2001\n")
	view, err := register.RegisterMatches(arbiter, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int64{"Хуаде Аслан": latin.ID, "Tlekhas Murat": cyrillic.ID}
	for _, m := range view.Matches {
		if len(m.Candidates) != 1 || m.Candidates[0].Person.ID != want[m.Player.Name] {
			t.Errorf("%s is offered %+v, want person %d", m.Player.Name, m.Candidates, want[m.Player.Name])
		}
	}
}

// TestMatchesWhateverTheOrder: entrants already in the register are
// offered whatever the order of their names' words, with ё or е, with one
// part of a double surname or without the patronymic, those born the
// entrant's year first; different people are not offered; and the
// duplicate finder pairs the same persons of the register.
func TestMatchesWhateverTheOrder(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svc, register := services(st)
			arbiter := arbiterContext(t, st)
			admin := adminContext(t, st)
			person := func(surname, given string, born int) *tournament.Person {
				p, err := register.CreatePerson(arbiter, people.PersonInput{Surname: &surname, GivenNames: &given, BirthYear: &born})
				if err != nil {
					t.Fatal(err)
				}
				return p
			}
			aslan := person("Тлехас", "Аслан", 1990)
			person("Тлехас", "Анна", 1990)
			maria := person("Иванова-Петрова", "Мария", 1985)
			efremova := person("Ефрёмова", "Ольга", 2000)
			elkin := person("Ёлкин", "Алексей Петрович", 1975)
			elkinElder := person("Елкин", "Алексей", 1950)
			timur := person("Хачемизов", "Тимур", 2003)
			person("Петров", "Саша", 2003)

			e := createEvent(t, arbiter, svc, "swiss", 5)
			registerList(t, arbiter, st, e.ID, "Аслан Тлехас,,1990\n"+
				"Мария Петрова-Иванова,,1985\n"+
				"Ефремова Ольга,,2000\n"+
				"Елкин Алексей,,1975\n"+
				"Timur Khachemizov,,2003\n"+
				"Петрова Саша,,2003\n")
			view, err := register.RegisterMatches(arbiter, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			want := map[string][]int64{
				"Аслан Тлехас":          {aslan.ID},
				"Мария Петрова-Иванова": {maria.ID},
				"Ефремова Ольга":        {efremova.ID},
				"Елкин Алексей":         {elkin.ID, elkinElder.ID}, // the same birth year first
				"Timur Khachemizov":     {timur.ID},
				"Петрова Саша":          nil, // Петров Саша is another person
			}
			for _, m := range view.Matches {
				var got []int64
				for _, c := range m.Candidates {
					got = append(got, c.Person.ID)
				}
				if !slices.Equal(got, want[m.Player.Name]) {
					t.Errorf("%s is offered %v, want %v", m.Player.Name, got, want[m.Player.Name])
				}
			}
			if len(view.Matches) != len(want) {
				t.Errorf("%d players to match, want %d", len(view.Matches), len(want))
			}
			// The same words and birth year are sure; a missing patronymic
			// waits for the arbiter.
			if view.Sure != 4 {
				t.Errorf("%d sure matches, want Тлехас, Иванова-Петрова, Ефрёмова and Хачемизов", view.Sure)
			}

			// A new person who looks like one of the register waits for
			// the confirmation, in either order of the words.
			for _, n := range [][2]string{{"Аслан", "Тлехас"}, {"Елкин", "Алексей"}} {
				_, err := register.CreatePerson(arbiter, people.PersonInput{Surname: &n[0], GivenNames: &n[1]})
				wantCode(t, n[0]+" "+n[1]+" added again", err, tournament.ECONFLICT)
			}
			confirmed := func(surname, given string, born int) *tournament.Person {
				p, err := register.CreatePerson(arbiter, people.PersonInput{Surname: &surname, GivenNames: &given, BirthYear: &born, ConfirmSimilar: true})
				if err != nil {
					t.Fatal(err)
				}
				return p
			}
			twin := confirmed("Аслан", "Тлехас", 1990)
			elkinAgain := confirmed("Елкин", "Алексей", 1975)
			dups, err := register.Duplicates(admin)
			if err != nil {
				t.Fatal(err)
			}
			pairs := map[[2]int64]bool{}
			for _, d := range dups {
				pairs[[2]int64{min(d.A.ID, d.B.ID), max(d.A.ID, d.B.ID)}] = true
			}
			for _, p := range [][2]int64{{aslan.ID, twin.ID}, {elkin.ID, elkinAgain.ID}} {
				if !pairs[p] {
					t.Errorf("the duplicates %+v leave out persons %v", dups, p)
				}
			}
			if len(dups) != 2 {
				t.Errorf("duplicates %+v, want only Тлехас Аслан and Ёлкин Алексей twice", dups)
			}
		})
	}
}

// TestNewPersonFromAnAccount: a player whose account gives the name in
// parts is added to the register under them as they are (the patronymic
// kept apart, which lists leave out and the person's full name has) and
// with the account's sex, so a woman is found among women; an account's
// name in one string is not split by guessing: the arbiter gives the
// parts, the patronymic if any, which the matches show empty.
func TestNewPersonFromAnAccount(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svc, register := services(st)
			arbiter := arbiterContext(t, st)
			account := func(email, name, surname, given, patronymic, sex string) *tournament.User {
				u := &tournament.User{Email: email, Name: name, Surname: surname, GivenNames: given, Patronymic: patronymic, Sex: sex, Role: tournament.PlayerRole, Locale: "ru"}
				signIn(t, st, u)
				return u
			}
			asiet := account("asiet@example.org", "Хачемизова Асиет", "Хачемизова", "Асиет", "Руслановна", tournament.Women)
			timur := account("timur@example.org", "Тимур Хачемизов", "", "", "", "")
			e := createEvent(t, arbiter, svc, "swiss", 5)
			for _, a := range []struct {
				u    *tournament.User
				name string
			}{{asiet, asiet.Name}, {timur, timur.Name}} {
				p, err := registration.NewService(svc).RegisterPlayer(arbiter, e.ID, tournament.PlayerInput{Name: &a.name, BirthYear: ptr(2003)})
				if err != nil {
					t.Fatal(err)
				}
				if err := svc.LinkPlayer(arbiter, e.ID, p.ID, a.u.Email); err != nil {
					t.Fatal(err)
				}
			}
			view, err := register.RegisterMatches(arbiter, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			split := map[string][3]string{}
			for _, m := range view.Matches {
				split[m.Player.Name] = [3]string{m.Surname, m.GivenNames, m.Patronymic}
			}
			if split["Хачемизова Асиет"] != [3]string{"Хачемизова", "Асиет", "Руслановна"} || split["Тимур Хачемизов"] != [3]string{} {
				t.Errorf("the names offered for new persons: %v", split)
			}
			ps := playersByName(t, arbiter, svc, e.ID)
			woman, err := register.AddPlayerToRegister(arbiter, e.ID, ps["Хачемизова Асиет"].ID, people.NewPersonNames{})
			if err != nil {
				t.Fatal(err)
			}
			if woman.Surname != "Хачемизова" || woman.GivenNames != "Асиет" || woman.Patronymic != "Руслановна" || woman.Sex != tournament.Women ||
				woman.LatinName() != "Khachemizova Asiet" || woman.Name() != "Хачемизова Асиет" || woman.FullName() != "Хачемизова Асиет Руслановна" {
				t.Errorf("the person from the account's parts: %+v", woman)
			}
			_, err = register.AddPlayerToRegister(arbiter, e.ID, ps["Тимур Хачемизов"].ID, people.NewPersonNames{})
			var te *tournament.Error
			if !errors.As(err, &te) || te.Code != tournament.EINVALID || te.Field != "surname" {
				t.Errorf("a name in one string: %v, want EINVALID at surname", err)
			}
			man, err := register.AddPlayerToRegister(arbiter, e.ID, ps["Тимур Хачемизов"].ID, people.NewPersonNames{Surname: "Хачемизов", GivenNames: "Тимур", Patronymic: " Асланович "})
			if err != nil || man.Surname != "Хачемизов" || man.GivenNames != "Тимур" || man.Patronymic != "Асланович" || man.LatinName() != "Khachemizov Timur" || man.Sex != "" {
				t.Errorf("the arbiter's split: %+v, %v", man, err)
			}
		})
	}
}
