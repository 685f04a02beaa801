package apitest

import (
	"context"
	"fmt"
	"html"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
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

// WebServer is the application with the helpers of the JSON tests (one
// API token per role) and the account service, to add users.
type WebServer struct {
	*Server
	Store    *store.Store
	Accounts *account.Service
}

// The web tests run on SQLite only: they check HTTP behaviour (sessions,
// CSRF, roles, rendering); the JSON tests cover both databases.
func NewWebServer(t *testing.T) *WebServer {
	t.Helper()
	return NewWebServerOn(t, storetest.SQLite(t))
}

// NewWebServerOn is the application of NewWebServer on st, for the web
// tests that run on both databases.
func NewWebServerOn(t *testing.T, st *store.Store) *WebServer {
	t.Helper()
	return WithRouter(&WebServer{Server: NewServer(t, st), Store: st, Accounts: Accounts(st, account.Options{})}, "")
}

// NewFreshServer is the application on a database without any account,
// with the one-time setup link token.
func NewFreshServer(t *testing.T, token string) *WebServer {
	t.Helper()
	st := storetest.SQLite(t)
	return WithRouter(&WebServer{Server: &Server{T: t, Tokens: map[tournament.Role]string{}}, Store: st, Accounts: Accounts(st, account.Options{})}, token)
}

// WithRouter gives s the site on its store and accounts, with the
// one-time setup link token (none when it is empty).
func WithRouter(s *WebServer, setupToken string) *WebServer {
	s.Handler = NewRouter(api.Deps{
		DB: s.Store, Events: tournament.NewService(s.Store, engines.Options()), Accounts: s.Accounts,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), SetupToken: setupToken,
	})
	return s
}

// AddUser creates an account and signs it in.
func (s *WebServer) AddUser(email string, role tournament.Role) *Page {
	s.T.Helper()
	if _, err := s.Accounts.AddUser(context.Background(), account.NewUser{Email: email, Role: string(role), Password: "пароль судьи"}); err != nil {
		s.T.Fatal(err)
	}
	return s.SignInAs(email)
}

// Page is a browser-like request: a session cookie (or none) and, for
// writes, a same-origin form post.
type Page struct {
	Server *Server
	Cookie *http.Cookie
}

// Anonymous is a reader without a session.
func (s *Server) Anonymous() *Page { return &Page{Server: s} }

// SignIn logs a role in through the sign-in form and keeps its cookie.
func (s *Server) SignIn(role tournament.Role) *Page {
	s.T.Helper()
	return s.SignInAs(string(role) + "@example.org")
}

// SignInAs logs the account of email in through the sign-in form and keeps
// its cookie.
func (s *Server) SignInAs(email string) *Page {
	s.T.Helper()
	p := &Page{Server: s}
	rec := p.Post("/login", url.Values{"email": {email}, "password": {"пароль судьи"}, "next": {"/"}})
	if rec.Code != http.StatusSeeOther {
		s.T.Fatalf("sign in as %s: status %d\n%s", email, rec.Code, rec.Body.String())
	}
	for _, c := range rec.Result().Cookies() {
		if c.Name == "adiukh_session" {
			p.Cookie = c
		}
	}
	if p.Cookie == nil {
		s.T.Fatalf("sign in as %s set no session cookie", email)
	}
	return p
}

// Do sends req with the page's session cookie, if it has one.
func (p *Page) Do(req *http.Request) *httptest.ResponseRecorder {
	if p.Cookie != nil {
		req.AddCookie(p.Cookie)
	}
	rec := httptest.NewRecorder()
	p.Server.Handler.ServeHTTP(rec, req)
	return rec
}

// Get reads the page at path.
func (p *Page) Get(path string) *httptest.ResponseRecorder {
	return p.Do(httptest.NewRequest(http.MethodGet, path, nil))
}

// Post sends a form as a browser does from a page of the same site.
func (p *Page) Post(path string, form url.Values) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("Origin", "http://example.com")
	return p.Do(req)
}

