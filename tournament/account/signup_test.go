package account_test

import (
	"context"
	"errors"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/store/storetest"
)

// mailbox is a Mailer that keeps what it is given. The mails go out from
// svc's queue, which is waited for before the mailbox is read.
type mailbox struct {
	svc  *account.Service
	mu   sync.Mutex
	sent []string // "to\nsubject\nbody"
}

func (o *mailbox) Send(_ context.Context, to, subject, body string) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.sent = append(o.sent, to+"\n"+subject+"\n"+body)
	return nil
}

// mails is every mail sent so far, oldest first.
func (o *mailbox) mails() []string {
	account.Flush(o.svc)
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]string(nil), o.sent...)
}

func (o *mailbox) last() string {
	m := o.mails()
	if len(m) == 0 {
		return ""
	}
	return m[len(m)-1]
}

var link = regexp.MustCompile(`https://adiukh\.example/signup/confirm/(\S+)`)

// TestSignUpWithMail: the address is confirmed by the link mailed to it,
// which works once and not after it expires; a taken address gets the same
// answer and its owner a mail; scripts (the hidden field, a form filled in
// too fast) are answered the same and dropped.
func TestSignUpWithMail(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			now := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
			box := &mailbox{}
			svc := account.NewServiceWith(st.Accounts(), account.Options{PasswordCost: account.MinPasswordCost, Mailer: box, SiteURL: "https://adiukh.example", Now: func() time.Time { return now }})
			box.svc = svc
			ctx := context.Background()
			shown := svc.SignUpStamp()
			now = now.Add(10 * time.Second)
			fast := svc.SignUpStamp()
			in := account.SignUpInput{Email: "Ann@Example.org", Password: "шашки адиюх", Name: "Анна Тлехас", From: "192.0.2.1", Stamp: shown}

			bad := in
			bad.Password = "short"
			if err := svc.SignUp(ctx, bad); tournament.ErrorCode(err) != tournament.EINVALID {
				t.Errorf("a short password: %v", err)
			}
			for _, bot := range []account.SignUpInput{{Email: in.Email, Password: in.Password, Name: in.Name, Trap: "x", Stamp: shown}, {Email: in.Email, Password: in.Password, Name: in.Name, Stamp: fast}} {
				if err := svc.SignUp(ctx, bot); err != nil || box.last() != "" {
					t.Errorf("a script's sign-up: %v, mail %q", err, box.last())
				}
			}
			if err := svc.SignUp(ctx, in); err != nil {
				t.Fatal(err)
			}
			m := link.FindStringSubmatch(box.last())
			if m == nil || !strings.HasPrefix(box.last(), "ann@example.org\n") {
				t.Fatalf("no confirmation link mailed: %q", box.last())
			}
			if _, err := svc.Login(ctx, "ann@example.org", in.Password, "192.0.2.1"); err == nil {
				t.Errorf("signed in before confirming")
			}
			u, err := svc.ConfirmSignUp(ctx, m[1])
			if err != nil || u.Role != tournament.PlayerRole || u.Name != "Анна Тлехас" {
				t.Fatalf("confirm: %+v, %v", u, err)
			}
			if _, err := svc.ConfirmSignUp(ctx, m[1]); tournament.ErrorCode(err) != tournament.EINVALID {
				t.Errorf("a link used twice: %v", err)
			}
			if _, err := svc.Login(ctx, "ann@example.org", in.Password, "192.0.2.1"); err != nil {
				t.Errorf("sign in after confirming: %v", err)
			}
			// The address is taken now: the same answer, and a mail to its owner.
			before := len(box.mails())
			if err := svc.SignUp(ctx, in); err != nil || len(box.mails()) != before+1 || link.MatchString(box.last()) {
				t.Errorf("a taken address: %v, mail %q", err, box.last())
			}
			// A link older than ConfirmWithin does not work.
			other := in
			other.Email = "bob@example.org"
			other.Stamp = svc.SignUpStamp()
			now = now.Add(time.Minute)
			if err := svc.SignUp(ctx, other); err != nil {
				t.Fatal(err)
			}
			old := link.FindStringSubmatch(box.last())[1]
			now = now.Add(account.ConfirmWithin)
			if _, err := svc.ConfirmSignUp(ctx, old); tournament.ErrorCode(err) != tournament.EINVALID {
				t.Errorf("an expired link: %v", err)
			}
		})
	}
}

