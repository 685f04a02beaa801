package account_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/store/storetest"
)

func TestPasswordHash(t *testing.T) {
	t.Parallel()
	// 40 Cyrillic letters are 80 bytes: past bcrypt's 72-byte limit, so the
	// last letters must still count.
	long := strings.Repeat("пароль", 6) + "шашк"
	hash, err := account.HashPassword(long + "и")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		password string
		want     bool
	}{
		{long + "и", true},
		{long + "а", false},
		{"", false},
	} {
		ok, err := account.CheckPassword(hash, tc.password)
		if err != nil || ok != tc.want {
			t.Errorf("CheckPassword(%q) = %v, %v; want %v", tc.password, ok, err, tc.want)
		}
	}
	if _, err := account.CheckPassword("$2a$10$bcrypt", "x"); err == nil {
		t.Error("a non-argon2id hash was accepted")
	}
}

func TestUsersAndTokens(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			accounts := account.NewServiceWith(st.Accounts(), account.Options{PasswordCost: account.MinPasswordCost})
			for _, tc := range []struct {
				in        account.NewUser
				wantField string
			}{
				{account.NewUser{Email: "not-an-address", Role: "admin", Password: "долгийпароль"}, "email"},
				{account.NewUser{Email: "a@example.org", Role: "king", Password: "долгийпароль"}, "role"},
				{account.NewUser{Email: "a@example.org", Role: "admin", Password: "short"}, "password"},
				{account.NewUser{Email: "a@example.org", Role: "admin", Password: "долгийпароль", Locale: "de"}, "locale"},
			} {
				_, err := accounts.AddUser(ctx, tc.in)
				if e, ok := err.(*tournament.Error); !ok || e.Field != tc.wantField {
					t.Errorf("AddUser(%+v) error = %v, want one naming %s", tc.in, err, tc.wantField)
				}
			}
			u, err := accounts.AddUser(ctx, account.NewUser{Email: " Judge@Example.org ", Names: account.Names{Name: "Судья"}, Role: "arbiter", Password: "долгийпароль"})
			if err != nil {
				t.Fatal(err)
			}
			if u.Email != "judge@example.org" || u.Locale != "ru" {
				t.Errorf("user = %+v, want e-mail lower-cased and Russian locale", u)
			}
			if _, err := accounts.Login(ctx, "judge@example.org", "долгийпароль", "192.0.2.1"); err != nil {
				t.Errorf("login with the right password: %v", err)
			}
			for _, bad := range [][2]string{{"judge@example.org", "неверный"}, {"nobody@example.org", "долгийпароль"}} {
				if _, err := accounts.Login(ctx, bad[0], bad[1], "192.0.2.1"); tournament.ErrorCode(err) != tournament.EUNAUTHORIZED {
					t.Errorf("login %s/%s: error %v, want EUNAUTHORIZED", bad[0], bad[1], err)
				}
			}

			token, _, err := accounts.CreateToken(ctx, account.NewToken{Email: "judge@example.org"})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(token, "adk_") || len(token) < 40 {
				t.Errorf("token %q is not a long adk_ token", token)
			}
			if got, err := accounts.Authenticate(ctx, token); err != nil || got.ID != u.ID {
				t.Errorf("Authenticate(new token) = %v, %v; want user %d", got, err, u.ID)
			}
			if _, err := accounts.Authenticate(ctx, token+"x"); tournament.ErrorCode(err) != tournament.EUNAUTHORIZED {
				t.Errorf("Authenticate(wrong token) error %v, want EUNAUTHORIZED", err)
			}
			if _, _, err := accounts.CreateToken(ctx, account.NewToken{Email: "nobody@example.org"}); tournament.ErrorCode(err) != tournament.ENOTFOUND {
				t.Errorf("token for an unknown user: error %v, want ENOTFOUND", err)
			}
		})
	}
}

// A hash carries its own cost: one made at the least cost and one at the
// server's both check, so that tests may hash cheaply and a later change of
// cost leaves stored passwords working.
func TestPasswordCostTravelsWithTheHash(t *testing.T) {
	t.Parallel()
	for _, cost := range []account.PasswordCost{account.MinPasswordCost, account.DefaultPasswordCost} {
		st := storetest.SQLite(t)
		s := account.NewServiceWith(st.Accounts(), account.Options{PasswordCost: cost})
		ctx := context.Background()
		if _, err := s.AddUser(ctx, account.NewUser{Email: "a@example.org", Role: "arbiter", Password: "длинный пароль"}); err != nil {
			t.Fatal(err)
		}
		u, err := s.User(ctx, "a@example.org")
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("m=%d,t=%d,", cost.MemoryKiB, cost.Passes); !strings.Contains(u.PasswordHash, want) {
			t.Errorf("hash %q does not carry %s", u.PasswordHash, want)
		}
		if _, err := s.Login(ctx, "a@example.org", "длинный пароль", "10.0.0.1"); err != nil {
			t.Errorf("cost %+v: the right password is refused: %v", cost, err)
		}
	}
}