// RoundRobin creates, through the JSON API, a rapid round robin of n
// players owned by the arbiter, with round 1 paired and published.
func (s *Server) RoundRobin(n int) int {
	s.T.Helper()
	ev := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", map[string]any{
		"name": "Первенство Майкопа", "discipline": "rapid", "system": "round-robin", "time_control": "8+4",
	})
	id := Num(ev["id"])
	for i := 1; i <= n; i++ {
		s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{
			"name": fmt.Sprintf("Игрок %d", i), "rating": 2000 - i,
		})
	}
	s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	s.Must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), nil)
	return id
}

// Snapshot is the public JSON of an event, to show that a refused request
// changed nothing.
func (s *Server) Snapshot(id int) string {
	s.T.Helper()
	var b strings.Builder
	for _, path := range []string{"", "/players", "/rounds"} {
		_, out := s.Do(tournament.Admin, "GET", fmt.Sprintf("/api/v1/events/%d%s", id, path), nil)
		fmt.Fprint(&b, out)
	}
	return b.String()
}

// Ru is the catalogue in the default language, the one a page speaks
// unless its reader chose another. Tests compare a page with the
// catalogue's text looked up by key or message ID, not with a sentence
// of their own, so that rewording a message keeps them green.
var Ru = catalog.For(catalog.Russian)

// RuT is a page message by key ("accounts.title"), as a Russian page says
// it; kv are its template data, a name then a value ("N", 2). A key the
// catalogue lacks stops the test: it would match a page that shows ⟦key⟧.
func RuT(key string, kv ...any) string {
	if !Ru.Has(key) {
		panic(fmt.Sprintf("RuT: the catalogue has no Russian message %q", key))
	}
	return Ru.T(key, kv...)
}

// RuN is a page message by key with a plural form chosen by count ("4
// команды"), as a Russian page says it.
func RuN(key string, count int) string {
	if !Ru.Has(key) {
		panic(fmt.Sprintf("RuN: the catalogue has no Russian message %q", key))
	}
	return Ru.N(key, count)
}

// RuF is a domain error or a rules message by its message ID, the English
// printf format it is made with, and its arguments, as a Russian page
// says it. A format the catalogue lacks stops the test: the page would
// show it in English.
func RuF(format string, args ...any) string {
	if !Ru.Has(format) {
		panic(fmt.Sprintf("RuF: the catalogue has no Russian message %q", format))
	}
	return Ru.Sprintf(format, args...)
}

// PageText is an answer's body with its HTML entities resolved, to be compared
// with the catalogue's text (a page escapes quotes, «+» and the like).
func PageText(rec *httptest.ResponseRecorder) string { return html.UnescapeString(rec.Body.String()) }

// RuDoc is a document's label by key ("report.standings_after") with its
// printf arguments, as a Russian PDF prints it.
func RuDoc(key string, args ...any) string {
	s := RuT(key)
	if len(args) > 0 {
		return fmt.Sprintf(s, args...)
	}
	return s
}

// Lead is a message up to the mark \x00, which stands in its arguments for
// what the test does not know or does not care about (a user's number, the
// rules' own words on a move): Lead(RuF("problem %d is unsound: %s", 1,
// "\x00")) is "задача 1 некорректна: ".
func Lead(s string) string {
	s, _, _ = strings.Cut(s, "\x00")
	return s
}

// MustStatus fails the test unless the answer has the status.
func MustStatus(t *testing.T, what string, got, want int, body string) {
	t.Helper()
	if got != want {
		t.Fatalf("%s: status %d, want %d\n%s", what, got, want, body)
	}
}

// VersionsOf is the "board:version,…" list a results page was rendered
// with, as its form sends it back.
func VersionsOf(page string) string {
	m := regexp.MustCompile(`name="versions" value="([^"]*)"`).FindStringSubmatch(page)
	if m == nil {
		return ""
	}
	return m[1]
}
