package people_test

import (
	"context"
	"testing"

	"adiukh/internal/names"
	"adiukh/tournament"
	"adiukh/tournament/people"
	registration "adiukh/tournament/players"
	"adiukh/tournament/store/storetest"
)

// TestRegisterOfPeople: arbiters add people, who get federation IDs and a
// Latin form; the register is searched by name in either script, ID and
// birth year; a player registered from a person takes the person's
// details; likely duplicates are found; an administrator merges two
// persons into one, moving their event players, and undoes it.
func TestRegisterOfPeople(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svc, register := services(st)
			arbiter := arbiterContext(t, st)
			admin := adminContext(t, st)
			player := playerAccount(t, st, "ann@example.org", "Анна")

			_, err := register.CreatePerson(player, people.PersonInput{Surname: ptr("Тлехас"), GivenNames: ptr("Анна")})
			wantCode(t, "a player adds a person", err, tournament.EFORBIDDEN)
			_, err = register.CreatePerson(arbiter, people.PersonInput{Surname: ptr(" "), GivenNames: ptr("Анна"), BirthYear: ptr(1850), Sex: ptr("x")})
			if e, ok := err.(*tournament.Error); !ok || e.Field != "surname" || len(e.Details) != 3 {
				t.Errorf("a bad person: %v, want three problems, the surname first", err)
			}
			murat, err := register.CreatePerson(arbiter, people.PersonInput{Surname: ptr("Берсиров"), GivenNames: ptr("Мурат Аскерович"),
				BirthYear: ptr(1992), Sex: ptr("M"), Club: ptr("Адыгейск"), Region: ptr("Адыгея"), Rank: ptr("КМС")})
			if err != nil {
				t.Fatal(err)
			}
			if murat.FederationID == "" || murat.LatinSurname != "Bersirov" || murat.LatinGivenNames != "Murat Askerovich" || murat.LatinSystem != names.ICAO || murat.Sex != "m" {
				t.Errorf("Murat: %+v, want a federation ID and the ICAO Latin form", murat)
			}
			typoIn := people.PersonInput{Surname: ptr("Берсироў"), GivenNames: ptr("Мурат Аскерович"), BirthYear: ptr(1992)}
			_, err = register.CreatePerson(arbiter, typoIn)
			wantCode(t, "a new person like Murat", err, tournament.ECONFLICT)
			typoIn.ConfirmSimilar = true
			typo, err := register.CreatePerson(arbiter, typoIn)
			if err != nil {
				t.Fatal(err)
			}
			gost, err := register.CreatePerson(arbiter, people.PersonInput{Surname: ptr("Хуажев"), GivenNames: ptr("Аслан"), BirthYear: ptr(1992), LatinSystem: ptr("gost")})
			if err != nil || gost.LatinSurname != "Xuazhev" {
				t.Fatalf("a GOST Latin form: %+v, %v", gost, err)
			}
			latin, err := register.CreatePerson(arbiter, people.PersonInput{Surname: ptr("Khuade"), GivenNames: ptr("Aslan")})
			if err != nil {
				t.Fatal(err)
			}
			for query, want := range map[string]int64{"берсиров": murat.ID, "Bersirov": murat.ID, murat.FederationID: murat.ID, "хуаж 1992": gost.ID, "адыгейск": murat.ID, "мурат адыгейск 1992": murat.ID, "хуаде": latin.ID} {
				page, err := register.People(context.Background(), query, 1)
				if err != nil || len(page.People) == 0 || page.People[0].ID != want {
					t.Errorf("search %q: %+v (%v), want person %d first", query, page, err, want)
				}
			}

			dups, err := register.Duplicates(admin)
			if err != nil || len(dups) != 1 || dups[0].Distance != 1 {
				t.Fatalf("duplicates %+v (%v), want Берсиров and Берсироў", dups, err)
			}
			_, err = register.Duplicates(arbiter)
			wantCode(t, "an arbiter asks for duplicates", err, tournament.EFORBIDDEN)

			e := createEvent(t, arbiter, svc, "swiss", 5)
			p1, err := registration.NewService(svc).RegisterPlayer(arbiter, e.ID, tournament.PlayerInput{PersonID: &typo.ID, Rating: ptr(1700)})
			if err != nil {
				t.Fatal(err)
			}
			if p1.Name != "Берсироў Мурат Аскерович" || p1.BirthYear != 1992 || p1.FederationID != typo.FederationID || p1.PersonID != typo.ID {
				t.Errorf("a player from a person: %+v", p1)
			}
			missing := int64(999999)
			_, err = registration.NewService(svc).RegisterPlayer(arbiter, e.ID, tournament.PlayerInput{PersonID: &missing})
			wantCode(t, "a missing person", err, tournament.EINVALID)

			_, err = register.MergePeople(arbiter, typo.ID, murat.ID)
			wantCode(t, "an arbiter merges", err, tournament.EFORBIDDEN)
			_, err = register.MergeIntoFederationID(admin, typo.ID, "НЕТ-ТАКОГО")
			if e, ok := err.(*tournament.Error); !ok || e.Code != tournament.EINVALID || e.Field != "into" {
				t.Errorf("a merge into an unknown federation ID: %v, want EINVALID at into", err)
			}
			// The form names the person kept by the federation ID the
			// lists and the person's page show.
			m, err := register.MergeIntoFederationID(admin, typo.ID, " "+murat.FederationID+" ")
			if err != nil || len(m.Players) != 1 || m.Into != murat.ID {
				t.Fatalf("merge: %+v, %v", m, err)
			}
			// The undo is offered on both persons' pages, to administrators,
			// for as long as the merge can be undone.
			for _, id := range []int64{murat.ID, typo.ID} {
				v, err := register.PersonPage(admin, id)
				if err != nil || len(v.Merges) != 1 || v.Merges[0].ID != m.ID || !v.Merges[0].CanUndo || v.Merges[0].Into.ID != murat.ID || v.Merges[0].From.ID != typo.ID {
					t.Errorf("person %d's page for an administrator: merges %+v (%v), want the merge with its undo", id, v.Merges, err)
				}
			}
			if v, err := register.PersonPage(arbiter, murat.ID); err != nil || len(v.Merges) != 0 {
				t.Errorf("an arbiter sees the merges %+v (%v); only administrators undo them", v.Merges, err)
			}
			view, err := register.PersonPage(context.Background(), murat.ID)
			if err != nil || len(view.Events) != 1 || view.Events[0].Player.ID != p1.ID {
				t.Errorf("after the merge Murat's page: %+v (%v), want the event of the duplicate", view, err)
			}
			if v, _ := register.PersonPage(context.Background(), typo.ID); v.MergedInto == nil || v.MergedInto.ID != murat.ID {
				t.Errorf("the merged person's page does not point to Murat: %+v", v)
			}
			// A player registered from the merged person is Murat, who
			// plays once in an event, however the entry names him.
			_, err = registration.NewService(svc).RegisterPlayer(arbiter, e.ID, tournament.PlayerInput{PersonID: &typo.ID, Name: ptr("Другой Мурат"), FederationID: ptr(""), ConfirmDuplicate: true})
			if e, ok := err.(*tournament.Error); !ok || e.Code != tournament.ECONFLICT || e.Field != "person_id" {
				t.Errorf("Murat registered twice in an event: %v, want ECONFLICT at person_id", err)
			}
			other := createEvent(t, arbiter, svc, "swiss", 5)
			p2, err := registration.NewService(svc).RegisterPlayer(arbiter, other.ID, tournament.PlayerInput{PersonID: &typo.ID, Name: ptr("Другой Мурат"), FederationID: ptr("")})
			if err != nil || p2.PersonID != murat.ID {
				t.Errorf("a player from the merged person: %+v (%v), want linked to Murat", p2, err)
			}
			if page, _ := register.People(context.Background(), "Берсироў", 1); len(page.People) != 0 {
				t.Errorf("the merged person is still listed: %+v", page.People)
			}
			_, err = register.MergePeople(admin, typo.ID, gost.ID)
			wantCode(t, "merging a merged person", err, tournament.ECONFLICT)

			if err := register.UndoMerge(admin, m.ID); err != nil {
				t.Fatal(err)
			}
			if v, _ := register.PersonPage(context.Background(), typo.ID); v.MergedInto != nil || len(v.Events) != 1 || v.Events[0].Player.ID != p1.ID {
				t.Errorf("after the undo: %+v, want the duplicate back with its player", v)
			}
			wantCode(t, "undoing twice", register.UndoMerge(admin, m.ID), tournament.ECONFLICT)
			if v, err := register.PersonPage(admin, murat.ID); err != nil || len(v.Merges) != 0 {
				t.Errorf("after the undo Murat's page lists the merges %+v (%v), want none", v.Merges, err)
			}
		})
	}
}
