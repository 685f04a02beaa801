package accounts_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/store/storetest"
)

var startedField = regexp.MustCompile(`name="started" value="([^"]+)"`)

// TestSignupApprovedByAdmin: on a site without mail, a sign-up waits on the
// users page; a taken address gets the same answer; a form with the hidden
// field or with a fill time the client wrote itself (issue 48.6) is
// answered the same and dropped, one sent back too fast is refused with the
// reason; the header offers the sign-up; once approved, the player signs
// in.
func TestSignupApprovedByAdmin(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	clock := &apitest.FakeClock{At: time.Now()}
	s := apitest.WithRouter(&apitest.WebServer{Server: apitest.NewServer(t, st), Store: st, Accounts: apitest.Accounts(st, account.Options{Now: clock.Now})}, "")
	anon := s.Anonymous()
	form := anon.Get("/signup").Body.String()
	m := startedField.FindStringSubmatch(form)
	if m == nil || !strings.Contains(form, `name="website"`) {
		t.Fatalf("the sign-up form lacks its bot trap:\n%s", form)
	}
	earlier := m[1]
	// A script that never waited writes an earlier time of its own.
	forged := strconv.FormatInt(clock.Now().Unix()-10, 10)
	clock.Set(clock.Now().Add(10 * time.Second))
	values := url.Values{"email": {"ann@example.org"}, "surname": {"Тлехас"}, "given_names": {"Анна"}, "password": {"шашки адиюх"}, "started": {earlier}}

	short := url.Values{"email": {"ann@example.org"}, "surname": {"Анна"}, "given_names": {"Анна"}, "password": {"short"}, "started": {earlier}}
	if rec := anon.Post("/signup", short); rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "field-error") {
		t.Errorf("a short password: %d", rec.Code)
	}
	answer := anon.Post("/signup", values)
	if answer.Code != http.StatusOK || !strings.Contains(apitest.PageText(answer), apitest.RuT("signup.sent_approval")) {
		t.Fatalf("sign-up: %d\n%s", answer.Code, answer.Body)
	}
	taken := url.Values{"email": {"admin@example.org"}, "surname": {"Кто-то"}, "given_names": {"Кто-то"}, "password": {"шашки адиюх"}, "started": {earlier}}
	if rec := anon.Post("/signup", taken); rec.Code != http.StatusOK || !strings.Contains(apitest.PageText(rec), apitest.RuT("signup.sent_approval")) {
		t.Errorf("a taken address answered differently: %d", rec.Code)
	}
	justShown := startedField.FindStringSubmatch(anon.Get("/signup").Body.String())[1]
	fast := url.Values{"email": {"bot@example.org"}, "surname": {"Бот"}, "given_names": {"Бот"}, "password": {"шашки адиюх"}, "started": {justShown}}
	trapped := url.Values{"email": {"bot2@example.org"}, "surname": {"Бот"}, "given_names": {"Бот"}, "password": {"шашки адиюх"}, "started": {earlier}, "website": {"http://spam"}}
	unsigned := url.Values{"email": {"bot3@example.org"}, "surname": {"Бот"}, "given_names": {"Бот"}, "password": {"шашки адиюх"}, "started": {forged}}
	for _, bot := range []url.Values{trapped, unsigned} {
		if rec := anon.Post("/signup", bot); rec.Code != http.StatusOK {
			t.Errorf("a script's sign-up: %d", rec.Code)
		}
	}
	// A form sent back at once (a browser's autofill) is not told it was
	// accepted and dropped: it comes back with the reason and what was
	// typed, to be sent again (issue 60).
	if rec := anon.Post("/signup", fast); rec.Code != http.StatusBadRequest || !strings.Contains(apitest.PageText(rec), apitest.RuF("this form was sent within %d seconds of opening it, faster than a person types; check it and send it again", 3)) || !strings.Contains(rec.Body.String(), `value="bot@example.org"`) {
		t.Errorf("a form sent back at once: %d, want 400 saying why, the address kept\n%s", rec.Code, apitest.PageText(rec))
	}
	if home := anon.Get("/").Body.String(); !strings.Contains(home, `<a href="/signup">`+apitest.RuT("nav.signup")+`</a>`) {
		t.Errorf("the header offers no sign-up to a visitor")
	}
	// Before the approval Ann's own password tells her the sign-up awaits
	// it; a wrong one is answered as for an unknown address (issue 50.3).
	if rec := anon.Post("/login", url.Values{"email": {"ann@example.org"}, "password": {"шашки адиюх"}, "next": {"/"}}); rec.Code != http.StatusForbidden || !strings.Contains(apitest.PageText(rec), apitest.RuT("login.awaiting_approval")) {
		t.Errorf("signing in before the approval: %d, want 403 saying the sign-up awaits approval", rec.Code)
	}
	if code, out := s.Do("", "POST", "/api/v1/tokens", map[string]any{"email": "ann@example.org", "password": "шашки адиюх"}); code != http.StatusForbidden || !strings.Contains(fmt.Sprint(out), "awaits the approval") {
		t.Errorf("a token before the approval: %d %v, want 403 saying the sign-up awaits approval", code, out)
	}
	wrong := anon.Post("/login", url.Values{"email": {"ann@example.org"}, "password": {"не тот"}, "next": {"/"}})
	unknown := anon.Post("/login", url.Values{"email": {"nobody@example.org"}, "password": {"не тот"}, "next": {"/"}})
	if wrong.Code != http.StatusUnauthorized || strings.Contains(apitest.PageText(wrong), apitest.RuT("login.awaiting_approval")) || strings.ReplaceAll(apitest.PageText(wrong), "ann@example.org", "") != strings.ReplaceAll(apitest.PageText(unknown), "nobody@example.org", "") {
		t.Errorf("a wrong password of a waiting sign-up: %d, answered unlike an unknown address", wrong.Code)
	}
	admin := s.SignIn(tournament.Admin)
	users := admin.Get("/admin/accounts").Body.String()
	if !strings.Contains(users, "ann@example.org") || strings.Contains(users, "bot@example.org") || strings.Contains(users, "bot2@example.org") || strings.Contains(users, "bot3@example.org") {
		t.Fatalf("the users page does not list exactly Ann's sign-up")
	}
	approve := regexp.MustCompile(`action="(/admin/signups/\d+/approve)"`).FindStringSubmatch(users)
	if rec := admin.Post(approve[1], nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("approve: %d\n%s", rec.Code, rec.Body)
	}
	login := anon.Post("/login", url.Values{"email": {"ann@example.org"}, "password": {"шашки адиюх"}, "next": {"/"}})
	if login.Code != http.StatusSeeOther {
		t.Errorf("the approved player cannot sign in: %d", login.Code)
	}
	if rec := anon.Get("/signup/confirm/adk_nothing"); rec.Code != http.StatusBadRequest {
		t.Errorf("a link that does not exist: %d", rec.Code)
	}
}

