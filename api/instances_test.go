package api_test

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"adiukh/api"
	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

// Two servers on one PostgreSQL database, each with its own connections
// and the same signing secret, as behind a load balancer, behave as one:
// a sign-in made on one works on the other and a sign-out on either ends
// it on both, wrong passwords counted on one slow down the next attempt on
// the other, and a result entered on one is read on the other at once.
// (Scheduled work on two instances: TestSweepOnTwoInstances in
// tournament/correspondence.)
func TestTwoInstancesOnOnePostgres(t *testing.T) {
	t.Parallel()
	storetest.SkipWithoutPostgres(t)
	dsn := storetest.MigratedDSNs(t)["postgres"]
	secret := []byte("the secret both instances are configured with")
	// The wait after the fifth failure is an hour, not the server's second,
	// so that a slow machine cannot let it pass before the test's next try.
	limits := account.DefaultLimits()
	limits.BaseDelay = time.Hour
	var instances [2]*apitest.WebServer
	for i := range instances {
		st, err := store.Open(dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		w := &apitest.WebServer{Server: &apitest.Server{T: t, Tokens: map[tournament.Role]string{}}, Store: st, Accounts: apitest.Accounts(st, account.Options{Limits: limits})}
		if i == 0 {
			w.Server = apitest.NewServer(t, st)
		} else {
			w.Tokens = instances[0].Tokens
		}
		w.Handler = apitest.NewRouter(api.Deps{DB: st, Events: tournament.NewService(st, engines.Options()), Accounts: w.Accounts,
			Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Secret: secret})
		instances[i] = w
	}
	a, b := instances[0], instances[1]

	// A sign-in on A is a sign-in on B; signing out on B ends it on A.
	onA := a.SignIn(tournament.ArbiterRole)
	onB := &apitest.Page{Server: b.Server, Cookie: onA.Cookie}
	if rec := onB.Get("/manage/events/new"); rec.Code != http.StatusOK {
		t.Fatalf("A's sign-in on B: status %d", rec.Code)
	}
	if rec := onB.Post("/logout", nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("sign out on B: %d", rec.Code)
	}
	if rec := onA.Get("/manage/events/new"); rec.Code != http.StatusSeeOther || !strings.HasPrefix(rec.Header().Get("Location"), "/login") {
		t.Errorf("after signing out on B, A still knows the session: %d %s", rec.Code, rec.Header().Get("Location"))
	}

	// Five wrong passwords on A, then the right one on B from the same
	// address: it waits.
	token := func(s *apitest.WebServer, password string) int {
		req := httptest.NewRequest(http.MethodPost, "/api/v1/tokens", bytes.NewBufferString(fmt.Sprintf(`{"email":"arbiter@example.org","password":%q}`, password)))
		req.Header.Set("Content-Type", "application/json")
		req.RemoteAddr = "10.0.0.9:4000"
		rec := httptest.NewRecorder()
		s.Handler.ServeHTTP(rec, req)
		return rec.Code
	}
	for i := 1; i <= 5; i++ {
		if code := token(a, fmt.Sprintf("wrong password %d", i)); code != http.StatusUnauthorized {
			t.Fatalf("wrong password %d on A: %d", i, code)
		}
	}
	if code := token(b, "пароль судьи"); code != http.StatusTooManyRequests {
		t.Errorf("the right password on B right after five failures on A: %d, want 429", code)
	}

	// A result entered on A is on B at once, pages included.
	id := a.RoundRobin(4)
	standings := fmt.Sprintf("/api/v1/events/%d/rounds/1", id)
	before := fetch(b.Handler, standings).Body.String()
	a.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/1/games/1/result", id),
		map[string]any{"score": "17:7", "end_reason": "final_position", "version": 1})
	if after := fetch(b.Handler, standings).Body.String(); after == before || !strings.Contains(after, "17:7") {
		t.Errorf("B does not show the result entered on A")
	}
}

// signedIn reports whether a page's cookie still opens an arbiter page.
func signedIn(p *apitest.Page) bool {
	return p.Get("/manage/events/new").Code == http.StatusOK
}

// Logging out, a new password and an administrator end sessions on every
// instance: a copied cookie stops working everywhere.
func TestSessionsEndEverywhere(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	secret := []byte("the same secret on every instance!")
	newInstance := func() http.Handler {
		return apitest.NewRouter(api.Deps{
			DB: s.Store, Events: tournament.NewService(s.Store, engines.Options()), Accounts: s.Accounts,
			Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Secret: secret,
		})
	}
	s.Handler = newInstance()
	other := &apitest.Server{T: t, Handler: newInstance(), Tokens: s.Tokens}
	elsewhere := func(p *apitest.Page) *apitest.Page { return &apitest.Page{Server: other, Cookie: p.Cookie} }

	t.Run("logout", func(t *testing.T) {
		p := s.SignIn(tournament.ArbiterRole)
		copied := elsewhere(p)
		if !signedIn(copied) {
			t.Fatal("the cookie does not work on the second instance")
		}
		if rec := p.Post("/logout", url.Values{}); rec.Code != http.StatusSeeOther {
			t.Fatalf("logout: status %d", rec.Code)
		}
		if signedIn(copied) || signedIn(p) {
			t.Error("a copy of the cookie still works after logout")
		}
	})
	t.Run("an administrator", func(t *testing.T) {
		p, q := s.SignIn(tournament.ArbiterRole), s.SignIn(tournament.ArbiterRole)
		s.Must(http.StatusForbidden, tournament.PlayerRole, "DELETE", "/api/v1/users/arbiter@example.org/sessions", nil)
		out := s.Must(http.StatusOK, tournament.Admin, "DELETE", "/api/v1/users/arbiter@example.org/sessions", nil)
		if apitest.Num(out["ended"]) != 2 || signedIn(elsewhere(p)) || signedIn(q) {
			t.Errorf("after an administrator ended the arbiter's sessions: %v; still signed in: %v %v", out, signedIn(elsewhere(p)), signedIn(q))
		}
	})
	t.Run("a new password", func(t *testing.T) {
		p := s.SignIn(tournament.ArbiterRole)
		s.Must(http.StatusBadRequest, tournament.ArbiterRole, "PUT", "/api/v1/me/password", map[string]any{"current_password": "не тот", "new_password": "совсем новый пароль"})
		if !signedIn(p) {
			t.Fatal("a refused password change ended the session")
		}
		s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", "/api/v1/me/password", map[string]any{"current_password": "пароль судьи", "new_password": "совсем новый пароль"})
		if signedIn(elsewhere(p)) {
			t.Error("a session survived the password change")
		}
	})
}
