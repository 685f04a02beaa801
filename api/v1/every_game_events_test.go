package v1_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/rules/games"
	"adiukh/tournament"
)

// Round robins of every game in each over-the-board discipline, one
// player a board and teams of four boards (a win, a draw, a loss a board;
// the blitz teams by the Swiss system), another game's score refused on a
// board, no checkers won on a board's row of a game without them; and
// what a game cannot have refused: a composition contest, the checkers
// won as a tie-break, a game no one plays. On both databases.
func TestEveryGameRoundRobinDisciplines(t *testing.T) {
	t.Parallel()
	data := apitest.EveryGame(t)
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		for _, d := range data {
			t.Run(d.Game.Key, func(t *testing.T) { roundRobinsOf(t, s, d) })
		}
		if code, out := s.Do(apitest.Arbiter, "POST", "/api/v1/events", map[string]any{"name": "Турнир", "game": "chess", "discipline": "standard", "system": "swiss", "rounds": 5}); code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out), "game") {
			t.Errorf("an event of chess: %d %v, want 400 at game", code, out)
		}
		// An event without a game is of the default one, as every event before.
		def := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events", map[string]any{"name": "Турнир", "discipline": "rapid", "system": "swiss", "rounds": 5})
		if def["game"] != games.Default.Key || strings.Contains(fmt.Sprint(def["tiebreaks"]), "adiukh-points") != games.Default.GradedScores() {
			t.Errorf("an event without a game: %v", def)
		}
	})
}

