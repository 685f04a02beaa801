package account_test

import (
	"context"
	"regexp"
	"slices"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/store/storetest"
)

func TestAdministratorsManageAccounts(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			bg := context.Background()
			accounts := account.NewServiceWith(st.Accounts(), account.Options{PasswordCost: account.MinPasswordCost})
			add := func(email, name, role string) *tournament.User {
				u, err := accounts.AddUser(bg, account.NewUser{Email: email, Names: account.Names{Name: name}, Role: role, Password: "пароль роли"})
				if err != nil {
					t.Fatal(err)
				}
				return u
			}
			admin := add("admin@example.org", "Админ", "admin")
			arbiter := add("arbiter@example.org", "Судья", "arbiter")
			asAdmin := tournament.NewContextWithUser(bg, admin)
			asArbiter := tournament.NewContextWithUser(bg, arbiter)

			// Nobody but an administrator.
			for who, ctx := range map[string]context.Context{"anonymous": bg, "arbiter": asArbiter} {
				want := map[string]string{"anonymous": tournament.EUNAUTHORIZED, "arbiter": tournament.EFORBIDDEN}[who]
				if _, err := accounts.Accounts(ctx); tournament.ErrorCode(err) != want {
					t.Errorf("%s lists accounts: %v, want %s", who, err, want)
				}
				if _, _, err := accounts.CreateAccount(ctx, account.NewAccount{Email: "x@example.org", Names: account.Names{Name: "Икс"}, Role: "admin"}); tournament.ErrorCode(err) != want {
					t.Errorf("%s adds an account: %v, want %s", who, err, want)
				}
				if _, err := accounts.SetRole(ctx, arbiter.ID, "admin"); tournament.ErrorCode(err) != want {
					t.Errorf("%s changes a role: %v, want %s", who, err, want)
				}
				if _, _, err := accounts.ResetPassword(ctx, admin.ID); tournament.ErrorCode(err) != want {
					t.Errorf("%s resets a password: %v, want %s", who, err, want)
				}
			}

			// Adding: bad input is refused at its field.
			for _, tc := range []struct {
				in    account.NewAccount
				field string
			}{
				{account.NewAccount{Email: "nope", Names: account.Names{Name: "Автор"}, Role: "player"}, "email"},
				{account.NewAccount{Email: "author@example.org", Names: account.Names{Name: "  "}, Role: "player"}, "name"},
				{account.NewAccount{Email: "author@example.org", Names: account.Names{Name: "Автор"}, Role: "king"}, "role"},
				{account.NewAccount{Email: "ARBITER@example.org", Names: account.Names{Name: "Двойник"}, Role: "player"}, "email"},
			} {
				_, _, err := accounts.CreateAccount(asAdmin, tc.in)
				if e, ok := err.(*tournament.Error); !ok || e.Field != tc.field {
					t.Errorf("CreateAccount(%+v): %v, want an error at %s", tc.in, err, tc.field)
				}
			}
			author, password, err := accounts.CreateAccount(asAdmin, account.NewAccount{Email: " Author@Example.org", Names: account.Names{Name: "Автор  Задач"}, Role: "player"})
			if err != nil {
				t.Fatal(err)
			}
			if !regexp.MustCompile(`^[a-z2-9]{4}(-[a-z2-9]{4}){3}$`).MatchString(password) {
				t.Errorf("one-time password %q, want four groups of four", password)
			}
			if author.Email != "author@example.org" || author.Name != "Автор Задач" || author.Role != tournament.PlayerRole {
				t.Errorf("added %+v", author)
			}
			if _, err := accounts.Login(bg, author.Email, password, "192.0.2.1"); err != nil {
				t.Errorf("sign in with the one-time password: %v", err)
			}

			list, err := accounts.Accounts(asAdmin)
			if err != nil {
				t.Fatal(err)
			}
			var order []string
			for _, u := range list {
				order = append(order, u.Email)
			}
			if want := []string{"admin@example.org", "arbiter@example.org", "author@example.org"}; !slices.Equal(order, want) {
				t.Errorf("accounts in order %v, want %v", order, want)
			}

			// The last administrator keeps the role, whoever asks.
			if _, err := accounts.SetRole(asAdmin, admin.ID, "arbiter"); tournament.ErrorCode(err) != tournament.ECONFLICT {
				t.Errorf("the last administrator demotes themself: %v, want ECONFLICT", err)
			}
			if _, err := accounts.SetRole(account.AsOperator(bg), admin.ID, "player"); tournament.ErrorCode(err) != tournament.ECONFLICT {
				t.Errorf("the command line demotes the last administrator: %v, want ECONFLICT", err)
			}
			if _, err := accounts.SetRole(asAdmin, arbiter.ID, "chief"); tournament.ErrorCode(err) != tournament.EINVALID {
				t.Errorf("unknown role: %v, want EINVALID", err)
			}
			if _, err := accounts.SetRole(asAdmin, 999, "arbiter"); tournament.ErrorCode(err) != tournament.ENOTFOUND {
				t.Errorf("missing account: %v, want ENOTFOUND", err)
			}
			if u, err := accounts.SetRole(asAdmin, arbiter.ID, "admin"); err != nil || u.Role != tournament.Admin {
				t.Fatalf("promote the arbiter: %+v, %v", u, err)
			}
			if u, err := accounts.SetRole(asAdmin, admin.ID, "arbiter"); err != nil || u.Role != tournament.ArbiterRole {
				t.Errorf("demote oneself beside another administrator: %+v, %v", u, err)
			}
			if got, _ := accounts.User(bg, admin.Email); got.Role != tournament.ArbiterRole {
				t.Errorf("stored role %s, want arbiter", got.Role)
			}

			// A new password ends the account's sign-ins and API tokens;
			// one's own is changed on the account page.
			newAdmin, _ := accounts.User(bg, arbiter.Email)
			asNewAdmin := tournament.NewContextWithUser(bg, newAdmin)
			session, err := accounts.StartSession(bg, author)
			if err != nil {
				t.Fatal(err)
			}
			token, _, err := accounts.CreateToken(tournament.NewContextWithUser(bg, author), account.NewToken{Email: author.Email})
			if err != nil {
				t.Fatal(err)
			}
			if _, _, err := accounts.ResetPassword(asNewAdmin, newAdmin.ID); tournament.ErrorCode(err) != tournament.EINVALID {
				t.Errorf("reset one's own password: %v, want EINVALID", err)
			}
			u, fresh, err := accounts.ResetPassword(asNewAdmin, author.ID)
			if err != nil || u.ID != author.ID || fresh == password {
				t.Fatalf("reset: %+v, %q, %v", u, fresh, err)
			}
			if _, err := accounts.SessionUser(bg, session); tournament.ErrorCode(err) != tournament.EUNAUTHORIZED {
				t.Errorf("the author's sign-in after a new password: %v, want ended", err)
			}
			if _, err := accounts.Authenticate(bg, token); tournament.ErrorCode(err) != tournament.EUNAUTHORIZED {
				t.Errorf("the author's API token after a new password: %v, want revoked (issue 48.6)", err)
			}
			if _, err := accounts.Login(bg, author.Email, password, "192.0.2.2"); err == nil {
				t.Error("the old one-time password still works")
			}
			if _, err := accounts.Login(bg, author.Email, fresh, "192.0.2.2"); err != nil {
				t.Errorf("sign in with the new password: %v", err)
			}
		})
	}
}
