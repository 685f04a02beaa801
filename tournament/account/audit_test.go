package account_test

import (
	"context"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/store/storetest"
)

// Every change to an account lands in the account audit log, in the
// transaction of the change, with who made it; only administrators read it.
func TestAccountChangesAreAudited(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			bg := context.Background()
			accounts := account.NewServiceWith(st.Accounts(), account.Options{PasswordCost: account.MinPasswordCost})
			operator := account.AsOperator(bg)
			admin, err := accounts.AddUser(operator, account.NewUser{Email: "admin@example.org", Names: account.Names{Name: "Админ"}, Role: "admin", Password: "пароль админа"})
			if err != nil {
				t.Fatal(err)
			}
			asAdmin := tournament.NewContextWithUser(bg, admin)
			player, _, err := accounts.CreateAccount(asAdmin, account.NewAccount{Email: "player@example.org", Names: account.Names{Name: "Игрок"}, Role: "player"})
			if err != nil {
				t.Fatal(err)
			}
			asPlayer := tournament.NewContextWithUser(bg, player)
			if _, err := accounts.SetRole(asAdmin, player.ID, "arbiter"); err != nil {
				t.Fatal(err)
			}
			if _, _, err := accounts.ResetPassword(asAdmin, player.ID); err != nil {
				t.Fatal(err)
			}
			if _, err := accounts.EndSessions(asAdmin, player.Email); err != nil {
				t.Fatal(err)
			}
			_, tok, err := accounts.CreateToken(asPlayer, account.NewToken{Email: player.Email, Name: "скрипт жеребьёвки"})
			if err != nil {
				t.Fatal(err)
			}
			if err := accounts.RevokeToken(asAdmin, tok.ID); err != nil {
				t.Fatal(err)
			}
			// A refused change leaves no entry.
			if _, err := accounts.SetRole(asAdmin, admin.ID, "player"); tournament.ErrorCode(err) != tournament.ECONFLICT {
				t.Fatalf("the last administrator demoted: %v, want ECONFLICT", err)
			}

			for who, ctx := range map[string]context.Context{"anonymous": bg, "player": asPlayer} {
				if _, _, err := accounts.AuditLog(ctx, 0); tournament.ErrorCode(err) == "" {
					t.Errorf("%s reads the account audit log", who)
				}
			}
			log, more, err := accounts.AuditLog(asAdmin, 0)
			if err != nil || more {
				t.Fatalf("audit log: %v (more %v)", err, more)
			}
			type row struct{ actor, action, user, before, after string }
			want := []row{ // newest first
				{"admin@example.org", account.AuditTokenRevoked, "player@example.org", "скрипт жеребьёвки", ""},
				{"player@example.org", account.AuditTokenCreated, "player@example.org", "", "скрипт жеребьёвки"},
				{"admin@example.org", account.AuditSessionsEnded, "player@example.org", "", "0"},
				{"admin@example.org", account.AuditPasswordSet, "player@example.org", "", ""},
				{"admin@example.org", account.AuditRole, "player@example.org", "player", "arbiter"},
				{"admin@example.org", account.AuditCreated, "player@example.org", "", "player"},
				{"", account.AuditCreated, "admin@example.org", "", "admin"},
			}
			if len(log) != len(want) {
				t.Fatalf("audit log has %d entries, want %d: %+v", len(log), len(want), log)
			}
			for i, w := range want {
				e := log[i]
				if got := (row{e.ActorEmail, e.Action, e.UserEmail, e.Before, e.After}); got != w || e.At.IsZero() {
					t.Errorf("entry %d: %+v, want %+v", i, got, w)
				}
			}
			older, _, err := accounts.AuditLog(asAdmin, log[1].ID)
			if err != nil || len(older) != len(want)-2 || older[0].ID != log[2].ID {
				t.Errorf("the page before entry %d: %d entries from %v (%v)", log[1].ID, len(older), older, err)
			}
		})
	}
}
