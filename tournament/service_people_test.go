package tournament_test

import (
	"context"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/store"
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
			svc := tournament.NewService(st, engines.Options())
			arbiter := arbiterContext(t, st)
			admin := adminContext(t, st)
			player := playerAccount(t, st, "ann@example.org", "Анна")

			_, err := svc.CreatePerson(player, tournament.PersonInput{Surname: ptr("Тлехас"), GivenNames: ptr("Анна")})
			wantCode(t, "a player adds a person", err, tournament.EFORBIDDEN)
			_, err = svc.CreatePerson(arbiter, tournament.PersonInput{Surname: ptr(" "), GivenNames: ptr("Анна"), BirthYear: ptr(1850), Sex: ptr("x")})
			if e, ok := err.(*tournament.Error); !ok || e.Field != "surname" || len(e.Details) != 3 {
				t.Errorf("a bad person: %v, want three problems, the surname first", err)
			}
			murat, err := svc.CreatePerson(arbiter, tournament.PersonInput{Surname: ptr("Берсиров"), GivenNames: ptr("Мурат Аскерович"),
				BirthYear: ptr(1992), Sex: ptr("M"), Club: ptr("Адыгейск"), Region: ptr("Адыгея"), Rank: ptr("КМС")})
			if err != nil {
				t.Fatal(err)
			}
			if murat.FederationID == "" || murat.LatinSurname != "Bersirov" || murat.LatinGivenNames != "Murat Askerovich" || murat.LatinSystem != tournament.ICAO || murat.Sex != "m" {
				t.Errorf("Murat: %+v, want a federation ID and the ICAO Latin form", murat)
			}
			typo, err := svc.CreatePerson(arbiter, tournament.PersonInput{Surname: ptr("Берсироў"), GivenNames: ptr("Мурат Аскерович"), BirthYear: ptr(1992)})
			if err != nil {
				t.Fatal(err)
			}
			gost, err := svc.CreatePerson(arbiter, tournament.PersonInput{Surname: ptr("Хуажев"), GivenNames: ptr("Аслан"), BirthYear: ptr(1992), LatinSystem: ptr("gost")})
			if err != nil || gost.LatinSurname != "Xuazhev" {
				t.Fatalf("a GOST Latin form: %+v, %v", gost, err)
			}
			latin, err := svc.CreatePerson(arbiter, tournament.PersonInput{Surname: ptr("Khuade"), GivenNames: ptr("Aslan")})
			if err != nil {
				t.Fatal(err)
			}
			for query, want := range map[string]int64{"берсиров": murat.ID, "Bersirov": murat.ID, murat.FederationID: murat.ID, "хуаж 1992": gost.ID, "адыгейск": murat.ID, "мурат адыгейск 1992": murat.ID, "хуаде": latin.ID} {
				page, err := svc.People(context.Background(), query, 1)
				if err != nil || len(page.People) == 0 || page.People[0].ID != want {
					t.Errorf("search %q: %+v (%v), want person %d first", query, page, err, want)
				}
			}

			dups, err := svc.Duplicates(admin)
			if err != nil || len(dups) != 1 || dups[0].Distance != 1 {
				t.Fatalf("duplicates %+v (%v), want Берсиров and Берсироў", dups, err)
			}
			_, err = svc.Duplicates(arbiter)
			wantCode(t, "an arbiter asks for duplicates", err, tournament.EFORBIDDEN)

			e, _ := createEvent(t, arbiter, svc, "swiss", 5)
			p1, err := svc.RegisterPlayer(arbiter, e.ID, tournament.PlayerInput{PersonID: &typo.ID, Rating: ptr(1700)})
			if err != nil {
				t.Fatal(err)
			}
			if p1.Name != "Берсироў Мурат Аскерович" || p1.BirthYear != 1992 || p1.FederationID != typo.FederationID || p1.PersonID != typo.ID {
				t.Errorf("a player from a person: %+v", p1)
			}
			missing := int64(999999)
			_, err = svc.RegisterPlayer(arbiter, e.ID, tournament.PlayerInput{PersonID: &missing})
			wantCode(t, "a missing person", err, tournament.EINVALID)

			_, err = svc.MergePeople(arbiter, typo.ID, murat.ID)
			wantCode(t, "an arbiter merges", err, tournament.EFORBIDDEN)
			m, err := svc.MergePeople(admin, typo.ID, murat.ID)
			if err != nil || len(m.Players) != 1 {
				t.Fatalf("merge: %+v, %v", m, err)
			}
			view, err := svc.PersonPage(context.Background(), murat.ID)
			if err != nil || len(view.Events) != 1 || view.Events[0].Player.ID != p1.ID {
				t.Errorf("after the merge Murat's page: %+v (%v), want the event of the duplicate", view, err)
			}
			if v, _ := svc.PersonPage(context.Background(), typo.ID); v.MergedInto == nil || v.MergedInto.ID != murat.ID {
				t.Errorf("the merged person's page does not point to Murat: %+v", v)
			}
			// A player registered from the merged person is Murat, who
			// plays once in an event, however the entry names him.
			_, err = svc.RegisterPlayer(arbiter, e.ID, tournament.PlayerInput{PersonID: &typo.ID, Name: ptr("Другой Мурат"), FederationID: ptr(""), ConfirmDuplicate: true})
			if e, ok := err.(*tournament.Error); !ok || e.Code != tournament.ECONFLICT || e.Field != "person_id" {
				t.Errorf("Murat registered twice in an event: %v, want ECONFLICT at person_id", err)
			}
			other, _ := createEvent(t, arbiter, svc, "swiss", 5)
			p2, err := svc.RegisterPlayer(arbiter, other.ID, tournament.PlayerInput{PersonID: &typo.ID, Name: ptr("Другой Мурат"), FederationID: ptr("")})
			if err != nil || p2.PersonID != murat.ID {
				t.Errorf("a player from the merged person: %+v (%v), want linked to Murat", p2, err)
			}
			if page, _ := svc.People(context.Background(), "Берсироў", 1); len(page.People) != 0 {
				t.Errorf("the merged person is still listed: %+v", page.People)
			}
			_, err = svc.MergePeople(admin, typo.ID, gost.ID)
			wantCode(t, "merging a merged person", err, tournament.ECONFLICT)

			if err := svc.UndoMerge(admin, m.ID); err != nil {
				t.Fatal(err)
			}
			if v, _ := svc.PersonPage(context.Background(), typo.ID); v.MergedInto != nil || len(v.Events) != 1 || v.Events[0].Player.ID != p1.ID {
				t.Errorf("after the undo: %+v, want the duplicate back with its player", v)
			}
			wantCode(t, "undoing twice", svc.UndoMerge(admin, m.ID), tournament.ECONFLICT)
		})
	}
}

