package account_test

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/store/storetest"
)

var resetLink = regexp.MustCompile(`https://adiukh\.example/password-reset/(\S+)`)

// TestPasswordResetByMail: the link mailed to an account's address sets a
// new password once, ends every sign-in and API token (issue 48.6) and is
// audited; an unknown address
// gets the same answer and no mail; a newer link replaces an older one; a
// link stops working after an hour; without mail there is no reset.
func TestPasswordResetByMail(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			now := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
			box := &mailbox{}
			svc := account.NewServiceWith(st.Accounts(), account.Options{PasswordCost: account.MinPasswordCost, Mailer: box,
				SiteURL: "https://adiukh.example", Now: func() time.Time { return now }})
			box.svc = svc
			bg := context.Background()
			u, err := svc.AddUser(bg, account.NewUser{Email: "ann@example.org", Names: account.Names{Name: "Анна"}, Role: "player", Password: "old password"})
			if err != nil {
				t.Fatal(err)
			}
			session, err := svc.StartSession(bg, u)
			if err != nil {
				t.Fatal(err)
			}
			token, _, err := svc.CreateToken(tournament.NewContextWithUser(bg, u), account.NewToken{Email: u.Email, Name: "скрипт"})
			if err != nil {
				t.Fatal(err)
			}
			if err := svc.RequestPasswordReset(bg, "nobody@example.org", "10.0.0.1"); err != nil || box.last() != "" {
				t.Fatalf("an unknown address: %v, mail %q; want the same answer and no mail", err, box.last())
			}
			if err := svc.RequestPasswordReset(bg, " Ann@Example.org ", "10.0.0.1"); err != nil {
				t.Fatal(err)
			}
			first := resetLink.FindStringSubmatch(box.last())
			if first == nil || !strings.HasPrefix(box.last(), "ann@example.org\n") || !strings.Contains(box.last(), "60 минут") {
				t.Fatalf("mail %q, want a link that works 60 minutes", box.last())
			}
			if err := svc.RequestPasswordReset(bg, "ann@example.org", "10.0.0.1"); err != nil {
				t.Fatal(err)
			}
			second := resetLink.FindStringSubmatch(box.last())
			if _, err := svc.ResetPasswordWithLink(bg, first[1], "a new password"); tournament.ErrorCode(err) != tournament.EINVALID {
				t.Errorf("the replaced link: %v, want EINVALID", err)
			}
			if err := svc.CheckPasswordReset(bg, second[1]); err != nil {
				t.Errorf("the newest link: %v", err)
			}
			if _, err := svc.ResetPasswordWithLink(bg, second[1], "short"); tournament.ErrorCode(err) != tournament.EINVALID {
				t.Errorf("a short password: %v, want EINVALID", err)
			}
			if _, err := svc.ResetPasswordWithLink(bg, second[1], "a new password"); err != nil {
				t.Fatalf("the newest link: %v", err)
			}
			if _, err := svc.Login(bg, "ann@example.org", "a new password", "10.0.0.1"); err != nil {
				t.Errorf("sign in with the new password: %v", err)
			}
			if _, err := svc.Login(bg, "ann@example.org", "old password", "10.0.0.2"); err == nil {
				t.Error("the old password still works")
			}
			if _, err := svc.SessionUser(bg, session); err == nil {
				t.Error("a sign-in from before the reset still works")
			}
			if _, err := svc.Authenticate(bg, token); err == nil {
				t.Error("an API token from before the reset still works")
			}
			if _, err := svc.ResetPasswordWithLink(bg, second[1], "yet another one"); tournament.ErrorCode(err) != tournament.EINVALID {
				t.Errorf("the link used twice: %v, want EINVALID", err)
			}
			if err := svc.RequestPasswordReset(bg, "ann@example.org", "10.0.0.1"); err != nil {
				t.Fatal(err)
			}
			late := resetLink.FindStringSubmatch(box.last())
			now = now.Add(account.ResetWithin)
			if err := svc.CheckPasswordReset(bg, late[1]); tournament.ErrorCode(err) != tournament.EINVALID {
				t.Errorf("a link an hour old: %v, want EINVALID", err)
			}

			admin, err := svc.AddUser(bg, account.NewUser{Email: "admin@example.org", Role: "admin", Password: "admin password"})
			if err != nil {
				t.Fatal(err)
			}
			log, _, err := svc.AuditLog(tournament.NewContextWithUser(bg, admin), 0)
			if err != nil {
				t.Fatal(err)
			}
			var resets, revoked int
			for _, e := range log {
				if e.UserEmail == "ann@example.org" && e.ActorEmail == "ann@example.org" {
					switch {
					case e.Action == account.AuditPasswordReset:
						resets++
					case e.Action == account.AuditTokenRevoked && e.Before == "скрипт":
						revoked++
					}
				}
			}
			if resets != 1 || revoked != 1 {
				t.Errorf("%d password resets and %d revoked tokens of Ann in the account log, want 1 and 1: %+v", resets, revoked, log)
			}

			noMail := account.NewServiceWith(st.Accounts(), account.Options{PasswordCost: account.MinPasswordCost})
			if err := noMail.RequestPasswordReset(bg, "ann@example.org", "10.0.0.1"); tournament.ErrorCode(err) != tournament.EINVALID {
				t.Errorf("a reset on a site without mail: %v, want EINVALID", err)
			}
		})
	}
}