func roundRobinsOf(t *testing.T, s *apitest.Server, d apitest.GameData) {
	v := d.Game
	win, draw, loss := scores(d)
	for _, dc := range []struct{ discipline, clock string }{{"standard", "30+30"}, {"rapid", "8+4"}, {"blitz", "3+2"}} {
		ev := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events", map[string]any{
			"name": v.Key + ", " + dc.discipline, "game": v.Key, "discipline": dc.discipline, "system": "round-robin", "time_control": dc.clock,
		})
		base := fmt.Sprintf("/api/v1/events/%d", apitest.Num(ev["id"]))
		for i := 1; i <= 4; i++ {
			s.Must(http.StatusCreated, apitest.Arbiter, "POST", base+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i), "rating": 2000 - 10*i})
		}
		// The lower start number wins, but 1 and 2 draw.
		for n := 1; n <= 3; n++ {
			round := s.Must(http.StatusCreated, apitest.Arbiter, "POST", base+"/rounds", nil)
			s.Must(http.StatusOK, apitest.Arbiter, "POST", fmt.Sprintf("%s/rounds/%d/publish", base, n), nil)
			for _, g := range round["games"].([]any) {
				g := g.(map[string]any)
				white, black := apitest.Num(g["white"]), apitest.Num(g["black"])
				score, reason := loss, "resignation"
				switch {
				case min(white, black) == 1 && max(white, black) == 2:
					score, reason = draw, "agreement"
				case white < black:
					score = win
				}
				s.Must(http.StatusOK, apitest.Arbiter, "PUT", fmt.Sprintf("%s/rounds/%d/games/%d/result", base, n, apitest.Num(g["board"])),
					map[string]any{"score": score, "end_reason": reason, "version": apitest.Num(g["version"])})
			}
		}
		want := map[int]float64{1: 5, 2: 5, 3: 2, 4: 0}
		for _, r := range s.Must(http.StatusOK, "", "GET", base+"/standings", nil)["rows"].([]any) {
			r := r.(map[string]any)
			if no := apitest.Num(r["start_no"]); r["score"] != want[no] {
				t.Errorf("%s: start number %d scores %v, want %g", dc.discipline, no, r["score"], want[no])
			}
		}
		s.Must(http.StatusOK, apitest.Arbiter, "PATCH", base, map[string]any{"status": "finished"})
	}
	// Three Swiss rounds of four teams meet every pair once, as the
	// round robin does: the same standings.
	for _, team := range []struct {
		discipline, clock, system string
		rounds                    int
	}{{"standard-team", "30+30", "round-robin", 0}, {"rapid-team", "8+4", "round-robin", 0}, {"blitz-team", "3+2", "swiss", 3}} {
		te := apitest.NewTeamEvent(t, s, team.system, team.rounds, 4, []int{4, 4, 4, 4})
		ev := s.Must(http.StatusOK, apitest.Arbiter, "PATCH", te.Path(""), map[string]any{"game": v.Key, "discipline": team.discipline, "time_control": team.clock})
		if ev["game"] != v.Key || ev["discipline"] != team.discipline || strings.Contains(fmt.Sprint(ev["tiebreaks"]), "adiukh-points") != v.GradedScores() {
			t.Fatalf("the team event: %v", ev)
		}
		// The stronger team (lower start number) wins boards 1–3 and draws board 4.
		p := v.Scale.Points
		score := func(home, away, board int) apitest.BoardScore {
			switch {
			case board == 4:
				return apitest.BoardScore{Home: p / 2, Away: p / 2, Reason: "agreement"}
			case home < away:
				return apitest.BoardScore{Home: p, Away: 0, Reason: "resignation"}
			}
			return apitest.BoardScore{Home: 0, Away: p, Reason: "resignation"}
		}
		for range 3 {
			te.Play(s.Must(http.StatusCreated, apitest.Arbiter, "POST", te.Path("/rounds"), nil), score)
		}
		st := s.Must(http.StatusOK, "", "GET", te.Path("/standings"), nil)
		// 2/1/0 per board: a won match is 3 wins and a draw, 7 game points.
		want := map[int][2]float64{1: {6, 21}, 2: {4, 15}, 3: {2, 9}, 4: {0, 3}}
		for _, r := range st["rows"].([]any) {
			r := r.(map[string]any)
			w := want[apitest.Num(r["start_no"])]
			if r["match_points"] != w[0] || r["game_points"] != w[1] {
				t.Errorf("%s: team %v: match points %v, game points %v; want %v", team.discipline, r["start_no"], r["match_points"], r["game_points"], w)
			}
		}
		// The board prizes rank by points and percentage: the checkers
		// won only of a graded game.
		for _, b := range st["boards"].([]any) {
			for _, r := range b.(map[string]any)["rows"].([]any) {
				if pts, ok := r.(map[string]any)["adiukh_points"]; ok && !v.GradedScores() {
					t.Errorf("a board's row has Adiukh points %v: %v", pts, r)
				}
			}
		}
		code, out := s.Do(apitest.Arbiter, "PUT", te.Path("/rounds/1/matches/1/boards/1/result"), map[string]any{"score": d.ForeignScore(), "end_reason": "resignation", "version": 1, "reason": "проверка"})
		if code != http.StatusBadRequest || out["field"] != "score" {
			t.Errorf("another game's score %s on a board: %d %v", d.ForeignScore(), code, out)
		}
		text := apitest.Spaced(apitest.PDFToText(t, v.Key+"-"+team.discipline, s.MustDownload(te.Path("/standings.pdf"), "application/pdf")))
		if want := apitest.Spaced(apitest.RuT(v.DisciplineFullPrefix + team.discipline)); !strings.Contains(text, want) {
			t.Errorf("the team standings.pdf does not name %q:\n%s", want, text)
		}
	}
	var refusals []struct {
		body  map[string]any
		field string
	}
	if !v.Compositions {
		refusals = append(refusals, struct {
			body  map[string]any
			field string
		}{map[string]any{"discipline": "composition"}, "game"})
	}
	if !v.GradedScores() {
		refusals = append(refusals, struct {
			body  map[string]any
			field string
		}{map[string]any{"discipline": "standard", "system": "swiss", "rounds": 5, "tiebreaks": []string{"adiukh-points"}}, "tiebreaks[0]"})
	}
	for _, tc := range refusals {
		body := map[string]any{"name": "Турнир", "game": v.Key}
		for k, val := range tc.body {
			body[k] = val
		}
		if code, out := s.Do(apitest.Arbiter, "POST", "/api/v1/events", body); code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out), tc.field) {
			t.Errorf("%v: %d %v, want 400 at %s", tc.body, code, out, tc.field)
		}
	}
}

