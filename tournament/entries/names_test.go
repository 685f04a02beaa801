package entries_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/entries"
	"adiukh/tournament/store/storetest"
)

// TestAcceptEntryAs: an entry of an account named in parts becomes a
// player named surname first; an account's name in one string is not
// split by guessing: the arbiter gives the surname and given names (and
// the patronymic if any), which name the player (without the patronymic)
// and stay on the account in parts (its shown name as typed), and accepting all leaves it to the arbiter; names given for an
// account in parts are refused; the sex the entry gives becomes the
// account's.
func TestAcceptEntryAs(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svc, ent := services(st, engines.Options())
			arbiter := storetest.Arbiter(t, st)
			e, _ := storetest.Event(t, arbiter, svc, "swiss", 5)
			if _, err := ent.SetEntries(arbiter, e.ID, entries.EntrySettingsInput{Open: ptr(true)}); err != nil {
				t.Fatal(err)
			}
			inParts := &tournament.User{Email: "asiet@example.org", Name: "Хачемизова Асиет", Surname: "Хачемизова", GivenNames: "Асиет", Role: tournament.PlayerRole, Locale: "ru"}
			if err := st.Accounts().Update(context.Background(), func(tx account.Tx) error { return tx.CreateUser(inParts) }); err != nil {
				t.Fatal(err)
			}
			asiet, err := ent.Enter(tournament.NewContextWithUser(context.Background(), inParts), e.ID, entries.EntryInput{Sex: tournament.Women})
			if err != nil {
				t.Fatal(err)
			}
			timur, err := ent.Enter(playerAccount(t, st, "timur@example.org", "Тимур Хачемизов"), e.ID, entries.EntryInput{})
			if err != nil {
				t.Fatal(err)
			}
			v, err := ent.Entries(arbiter, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			if v.OneString[asiet.ID] || !v.OneString[timur.ID] {
				t.Errorf("entries of names in one string: %v, want Тимур's only", v.OneString)
			}

			_, err = ent.AcceptEntryAs(arbiter, e.ID, asiet.ID, entries.EntrantNames{Surname: "Асиет", GivenNames: "Хачемизова"})
			wantField(t, "an account's own parts renamed", err, "surname")
			// Accepting all leaves the name in one string to the arbiter.
			done, err := ent.AcceptEntries(arbiter, e.ID)
			if err != nil || len(done) != 1 || done[0].ID != asiet.ID {
				t.Fatalf("accepted all: %+v, %v; want Асиет's entry only", done, err)
			}
			_, err = ent.AcceptEntryAs(arbiter, e.ID, timur.ID, entries.EntrantNames{})
			wantField(t, "a name in one string without the split", err, "surname")
			_, err = ent.AcceptEntryAs(arbiter, e.ID, timur.ID, entries.EntrantNames{Surname: "Хачемизов"})
			wantField(t, "a surname alone", err, "given_names")
			_, err = ent.AcceptEntryAs(arbiter, e.ID, timur.ID, entries.EntrantNames{Surname: "Хачемизов", GivenNames: "Тимур", Patronymic: strings.Repeat("о", 61)})
			wantField(t, "a patronymic of 61 letters", err, "patronymic")
			if _, err := ent.AcceptEntryAs(arbiter, e.ID, timur.ID, entries.EntrantNames{Surname: " Хачемизов ", GivenNames: "Тимур", Patronymic: " Асланович"}); err != nil {
				t.Fatal(err)
			}
			players := map[string]bool{}
			ps, err := svc.Players(arbiter, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range ps {
				players[p.Name] = true
			}
			if !players["Хачемизова Асиет"] || !players["Хачемизов Тимур"] || len(ps) != 2 {
				t.Errorf("the players %v, want both surname first", players)
			}
			accounts := account.NewService(st.Accounts())
			if u, err := accounts.User(context.Background(), "timur@example.org"); err != nil || u.Surname != "Хачемизов" || u.GivenNames != "Тимур" || u.Patronymic != "Асланович" || u.Name != "Тимур Хачемизов" {
				t.Errorf("Тимур's account after the split: %+v, %v", u, err)
			}
			if u, err := accounts.User(context.Background(), "asiet@example.org"); err != nil || u.Sex != tournament.Women || u.GivenNames != "Асиет" {
				t.Errorf("Асиет's account after her entry: %+v, %v", u, err)
			}
		})
	}
}

func wantField(t *testing.T, what string, err error, field string) {
	t.Helper()
	var te *tournament.Error
	if !errors.As(err, &te) || te.Code != tournament.EINVALID || te.Field != field {
		t.Errorf("%s: %v, want EINVALID at %s", what, err, field)
	}
}
