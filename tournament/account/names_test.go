package account_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/store/storetest"
)

// TestNamesInParts: an account is named by surname and given names (and an
// optional patronymic), shown surname first; a part changes alone; a name
// given as one string stays as typed, never split or reordered; an account
// made before keeps its one string until its holder gives the parts; the
// sex is the register's or none; every wrong field is named.
func TestNamesInParts(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			accounts := account.NewServiceWith(st.Accounts(), account.Options{PasswordCost: account.MinPasswordCost})
			ctx := context.Background()
			timur, err := accounts.AddUser(ctx, account.NewUser{Email: "timur@example.org", Names: account.Names{Surname: " Хачемизов ", GivenNames: "Тимур"}, Role: "player", Password: "долгийпароль"})
			if err != nil {
				t.Fatal(err)
			}
			if timur.Name != "Хачемизов Тимур" || timur.Surname != "Хачемизов" || timur.GivenNames != "Тимур" || !timur.NamedInParts() {
				t.Errorf("a name in parts: %+v", timur)
			}
			old, err := accounts.AddUser(ctx, account.NewUser{Email: "old@example.org", Names: account.Names{Name: "Тимур Хачемизов"}, Role: "player", Password: "долгийпароль"})
			if err != nil {
				t.Fatal(err)
			}
			if old.Name != "Тимур Хачемизов" || old.Surname != "" || old.NamedInParts() {
				t.Errorf("a name as one string is kept as typed: %+v", old)
			}
			asOld := tournament.NewContextWithUser(ctx, old)
			u, err := accounts.UpdateAccount(asOld, old.Email, account.AccountUpdate{Surname: ptr("Хачемизов"), GivenNames: ptr("Тимур"), Patronymic: ptr("Русланович"), Sex: ptr("m")})
			if err != nil || u.Name != "Хачемизов Тимур" || u.Patronymic != "Русланович" || u.Sex != "m" {
				t.Fatalf("the parts given on the account page: %+v, %v", u, err)
			}
			if u, err = accounts.UpdateAccount(asOld, old.Email, account.AccountUpdate{GivenNames: ptr("Тимурбий")}); err != nil || u.Name != "Хачемизов Тимурбий" || u.Patronymic != "Русланович" {
				t.Errorf("one part changed: %+v, %v", u, err)
			}
			if u, err = accounts.User(ctx, old.Email); err != nil || u.Surname != "Хачемизов" || u.GivenNames != "Тимурбий" || u.Patronymic != "Русланович" || u.Sex != "m" {
				t.Errorf("the parts kept: %+v, %v", u, err)
			}
			for what, tc := range map[string]struct {
				in     account.AccountUpdate
				fields []string
			}{
				"no surname":             {account.AccountUpdate{Surname: ptr(" ")}, []string{"surname"}},
				"both kinds":             {account.AccountUpdate{Name: ptr("Тимур"), GivenNames: ptr("Тимур")}, []string{"name"}},
				"a long patronymic, sex": {account.AccountUpdate{Patronymic: ptr(strings.Repeat("я", 61)), Sex: ptr("x")}, []string{"patronymic", "sex"}},
			} {
				_, err := accounts.UpdateAccount(asOld, old.Email, tc.in)
				var te *tournament.Error
				if !errors.As(err, &te) || te.Code != tournament.EINVALID {
					t.Errorf("%s: %v, want EINVALID", what, err)
					continue
				}
				problems := append([]*tournament.Error{te}, te.Details...)
				for _, f := range tc.fields {
					found := false
					for _, p := range problems {
						found = found || p.Field == f
					}
					if !found {
						t.Errorf("%s: %v does not name %s", what, err, f)
					}
				}
			}
			_, err = accounts.UpdateAccount(tournament.NewContextWithUser(ctx, timur), old.Email, account.AccountUpdate{Surname: ptr("Чужой")})
			if tournament.ErrorCode(err) != tournament.EFORBIDDEN {
				t.Errorf("another's name: %v, want EFORBIDDEN", err)
			}
		})
	}
}

func ptr[T any](v T) *T { return &v }
