package apitest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"adiukh/api"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
	"adiukh/tournament/store"
	"adiukh/tournament/teams"
)

// FakeClock is the injected clock: months pass in a test in milliseconds.
type FakeClock struct {
	mu sync.Mutex
	At time.Time
}

// Now is the clock's time, for the services' Now.
func (c *FakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.At
}

// Set moves the clock to t.
func (c *FakeClock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.At = t
}

// CorrServer is the application with correspondence play on a fake clock.
type CorrServer struct {
	T        *testing.T
	Handler  http.Handler
	Clock    *FakeClock
	Corr     *correspondence.Service
	Accounts *account.Service
}

// NewCorrServer is the application on st with correspondence play, its
// clock at start and its mail sent to mailer.
func NewCorrServer(t *testing.T, st *store.Store, start time.Time, mailer correspondence.Mailer) *CorrServer {
	return NewCorrServerOn(t, st, st.Correspondence(), start, mailer)
}

// NewCorrServerOn is NewCorrServer with the correspondence service on corr,
// a store of st's (a test's wrapper of it), and the server's settings
// changed by configure.
func NewCorrServerOn(t *testing.T, st *store.Store, corr correspondence.Store, start time.Time, mailer correspondence.Mailer, configure ...func(*api.Deps)) *CorrServer {
	clock := &FakeClock{At: start}
	s := &CorrServer{T: t, Clock: clock, Accounts: Accounts(st, account.Options{})}
	s.Corr = correspondence.NewService(corr, correspondence.Options{Pairing: engines.Options().Pairing, Now: clock.Now, Mailer: mailer, BoardClocks: teams.LegClocks})
	opt := engines.Options()
	opt.Now, opt.LiveRound = clock.Now, s.Corr.StartLiveRound
	deps := api.Deps{
		DB: st, Events: tournament.NewService(st, opt), Accounts: s.Accounts, Correspondence: s.Corr,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: clock.Now,
	}
	for _, c := range configure {
		c(&deps)
	}
	s.Handler = NewRouter(deps)
	return s
}

// User creates an account and returns its API token.
func (s *CorrServer) User(email string, role tournament.Role) string {
	s.T.Helper()
	ctx := context.Background()
	if _, err := s.Accounts.AddUser(ctx, account.NewUser{Email: email, Role: string(role), Password: "пароль игрока"}); err != nil {
		s.T.Fatal(err)
	}
	token, _, err := s.Accounts.CreateToken(ctx, account.NewToken{Email: email})
	if err != nil {
		s.T.Fatal(err)
	}
	return token
}

// Call sends a request with a token ("" for none) and decodes the answer.
func (s *CorrServer) Call(token, method, path string, body any) (int, any) {
	s.T.Helper()
	var reader io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			s.T.Fatal(err)
		}
		reader = bytes.NewReader(b)
	}
	req := httptest.NewRequest(method, path, reader)
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	rec := httptest.NewRecorder()
	s.Handler.ServeHTTP(rec, req)
	var out any
	if rec.Body.Len() > 0 {
		if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
			s.T.Fatalf("%s %s: answer is not JSON: %v\n%s", method, path, err, rec.Body.String())
		}
	}
	return rec.Code, out
}

// Must sends a request with token and fails the test unless it answers
// want.
func (s *CorrServer) Must(want int, token, method, path string, body any) any {
	s.T.Helper()
	code, out := s.Call(token, method, path, body)
	if code != want {
		s.T.Fatalf("%s %s: status %d, want %d; answer %v", method, path, code, want, out)
	}
	return out
}

// Game is a game's JSON as the public API gives it.
func (s *CorrServer) Game(gid int) map[string]any {
	s.T.Helper()
	return s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/games/%d", gid), nil).(map[string]any)
}

// CorrStart is when the correspondence tests' clocks start.
var CorrStart = time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)

// Session signs a user in through the sign-in form and returns the cookie.
func (s *CorrServer) Session(email string) *http.Cookie {
	s.T.Helper()
	form := url.Values{"email": {email}, "password": {"пароль игрока"}, "next": {"/"}}
	req := httptest.NewRequest(http.MethodPost, "/login", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	rec := httptest.NewRecorder()
	s.Handler.ServeHTTP(rec, req)
	for _, c := range rec.Result().Cookies() {
		if c.Name == "adiukh_session" {
			return c
		}
	}
	s.T.Fatalf("sign in as %s: %d, no session", email, rec.Code)
	return nil
}

// Page is the body of the page at path, read with cookie (or without a
// session when it is nil); the test fails unless it answers 200, and is
// marked failed when the page shows a missing translation or an inline
// script.
func (s *CorrServer) Page(cookie *http.Cookie, path string) string {
	s.T.Helper()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	if cookie != nil {
		req.AddCookie(cookie)
	}
	rec := httptest.NewRecorder()
	s.Handler.ServeHTTP(rec, req)
	body := rec.Body.String()
	if rec.Code != http.StatusOK {
		s.T.Fatalf("GET %s: %d\n%s", path, rec.Code, body)
	}
	if strings.Contains(body, "⟦") {
		i := strings.Index(body, "⟦")
		s.T.Errorf("GET %s shows a missing translation: %s", path, body[i:min(len(body), i+60)])
	}
	if strings.Contains(body, "<script>") {
		s.T.Errorf("GET %s has an inline script", path)
	}
	return body
}

// Post sends a page's form with a session cookie (none when it is nil).
func (s *CorrServer) Post(cookie *http.Cookie, path string, form url.Values) *httptest.ResponseRecorder {
	s.T.Helper()
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	if cookie != nil {
		req.AddCookie(cookie)
	}
	rec := httptest.NewRecorder()
	s.Handler.ServeHTTP(rec, req)
	return rec
}

// MustPost sends a page's form and fails the test unless the form redirects;
// it returns where to, without the fragment, which stays in the browser.
func (s *CorrServer) MustPost(cookie *http.Cookie, path string, form url.Values) string {
	s.T.Helper()
	rec := s.Post(cookie, path, form)
	if rec.Code != http.StatusSeeOther {
		s.T.Fatalf("POST %s: %d, want a redirect\n%s", path, rec.Code, rec.Body.String())
	}
	next, _, _ := strings.Cut(rec.Header().Get("Location"), "#")
	return next
}