// Issue 48.2: on a site with mail, a stranger who signs up someone's
// address with a password of their own never gets in with it. The link's
// follower chooses the password; a later sign-up of the address replaces
// the stranger's, whose link then does not work.
func TestSignupByMailCannotBePreClaimed(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	clock := &apitest.FakeClock{At: time.Now()}
	tray := &mailTray{}
	s := apitest.WithRouter(&apitest.WebServer{Server: apitest.NewServer(t, st), Store: st,
		Accounts: apitest.Accounts(st, account.Options{Mailer: tray, SiteURL: "https://adiukh.example", Now: clock.Now})}, "")
	anon := s.Anonymous()
	confirmLink := regexp.MustCompile(`https://adiukh\.example(/signup/confirm/\S+)`)
	const attackers = "пароль взломщика"
	signUp := func(email, password string) string {
		t.Helper()
		seen := len(tray.mails())
		started := startedField.FindStringSubmatch(anon.Get("/signup").Body.String())[1]
		clock.Set(clock.Now().Add(10 * time.Second))
		form := url.Values{"email": {email}, "surname": {"Кто-то"}, "given_names": {"Кто-то"}, "started": {started}}
		if password != "" {
			form.Set("password", password)
		}
		if rec := anon.Post("/signup", form); rec.Code != http.StatusOK || !strings.Contains(apitest.PageText(rec), apitest.RuT("signup.sent_mail")) {
			t.Fatalf("sign up %s: %d\n%s", email, rec.Code, rec.Body)
		}
		return tray.awaitAfter(t, confirmLink, seen)[1]
	}
	signIn := func(email, password string) int {
		return anon.Post("/login", url.Values{"email": {email}, "password": {password}, "next": {"/"}}).Code
	}

	// The victim follows the link of the stranger's sign-up.
	link := signUp("victim@example.org", attackers)
	page := anon.Get(link)
	if page.Code != http.StatusOK || !strings.Contains(page.Body.String(), `name="password"`) || page.Header().Get("Cache-Control") != "no-store" {
		t.Errorf("the link's page: %d, cache %q; want a form for the password, not kept", page.Code, page.Header().Get("Cache-Control"))
	}
	if code := signIn("victim@example.org", attackers); code == http.StatusSeeOther {
		t.Fatal("the stranger's password opens the account when the victim follows the link")
	}
	done := anon.Post(link, url.Values{"surname": {"Жертва"}, "given_names": {"Жертва"}, "password": {"пароль жертвы"}})
	if done.Code != http.StatusOK || !strings.Contains(apitest.PageText(done), apitest.RuT("signup.confirmed")) {
		t.Fatalf("choose the password: %d\n%s", done.Code, done.Body)
	}
	if code := signIn("victim@example.org", attackers); code == http.StatusSeeOther {
		t.Error("the stranger's password opens the account")
	}
	if code := signIn("victim@example.org", "пароль жертвы"); code != http.StatusSeeOther {
		t.Errorf("the victim's password: %d", code)
	}

	// The victim signs up after the stranger: only the victim's link works.
	strangers := signUp("second@example.org", attackers)
	if form := anon.Get("/signup").Body.String(); strings.Contains(form, `name="password"`) {
		t.Error("the sign-up form of a site with mail asks for a password")
	}
	victims := signUp("second@example.org", "")
	if rec := anon.Get(strangers); rec.Code != http.StatusBadRequest {
		t.Errorf("the replaced link: %d, want 400", rec.Code)
	}
	if rec := anon.Post(strangers, url.Values{"surname": {"Взломщик"}, "given_names": {"Взломщик"}, "password": {attackers}}); rec.Code != http.StatusBadRequest {
		t.Errorf("the replaced link's form: %d, want 400", rec.Code)
	}
	if rec := anon.Post(victims, url.Values{"surname": {"Жертва"}, "given_names": {"Жертва"}, "password": {"пароль жертвы"}}); rec.Code != http.StatusOK {
		t.Fatalf("the victim's link: %d\n%s", rec.Code, rec.Body)
	}
	if code := signIn("second@example.org", attackers); code == http.StatusSeeOther {
		t.Error("the stranger's password opens the second account")
	}
}

