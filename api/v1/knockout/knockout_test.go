package knockout_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

const arbiter = tournament.ArbiterRole

// tieBreaks are the product owner's stages: two rapid games, two blitz,
// one deciding game.
var tieBreaks = []map[string]any{{"games": 2, "tempo": "rapid"}, {"games": 2, "tempo": "blitz"}, {"games": 1, "tempo": "deciding"}}

// newKnockout creates a knockout of two-game matches through the API with
// n players, player i rated so that they are seed i (apitest.KnockoutEvent).
func newKnockout(t *testing.T, s *apitest.Server, game string, n int, third bool) (int64, map[int64]int) {
	t.Helper()
	e, seeds := apitest.KnockoutEvent(s, map[string]any{"game": game, "tie_break_games": tieBreaks, "third_place": third}, n)
	k, _ := e["knockout"].(map[string]any)
	if k == nil || k["match_games"] != 2.0 || k["seeding"] != "rating" || len(k["tie_break_games"].([]any)) != 3 {
		t.Fatalf("the event's knockout setting: %v", e["knockout"])
	}
	return int64(apitest.Num(e["id"])), seeds
}

// playRound pairs and publishes the next round and plays its matches
// through the API: the first goes to the rapid games (1:1, then 2:0 for
// the better seed), a match of seeds 3 and 6 is drawn throughout and
// decided by lot for seed 6, every other won 1½:½ by the better seed.
func playRound(t *testing.T, s *apitest.Server, id int64, seeds map[int64]int) (round int, final bool) {
	t.Helper()
	round = apitest.Num(s.PublishNextRound(int(id))["number"])
	b := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/knockout", id), nil)
	rounds := b["rounds"].([]any)
	matches := rounds[round-1].(map[string]any)["matches"].([]any)
	for i, raw := range matches {
		m := raw.(map[string]any)
		if m["black"] == nil {
			continue
		}
		white, black := int64(apitest.Num(m["white"].(map[string]any)["id"])), int64(apitest.Num(m["black"].(map[string]any)["id"]))
		betterWhite := seeds[white] < seeds[black]
		// win is the score of game n for the better seed, White's first.
		win := func(n int) string {
			if betterWhite == (n%2 == 1) {
				return "2:0"
			}
			return "0:2"
		}
		lose := func(n int) string { return map[string]string{"2:0": "0:2", "0:2": "2:0"}[win(n)] }
		var games [][2]string
		switch {
		case i == 0:
			games = [][2]string{{win(1), "final_position"}, {lose(2), "final_position"}, {win(3), "resignation"}, {win(4), "resignation"}}
		case seeds[white]+seeds[black] == 9 && seeds[white]*seeds[black] == 18:
			for range 7 {
				games = append(games, [2]string{"1:1", "agreement"})
			}
		default:
			games = [][2]string{{win(1), "resignation"}, {"1:1", "agreement"}}
		}
		var last map[string]any
		for n, g := range games {
			last = s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/knockout/games", id),
				map[string]any{"round": round, "board": apitest.Num(m["board"]), "number": n + 1, "score": g[0], "end_reason": g[1]})
		}
		if len(games) == 7 {
			if last["awaits_lot"] != true {
				t.Fatalf("a match level after every stage: %v", last)
			}
			worse := white
			if seeds[black] > seeds[white] {
				worse = black
			}
			code, out := s.Do(arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/knockout/lots", id), map[string]any{"round": round, "board": apitest.Num(m["board"]), "winner_id": worse})
			if code != http.StatusBadRequest || out["field"] != "reason" {
				t.Errorf("a lot without a reason: %d %v", code, out)
			}
			last = s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/knockout/lots", id), map[string]any{"round": round, "board": apitest.Num(m["board"]), "winner_id": worse, "reason": "жребий по положению"})
		}
		if last["winner_id"] == nil {
			t.Fatalf("round %d board %v undecided after its games: %v", round, m["board"], last)
		}
	}
	return round, round == len(rounds)
}

