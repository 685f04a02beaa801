package submissions_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/account"
)

// The players of a knockout match report its games, one by one, through
// the form (which asks for the game's number, the next one offered) and
// through POST …/submission with "game_no"; the arbiter confirms each, and
// the second decides the match on the bracket. A report without the
// game's number is refused at its field.
func TestKnockoutMatchReportedByItsPlayers(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	ev, _ := apitest.KnockoutEvent(s.Server, nil, 4)
	id := apitest.Num(ev["id"])
	s.PublishNextRound(id)
	game := s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)["games"].([]any)[0].(map[string]any)
	board := apitest.Num(game["board"])
	white, black := apitest.PlayerByStartNo(t, s, id, apitest.Num(game["white"])), apitest.PlayerByStartNo(t, s, id, apitest.Num(game["black"]))
	pages, tokens := map[int]*apitest.Page{}, map[int]string{}
	for _, pid := range []int{white, black} {
		email := fmt.Sprintf("p%d@example.org", pid)
		pages[pid] = s.AddUser(email, tournament.PlayerRole)
		token, _, err := s.Accounts.CreateToken(context.Background(), account.NewToken{Email: email})
		if err != nil {
			t.Fatal(err)
		}
		tokens[pid] = token
		s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/players/%d/account", id, pid), map[string]any{"email": email})
	}
	s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/submissions/open", id), map[string]any{"open": true})

	// The form asks for the game, the match's next offered.
	report := fmt.Sprintf("/events/%d/rounds/1/boards/%d/report", id, board)
	form := pages[white].Get(report)
	apitest.MustStatus(t, "the report form", form.Code, http.StatusOK, form.Body.String())
	if field := regexp.MustCompile(`<input[^>]*name="game_no"[^>]*>`).FindString(form.Body.String()); field == "" || !regexp.MustCompile(`value="1"`).MatchString(field) {
		t.Errorf("the report form's game field %q: want one offering game 1", field)
	}
	rec := pages[white].Post(report, url.Values{"game_no": {""}, "score": {"2:0"}, "end_reason": {"resignation"}})
	apitest.MustStatus(t, "a report without the game", rec.Code, http.StatusBadRequest, "")
	rec = pages[white].Post(report, url.Values{"game_no": {"1"}, "score": {"2:0"}, "end_reason": {"resignation"}})
	apitest.MustStatus(t, "game 1 reported", rec.Code, http.StatusSeeOther, rec.Body.String())
	// Game 2 through the API: the board's Black had White and lost.
	path := fmt.Sprintf("/api/v1/events/%d/rounds/1/games/%d/submission", id, board)
	code, second := apitest.AsToken(s, tokens[black], "POST", path, map[string]any{"game_no": 2, "score": "0:2", "end_reason": "resignation"})
	if code != http.StatusCreated || apitest.Num(second["game_no"]) != 2 {
		t.Fatalf("game 2 reported: %d %v", code, second)
	}
	if code, out := apitest.AsToken(s, tokens[black], "POST", path, map[string]any{"game_no": 5, "score": "0:2", "end_reason": "resignation"}); code != http.StatusBadRequest {
		t.Errorf("game 5 of a 2-game match reported: %d %v", code, out)
	}
	subs := s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/submissions", id), nil)["submissions"].([]any)
	if len(subs) != 2 {
		t.Fatalf("the reports: %v", subs)
	}
	for _, sub := range subs {
		s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/submissions/%d/confirm", id, apitest.Num(sub.(map[string]any)["id"])), map[string]any{})
	}
	bracket := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/knockout", id), nil)
	m := bracket["rounds"].([]any)[0].(map[string]any)["matches"].([]any)[0].(map[string]any)
	if len(m["games"].([]any)) != 2 || m["winner_id"] == nil || apitest.Num(m["winner_id"]) != white {
		t.Errorf("the match after both reports confirmed: %v", m)
	}
}
