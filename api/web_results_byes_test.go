package api_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// The results page names each bye by its kind, as the pairings do — a
// requested half-point bye is not "free of play (bye)" — and marks a
// forfeit, so that the arbiter entering results sees what each board is.
func TestResultsPageNamesByesAndForfeits(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id, players := swissOfSix(s, "standard", "60+30")
	arbiter := s.SignIn(tournament.ArbiterRole)
	events := fmt.Sprintf("/events/%d", id)
	apitest.MustStatus(t, "bye", arbiter.Post(fmt.Sprintf("%s/players/%d/bye", events, players[5]), url.Values{"round": {"1"}, "kind": {"half"}}).Code, http.StatusSeeOther, "")
	s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	s.Must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), nil)
	s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/1/games/1/result", id),
		map[string]any{"score": "24:0", "end_reason": "forfeit", "version": 1})

	// Five players: boards 1 and 2, the pairing's bye (board 3) and the
	// requested half-point bye (board 4).
	row := func(lang string, board int) string {
		t.Helper()
		rec := arbiter.Get(fmt.Sprintf("%s/rounds/1/results?lang=%s", events, lang))
		apitest.MustStatus(t, "results page", rec.Code, http.StatusOK, rec.Body.String())
		body := rec.Body.String()
		start := strings.Index(body, fmt.Sprintf(`<tr data-board="%d"`, board))
		if start < 0 {
			t.Fatalf("no board %d on the results page\n%s", board, body)
		}
		end := strings.Index(body[start:], "</tr>")
		return body[start : start+end]
	}
	for _, c := range []struct {
		lang          string
		board         int
		want, wantNot string
	}{
		{"ru", 1, apitest.RuT("reason.forfeit"), ""},
		{"ru", 3, apitest.RuT("reason.bye"), apitest.RuT("reason.half_point_bye")},
		{"ru", 4, apitest.RuT("reason.half_point_bye"), apitest.RuT("reason.bye")},
		{"en", 1, "forfeit", ""},
		{"en", 4, "half-point bye", ""},
	} {
		r := row(c.lang, c.board)
		if !strings.Contains(r, c.want) || c.wantNot != "" && strings.Contains(r, c.wantNot) {
			t.Errorf("%s, board %d: want %q (and not %q) in\n%s", c.lang, c.board, c.want, c.wantNot, r)
		}
	}
}