// adminContext signs in an administrator created in the store.
func adminContext(t *testing.T, st *store.Store) context.Context {
	t.Helper()
	u := &tournament.User{Email: "admin@example.org", Role: tournament.Admin, Locale: "ru"}
	if err := st.Accounts().Update(context.Background(), func(tx account.Tx) error { return tx.CreateUser(u) }); err != nil {
		t.Fatal(err)
	}
	return tournament.NewContextWithUser(context.Background(), u)
}

// An entry of an account linked to the register is accepted as that
// person: the register's name and the published rating, not what the entry
// typed.
func TestEntryOfALinkedAccount(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	svc := tournament.NewService(st, engines.Options())
	arbiter := arbiterContext(t, st)
	ann := playerAccount(t, st, "ann@example.org", "Аня")
	person, err := svc.CreatePerson(arbiter, tournament.PersonInput{Surname: ptr("Тлехас"), GivenNames: ptr("Анна Руслановна"), BirthYear: ptr(1995)})
	if err != nil {
		t.Fatal(err)
	}
	claim, err := svc.ClaimPerson(ann, person.ID)
	if err != nil {
		t.Fatal(err)
	}
	if err := svc.DecideClaim(arbiter, claim.ID, true, ""); err != nil {
		t.Fatal(err)
	}
	e, _ := createEvent(t, arbiter, svc, "swiss", 5)
	if _, err := svc.SetEntries(arbiter, e.ID, tournament.EntrySettingsInput{Open: ptr(true)}); err != nil {
		t.Fatal(err)
	}
	en, err := svc.Enter(ann, e.ID, tournament.EntryInput{Rating: 2100})
	if err != nil {
		t.Fatal(err)
	}
	accepted, err := svc.AcceptEntry(arbiter, e.ID, en.ID)
	if err != nil {
		t.Fatal(err)
	}
	players, _ := svc.Players(arbiter, e.ID)
	for _, p := range players {
		if p.ID == accepted.PlayerID && (p.PersonID != person.ID || p.Name != "Тлехас Анна Руслановна" || p.Rating != 0 || p.FederationID != person.FederationID) {
			t.Errorf("the accepted player %+v, want the person with no published rating", p)
		}
	}
}
