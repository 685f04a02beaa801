package knockout_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"adiukh/api/apitest"
)

// newTeamKnockout creates through the API a team knockout of game with n
// teams of two boards, team i rated so that it is seed i.
func newTeamKnockout(t *testing.T, s *apitest.Server, game string, n int, knockout map[string]any) int64 {
	t.Helper()
	body := map[string]any{"name": "Кубок клубов", "game": game, "discipline": "standard-team", "system": "knockout", "time_control": "90+30"}
	for k, v := range knockout {
		body[k] = v
	}
	e := s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", body)
	id := int64(apitest.Num(e["id"]))
	s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/team-settings", id), map[string]any{"boards": 2})
	for i := 1; i <= n; i++ {
		s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/teams", id), map[string]any{"name": fmt.Sprintf("Клуб %d", i),
			"players": []map[string]any{{"name": fmt.Sprintf("Первый %d", i), "rating": 2400 - 10*i}, {"name": fmt.Sprintf("Второй %d", i), "rating": 2300 - 10*i}}})
	}
	return id
}

// playTeamRound pairs and publishes the next team round and enters its
// boards through the API: winner names the start number of the team that
// wins every board of a leg between home and away.
func playTeamRound(t *testing.T, s *apitest.Server, id int64, winner func(home, away int) int) int {
	t.Helper()
	r := s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	round := apitest.Num(r["number"])
	s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/%d/publish", id, round), nil)
	b := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/knockout", id), nil)
	if b["teams"] != true {
		t.Fatalf("the bracket of a team knockout: %v", b)
	}
	for _, kr := range b["rounds"].([]any) {
		for _, raw := range kr.(map[string]any)["ties"].([]any) {
			tie := raw.(map[string]any)
			for _, rawLeg := range tie["legs"].([]any) {
				leg := rawLeg.(map[string]any)
				if apitest.Num(leg["round"]) != round {
					continue
				}
				top, bottom := tie["top"].(map[string]any), tie["bottom"].(map[string]any)
				home, away := apitest.Num(top["start_no"]), apitest.Num(bottom["start_no"])
				if apitest.Num(leg["home_id"]) != apitest.Num(top["id"]) {
					home, away = away, home
				}
				homeWins := winner(home, away) == home
				for _, rawBoard := range leg["boards"].([]any) {
					board := rawBoard.(map[string]any)
					score := "0:2"
					if homeWins == (board["home_white"] == true) {
						score = "2:0"
					}
					s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/%d/matches/%d/boards/%d/result", id, round, apitest.Num(leg["table"]), apitest.Num(board["board"])),
						map[string]any{"score": score, "end_reason": "final_position", "version": apitest.Num(board["version"])})
				}
			}
		}
	}
	return round
}

// readBack checks that the bracket's JSON, page and PDF show what want
// lists.
func readBack(t *testing.T, s *apitest.Server, id int64, want ...string) map[string]any {
	t.Helper()
	b := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/knockout", id), nil)
	page := s.Anonymous().Get(fmt.Sprintf("/events/%d/knockout", id))
	if page.Code != http.StatusOK {
		t.Fatalf("the bracket page: %d", page.Code)
	}
	pdf := apitest.PDFToText(t, "knockout", s.MustDownload(fmt.Sprintf("/api/v1/events/%d/knockout.pdf", id), "application/pdf"))
	for _, w := range want {
		if !strings.Contains(page.Body.String(), w) {
			t.Errorf("the page lacks %q", w)
		}
		if !strings.Contains(pdf, w) {
			t.Errorf("the PDF lacks %q:\n%s", w, pdf)
		}
	}
	return b
}

