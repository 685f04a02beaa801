package api_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"testing"

	"adiukh/api"
	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/engines"
)

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
