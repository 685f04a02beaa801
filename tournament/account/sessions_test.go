package account_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/store/storetest"
)

func TestSessionsAndTokensEnd(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
			accounts := account.NewServiceWith(st.Accounts(), account.Options{Now: func() time.Time { return now }, PasswordCost: account.MinPasswordCost})
			ctx := context.Background()
			owner, err := accounts.AddUser(ctx, account.NewUser{Email: "owner@example.org", Role: "arbiter", Password: "долгийпароль"})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := accounts.AddUser(ctx, account.NewUser{Email: "other@example.org", Role: "arbiter", Password: "долгийпароль"}); err != nil {
				t.Fatal(err)
			}
			asOwner := tournament.NewContextWithUser(ctx, owner)

			// Sessions: one ends on logout, the rest when the password
			// changes, and each on its own after 14 days.
			phone, _ := accounts.StartSession(ctx, owner)
			laptop, _ := accounts.StartSession(ctx, owner)
			if err := accounts.EndSession(ctx, phone); err != nil {
				t.Fatal(err)
			}
			if _, err := accounts.SessionUser(ctx, phone); tournament.ErrorCode(err) != tournament.EUNAUTHORIZED {
				t.Errorf("a session after logout: %v, want EUNAUTHORIZED", err)
			}
			if u, err := accounts.SessionUser(ctx, laptop); err != nil || u.ID != owner.ID {
				t.Errorf("another session of the same user after logout: %v, %v", u, err)
			}
			if err := accounts.SetPassword(asOwner, "owner@example.org", "не тот", "новый долгий пароль", "10.0.0.1"); tournament.ErrorCode(err) != tournament.EINVALID {
				t.Errorf("new password with a wrong current one: %v, want EINVALID", err)
			}
			if err := accounts.SetPassword(asOwner, "owner@example.org", "долгийпароль", "новый долгий пароль", "10.0.0.1"); err != nil {
				t.Fatal(err)
			}
			if _, err := accounts.SessionUser(ctx, laptop); tournament.ErrorCode(err) != tournament.EUNAUTHORIZED {
				t.Errorf("a session after a password change: %v, want EUNAUTHORIZED", err)
			}
			if _, err := accounts.Login(ctx, "owner@example.org", "новый долгий пароль", "10.0.0.1"); err != nil {
				t.Errorf("the new password: %v", err)
			}
			tablet, _ := accounts.StartSession(ctx, owner)
			now = now.Add(account.SessionTTL)
			if _, err := accounts.SessionUser(ctx, tablet); tournament.ErrorCode(err) != tournament.EUNAUTHORIZED {
				t.Errorf("a session after 14 days: %v, want EUNAUTHORIZED", err)
			}

			// An administrator (here the command line) ends anyone's sessions;
			// another arbiter may not.
			s1, _ := accounts.StartSession(ctx, owner)
			other, _ := accounts.User(ctx, "other@example.org")
			if _, err := accounts.EndSessions(tournament.NewContextWithUser(ctx, other), "owner@example.org"); tournament.ErrorCode(err) != tournament.EFORBIDDEN {
				t.Errorf("another arbiter ends the owner's sessions: %v, want EFORBIDDEN", err)
			}
			if n, err := accounts.EndSessions(account.AsOperator(ctx), "owner@example.org"); err != nil || n != 1 {
				t.Errorf("the operator ends the owner's sessions: %d, %v; want 1 ended", n, err)
			}
			if _, err := accounts.SessionUser(ctx, s1); tournament.ErrorCode(err) != tournament.EUNAUTHORIZED {
				t.Errorf("a session ended by an administrator: %v", err)
			}

			// Tokens expire, are listed, and are revoked by their owner only.
			short, tok, err := accounts.CreateToken(ctx, account.NewToken{Email: "owner@example.org", Name: "results script", TTL: 24 * time.Hour})
			if err != nil || !tok.ExpiresAt.Equal(now.Add(24*time.Hour)) {
				t.Fatalf("token: %+v, %v", tok, err)
			}
			long, _, _ := accounts.CreateToken(ctx, account.NewToken{Email: "owner@example.org"})
			if _, _, err := accounts.CreateToken(ctx, account.NewToken{Email: "owner@example.org", TTL: 400 * 24 * time.Hour}); tournament.ErrorCode(err) != tournament.EINVALID {
				t.Errorf("a token for 400 days: %v, want EINVALID", err)
			}
			list, err := accounts.Tokens(asOwner, "owner@example.org")
			if err != nil || len(list) != 2 || list[1].Name != "results script" {
				t.Fatalf("tokens: %+v, %v; want two, the named one second (newest first)", list, err)
			}
			if _, err := accounts.Tokens(tournament.NewContextWithUser(ctx, other), "owner@example.org"); tournament.ErrorCode(err) != tournament.EFORBIDDEN {
				t.Errorf("another arbiter lists the owner's tokens: %v, want EFORBIDDEN", err)
			}
			now = now.Add(24 * time.Hour)
			if _, err := accounts.Authenticate(ctx, short); tournament.ErrorCode(err) != tournament.EUNAUTHORIZED {
				t.Errorf("an expired token: %v, want EUNAUTHORIZED", err)
			}
			if _, err := accounts.Authenticate(ctx, long); err != nil {
				t.Errorf("a token within its 90 days: %v", err)
			}
			if err := accounts.RevokeToken(tournament.NewContextWithUser(ctx, other), list[0].ID); tournament.ErrorCode(err) != tournament.ENOTFOUND {
				t.Errorf("another arbiter revokes the owner's token: %v, want ENOTFOUND", err)
			}
			if err := accounts.RevokeToken(asOwner, list[0].ID); err != nil {
				t.Fatal(err)
			}
			if _, err := accounts.Authenticate(ctx, long); tournament.ErrorCode(err) != tournament.EUNAUTHORIZED {
				t.Errorf("a revoked token: %v, want EUNAUTHORIZED", err)
			}
		})
	}
}

