package people_test

import (
	"errors"
	"fmt"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/people"
	registration "adiukh/tournament/players"
	"adiukh/tournament/store/storetest"
)

// A person of the register holds ranks and titles game by game, each with
// its date and awarding body, checked by the rule book of its game; a
// player of an event who is the person takes their highest title in the
// event's game, registered from the register or linked to it later, and
// a player added to the register brings theirs.
func TestPersonTitles(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svc, register := services(st)
			arbiter := arbiterContext(t, st)
			bad := []tournament.PersonTitle{{Game: "russian", Title: "КМС"}, {Game: "russian", Title: "GMI"}, {Game: "chess", Title: "GM"},
				{Game: "adiukh", Title: "I", Awarded: "17.05.2024"}, {Game: "russian", Title: "кмс"}}
			_, err := register.CreatePerson(arbiter, people.PersonInput{Surname: ptr("Хуаде"), GivenNames: ptr("Аслан"), Titles: &bad})
			var e *tournament.Error
			if !errors.As(err, &e) || len(e.Details) != 4 || e.Details[0].Field != "titles[1].title" || e.Details[1].Field != "titles[2].game" ||
				e.Details[2].Field != "titles[3].awarded" || e.Details[3].Field != "titles[4].title" {
				t.Fatalf("titles of another game, of no game, with a bad date and twice: %v; want each named at its place", err)
			}
			titles := []tournament.PersonTitle{{Game: "russian", Title: "I", Awarded: "2019-03-01", AwardedBy: "Минспорт Адыгеи"}, {}, {Game: "russian", Title: "кмс", Awarded: "2024-05-17", AwardedBy: "Минспорт Адыгеи"},
				{Game: "international", Title: "gmi", Awarded: "2025-10-01", AwardedBy: "FMJD"}}
			person, err := register.CreatePerson(arbiter, people.PersonInput{Surname: ptr("Хуаде"), GivenNames: ptr("Аслан"), Titles: &titles})
			if err != nil {
				t.Fatal(err)
			}
			if got := fmt.Sprint(person.Titles); got != "[{russian I 2019-03-01 Минспорт Адыгеи} {russian КМС 2024-05-17 Минспорт Адыгеи} {international GMI 2025-10-01 FMJD}]" {
				t.Errorf("titles kept as %s", got)
			}
			event := func(game string) *tournament.Event {
				e, err := svc.CreateEvent(arbiter, tournament.EventInput{Name: ptr("Первенство"), Game: ptr(game), Discipline: ptr("rapid"), System: ptr("swiss"), Rounds: ptr(5)})
				if err != nil {
					t.Fatal(err)
				}
				return e
			}
			for game, want := range map[string]string{"russian": "КМС", "international": "GMI", "adiukh": ""} {
				p, err := registration.NewService(svc).RegisterPlayer(arbiter, event(game).ID, tournament.PlayerInput{PersonID: &person.ID})
				if err != nil || p.Title != want {
					t.Errorf("registered from the register in a %s event: %+v, %v; want the title %q", game, p, err, want)
				}
			}
			russian := event("russian")
			p, err := registration.NewService(svc).RegisterPlayer(arbiter, russian.ID, tournament.PlayerInput{Name: ptr("Хуаде Аслан")})
			if err != nil {
				t.Fatal(err)
			}
			if p, err = register.LinkPlayerToPerson(arbiter, russian.ID, p.ID, person.ID); err != nil || p.Title != "КМС" {
				t.Errorf("linked to the register: %+v, %v; want the title КМС", p, err)
			}
			// A player new to the register brings the title of the event's
			// game along.
			newcomer, err := registration.NewService(svc).RegisterPlayer(arbiter, russian.ID, tournament.PlayerInput{Name: ptr("Тлехас Мурат"), Title: ptr("1 разряд")})
			if err != nil {
				t.Fatal(err)
			}
			added, err := register.AddPlayerToRegister(arbiter, russian.ID, newcomer.ID, people.NewPersonNames{})
			if err != nil || fmt.Sprint(added.Titles) != "[{russian I  }]" {
				t.Errorf("a player added to the register: %+v, %v; want the title I of Russian draughts", added, err)
			}
		})
	}
}
