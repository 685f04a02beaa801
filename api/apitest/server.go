// Package apitest is what the HTTP tests of the site share: the assembled
// router on a test database (NewRouter, as cmd/adiukh wires it), a server
// with one API token per role for the JSON tests (Server), signed-in pages
// for the page tests (WebServer, Page), the catalogue's Russian text to
// compare pages with (RuT, RuF …) and the one headless Chromium of a test
// binary's browser tests (Browser, BrowserOn). The tests of package api
// (the router as a whole), of api/web (the pages and the browser tests)
// and of api/v1 (the JSON API) use it; nothing else does.
package apitest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"adiukh/api"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

// Server is the whole application over a real database, with one
// token per role.
type Server struct {
	T       *testing.T
	Handler http.Handler
	Tokens  map[tournament.Role]string
}

// ForEachServer runs a test against the application on every test database.
func ForEachServer(t *testing.T, test func(t *testing.T, s *Server)) {
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			test(t, NewServer(t, st))
		})
	}
}

// Accounts is the account service of a test server: passwords hashed
// at the least cost, since every test server adds and signs in accounts.
func Accounts(st *store.Store, o account.Options) *account.Service {
	o.PasswordCost = account.MinPasswordCost
	return account.NewServiceWith(st.Accounts(), o)
}

// NewServer is the application on st with an account and an API token
// for each role: admin, arbiter and player.
func NewServer(t *testing.T, st *store.Store) *Server {
	t.Helper()
	accounts := Accounts(st, account.Options{})
	s := &Server{T: t, Tokens: map[tournament.Role]string{}}
	for _, role := range []tournament.Role{tournament.Admin, tournament.ArbiterRole, tournament.PlayerRole} {
		email := string(role) + "@example.org"
		if _, err := accounts.AddUser(context.Background(), account.NewUser{Email: email, Role: string(role), Password: "пароль судьи"}); err != nil {
			t.Fatal(err)
		}
		token, _, err := accounts.CreateToken(context.Background(), account.NewToken{Email: email})
		if err != nil {
			t.Fatal(err)
		}
		s.Tokens[role] = token
	}
	s.Handler = NewRouter(api.Deps{
		DB: st, Events: tournament.NewService(st, engines.Options()), Accounts: accounts,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	return s
}

// Do sends a request as the given role ("" for anonymous) and decodes the
// JSON answer into a generic map.
func (s *Server) Do(role tournament.Role, method, path string, body any) (int, map[string]any) {
	s.T.Helper()
	var reader io.Reader
	if body != nil {
		raw, ok := body.(string)
		if !ok {
			b, err := json.Marshal(body)
			if err != nil {
				s.T.Fatal(err)
			}
			raw = string(b)
		}
		reader = bytes.NewBufferString(raw)
	}
	req := httptest.NewRequest(method, path, reader)
	req.Header.Set("Content-Type", "application/json")
	if role != "" {
		req.Header.Set("Authorization", "Bearer "+s.Tokens[role])
	}
	rec := httptest.NewRecorder()
	s.Handler.ServeHTTP(rec, req)
	var out map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		s.T.Fatalf("%s %s: answer is not a JSON object: %v\n%s", method, path, err, rec.Body.String())
	}
	return rec.Code, out
}

// Must sends a request and fails the test unless it answers want.
func (s *Server) Must(want int, role tournament.Role, method, path string, body any) map[string]any {
	s.T.Helper()
	code, out := s.Do(role, method, path, body)
	if code != want {
		s.T.Fatalf("%s %s: status %d, want %d; answer %v", method, path, code, want, out)
	}
	return out
}

// Text sends a request with a body of text as the given role ("" for
// anonymous) and returns the answer as text.
func (s *Server) Text(role tournament.Role, method, path, body string) (int, string) {
	s.T.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if role != "" {
		req.Header.Set("Authorization", "Bearer "+s.Tokens[role])
	}
	rec := httptest.NewRecorder()
	s.Handler.ServeHTTP(rec, req)
	return rec.Code, rec.Body.String()
}

// Download fetches a document as the given role ("" for anonymous).
func (s *Server) Download(role tournament.Role, path string, header map[string]string) *httptest.ResponseRecorder {
	s.T.Helper()
	req := httptest.NewRequest("GET", path, nil)
	if role != "" {
		req.Header.Set("Authorization", "Bearer "+s.Tokens[role])
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	s.Handler.ServeHTTP(rec, req)
	return rec
}

// MustDownload fetches a document anonymously and fails the test unless it
// is there with the content type wanted.
func (s *Server) MustDownload(path, contentType string) []byte {
	s.T.Helper()
	rec := s.Download("", path, nil)
	if rec.Code != http.StatusOK {
		s.T.Fatalf("GET %s: status %d, want 200; answer %s", path, rec.Code, rec.Body.String())
	}
	if got := rec.Header().Get("Content-Type"); !strings.HasPrefix(got, contentType) {
		s.T.Fatalf("GET %s: Content-Type %q, want %s", path, got, contentType)
	}
	return rec.Body.Bytes()
}

// Num reads a JSON number as an int.
func Num(v any) int {
	f, _ := v.(float64)
	return int(f)
}

// CacheAnswers reads the page cache's answers by how they came about
// (kept, made, waited, uncached) from the /metrics of the site h.
func CacheAnswers(t testing.TB, h http.Handler) map[string]float64 {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	answers := map[string]float64{}
	for _, line := range strings.Split(rec.Body.String(), "\n") {
		how, ok := strings.CutPrefix(line, `adiukh_page_cache_answers_total{how="`)
		if !ok {
			continue
		}
		how, count, _ := strings.Cut(how, `"} `)
		n, err := strconv.ParseFloat(count, 64)
		if err != nil {
			t.Fatalf("/metrics: %q", line)
		}
		answers[how] = n
	}
	if len(answers) != 4 {
		t.Fatalf("/metrics has the page cache's answers %v; want kept, made, waited and uncached", answers)
	}
	return answers
}
