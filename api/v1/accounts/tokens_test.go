package accounts_test

import (
	"fmt"
	"net/http"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// API tokens are listed, expire and are revoked through the API.
func TestTokensListedAndRevoked(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		created := s.Must(http.StatusCreated, "", "POST", "/api/v1/tokens", map[string]any{
			"email": "arbiter@example.org", "password": "пароль судьи", "name": "табло", "expires_in_days": 7,
		})
		if created["expires_at"] == nil || created["name"] != "табло" {
			t.Fatalf("new token %v: want its name and expiry", created)
		}
		s.Tokens["script"] = created["token"].(string)
		list := s.Must(http.StatusOK, "script", "GET", "/api/v1/tokens", nil)["tokens"].([]any)
		if len(list) != 2 {
			t.Fatalf("tokens %v, want the test's and the new one", list)
		}
		id := apitest.Num(created["id"])
		s.Must(http.StatusNotFound, tournament.PlayerRole, "DELETE", fmt.Sprintf("/api/v1/tokens/%d", id), nil)
		s.Must(http.StatusForbidden, tournament.PlayerRole, "GET", "/api/v1/tokens?email=arbiter@example.org", nil)
		s.Must(http.StatusOK, tournament.ArbiterRole, "DELETE", fmt.Sprintf("/api/v1/tokens/%d", id), nil)
		s.Must(http.StatusUnauthorized, "script", "GET", "/api/v1/me", nil)
		if code, out := s.Do("", "POST", "/api/v1/tokens", map[string]any{"email": "arbiter@example.org", "password": "пароль судьи", "expires_in_days": 400}); code != http.StatusBadRequest || out["field"] != "expires_in_days" {
			t.Errorf("a token for 400 days: %d %v, want 400 naming expires_in_days", code, out)
		}
	})
}
