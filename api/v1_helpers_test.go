package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"adiukh/api"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

// testServer is the whole application over a real database, with one
// token per role.
type testServer struct {
	t       *testing.T
	handler http.Handler
	tokens  map[tournament.Role]string
}

// forEachServer runs a test against the application on every test database.
func forEachServer(t *testing.T, test func(t *testing.T, s *testServer)) {
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			test(t, newTestServer(t, st))
		})
	}
}

// testAccounts is the account service of a test server: passwords hashed
// at the least cost, since every test server adds and signs in accounts.
func testAccounts(st *store.Store, o account.Options) *account.Service {
	o.PasswordCost = account.MinPasswordCost
	return account.NewServiceWith(st.Accounts(), o)
}

func newTestServer(t *testing.T, st *store.Store) *testServer {
	t.Helper()
	accounts := testAccounts(st, account.Options{})
	s := &testServer{t: t, tokens: map[tournament.Role]string{}}
	for _, role := range []tournament.Role{tournament.Admin, tournament.ArbiterRole, tournament.PlayerRole} {
		email := string(role) + "@example.org"
		if _, err := accounts.AddUser(context.Background(), account.NewUser{Email: email, Role: string(role), Password: "пароль судьи"}); err != nil {
			t.Fatal(err)
		}
		token, _, err := accounts.CreateToken(context.Background(), account.NewToken{Email: email})
		if err != nil {
			t.Fatal(err)
		}
		s.tokens[role] = token
	}
	s.handler = newRouter(api.Deps{
		DB: st, Events: tournament.NewService(st, engines.Options()), Accounts: accounts,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	return s
}

// do sends a request as the given role ("" for anonymous) and decodes the
// JSON answer into a generic map.
func (s *testServer) do(role tournament.Role, method, path string, body any) (int, map[string]any) {
	s.t.Helper()
	var reader io.Reader
	if body != nil {
		raw, ok := body.(string)
		if !ok {
			b, err := json.Marshal(body)
			if err != nil {
				s.t.Fatal(err)
			}
			raw = string(b)
		}
		reader = bytes.NewBufferString(raw)
	}
	req := httptest.NewRequest(method, path, reader)
	req.Header.Set("Content-Type", "application/json")
	if role != "" {
		req.Header.Set("Authorization", "Bearer "+s.tokens[role])
	}
	rec := httptest.NewRecorder()
	s.handler.ServeHTTP(rec, req)
	var out map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		s.t.Fatalf("%s %s: answer is not a JSON object: %v\n%s", method, path, err, rec.Body.String())
	}
	return rec.Code, out
}

// must sends a request and fails the test unless it answers want.
func (s *testServer) must(want int, role tournament.Role, method, path string, body any) map[string]any {
	s.t.Helper()
	code, out := s.do(role, method, path, body)
	if code != want {
		s.t.Fatalf("%s %s: status %d, want %d; answer %v", method, path, code, want, out)
	}
	return out
}

// num reads a JSON number as an int.
func num(v any) int {
	f, _ := v.(float64)
	return int(f)
}
