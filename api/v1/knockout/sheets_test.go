package knockout_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/rules/games"
)

// The score sheets of a knockout's match games through the API and the
// pages, in Adiukh and in Russian draughts: a match game's sheet and a
// tie-break game's are attached, the bracket's JSON says which games have
// moves, its page links each to the game's moves page, bad sheets are
// refused with what is wrong, and games.pdn reads back with the moves.
func TestKnockoutSheetsThroughTheAPIAndPages(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		game, whiteWins, blackWins, whiteScore, illegal string
	}{
		{"adiukh", "1. c3-b4 b6-c5 2. b4-a5 a7-b6\n24:0 (resignation)", "1. c3-b4 b6-c5\n0:24 (resignation)", "24:0", "1. c3-b4 b6-c5 2. h2-g1 a7-b6"},
		{"russian", "1. c3-d4 f6-g5 2. g3-h4 g7-f6\n2:0 resignation", "1. c3-d4 f6-g5 2. g3-h4 g7-f6\n0:2 resignation", "2:0", "1. c3-d4 f6-g5 2. g3-h4 g7-f6 3. h2-g1"},
	} {
		t.Run(c.game, func(t *testing.T) {
			apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
				id, _ := newKnockout(t, s, c.game, 4, false)
				s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
				s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), nil)
				sheets := fmt.Sprintf("/api/v1/events/%d/knockout/sheets", id)
				m := s.Must(http.StatusOK, arbiter, "POST", sheets, map[string]any{"round": 1, "board": 1, "number": 1, "sheet": c.whiteWins})
				if g := m["games"].([]any); len(g) != 1 || g[0].(map[string]any)["score"] != c.whiteScore || g[0].(map[string]any)["has_moves"] != true {
					t.Fatalf("game 1 from its sheet: %v", m)
				}
				s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/knockout/games", id),
					map[string]any{"round": 1, "board": 1, "number": 2, "score": c.whiteScore, "end_reason": "resignation"})
				code, out := s.Do(arbiter, "POST", sheets, map[string]any{"round": 1, "board": 1, "number": 2, "sheet": c.blackWins})
				if code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out), c.whiteScore) {
					t.Errorf("a sheet against the game's result: %d %v", code, out)
				}
				s.Must(http.StatusOK, arbiter, "POST", sheets, map[string]any{"round": 1, "board": 1, "number": 3, "sheet": c.whiteWins})
				for _, bad := range []struct {
					number int
					sheet  string
					code   int
					says   string
				}{
					{5, c.whiteWins, http.StatusConflict, "5"},
					{4, c.illegal, http.StatusBadRequest, "h2-g1"},
				} {
					code, out := s.Do(arbiter, "POST", sheets, map[string]any{"round": 1, "board": 1, "number": bad.number, "sheet": bad.sheet})
					if code != bad.code || !strings.Contains(fmt.Sprint(out), bad.says) {
						t.Errorf("game %d, sheet %q: %d %v; want %d saying %q", bad.number, bad.sheet, code, out, bad.code, bad.says)
					}
				}
				if code, _ := s.Do("", "POST", sheets, map[string]any{"round": 1, "board": 1, "number": 2, "sheet": c.whiteWins}); code != http.StatusUnauthorized {
					t.Errorf("a sheet sent signed out: %d", code)
				}
				b := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/knockout", id), nil)
				match := b["rounds"].([]any)[0].(map[string]any)["matches"].([]any)[0].(map[string]any)
				var moves []bool
				for _, g := range match["games"].([]any) {
					moves = append(moves, g.(map[string]any)["has_moves"] == true)
				}
				if fmt.Sprint(moves) != "[true false true]" {
					t.Errorf("games with moves %v, want games 1 and 3", moves)
				}

				// The bracket page links the games with sheets to their
				// moves; the game's page replays them.
				link := func(n int) string { return fmt.Sprintf(`href="/events/%d/knockout/1/1/games/%d"`, id, n) }
				page := s.Anonymous().Get(fmt.Sprintf("/events/%d/knockout", id)).Body.String()
				apitest.MustContain(t, "the bracket", page, link(1), link(3))
				apitest.MustNotContain(t, "the bracket", page, link(2), "/knockout/sheets")
				game := s.Anonymous().Get(fmt.Sprintf("/events/%d/knockout/1/1/games/3", id))
				first := strings.Fields(c.whiteWins)[1]
				if game.Code != http.StatusOK || !strings.Contains(game.Body.String(), first) || !strings.Contains(game.Body.String(), apitest.RuT("knockout.tempo.rapid")) {
					t.Errorf("the tie-break game's page: %d\n%.3000s", game.Code, game.Body.String())
				}
				if got := s.Anonymous().Get(fmt.Sprintf("/events/%d/knockout/1/1/games/9", id)); got.Code != http.StatusNotFound {
					t.Errorf("a game the match has not played: %d", got.Code)
				}

				// The arbiter's form: a bad sheet comes back beside the
				// match, a good one is stored.
				p := s.SignIn(arbiter)
				apitest.MustContain(t, "the arbiter's bracket", p.Get(fmt.Sprintf("/events/%d/knockout", id)).Body.String(), fmt.Sprintf(`action="/events/%d/knockout/sheets"`, id))
				form := func(number, sheet string) url.Values {
					return url.Values{"round": {"1"}, "board": {"1"}, "number": {number}, "sheet": {sheet}}
				}
				bad := p.Post(fmt.Sprintf("/events/%d/knockout/sheets", id), form("4", c.illegal))
				if bad.Code != http.StatusBadRequest || !strings.Contains(bad.Body.String(), `class="field-error"`) || !strings.Contains(bad.Body.String(), "h2-g1") {
					t.Errorf("an illegal move in the form: %d\n%.3000s", bad.Code, bad.Body.String())
				}
				if ok := p.Post(fmt.Sprintf("/events/%d/knockout/sheets", id), form("2", c.whiteWins)); ok.Code != http.StatusSeeOther {
					t.Errorf("game 2's sheet in the form: %d\n%.3000s", ok.Code, ok.Body.String())
				}

				// games.pdn holds the moves, as our own reader reads them.
				pdn := string(s.MustDownload(fmt.Sprintf("/api/v1/events/%d/games.pdn", id), "application/x-pdn"))
				variant, _ := games.Lookup(c.game)
				verdicts := variant.Rules.ValidateGames(pdn)
				if len(verdicts) != 3 {
					t.Fatalf("%d games in games.pdn, want 3:\n%s", len(verdicts), pdn)
				}
				for i, v := range verdicts {
					if !v.Valid || len(v.Moves) == 0 || v.Result == nil || v.Result.String() != c.whiteScore {
						t.Errorf("game %d of games.pdn: valid %v, %d moves, result %v, errors %+v\n%s", i+1, v.Valid, len(v.Moves), v.Result, v.Errors, pdn)
					}
				}
			})
		})
	}
}