// An account's name is set by its user or an administrator, spaces tidied;
// it cannot be emptied or made longer than 100 characters.
func TestSetNameAsOneString(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			accounts := account.NewServiceWith(st.Accounts(), account.Options{PasswordCost: account.MinPasswordCost})
			ctx := context.Background()
			solver, err := accounts.AddUser(ctx, account.NewUser{Email: "solver@example.org", Role: "player", Password: "долгийпароль"})
			if err != nil {
				t.Fatal(err)
			}
			other, err := accounts.AddUser(ctx, account.NewUser{Email: "other@example.org", Role: "arbiter", Password: "долгийпароль"})
			if err != nil {
				t.Fatal(err)
			}
			admin, err := accounts.AddUser(ctx, account.NewUser{Email: "admin@example.org", Role: "admin", Password: "долгийпароль"})
			if err != nil {
				t.Fatal(err)
			}
			setName := func(ctx context.Context, email, name string) (*tournament.User, error) {
				return accounts.UpdateAccount(ctx, email, account.AccountUpdate{Name: &name})
			}
			asSolver := tournament.NewContextWithUser(ctx, solver)
			if u, err := setName(asSolver, "Solver@example.org", "  Анна   Решалова "); err != nil || u.Name != "Анна Решалова" {
				t.Errorf("her own name: %+v, %v", u, err)
			}
			if u, err := accounts.User(ctx, "solver@example.org"); err != nil || u.Name != "Анна Решалова" {
				t.Errorf("the name kept: %+v, %v", u, err)
			}
			for what, tc := range map[string]struct {
				as    *tournament.User
				name  string
				code  string
				field string
			}{
				"another's name":  {other, "Чужое", tournament.EFORBIDDEN, ""},
				"an empty name":   {solver, " \t ", tournament.EINVALID, "name"},
				"a name too long": {solver, strings.Repeat("я", 101), tournament.EINVALID, "name"},
			} {
				_, err := setName(tournament.NewContextWithUser(ctx, tc.as), "solver@example.org", tc.name)
				var te *tournament.Error
				if tournament.ErrorCode(err) != tc.code || (tc.field != "" && (!errors.As(err, &te) || te.Field != tc.field)) {
					t.Errorf("%s: %v, want %s on %q", what, err, tc.code, tc.field)
				}
			}
			if u, err := setName(tournament.NewContextWithUser(ctx, admin), "solver@example.org", strings.Repeat("я", 100)); err != nil || u.Name != strings.Repeat("я", 100) {
				t.Errorf("an administrator names her: %v", err)
			}
			// A new account's name follows the same rules.
			if u, err := accounts.AddUser(ctx, account.NewUser{Email: "new@example.org", Names: account.Names{Name: " Новый   Решатель "}, Role: "player", Password: "долгийпароль"}); err != nil || u.Name != "Новый Решатель" {
				t.Errorf("a new account's name: %+v, %v", u, err)
			}
			_, err = accounts.AddUser(ctx, account.NewUser{Email: "long@example.org", Names: account.Names{Name: strings.Repeat("я", 101)}, Role: "player", Password: "долгийпароль"})
			if tournament.ErrorCode(err) != tournament.EINVALID {
				t.Errorf("a new account with a name too long: %v", err)
			}
		})
	}
}
