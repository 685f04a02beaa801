package submissions_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/account"
)

// The JSON API offers what the pages do: swap seats, take back an untouched
// round, and player reports with their confirmation.
func TestReviewAndReportsAPI(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	ev := s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Кубок", "discipline": "rapid", "system": "round-robin"})
	id := apitest.Num(ev["id"])
	var ids []int
	for _, name := range []string{"Абрегов", "Берсиров", "Гучетль", "Дауров"} {
		ids = append(ids, apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": name})["id"]))
	}
	s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	before := s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)["games"].([]any)[0].(map[string]any)
	swapped := s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/swap", id), map[string]any{
		"a": map[string]any{"board": 1, "white": true}, "b": map[string]any{"board": 1, "white": false}, "reason": "цвета",
	})["games"].([]any)[0].(map[string]any)
	if swapped["white"] != before["black"] || swapped["black"] != before["white"] {
		t.Errorf("board 1 after the swap %v–%v, before %v–%v", swapped["white"], swapped["black"], before["white"], before["black"])
	}
	s.Must(http.StatusForbidden, tournament.PlayerRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/swap", id), map[string]any{
		"a": map[string]any{"board": 1, "white": true}, "b": map[string]any{"board": 2, "white": true},
	})
	s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), nil)
	if r := s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/unpublish", id), map[string]any{"reason": "рано"}); r["status"] != "draft" {
		t.Errorf("after unpublish: status %v", r["status"])
	}
	s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), nil)

	// Every player gets an account and a token.
	tokens := map[int]string{}
	for i, pid := range ids {
		email := fmt.Sprintf("p%d@example.org", i)
		s.AddUser(email, tournament.PlayerRole)
		token, _, err := s.Accounts.CreateToken(context.Background(), account.NewToken{Email: email})
		if err != nil {
			t.Fatal(err)
		}
		tokens[pid] = token
		s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/players/%d/account", id, pid), map[string]any{"email": email})
	}
	s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/submissions/open", id), map[string]any{"open": true})
	game := s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)["games"].([]any)[0].(map[string]any)
	white, black := apitest.PlayerByStartNo(t, s, id, apitest.Num(game["white"])), apitest.PlayerByStartNo(t, s, id, apitest.Num(game["black"]))

	code, sub := apitest.AsToken(s, tokens[white], "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/games/1/submission", id), map[string]any{"score": "12:12", "end_reason": "agreement"})
	if code != http.StatusCreated || sub["status"] != "pending" {
		t.Fatalf("submission: %d %v", code, sub)
	}
	confirm := fmt.Sprintf("/api/v1/events/%d/submissions/%d/confirm", id, apitest.Num(sub["id"]))
	if code, _ := apitest.AsToken(s, tokens[white], "POST", confirm, map[string]any{}); code != http.StatusForbidden {
		t.Errorf("the reporter confirms: status %d, want 403", code)
	}
	code, list := apitest.AsToken(s, tokens[black], "GET", fmt.Sprintf("/api/v1/events/%d/submissions", id), nil)
	if code != http.StatusOK || len(list["submissions"].([]any)) != 1 || list["open"] != true {
		t.Fatalf("the opponent's list: %d %v", code, list)
	}
	if code, out := apitest.AsToken(s, tokens[black], "POST", confirm, map[string]any{}); code != http.StatusOK || out["status"] != "confirmed" {
		t.Fatalf("the opponent confirms: %d %v", code, out)
	}
	game = s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)["games"].([]any)[0].(map[string]any)
	if game["score"] != "12:12" {
		t.Errorf("after confirmation the game scores %v, want 12:12", game["score"])
	}
}