func TestKnockoutThroughTheAPIAndPages(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		game   string
		n      int
		third  bool
		rounds int
	}{{"russian", 8, true, 3}, {"international", 13, false, 4}} {
		t.Run(fmt.Sprintf("%s-%d", c.game, c.n), func(t *testing.T) {
			apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
				id, seeds := newKnockout(t, s, c.game, c.n, c.third)
				rounds := 0
				for {
					r, final := playRound(t, s, id, seeds)
					rounds = r
					if final {
						break
					}
				}
				if rounds != c.rounds {
					t.Errorf("%d rounds, want %d", rounds, c.rounds)
				}
				b := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/knockout", id), nil)
				winner := b["winner"].(map[string]any)
				if winner["name"] != "Игрок 01" || b["runner_up"].(map[string]any)["name"] != "Игрок 02" {
					t.Errorf("winner %v, runner-up %v", winner, b["runner_up"])
				}
				first := b["rounds"].([]any)[0].(map[string]any)
				if c.n == 13 && (!strings.HasPrefix(fmt.Sprint(first["title"]), "1/8") || first["of"] != 16.0) {
					t.Errorf("the first round of 13: %v %v", first["title"], first["of"])
				}
				if c.third && b["third"] == nil {
					t.Errorf("no third place after the match for it: %v", b)
				}
				// A round's pairings list one board per match.
				r1 := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)
				if got := len(r1["games"].([]any)); got != len(first["matches"].([]any)) {
					t.Errorf("round 1 has %d boards for %d matches", got, len(first["matches"].([]any)))
				}
				// The page and the PDF read back the same bracket.
				page := s.Anonymous().Get(fmt.Sprintf("/events/%d/knockout", id))
				if page.Code != http.StatusOK || !strings.Contains(page.Body.String(), "жребий по положению") || !strings.Contains(page.Body.String(), apitest.RuT("knockout.final")) {
					t.Errorf("the bracket page: %d\n%.2000s", page.Code, page.Body.String())
				}
				pdf := apitest.PDFToText(t, "knockout", s.MustDownload(fmt.Sprintf("/api/v1/events/%d/knockout.pdf", id), "application/pdf"))
				for _, want := range []string{apitest.RuT("knockout.final"), "Игрок 01", "жребий по положению", apitest.RuT("knockout.winner") + ": 1. Игрок 01"} {
					if !strings.Contains(pdf, want) {
						t.Errorf("the PDF lacks %q:\n%s", want, pdf)
					}
				}
				// Finished, nothing changes unless reopened.
				s.Must(http.StatusOK, arbiter, "PATCH", fmt.Sprintf("/api/v1/events/%d", id), map[string]any{"status": "finished"})
				if code, out := s.Do(arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/knockout/games", id), map[string]any{"round": 1, "board": 1, "number": 1, "score": "0:2", "end_reason": "resignation", "reason": "ошибка"}); code != http.StatusConflict {
					t.Errorf("a correction of a final event: %d %v", code, out)
				}
			})
		})
	}
}

// The arbiter enters a match's games on the bracket page; a wrong score
// comes back beside the match.
func TestKnockoutPageForm(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		id, _ := newKnockout(t, s, "russian", 4, false)
		s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
		s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), nil)
		p := s.SignIn(arbiter)
		page := p.Get(fmt.Sprintf("/events/%d/knockout", id))
		if !strings.Contains(page.Body.String(), `action="/events/`+fmt.Sprint(id)+`/knockout/games"`) {
			t.Fatalf("the arbiter's bracket has no game form:\n%.3000s", page.Body.String())
		}
		bad := p.Post(fmt.Sprintf("/events/%d/knockout/games", id), url.Values{"round": {"1"}, "board": {"1"}, "number": {"1"}, "score": {"3:0"}, "end_reason": {"final_position"}})
		if bad.Code != http.StatusBadRequest || !strings.Contains(bad.Body.String(), `class="field-error"`) {
			t.Errorf("a wrong score: %d\n%.3000s", bad.Code, bad.Body.String())
		}
		ok := p.Post(fmt.Sprintf("/events/%d/knockout/games", id), url.Values{"round": {"1"}, "board": {"1"}, "number": {"1"}, "score": {"2:0"}, "end_reason": {"final_position"}})
		if ok.Code != http.StatusSeeOther {
			t.Fatalf("a game entered: %d\n%.2000s", ok.Code, ok.Body.String())
		}
		b := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/knockout", id), nil)
		m := b["rounds"].([]any)[0].(map[string]any)["matches"].([]any)[0].(map[string]any)
		if len(m["games"].([]any)) != 1 || m["next_game"].(map[string]any)["number"] != 2.0 {
			t.Errorf("the match after its first game: %v", m)
		}
		// A bracket that cannot work is refused with what is wrong.
		code, out := s.Do(arbiter, "POST", "/api/v1/events", map[string]any{"name": "Кубок", "game": "russian", "discipline": "standard", "system": "knockout", "match_games": 0,
			"tie_break_games": []map[string]any{{"games": 0, "tempo": "rapid"}}})
		if code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out), "match_games") || !strings.Contains(fmt.Sprint(out), "tie_break_games") {
			t.Errorf("a knockout of 0-game matches: %d %v", code, out)
		}
	})
}

// A knockout played on the site (here by correspondence) has its games'
// results from its games: the arbiter's bracket offers no form to enter
// them, and the door the form would post to refuses them.
func TestKnockoutPlayedOnTheSiteOffersNoGameForm(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		e, _ := apitest.KnockoutEvent(s, map[string]any{"name": "Заочный кубок", "discipline": "correspondence", "time_control": "5d",
			"tie_break_games": []map[string]any{{"games": 1, "tempo": "blitz", "time_control": "2d"}}}, 4)
		id := apitest.Num(e["id"])
		s.PublishNextRound(id)
		page := s.SignIn(arbiter).Get(fmt.Sprintf("/events/%d/knockout", id))
		if page.Code != http.StatusOK || strings.Contains(page.Body.String(), `/knockout/games"`) || !strings.Contains(page.Body.String(), `id="match-1-1"`) {
			t.Errorf("the arbiter's bracket of a knockout played on the site: %d, want its matches and no game form\n%.3000s", page.Code, page.Body.String())
		}
		code, out := s.Do(arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/knockout/games", id), map[string]any{"round": 1, "board": 1, "number": 1, "score": "2:0", "end_reason": "resignation"})
		if code != http.StatusConflict {
			t.Errorf("a game entered on the bracket of a knockout played on the site: %d %v, want refused", code, out)
		}
	})
}