// TestTeamKnockoutThroughTheAPIAndPages plays two cups of teams through the
// API, ties of two legs: eight teams in Russian draughts, whose tie 4–5
// goes to a tie-break leg, and five in international draughts (byes for
// the top three), whose tie 4–5 a lot decides; the bracket's JSON, page
// and PDF read back.
func TestTeamKnockoutThroughTheAPIAndPages(t *testing.T) {
	t.Parallel()
	higher := func(home, away int) int { return min(home, away) }
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		t.Run("eight", func(t *testing.T) {
			id := newTeamKnockout(t, s, "russian", 8, map[string]any{"match_games": 2, "third_place": true,
				"tie_break_games": []map[string]any{{"games": 1, "tempo": "rapid", "time_control": "15+5"}}})
			for n := 1; n <= 7; n++ {
				winner := higher
				switch {
				case n <= 2:
					winner = func(home, away int) int {
						if min(home, away) == 4 && max(home, away) == 5 {
							return home
						}
						return higher(home, away)
					}
				case n == 3:
					winner = func(home, away int) int { return 5 }
				}
				playTeamRound(t, s, id, winner)
			}
			// Each tie names the team that went through, on the page as in
			// the PDF: Клуб 5 after the tie-break leg.
			b := readBack(t, s, id, "Клуб 5", "Первый 4", apitest.RuT("knockout.final"), apitest.RuT("knockout.third_place"), apitest.RuT("knockout.tempo.rapid"),
				apitest.RuT("knockout.winner")+": 5. Клуб 5")
			tie := b["rounds"].([]any)[0].(map[string]any)["ties"].([]any)[1].(map[string]any)
			legs := tie["legs"].([]any)
			third := legs[2].(map[string]any)
			if len(legs) != 3 || third["stage"] != 1.0 || third["tempo"] != "rapid" || third["time_control"] != "15+5" || third["round"] != 3.0 || tie["winner_id"] != tie["top"].(map[string]any)["id"] {
				t.Errorf("tie 4–5: %v", tie)
			}
			first := legs[0].(map[string]any)
			if first["score"].([]any)[0] != 4.0 || first["match_points"].([]any)[0] != 2.0 || first["boards"].([]any)[0].(map[string]any)["result"] != "2:0" {
				t.Errorf("its first leg: %v", first)
			}
			if b["winner"].(map[string]any)["name"] != "Клуб 1" || b["runner_up"].(map[string]any)["name"] != "Клуб 2" || b["third"].(map[string]any)["name"] != "Клуб 3" {
				t.Errorf("places: %v %v %v", b["winner"], b["runner_up"], b["third"])
			}
		})
		t.Run("five", func(t *testing.T) {
			id := newTeamKnockout(t, s, "international", 5, map[string]any{"match_games": 2})
			home := func(home, away int) int { return home }
			playTeamRound(t, s, id, home)
			playTeamRound(t, s, id, home)
			if code, out := s.Do(arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil); code != http.StatusConflict || !strings.Contains(fmt.Sprint(out), "lot") {
				t.Fatalf("pairing past a level tie: %d %v", code, out)
			}
			if code, out := s.Do(arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/knockout/ties/lot", id), map[string]any{"round": 1, "tie": 2, "team_no": 4}); code != http.StatusBadRequest {
				t.Errorf("a lot without a reason: %d %v", code, out)
			}
			page := s.SignIn(arbiter).Get(fmt.Sprintf("/events/%d/knockout", id))
			if !strings.Contains(page.Body.String(), fmt.Sprintf(`href="/events/%d?round=2"`, id)) {
				t.Errorf("the bracket page links no leg to its round")
			}
			if !strings.Contains(page.Body.String(), `action="/events/`+fmt.Sprint(id)+`/knockout/ties/lot"`) {
				t.Errorf("the arbiter's bracket page offers no lot for the level tie")
			}
			bad := s.SignIn(arbiter).Post(fmt.Sprintf("/events/%d/knockout/ties/lot", id), url.Values{"round": {"1"}, "tie": {"2"}, "team_no": {"1"}, "reason": {"жребий"}})
			if bad.Code != http.StatusBadRequest || !strings.Contains(bad.Body.String(), `class="field-error"`) {
				t.Errorf("the form's lot for a team outside the tie: %d", bad.Code)
			}
			tie := s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/knockout/ties/lot", id), map[string]any{"round": 1, "tie": 2, "team_no": 4, "reason": "жребий по положению"})
			if tie["lot"] == nil || tie["winner_id"] != tie["bottom"].(map[string]any)["id"] {
				t.Errorf("the tie after the lot: %v", tie)
			}
			for range 4 {
				playTeamRound(t, s, id, higher)
			}
			b := readBack(t, s, id, "жребий по положению", apitest.RuT("knockout.bye"), apitest.RuT("knockout.winner")+": 1. Клуб 1")
			if r1 := b["rounds"].([]any)[0].(map[string]any)["ties"].([]any); len(r1) != 4 || r1[0].(map[string]any)["bottom"] != nil {
				t.Errorf("round 1 of five teams: %v", r1)
			}
			// The event's other pages and documents read a team knockout
			// as every team competition.
			for _, path := range []string{"/events/%d", "/events/%d?round=1", "/events/%d?round=3", "/events/%d/standings"} {
				if page := s.SignIn(arbiter).Get(fmt.Sprintf(path, id)); page.Code != http.StatusOK {
					t.Errorf("%s: %d", fmt.Sprintf(path, id), page.Code)
				}
			}
			for _, path := range []string{"/api/v1/events/%d/games.pdn", "/api/v1/events/%d/standings.pdf", "/api/v1/events/%d/crosstable.pdf"} {
				if rec := s.Download("", fmt.Sprintf(path, id), nil); rec.Code != http.StatusOK {
					t.Errorf("%s: %d %s", fmt.Sprintf(path, id), rec.Code, rec.Body.String())
				}
			}
		})
	})
}
