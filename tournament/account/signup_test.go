package account_test

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/store"
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
// whose follower chooses the password; the link works once and not after
// it expires, when it is refused and its sign-up deleted; a taken address
// gets the same answer and its owner a mail; a script's (the hidden field)
// is answered the same and dropped; a form sent back too fast is refused
// with the reason, so that a browser's autofill is not dropped unseen.
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
			in := account.SignUpInput{Email: "Ann@Example.org", Names: account.Names{Surname: "Тлехас", GivenNames: "Анна"}, From: "192.0.2.1", Stamp: shown}

			if err := svc.SignUp(ctx, account.SignUpInput{Email: in.Email, Names: in.Names, Trap: "x", Stamp: shown}); err != nil || box.last() != "" {
				t.Errorf("a script's sign-up: %v, mail %q", err, box.last())
			}
			if err := svc.SignUp(ctx, account.SignUpInput{Email: in.Email, Names: in.Names, Stamp: fast}); tournament.ErrorCode(err) != tournament.EINVALID || !strings.Contains(err.Error(), "send it again") || box.last() != "" {
				t.Errorf("a form sent back at once: %v, mail %q; want it refused with the reason", err, box.last())
			}
			if err := svc.SignUp(ctx, in); err != nil {
				t.Fatal(err)
			}
			m := link.FindStringSubmatch(box.last())
			if m == nil || !strings.HasPrefix(box.last(), "ann@example.org\n") || !strings.Contains(box.last(), "24 ч") {
				t.Fatalf("no confirmation link for 24 hours mailed: %q", box.last())
			}
			if names, err := svc.CheckSignUp(ctx, m[1]); err != nil || names.Surname != "Тлехас" || names.GivenNames != "Анна" {
				t.Errorf("the link's form: %+v, %v", names, err)
			}
			if _, err := svc.ConfirmSignUp(ctx, account.ConfirmInput{Token: m[1], Password: "short"}); tournament.ErrorCode(err) != tournament.EINVALID {
				t.Errorf("a short password: %v", err)
			}
			u, err := svc.ConfirmSignUp(ctx, account.ConfirmInput{Token: m[1], Names: account.Names{Surname: " Тлехас ", GivenNames: " Анна  Мария ", Patronymic: "Руслановна"}, Password: "шашки адиюх"})
			if err != nil || u.Role != tournament.PlayerRole || u.Name != "Тлехас Анна Мария" || u.Surname != "Тлехас" || u.GivenNames != "Анна Мария" || u.Patronymic != "Руслановна" {
				t.Fatalf("confirm: %+v, %v", u, err)
			}
			if _, err := svc.ConfirmSignUp(ctx, account.ConfirmInput{Token: m[1], Password: "другой пароль"}); tournament.ErrorCode(err) != tournament.EINVALID {
				t.Errorf("a link used twice: %v", err)
			}
			if _, err := svc.Login(ctx, "ann@example.org", "шашки адиюх", "192.0.2.1"); err != nil {
				t.Errorf("sign in after confirming: %v", err)
			}
			// The address is taken now: the same answer, and a mail to its owner.
			before := len(box.mails())
			in.Stamp = svc.SignUpStamp()
			now = now.Add(time.Minute)
			if err := svc.SignUp(ctx, in); err != nil || len(box.mails()) != before+1 || link.MatchString(box.last()) {
				t.Errorf("a taken address: %v, mail %q", err, box.last())
			}
			// A link older than ConfirmWithin does not work, says so, and
			// its sign-up is gone.
			other := in
			other.Email = "bob@example.org"
			other.Stamp = svc.SignUpStamp()
			now = now.Add(time.Minute)
			if err := svc.SignUp(ctx, other); err != nil {
				t.Fatal(err)
			}
			old := link.FindStringSubmatch(box.last())[1]
			now = now.Add(account.ConfirmWithin)
			if _, err := svc.CheckSignUp(ctx, old); tournament.ErrorCode(err) != tournament.EINVALID || !strings.Contains(err.Error(), "expired") {
				t.Errorf("an expired link's form: %v", err)
			}
			if _, err := svc.ConfirmSignUp(ctx, account.ConfirmInput{Token: old, Password: "шашки адиюх"}); tournament.ErrorCode(err) != tournament.EINVALID || !strings.Contains(err.Error(), "expired") {
				t.Errorf("an expired link: %v", err)
			}
			if n := signUpsOf(t, st, "bob@example.org"); n != 0 {
				t.Errorf("%d sign-ups of an expired link kept", n)
			}
		})
	}
}