// TestSignUpApproved: without mail, a sign-up waits for an administrator,
// who approves it on the users page; sign-ups from one address are limited.
func TestSignUpApproved(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	now := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
	svc := account.NewServiceWith(st.Accounts(), account.Options{PasswordCost: account.MinPasswordCost, Now: func() time.Time { return now }})
	ctx := context.Background()
	admin, err := svc.AddUser(ctx, account.NewUser{Email: "admin@example.org", Role: "admin", Password: "пароль админа"})
	if err != nil {
		t.Fatal(err)
	}
	asAdmin := tournament.NewContextWithUser(ctx, admin)
	in := account.SignUpInput{Email: "ann@example.org", Password: "шашки адиюх", Name: "Анна", From: "192.0.2.7", Stamp: svc.SignUpStamp()}
	now = now.Add(time.Minute)
	if err := svc.SignUp(ctx, in); err != nil {
		t.Fatal(err)
	}
	waiting, err := svc.SignUps(asAdmin)
	if err != nil || len(waiting) != 1 || waiting[0].Email != "ann@example.org" {
		t.Fatalf("waiting: %+v, %v", waiting, err)
	}
	if _, err := svc.SignUps(ctx); tournament.ErrorCode(err) != tournament.EUNAUTHORIZED {
		t.Errorf("sign-ups read without signing in: %v", err)
	}
	if err := svc.ApproveSignUp(asAdmin, waiting[0].ID, true); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Login(ctx, "ann@example.org", in.Password, "192.0.2.7"); err != nil {
		t.Errorf("sign in after approval: %v", err)
	}
	limited := false
	for i := range 10 {
		in.Email = string(rune('a'+i)) + "x@example.org"
		if err := svc.SignUp(ctx, in); tournament.ErrorCode(err) == tournament.ETOOMANY {
			limited = true
			break
		}
	}
	if !limited {
		t.Errorf("eleven sign-ups from one address were all taken")
	}
}

// Issue 48.6: the form's fill time is the server's to tell. A stamp a
// script wrote itself (an earlier time, unsigned or signed by another
// site) is answered as a real sign-up and dropped; a form opened more than
// FormLife ago is sent again.
func TestSignUpFillTimeCannotBeForged(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	now := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	svc := account.NewServiceWith(st.Accounts(), account.Options{PasswordCost: account.MinPasswordCost, Now: clock, Secret: []byte("the site's secret, 32 bytes long")})
	elsewhere := account.NewServiceWith(st.Accounts(), account.Options{PasswordCost: account.MinPasswordCost, Now: clock, Secret: []byte("another site's secret, 32 bytes.")})
	ctx := context.Background()
	admin, err := svc.AddUser(ctx, account.NewUser{Email: "admin@example.org", Role: "admin", Password: "пароль админа"})
	if err != nil {
		t.Fatal(err)
	}
	shown := svc.SignUpStamp()
	at, mac, _ := strings.Cut(shown, ".")
	sec, _ := strconv.ParseInt(at, 10, 64)
	earlier := strconv.FormatInt(sec-60, 10)
	foreign := elsewhere.SignUpStamp()
	forged := map[string]string{
		"an unsigned earlier time":        earlier,
		"an earlier time with a real MAC": earlier + "." + mac,
		"another site's stamp":            foreign,
		"nothing":                         "",
	}
	now = now.Add(time.Second)
	for what, stamp := range forged {
		in := account.SignUpInput{Email: "bot@example.org", Password: "шашки адиюх", Name: "Бот", From: "192.0.2.8", Stamp: stamp}
		if err := svc.SignUp(ctx, in); err != nil {
			t.Errorf("%s: %v, want the answer of a real sign-up", what, err)
		}
	}
	now = now.Add(account.FormLife)
	stale := account.SignUpInput{Email: "ann@example.org", Password: "шашки адиюх", Name: "Анна", From: "192.0.2.7", Stamp: shown}
	var e *tournament.Error
	if err := svc.SignUp(ctx, stale); !errors.As(err, &e) || e.Code != tournament.EINVALID || e.Field != "started" {
		t.Errorf("a form opened a day ago: %v, want EINVALID on started", err)
	}
	waiting, err := svc.SignUps(tournament.NewContextWithUser(ctx, admin))
	if err != nil || len(waiting) != 0 {
		t.Errorf("sign-ups kept: %+v (%v), want none", waiting, err)
	}
	fresh := stale
	fresh.Stamp = svc.SignUpStamp()
	now = now.Add(time.Minute)
	if err := svc.SignUp(ctx, fresh); err != nil {
		t.Fatal(err)
	}
	if waiting, _ := svc.SignUps(tournament.NewContextWithUser(ctx, admin)); len(waiting) != 1 {
		t.Errorf("the form sent again: %d sign-ups waiting, want 1", len(waiting))
	}
}
