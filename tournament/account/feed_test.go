package account_test

import (
	"context"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/entries"
	"adiukh/tournament/store/storetest"
)

// The address of an account's personal calendar stops working, as its API
// tokens do, when an administrator ends all its sign-ins or resets its
// password; the account audit log says so. A password changed by its
// owner keeps it, as it keeps the tokens.
func TestCalendarAddressEndsWithTheSignIns(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
			accounts := account.NewServiceWith(st.Accounts(), account.Options{Now: func() time.Time { return now }, PasswordCost: account.MinPasswordCost})
			feeds := entries.NewService(st.Entries(), entries.Options{Now: func() time.Time { return now }})
			ctx := context.Background()
			owner, err := accounts.AddUser(ctx, account.NewUser{Email: "owner@example.org", Role: "player", Password: "долгийпароль"})
			if err != nil {
				t.Fatal(err)
			}
			admin, err := accounts.AddUser(ctx, account.NewUser{Email: "admin@example.org", Role: "admin", Password: "долгийпароль"})
			if err != nil {
				t.Fatal(err)
			}
			asOwner, asAdmin := tournament.NewContextWithUser(ctx, owner), tournament.NewContextWithUser(ctx, admin)
			works := func(token string) bool {
				t.Helper()
				_, err := feeds.MyFeed(ctx, token)
				if err != nil && tournament.ErrorCode(err) != tournament.ENOTFOUND {
					t.Fatal(err)
				}
				return err == nil
			}
			newAddress := func() string {
				t.Helper()
				token, err := feeds.NewFeedToken(asOwner)
				if err != nil {
					t.Fatal(err)
				}
				return token
			}

			kept := newAddress()
			if err := accounts.SetPassword(asOwner, "owner@example.org", "долгийпароль", "новый долгий пароль", "10.0.0.1"); err != nil {
				t.Fatal(err)
			}
			if !works(kept) {
				t.Errorf("the owner's own change of password stopped the calendar")
			}
			if n, err := accounts.EndSessions(asAdmin, "owner@example.org"); err != nil || n != 0 {
				t.Fatalf("end all sign-ins: %d, %v", n, err)
			}
			if works(kept) {
				t.Errorf("the calendar still works after all sign-ins ended")
			}
			reset := newAddress()
			if _, _, err := accounts.ResetPassword(asAdmin, owner.ID); err != nil {
				t.Fatal(err)
			}
			if works(reset) {
				t.Errorf("the calendar still works after an administrator's reset")
			}
			log, _, err := accounts.AuditLog(asAdmin, 0)
			if err != nil {
				t.Fatal(err)
			}
			revoked := 0
			for _, a := range log {
				if a.Action == account.AuditFeedRevoked && a.UserID == owner.ID {
					revoked++
				}
			}
			if revoked != 2 {
				t.Errorf("the audit log tells of %d revoked calendars, want 2", revoked)
			}
			// With no calendar, ending the sign-ins logs no revocation.
			if _, err := accounts.EndSessions(asAdmin, "owner@example.org"); err != nil {
				t.Fatal(err)
			}
			if log, _, err = accounts.AuditLog(asAdmin, 0); err != nil || log[0].Action != account.AuditSessionsEnded {
				t.Errorf("the latest entry: %+v, %v; want the sign-ins ended alone", log[0], err)
			}
		})
	}
}
