package api_test

import (
	"context"
	"fmt"
	"html"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"adiukh/api"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/catalog"
	"adiukh/tournament/engines"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

// webServer is the application with the helpers of the JSON tests (one
// API token per role) and the account service, to add users.
type webServer struct {
	*testServer
	store    *store.Store
	accounts *account.Service
}

// The web tests run on SQLite only: they check HTTP behaviour (sessions,
// CSRF, roles, rendering); the JSON tests cover both databases.
func newWebServer(t *testing.T) *webServer {
	t.Helper()
	return newWebServerOn(t, storetest.SQLite(t))
}

// newWebServerOn is the application of newWebServer on st, for the web
// tests that run on both databases.
func newWebServerOn(t *testing.T, st *store.Store) *webServer {
	t.Helper()
	return withRouter(&webServer{testServer: newTestServer(t, st), store: st, accounts: testAccounts(st, account.Options{})}, "")
}

// newFreshServer is the application on a database without any account,
// with the one-time setup link token.
func newFreshServer(t *testing.T, token string) *webServer {
	t.Helper()
	st := storetest.SQLite(t)
	return withRouter(&webServer{testServer: &testServer{t: t, tokens: map[tournament.Role]string{}}, store: st, accounts: testAccounts(st, account.Options{})}, token)
}

func withRouter(s *webServer, setupToken string) *webServer {
	s.handler = newRouter(api.Deps{
		DB: s.store, Events: tournament.NewService(s.store, engines.Options()), Accounts: s.accounts,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), SetupToken: setupToken,
	})
	return s
}

// addUser creates an account and signs it in.
func (s *webServer) addUser(email string, role tournament.Role) *page {
	s.t.Helper()
	if _, err := s.accounts.AddUser(context.Background(), account.NewUser{Email: email, Role: string(role), Password: "пароль судьи"}); err != nil {
		s.t.Fatal(err)
	}
	return s.signInAs(email)
}

// page is a browser-like request: a session cookie (or none) and, for
// writes, a same-origin form post.
type page struct {
	s      *testServer
	cookie *http.Cookie
}

// anonymous is a reader without a session.
func (s *testServer) anonymous() *page { return &page{s: s} }

// signIn logs a role in through the sign-in form and keeps its cookie.
func (s *testServer) signIn(role tournament.Role) *page {
	s.t.Helper()
	return s.signInAs(string(role) + "@example.org")
}

func (s *testServer) signInAs(email string) *page {
	s.t.Helper()
	p := &page{s: s}
	rec := p.post("/login", url.Values{"email": {email}, "password": {"пароль судьи"}, "next": {"/"}})
	if rec.Code != http.StatusSeeOther {
		s.t.Fatalf("sign in as %s: status %d\n%s", email, rec.Code, rec.Body.String())
	}
	for _, c := range rec.Result().Cookies() {
		if c.Name == "adiukh_session" {
			p.cookie = c
		}
	}
	if p.cookie == nil {
		s.t.Fatalf("sign in as %s set no session cookie", email)
	}
	return p
}

func (p *page) do(req *http.Request) *httptest.ResponseRecorder {
	if p.cookie != nil {
		req.AddCookie(p.cookie)
	}
	rec := httptest.NewRecorder()
	p.s.handler.ServeHTTP(rec, req)
	return rec
}

func (p *page) get(path string) *httptest.ResponseRecorder {
	return p.do(httptest.NewRequest(http.MethodGet, path, nil))
}

// post sends a form as a browser does from a page of the same site.
func (p *page) post(path string, form url.Values) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("Origin", "http://example.com")
	return p.do(req)
}

// roundRobin creates, through the JSON API, a rapid round robin of n
// players owned by the arbiter, with round 1 paired and published.
func (s *testServer) roundRobin(n int) int {
	s.t.Helper()
	ev := s.must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", map[string]any{
		"name": "Первенство Майкопа", "discipline": "rapid", "system": "round-robin", "time_control": "8+4",
	})
	id := num(ev["id"])
	for i := 1; i <= n; i++ {
		s.must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{
			"name": fmt.Sprintf("Игрок %d", i), "rating": 2000 - i,
		})
	}
	s.must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	s.must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), nil)
	return id
}

// snapshot is the public JSON of an event, to show that a refused request
// changed nothing.
func (s *testServer) snapshot(id int) string {
	s.t.Helper()
	var b strings.Builder
	for _, path := range []string{"", "/players", "/rounds"} {
		_, out := s.do(tournament.Admin, "GET", fmt.Sprintf("/api/v1/events/%d%s", id, path), nil)
		fmt.Fprint(&b, out)
	}
	return b.String()
}

// ru is the catalogue in the default language, the one a page speaks
// unless its reader chose another. Tests compare a page with the
// catalogue's text looked up by key or message ID, not with a sentence
// of their own, so that rewording a message keeps them green.
var ru = catalog.For(catalog.Russian)

// ruT is a page message by key ("accounts.title"), as a Russian page says
// it; kv are its template data, a name then a value ("N", 2). A key the
// catalogue lacks stops the test: it would match a page that shows ⟦key⟧.
func ruT(key string, kv ...any) string {
	if !ru.Has(key) {
		panic(fmt.Sprintf("ruT: the catalogue has no Russian message %q", key))
	}
	return ru.T(key, kv...)
}

// ruN is a page message by key with a plural form chosen by count ("4
// команды"), as a Russian page says it.
func ruN(key string, count int) string {
	if !ru.Has(key) {
		panic(fmt.Sprintf("ruN: the catalogue has no Russian message %q", key))
	}
	return ru.N(key, count)
}

// ruF is a domain error or a rules message by its message ID, the English
// printf format it is made with, and its arguments, as a Russian page
// says it. A format the catalogue lacks stops the test: the page would
// show it in English.
func ruF(format string, args ...any) string {
	if !ru.Has(format) {
		panic(fmt.Sprintf("ruF: the catalogue has no Russian message %q", format))
	}
	return ru.Sprintf(format, args...)
}

// pageText is an answer's body with its HTML entities resolved, to be compared
// with the catalogue's text (a page escapes quotes, «+» and the like).
func pageText(rec *httptest.ResponseRecorder) string { return html.UnescapeString(rec.Body.String()) }

// ruDoc is a document's label by key ("report.standings_after") with its
// printf arguments, as a Russian PDF prints it.
func ruDoc(key string, args ...any) string {
	s := ruT(key)
	if len(args) > 0 {
		return fmt.Sprintf(s, args...)
	}
	return s
}

// lead is a message up to the mark \x00, which stands in its arguments for
// what the test does not know or does not care about (a user's number, the
// rules' own words on a move): lead(ruF("problem %d is unsound: %s", 1,
// "\x00")) is "задача 1 некорректна: ".
func lead(s string) string {
	s, _, _ = strings.Cut(s, "\x00")
	return s
}
