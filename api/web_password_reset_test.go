package api_test

import (
	"context"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"

	"adiukh/tournament/account"
	"adiukh/tournament/store/storetest"
)

// mailTray is a Mailer that keeps the last mail's body.
type mailTray struct {
	mu   sync.Mutex
	body string
}

func (m *mailTray) Send(_ context.Context, to, subject, body string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.body = to + "\n" + subject + "\n" + body
	return nil
}

func (m *mailTray) last() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.body
}

// A forgotten password, on a site with mail: the sign-in page links the
// reset form; the answer is the same for a known and an unknown address;
// the mailed link's form sets a new password, sends the owner to sign in
// and works once. Without mail the form says to ask an administrator.
func TestPasswordResetPages(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	tray := &mailTray{}
	s := withRouter(&webServer{testServer: newTestServer(t, st), store: st,
		accounts: testAccounts(st, account.Options{Mailer: tray, SiteURL: "https://adiukh.example"})}, "")
	anon := s.anonymous()
	if body := anon.get("/login").Body.String(); !strings.Contains(body, `href="/password-reset"`) {
		t.Error("the sign-in page does not offer a password reset")
	}
	unknown := anon.post("/password-reset", url.Values{"email": {"nobody@example.org"}})
	known := anon.post("/password-reset", url.Values{"email": {"player@example.org"}})
	mustStatus(t, "ask for a link", known.Code, http.StatusOK, known.Body.String())
	if unknown.Code != known.Code || unknown.Body.String() != known.Body.String() {
		t.Error("a known and an unknown address get different answers")
	}
	link := regexp.MustCompile(`https://adiukh\.example(/password-reset/\S+)`).FindStringSubmatch(tray.last())
	if link == nil || !strings.HasPrefix(tray.last(), "player@example.org\n") {
		t.Fatalf("mail %q, want a link to the player", tray.last())
	}
	form := anon.get(link[1])
	mustStatus(t, "the link's form", form.Code, http.StatusOK, form.Body.String())
	if !strings.Contains(form.Body.String(), `name="password"`) || form.Header().Get("Cache-Control") != "no-store" {
		t.Errorf("the link's form: no password field or cached (%q)", form.Header().Get("Cache-Control"))
	}
	short := anon.post(link[1], url.Values{"password": {"short"}})
	if short.Code != http.StatusBadRequest || !strings.Contains(short.Body.String(), "field-error") {
		t.Errorf("a short password: %d", short.Code)
	}
	done := anon.post(link[1], url.Values{"password": {"новый пароль игрока"}})
	if done.Code != http.StatusSeeOther || done.Header().Get("Location") != "/login?done=password" {
		t.Fatalf("set the password: %d %s", done.Code, done.Header().Get("Location"))
	}
	if body := html.UnescapeString(anon.get("/login?done=password").Body.String()); !strings.Contains(body, `class="notice"`) {
		t.Error("the sign-in page does not say the password changed")
	}
	if _, err := s.accounts.Login(context.Background(), "player@example.org", "новый пароль игрока", "192.0.2.1"); err != nil {
		t.Errorf("sign in with the new password: %v", err)
	}
	if rec := anon.get(link[1]); rec.Code != http.StatusBadRequest {
		t.Errorf("the link used again: %d, want 400", rec.Code)
	}

	noMail := newWebServer(t).anonymous()
	if body := noMail.get("/login").Body.String(); strings.Contains(body, `href="/password-reset"`) {
		t.Error("a site without mail offers a password reset")
	}
	if body := noMail.get("/password-reset").Body.String(); strings.Contains(body, `name="email"`) {
		t.Error("a site without mail shows the reset form")
	}
}
