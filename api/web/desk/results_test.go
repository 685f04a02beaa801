package desk_test

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
	id, players := apitest.SwissOfSix(s, "standard", "60+30")
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

// A result saved on the keyboard entry of a team round is named as the
// page shows its board: the match's table and the board within the match,
// not the game's number within the round that was typed.
func TestTeamResultSavedNamesMatchAndBoard(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	te := apitest.NewTeamEvent(t, s.Server, "round-robin", 0, 2, []int{2, 2, 2, 2})
	round := s.Must(http.StatusCreated, apitest.Arbiter, "POST", te.Path("/rounds"), nil)
	s.Must(http.StatusOK, apitest.Arbiter, "POST", te.Path("/rounds/1/publish"), nil)
	// The last game of the round: the last board of the last table.
	var game, table, board int
	for _, m := range round["matches"].([]any) {
		m := m.(map[string]any)
		for _, g := range m["games"].([]any) {
			g := g.(map[string]any)
			if g["game"] != nil && apitest.Num(g["game"]) > game {
				game, table, board = apitest.Num(g["game"]), apitest.Num(m["table"]), apitest.Num(g["board"])
			}
		}
	}
	if table < 2 || game == board {
		t.Fatalf("the round should have its last game (%d) on board %d of table %d, beyond table 1", game, board, table)
	}

	a := s.SignIn(apitest.Arbiter)
	results := fmt.Sprintf("/events/%d/rounds/1/results", te.ID)
	page := a.Get(results).Body.String()
	rec := a.Post(results, url.Values{"board": {fmt.Sprintf("0%d", game)}, "score": {"17:7"}, "end_reason": {"final_position"}, "versions": {apitest.VersionsOf(page)}})
	apitest.MustStatus(t, "result by keyboard", rec.Code, http.StatusSeeOther, rec.Body.String())
	next := rec.Header().Get("Location")
	for _, c := range []struct{ lang, want, not string }{
		{"ru", apitest.RuT("teamweb.saved", "Table", table, "Board", board), apitest.RuT("results.saved", "Board", game)},
		{"en", fmt.Sprintf("Table %d, board %d: result saved.", table, board), fmt.Sprintf("Board %d: result saved", game)},
	} {
		page := a.Get(next + "&lang=" + c.lang).Body.String()
		if !strings.Contains(page, c.want) || strings.Contains(page, c.not) {
			t.Errorf("%s: after saving game %d the page does not say %q (or still says %q)", c.lang, game, c.want, c.not)
		}
		if !strings.Contains(page, fmt.Sprintf(`data-board="%d" class="just-saved"`, game)) {
			t.Errorf("%s: the row of game %d is not marked as just saved", c.lang, game)
		}
	}

	// An individual round still names the board typed.
	id := s.RoundRobin(4)
	results = fmt.Sprintf("/events/%d/rounds/1/results", id)
	page = a.Get(results).Body.String()
	rec = a.Post(results, url.Values{"board": {"2"}, "score": {"17:7"}, "end_reason": {"final_position"}, "versions": {apitest.VersionsOf(page)}})
	apitest.MustStatus(t, "individual result", rec.Code, http.StatusSeeOther, rec.Body.String())
	if page := a.Get(rec.Header().Get("Location")).Body.String(); !strings.Contains(page, apitest.RuT("results.saved", "Board", 2)) {
		t.Error("an individual round's entry no longer names the board saved")
	}
}