// Issue 50.6: a club signs its twelve players up from one address within
// ten minutes and every form goes through at once; the address's sign-ups
// in a window are still bounded (account.Limits.SignUpsPerAddress), and
// the one over the bound answers 429 with when to come back.
func TestSignupAClubFromOneAddress(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			clock := &apitest.FakeClock{At: time.Now()}
			s := apitest.WithRouter(&apitest.WebServer{Server: apitest.NewServer(t, st), Store: st, Accounts: apitest.Accounts(st, account.Options{Now: clock.Now})}, "")
			anon := s.Anonymous()
			signUp := func(i int) *httptest.ResponseRecorder {
				started := startedField.FindStringSubmatch(anon.Get("/signup").Body.String())[1]
				clock.Set(clock.Now().Add(50 * time.Second))
				return anon.Post("/signup", url.Values{"email": {fmt.Sprintf("player%d@example.org", i)}, "surname": {"Игрок"}, "given_names": {fmt.Sprintf("Номер %d", i)}, "password": {"шашки адиюх"}, "started": {started}})
			}
			for i := range 12 {
				if rec := signUp(i); rec.Code != http.StatusOK || !strings.Contains(apitest.PageText(rec), apitest.RuT("signup.sent_approval")) {
					t.Fatalf("player %d of the club: %d\n%s", i+1, rec.Code, apitest.PageText(rec))
				}
			}
			users := s.SignIn(tournament.Admin).Get("/admin/accounts").Body.String()
			for i := range 12 {
				if !strings.Contains(users, fmt.Sprintf("player%d@example.org", i)) {
					t.Errorf("player %d's sign-up is not on the users page", i+1)
				}
			}
			limit := account.DefaultLimits().SignUpsPerAddress
			for i := 12; i < limit; i++ {
				if rec := signUp(i); rec.Code != http.StatusOK {
					t.Fatalf("sign-up %d of %d allowed: %d", i+1, limit, rec.Code)
				}
			}
			rec := signUp(limit)
			if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") == "" {
				t.Errorf("sign-up %d from one address within the window: %d, Retry-After %q; want 429 with a wait", limit+1, rec.Code, rec.Header().Get("Retry-After"))
			}
		})
	}
}

// Sign-ups are counted per client address with an IPv6 client counted by
// its /64 (issue 59.4): another address of the same /64 is over the bound
// its neighbour reached, an address of another /64 is not.
func TestSignupLimitCountsAnIPv6NetworkAsOne(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	clock := &apitest.FakeClock{At: time.Now()}
	limits := account.DefaultLimits()
	limits.SignUpsPerAddress = 2
	s := apitest.WithRouter(&apitest.WebServer{Server: apitest.NewServer(t, st), Store: st, Accounts: apitest.Accounts(st, account.Options{Now: clock.Now, Limits: limits})}, "")
	anon := s.Anonymous()
	n := 0
	signUpFrom := func(address string) int {
		started := startedField.FindStringSubmatch(anon.Get("/signup").Body.String())[1]
		clock.Set(clock.Now().Add(50 * time.Second))
		n++
		form := url.Values{"email": {fmt.Sprintf("player%d@example.org", n)}, "surname": {"Игрок"}, "given_names": {fmt.Sprintf("Номер %d", n)}, "password": {"шашки адиюх"}, "started": {started}}
		req := httptest.NewRequest(http.MethodPost, "/signup", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		req.RemoteAddr = "[" + address + "]:4000"
		return anon.Do(req).Code
	}
	for i, address := range []string{"2001:db8:1:2::1", "2001:db8:1:2::2"} {
		if code := signUpFrom(address); code != http.StatusOK {
			t.Fatalf("sign-up %d of the /64: %d", i+1, code)
		}
	}
	if code := signUpFrom("2001:db8:1:2:ffff::3"); code != http.StatusTooManyRequests {
		t.Errorf("a third sign-up from another address of the same /64: %d, want 429", code)
	}
	if code := signUpFrom("2001:db8:1:3::1"); code != http.StatusOK {
		t.Errorf("a sign-up from another /64: %d, want 200", code)
	}
}