// signUpsOf counts the stored sign-ups of an address.
func signUpsOf(t *testing.T, st *store.Store, email string) int {
	t.Helper()
	var n int
	err := st.Accounts().View(context.Background(), func(tx account.Tx) error {
		all, err := tx.SignUps()
		for _, su := range all {
			if su.Email == email {
				n++
			}
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// Issue 48.2: nobody can sign up someone else's address with a password of
// their own. A stranger's sign-up stores no password: the victim who
// follows its link chooses one; a sign-up by the victim replaces it, and
// its link stops working; an administrator cannot approve it; unconfirmed
// sign-ups expire and are cleaned away by later ones.
func TestSignUpCannotBePreClaimed(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			now := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
			box := &mailbox{}
			svc := account.NewServiceWith(st.Accounts(), account.Options{PasswordCost: account.MinPasswordCost, Mailer: box, SiteURL: "https://adiukh.example", Now: func() time.Time { return now }})
			box.svc = svc
			ctx := context.Background()
			const attackers = "пароль взломщика"
			signUp := func(email, password, from string) string {
				t.Helper()
				stamp := svc.SignUpStamp()
				now = now.Add(10 * time.Second)
				if err := svc.SignUp(ctx, account.SignUpInput{Email: email, Password: password, Names: account.Names{Surname: "Кто-то", GivenNames: "Некто"}, From: from, Stamp: stamp}); err != nil {
					t.Fatal(err)
				}
				m := link.FindStringSubmatch(box.last())
				if m == nil || !strings.HasPrefix(box.last(), email+"\n") {
					t.Fatalf("no link mailed to %s: %q", email, box.last())
				}
				return m[1]
			}
			attackerCannotSignIn := func(email string) {
				t.Helper()
				if _, err := svc.Login(ctx, email, attackers, "198.51.100.9"); err == nil {
					t.Errorf("the attacker's password opens %s", email)
				}
			}

			// The victim follows the link of the attacker's sign-up.
			first := signUp("victim@example.org", attackers, "198.51.100.1")
			if _, err := svc.ConfirmSignUp(ctx, account.ConfirmInput{Token: first, Password: "пароль жертвы"}); err != nil {
				t.Fatal(err)
			}
			attackerCannotSignIn("victim@example.org")
			if _, err := svc.Login(ctx, "victim@example.org", "пароль жертвы", "192.0.2.1"); err != nil {
				t.Errorf("the victim's own password: %v", err)
			}

			// The victim signs up after the attacker: the attacker's link is dead.
			attackers1 := signUp("second@example.org", attackers, "198.51.100.1")
			victims := signUp("second@example.org", "", "192.0.2.2")
			if _, err := svc.CheckSignUp(ctx, attackers1); tournament.ErrorCode(err) != tournament.EINVALID || !strings.Contains(err.Error(), "newer sign-up") {
				t.Errorf("the replaced link: %v, want EINVALID naming the newer sign-up", err)
			}
			if n := signUpsOf(t, st, "second@example.org"); n != 1 {
				t.Errorf("%d sign-ups of one address, want the newest alone", n)
			}
			if _, err := svc.ConfirmSignUp(ctx, account.ConfirmInput{Token: victims, Password: "пароль жертвы"}); err != nil {
				t.Fatal(err)
			}
			attackerCannotSignIn("second@example.org")

			// A site that changed to approval by an administrator shows no
			// sign-up made for a mailed link, and approves none.
			signUp("third@example.org", attackers, "198.51.100.1")
			admin, err := svc.AddUser(ctx, account.NewUser{Email: "admin@example.org", Role: "admin", Password: "пароль админа"})
			if err != nil {
				t.Fatal(err)
			}
			asAdmin := tournament.NewContextWithUser(ctx, admin)
			noMail := account.NewServiceWith(st.Accounts(), account.Options{PasswordCost: account.MinPasswordCost, Now: func() time.Time { return now }})
			if waiting, err := noMail.SignUps(asAdmin); err != nil || len(waiting) != 0 {
				t.Errorf("sign-ups for an administrator: %+v (%v), want none", waiting, err)
			}
			var id int64
			_ = st.Accounts().View(ctx, func(tx account.Tx) error {
				su, err := tx.SignUpByEmail("third@example.org")
				if err == nil {
					id = su.ID
				}
				return err
			})
			if err := noMail.ApproveSignUp(asAdmin, id, true); tournament.ErrorCode(err) != tournament.ENOTFOUND {
				t.Errorf("approving a sign-up made for a mailed link: %v, want ENOTFOUND", err)
			}
			attackerCannotSignIn("third@example.org")

			// Unconfirmed sign-ups expire and the next sign-up cleans them.
			now = now.Add(account.ConfirmWithin)
			signUp("fourth@example.org", "", "192.0.2.4")
			if n := signUpsOf(t, st, "third@example.org"); n != 0 {
				t.Errorf("an expired sign-up kept after another sign-up")
			}
		})
	}
}

// TestSignUpApproved: without mail, a sign-up waits for an administrator,
// who approves it on the users page (the limits of sign-ups from one
// address: TestSignUpAClubAtOnce).
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
	in := account.SignUpInput{Email: "ann@example.org", Password: "шашки адиюх", Names: account.Names{Surname: "Тлехас", GivenNames: "Анна"}, From: "192.0.2.7", Stamp: svc.SignUpStamp()}
	now = now.Add(time.Minute)
	// The surname and given names are asked apart: a name in one string
	// is not split by guessing.
	for field, names := range map[string]account.Names{"name": {Name: "Анна Тлехас"}, "given_names": {Surname: "Тлехас"}, "surname": {}} {
		bad := in
		bad.Names = names
		var te *tournament.Error
		if err := svc.SignUp(ctx, bad); !errors.As(err, &te) || te.Code != tournament.EINVALID || te.Field != field {
			t.Errorf("a sign-up with %+v: %v, want EINVALID at %s", names, err, field)
		}
	}
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
	// Issue 50.3: before the approval, Ann's own password tells her the
	// sign-up awaits it; a wrong one gets the answer of an unknown address,
	// so that nobody else learns of the sign-up.
	_, err = svc.Login(ctx, "ann@example.org", in.Password, "192.0.2.7")
	if tournament.ErrorCode(err) != tournament.EFORBIDDEN || !strings.Contains(err.Error(), "awaits the approval") {
		t.Errorf("signing in before the approval: %v, want EFORBIDDEN, awaiting approval", err)
	}
	_, wrong := svc.Login(ctx, "ann@example.org", "не тот пароль", "192.0.2.7")
	_, unknown := svc.Login(ctx, "nobody@example.org", "не тот пароль", "192.0.2.7")
	if tournament.ErrorCode(wrong) != tournament.EUNAUTHORIZED || fmt.Sprint(wrong) != fmt.Sprint(unknown) {
		t.Errorf("a wrong password of a waiting sign-up: %v; of an unknown address: %v; want the same", wrong, unknown)
	}
	if err := svc.ApproveSignUp(asAdmin, waiting[0].ID, true); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Login(ctx, "ann@example.org", in.Password, "192.0.2.7"); err != nil {
		t.Errorf("sign in after approval: %v", err)
	}
	if u, err := svc.User(ctx, "ann@example.org"); err != nil || u.Name != "Тлехас Анна" || u.Surname != "Тлехас" || u.GivenNames != "Анна" {
		t.Errorf("the approved account's names: %+v, %v", u, err)
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
		in := account.SignUpInput{Email: "bot@example.org", Password: "шашки адиюх", Names: account.Names{Surname: "Бот", GivenNames: "Бот"}, From: "192.0.2.8", Stamp: stamp}
		if err := svc.SignUp(ctx, in); err != nil {
			t.Errorf("%s: %v, want the answer of a real sign-up", what, err)
		}
	}
	now = now.Add(account.FormLife)
	stale := account.SignUpInput{Email: "ann@example.org", Password: "шашки адиюх", Names: account.Names{Surname: "Тлехас", GivenNames: "Анна"}, From: "192.0.2.7", Stamp: shown}
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

// TestSignUpAClubAtOnce: twelve players of a club sign up from one address
// within ten minutes and every one goes through at once; an address that
// keeps signing up gets SignUpsPerAddress in the window and waits until the
// oldest leaves it, so hundreds are refused; another address is not
// slowed down.
func TestSignUpAClubAtOnce(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			now := time.Date(2026, 11, 25, 18, 0, 0, 0, time.UTC)
			svc := account.NewServiceWith(st.Accounts(), account.Options{PasswordCost: account.MinPasswordCost, Now: func() time.Time { return now }})
			ctx := context.Background()
			admin, err := svc.AddUser(ctx, account.NewUser{Email: "admin@example.org", Role: "admin", Password: "пароль админа"})
			if err != nil {
				t.Fatal(err)
			}
			signUp := func(i int, from string) error {
				stamp := svc.SignUpStamp()
				now = now.Add(account.MinFillTime)
				return svc.SignUp(ctx, account.SignUpInput{Email: fmt.Sprintf("player%d@example.org", i), Password: "шашки адиюх", Names: account.Names{Surname: "Игрок", GivenNames: fmt.Sprintf("Номер %d", i)}, From: from, Stamp: stamp})
			}
			start, first := now, now.Add(account.MinFillTime)
			for i := range 12 {
				if err := signUp(i, "192.0.2.50"); err != nil {
					t.Fatalf("player %d of the club, %v after the first: %v, want it through at once", i+1, now.Sub(start), err)
				}
				now = now.Add(45 * time.Second)
			}
			limit := account.DefaultLimits().SignUpsPerAddress
			passed, refused := 12, 0
			var firstWait, refusedAt time.Duration
			for i := 12; i < 300; i++ {
				err := signUp(i, "192.0.2.50")
				switch w := waitOf(err); {
				case err == nil:
					passed++
				case w > 0:
					if refused == 0 {
						firstWait, refusedAt = w, now.Sub(first)
					}
					refused++
				default:
					t.Fatalf("sign-up %d: %v", i+1, err)
				}
			}
			t.Logf("300 sign-ups from one address within %v: %d through, %d refused, the first refused waits %v", now.Sub(start), passed, refused, firstWait)
			if passed != limit || refused != 300-limit {
				t.Errorf("300 sign-ups from one address in %v: %d through and %d refused, want %d through", now.Sub(start), passed, refused, limit)
			}
			if want := account.DefaultLimits().SignUpWindow - refusedAt; firstWait != want {
				t.Errorf("the first refused sign-up waits %v, want %v: until the oldest leaves the window", firstWait, want)
			}
			if err := signUp(1000, "192.0.2.51"); err != nil {
				t.Errorf("another address: %v", err)
			}
			waiting, err := svc.SignUps(tournament.NewContextWithUser(ctx, admin))
			if err != nil || len(waiting) != limit+1 {
				t.Errorf("%d sign-ups waiting (%v), want %d", len(waiting), err, limit+1)
			}
		})
	}
}

// Limits set without the sign-ups' bound (as testLimits) take the
// server's: sign-ups from one address are never unbounded.
func TestSignUpsAreNeverUnbounded(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	now := time.Date(2026, 11, 25, 18, 0, 0, 0, time.UTC)
	svc := account.NewServiceWith(st.Accounts(), account.Options{PasswordCost: account.MinPasswordCost, Limits: testLimits(), Now: func() time.Time { return now }})
	limit := account.DefaultLimits().SignUpsPerAddress
	for i := range limit + 1 {
		stamp := svc.SignUpStamp()
		now = now.Add(account.MinFillTime)
		err := svc.SignUp(context.Background(), account.SignUpInput{Email: fmt.Sprintf("p%d@example.org", i), Password: "шашки адиюх", Names: account.Names{Surname: "Игрок", GivenNames: "Первый"}, From: "192.0.2.60", Stamp: stamp})
		switch {
		case i < limit && err != nil:
			t.Fatalf("sign-up %d: %v", i+1, err)
		case i == limit && waitOf(err) <= 0:
			t.Errorf("sign-up %d from one address in %v: %v, want a wait", i+1, time.Duration(i+1)*account.MinFillTime, err)
		}
	}
}
