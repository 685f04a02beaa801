package events_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// TestEventPageUnknownRound: the pairings of a round that readers cannot
// see (not paired, or a draft) are not found, as its game viewer is,
// instead of showing the last round under the address of another; a round
// that is not a number is refused.
func TestEventPageUnknownRound(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(4)
	s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	team := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", map[string]any{"name": "Командный кубок", "discipline": "rapid-team", "system": "round-robin"})
	anonymous := s.Anonymous()
	for _, c := range []struct {
		path string
		code int
		want string
	}{
		{fmt.Sprintf("/events/%d?round=1", id), http.StatusOK, apitest.RuT("round.title", "N", 1)},
		{fmt.Sprintf("/events/%d?round=2", id), http.StatusNotFound, apitest.RuF("round %d of event %d not found", 2, id)},
		{fmt.Sprintf("/events/%d?round=9", id), http.StatusNotFound, apitest.RuF("round %d of event %d not found", 9, id)},
		{fmt.Sprintf("/events/%d?round=-1", id), http.StatusNotFound, apitest.RuF("round %d of event %d not found", -1, id)},
		{fmt.Sprintf("/events/%d?round=x", id), http.StatusBadRequest, apitest.RuF("%q is not a whole number", "x")},
		{fmt.Sprintf("/events/%d?round=9", apitest.Num(team["id"])), http.StatusNotFound, apitest.RuF("round %d of event %d not found", 9, apitest.Num(team["id"]))},
	} {
		rec := anonymous.Get(c.path)
		if rec.Code != c.code || !strings.Contains(apitest.PageText(rec), c.want) {
			t.Errorf("%s: %d, want %d saying %q", c.path, rec.Code, c.code, c.want)
		}
	}
	if rec := s.SignIn(tournament.ArbiterRole).Get(fmt.Sprintf("/events/%d?round=2", id)); rec.Code != http.StatusOK {
		t.Errorf("the arbiter's draft round 2: %d, want 200", rec.Code)
	}
}

// Standings after any played round, on the page and in the API; each
// player's score before the round beside the name in the pairings; a
// finished event opens on its final standings.
func TestStandingsAfterAnyRoundAndScoresInPairings(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		id := s.RoundRobin(4)
		apitest.PlayRound(s, id, 1, "17:7", "12:12")
		s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
		s.Must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/2/publish", id), nil)
		apitest.PlayRound(s, id, 2, "24:0")

		reader := s.Anonymous()
		after1 := reader.Get(fmt.Sprintf("/events/%d/standings?round=1", id)).Body.String()
		after2 := reader.Get(fmt.Sprintf("/events/%d/standings", id)).Body.String()
		if !strings.Contains(after1, apitest.RuT("standings.after", "N", 1)) || !strings.Contains(after2, apitest.RuT("standings.after", "N", 2)) || after1 == after2 {
			t.Errorf("the standings after round 1 and after round 2 are not told apart")
		}
		if !strings.Contains(after2, fmt.Sprintf(`href="?round=1"`)) || !strings.Contains(after2, `href="?round=2" aria-current="page"`) {
			t.Errorf("the standings page offers no choice of rounds")
		}
		if rec := reader.Get(fmt.Sprintf("/events/%d/standings?round=3", id)); rec.Code != http.StatusBadRequest {
			t.Errorf("standings after an unplayed round: %d", rec.Code)
		}
		_, api1 := s.Do("", "GET", fmt.Sprintf("/api/v1/events/%d/standings?round=1", id), nil)
		_, api2 := s.Do("", "GET", fmt.Sprintf("/api/v1/events/%d/standings", id), nil)
		if apitest.Num(api1["after_round"]) != 1 || apitest.Num(api2["after_round"]) != 2 || fmt.Sprint(api1["rows"]) == fmt.Sprint(api2["rows"]) {
			t.Errorf("the API: after round %v and %v", api1["after_round"], api2["after_round"])
		}

		// Round 2's pairings show the scores after round 1: in the round
		// robin's table a win is worth 2, a draw 1.
		pairings := reader.Get(fmt.Sprintf("/events/%d?round=2", id)).Body.String()
		for _, want := range []string{`class="pts"`, "(2)", "(1)", "(0)"} {
			if !strings.Contains(pairings, want) {
				t.Errorf("round 2's pairings lack %s", want)
			}
		}
		// The JSON of a round gives the same scores: four points were
		// shared out in round 1, none before it.
		for n, want := range map[int]float64{1: 0, 2: 4} {
			_, round := s.Do("", "GET", fmt.Sprintf("/api/v1/events/%d/rounds/%d", id, n), nil)
			total, seen := 0.0, 0
			for _, g := range round["games"].([]any) {
				game := g.(map[string]any)
				for _, key := range []string{"white_score", "black_score"} {
					if score, ok := game[key].(float64); ok {
						total += score
						seen++
					}
				}
			}
			if total != want || seen != 4 {
				t.Errorf("the JSON of round %d: %d scores before the round adding up to %v, want 4 adding up to %v", n, seen, total, want)
			}
		}
		if strings.Contains(reader.Get(fmt.Sprintf("/events/%d?round=1", id)).Body.String(), `class="pts"`) {
			t.Errorf("round 1's pairings show scores")
		}

		s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
		s.Must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/3/publish", id), nil)
		apitest.PlayRound(s, id, 3, "13:11")
		s.Must(http.StatusOK, tournament.ArbiterRole, "PATCH", fmt.Sprintf("/api/v1/events/%d", id), map[string]any{"status": "finished"})
		landing := reader.Get(fmt.Sprintf("/events/%d", id)).Body.String()
		if !strings.Contains(landing, apitest.RuT("standings.after", "N", 3)) || !strings.Contains(landing, fmt.Sprintf(`href="/events/%d?round=3"`, id)) {
			t.Errorf("a finished event does not open on its final standings with its pairings a tab away")
		}
		if !strings.Contains(reader.Get(fmt.Sprintf("/events/%d?round=3", id)).Body.String(), `id="boards"`) {
			t.Errorf("the pairings of a finished event are gone")
		}
	})
}
