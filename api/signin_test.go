package api_test

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"net"
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
)

// signInAttempt is one way of signing in: the web form or the API token
// endpoint, from a client address.
type signInAttempt func(s *apitest.WebServer, addr, email, password string) *httptest.ResponseRecorder

var signInWays = map[string]signInAttempt{
	"web form": func(s *apitest.WebServer, addr, email, password string) *httptest.ResponseRecorder {
		form := url.Values{"email": {email}, "password": {password}}
		req := httptest.NewRequest(http.MethodPost, "/login", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		req.RemoteAddr = net.JoinHostPort(addr, "4000")
		// A client cannot choose its address by forging X-Forwarded-For:
		// only a trusted proxy's forwarding counts, and none is trusted.
		req.Header.Set("X-Forwarded-For", fmt.Sprintf("203.0.113.%d", len(password)))
		rec := httptest.NewRecorder()
		s.Handler.ServeHTTP(rec, req)
		return rec
	},
	"API token": func(s *apitest.WebServer, addr, email, password string) *httptest.ResponseRecorder {
		body := fmt.Sprintf(`{"email":%q,"password":%q}`, email, password)
		req := httptest.NewRequest(http.MethodPost, "/api/v1/tokens", bytes.NewBufferString(body))
		req.Header.Set("Content-Type", "application/json")
		req.RemoteAddr = net.JoinHostPort(addr, "4000")
		req.Header.Set("X-Forwarded-For", fmt.Sprintf("203.0.113.%d", len(password)))
		rec := httptest.NewRecorder()
		s.Handler.ServeHTTP(rec, req)
		return rec
	},
}

// newWebServerStoppedClock is a web server whose account service's clock
// stands still, so that a delay of the sign-in limits does not run out
// while slow password checks go on.
func newWebServerStoppedClock(t *testing.T) *apitest.WebServer {
	s := apitest.NewWebServer(t)
	now := time.Now()
	s.Accounts = apitest.Accounts(s.Store, account.Options{Now: func() time.Time { return now }})
	s.Handler = apitest.NewRouter(api.Deps{
		DB: s.Store, Events: tournament.NewService(s.Store, engines.Options()), Accounts: s.Accounts,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	return s
}

// Every way of signing in has the same limits: after five wrong passwords
// from one address even the right one waits, with Retry-After; the owner
// from another address is not kept out.
func TestSignInLimitsOnEveryWay(t *testing.T) {
	t.Parallel()
	for name, try := range signInWays {
		t.Run(name, func(t *testing.T) {
			s := newWebServerStoppedClock(t)
			for i := 1; i <= 5; i++ {
				if rec := try(s, "10.0.0.9", "arbiter@example.org", strings.Repeat("x", 8+i)); rec.Code != http.StatusUnauthorized {
					t.Fatalf("wrong password %d: status %d, want 401", i, rec.Code)
				}
			}
			rec := try(s, "10.0.0.9", "arbiter@example.org", "пароль судьи")
			if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") != "1" {
				t.Fatalf("right password at once after 5 failures: status %d, Retry-After %q; want 429 and 1 s\n%s", rec.Code, rec.Header().Get("Retry-After"), rec.Body.String())
			}
			want := map[string]string{"web form": "1 секунду", "API token": "try again in 1 second\""}[name]
			if !strings.Contains(rec.Body.String(), want) {
				t.Errorf("the refusal does not say how long to wait (%q):\n%s", want, rec.Body.String())
			}
			if rec := try(s, "192.0.2.7", "arbiter@example.org", "пароль судьи"); rec.Code != http.StatusSeeOther && rec.Code != http.StatusCreated {
				t.Errorf("the owner from another address: status %d, want signed in", rec.Code)
			}
		})
	}
}

// The sign-in limits count an IPv6 client by its /64 (issue 59.4): after
// five wrong passwords from one address of a /64, the right one from
// another address of it waits too, and from another /64 it passes.
func TestSignInLimitsCountAnIPv6NetworkAsOne(t *testing.T) {
	t.Parallel()
	for name, try := range signInWays {
		t.Run(name, func(t *testing.T) {
			s := newWebServerStoppedClock(t)
			for i := 1; i <= 5; i++ {
				if rec := try(s, fmt.Sprintf("2001:db8:1:2::%d", i), "arbiter@example.org", strings.Repeat("x", 8+i)); rec.Code != http.StatusUnauthorized {
					t.Fatalf("wrong password %d: status %d, want 401", i, rec.Code)
				}
			}
			if rec := try(s, "2001:db8:1:2:ffff::9", "arbiter@example.org", "пароль судьи"); rec.Code != http.StatusTooManyRequests {
				t.Errorf("the right password from another address of the same /64: status %d, want 429", rec.Code)
			}
			if rec := try(s, "2001:db8:1:3::1", "arbiter@example.org", "пароль судьи"); rec.Code != http.StatusSeeOther && rec.Code != http.StatusCreated {
				t.Errorf("the right password from another /64: status %d, want signed in", rec.Code)
			}
		})
	}
}

func TestUnknownAndWrongPasswordLookAlike(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	try := signInWays["API token"]
	unknown := try(s, "10.0.0.1", "nobody@example.org", "пароль судьи")
	wrong := try(s, "10.0.0.2", string(tournament.ArbiterRole)+"@example.org", "не тот пароль")
	if unknown.Code != http.StatusUnauthorized || unknown.Body.String() != wrong.Body.String() {
		t.Errorf("unknown e-mail: %d %s; wrong password: %d %s; want the same 401", unknown.Code, unknown.Body, wrong.Code, wrong.Body)
	}
}

// A password change checks the current password under the same limits as a
// sign-in, so a refused change also says when to come back: Retry-After on
// the JSON call and on the account page.
func TestPasswordChangeRefusalSaysWhenToRetry(t *testing.T) {
	t.Parallel()
	ways := map[string]func(s *apitest.WebServer) func(current string) *httptest.ResponseRecorder{
		"API": func(s *apitest.WebServer) func(string) *httptest.ResponseRecorder {
			return func(current string) *httptest.ResponseRecorder {
				body := fmt.Sprintf(`{"current_password":%q,"new_password":"совсем новый пароль"}`, current)
				req := httptest.NewRequest(http.MethodPut, "/api/v1/me/password", strings.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Authorization", "Bearer "+s.Tokens[tournament.ArbiterRole])
				rec := httptest.NewRecorder()
				s.Handler.ServeHTTP(rec, req)
				return rec
			}
		},
		"account page": func(s *apitest.WebServer) func(string) *httptest.ResponseRecorder {
			browser := s.SignIn(tournament.ArbiterRole)
			return func(current string) *httptest.ResponseRecorder {
				return browser.Post("/account/password", url.Values{"current_password": {current}, "password": {"совсем новый пароль"}})
			}
		},
	}
	for name, way := range ways {
		t.Run(name, func(t *testing.T) {
			s := newWebServerStoppedClock(t)
			try := way(s)
			for i := 1; i <= 5; i++ {
				if rec := try(strings.Repeat("x", 8+i)); rec.Code != http.StatusBadRequest {
					t.Fatalf("wrong current password %d: status %d, want 400\n%s", i, rec.Code, rec.Body.String())
				}
			}
			rec := try("пароль судьи")
			if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") != "1" {
				t.Fatalf("right password at once after 5 failures: status %d, Retry-After %q; want 429 and 1 s\n%s", rec.Code, rec.Header().Get("Retry-After"), rec.Body.String())
			}
		})
	}
}