// Every game keeps rating lists of its own for the same persons of the
// register: a rated blitz event of each goes into its game's list and no
// other, the lists of two games differ as their results do, and a person
// entered in an event gets the rating of the event's game (none before
// it has one). On both databases.
func TestEveryGameRatingLists(t *testing.T) {
	t.Parallel()
	data := apitest.EveryGame(t)
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		var persons []int
		for i := 1; i <= 4; i++ {
			p := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/people", map[string]any{"surname": "Игроков", "given_names": fmt.Sprintf("Игрок %d", i), "birth_year": 1990 + i})
			persons = append(persons, apitest.Num(p["id"]))
		}
		ratings := map[string]map[int]int{} // game → person → rating
		for i, d := range data {
			v := d.Game
			win, draw, loss := scores(d)
			ev := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events", map[string]any{"name": "Рейтинговый блиц, " + v.Key, "game": v.Key,
				"discipline": "blitz", "system": "round-robin", "time_control": "3+2", "start_date": "2026-10-02", "end_date": "2026-10-02", "rated": true})
			id := apitest.Num(ev["id"])
			for _, person := range persons {
				if p := s.Must(http.StatusCreated, apitest.Arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"person_id": person}); apitest.Num(p["rating"]) != 0 {
					t.Errorf("%s: person %d enters with another game's rating %v", v.Key, person, p["rating"])
				}
			}
			// Every other game's event is won by the other colour, so that
			// the lists of two games next in the registry differ.
			first := loss
			if i%2 == 1 {
				first = win
			}
			for n := 1; n <= 3; n++ {
				s.Must(http.StatusCreated, apitest.Arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
				s.Must(http.StatusOK, apitest.Arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/%d/publish", id, n), nil)
				apitest.PlayRound(s, id, n, first, draw)
			}
			s.Must(http.StatusOK, apitest.Arbiter, "PATCH", fmt.Sprintf("/api/v1/events/%d", id), map[string]any{"status": "finished"})
			list := s.Must(http.StatusCreated, tournament.Admin, "POST", "/api/v1/ratings/"+v.RatingList("blitz")+"/periods", map[string]any{"until": "2026-10-31"})
			if p := list["period"].(map[string]any); apitest.Num(p["games"]) != 6 || apitest.Num(p["events"]) != 1 || len(list["rows"].([]any)) != 4 {
				t.Errorf("the %s blitz list: %v", v.Key, list)
			}
			ratings[v.Key] = map[int]int{}
			for _, r := range list["rows"].([]any) {
				r := r.(map[string]any)
				ratings[v.Key][apitest.Num(r["person_id"])] = apitest.Num(r["rating"])
			}
		}
		for i, d := range data {
			v := d.Game
			// The lists are computed before the next game's event is played:
			// each is unchanged by the others.
			for _, r := range s.Must(http.StatusOK, "", "GET", "/api/v1/ratings/"+v.RatingList("blitz"), nil)["rows"].([]any) {
				r := r.(map[string]any)
				if apitest.Num(r["rating"]) != ratings[v.Key][apitest.Num(r["person_id"])] {
					t.Errorf("the %s blitz list changed with another game's event: %v", v.Key, r)
				}
			}
			if i > 0 && fmt.Sprint(ratings[v.Key]) == fmt.Sprint(ratings[data[i-1].Game.Key]) {
				t.Errorf("the %s list is the %s one: %v", v.Key, data[i-1].Game.Key, ratings[v.Key])
			}
			next := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events", map[string]any{"name": "Следующий турнир", "game": v.Key,
				"discipline": "blitz", "system": "round-robin", "time_control": "3+2"})
			if p := s.Must(http.StatusCreated, apitest.Arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", apitest.Num(next["id"])), map[string]any{"person_id": persons[0]}); apitest.Num(p["rating"]) != ratings[v.Key][persons[0]] {
				t.Errorf("%s: person %d enters with rating %v, want %d", v.Key, persons[0], p["rating"], ratings[v.Key][persons[0]])
			}
		}
		person := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/people/%d", persons[0]), nil)
		lists := map[string]bool{}
		for _, l := range person["ratings"].([]any) {
			lists[fmt.Sprint(l.(map[string]any)["list"])] = true
		}
		for _, d := range data {
			if !lists[d.Game.RatingList("blitz")] {
				t.Errorf("the person's lists lack %s's: %v", d.Game.Key, person["ratings"])
			}
		}
	})
}
