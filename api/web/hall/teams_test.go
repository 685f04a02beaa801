package hall_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament/store/storetest"
	"adiukh/tournament/teams"
)

// The hall of a team event groups its boards by match: a heading with the
// two teams and the score so far (the board points; the match points once
// the match is over), then the match's boards in board order; the bye's
// match has its heading alone. The hall screen turns a match a page. A
// board is board 2 of its match there and on its own page, which names
// the match and links back to it. In both languages, on both databases.
func TestTeamHallPagesByMatch(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := apitest.NewWebServerOn(t, st)
			te := apitest.NewTeamEvent(t, s.Server, "round-robin", 0, 2, []int{2, 2, 2, 2, 2})
			round := s.Must(http.StatusCreated, apitest.Arbiter, "POST", te.Path("/rounds"), nil)
			s.Must(http.StatusOK, apitest.Arbiter, "POST", te.Path("/rounds/1/publish"), nil)
			var first map[string]any
			for _, m := range round["matches"].([]any) {
				if m := m.(map[string]any); m["away"] != nil && first == nil {
					first = m
				}
			}
			table := apitest.Num(first["table"])
			games := first["games"].([]any)
			for board, score := range []string{"17:7", "12:12"} {
				g := games[board].(map[string]any)
				s.Must(http.StatusOK, apitest.Arbiter, "PUT", te.Path(fmt.Sprintf("/rounds/1/matches/%d/boards/%d/result", table, board+1)),
					map[string]any{"score": score, "end_reason": "final_position", "version": apitest.Num(g["version"])})
			}
			card := s.Must(http.StatusOK, "", "GET", te.Path("/rounds/1"), nil)
			var over map[string]any
			for _, m := range card["matches"].([]any) {
				if m := m.(map[string]any); apitest.Num(m["table"]) == table {
					over = m
				}
			}
			score := halves(over["home_game_points"]) + " : " + halves(over["away_game_points"])
			points := halves(over["home_match_points"]) + " : " + halves(over["away_match_points"])
			home, away := fmt.Sprintf("Команда %d", apitest.Num(first["home"])), fmt.Sprintf("Команда %d", apitest.Num(first["away"]))
			for _, lang := range []string{"ru", "en"} {
				page := apitest.PageText(s.Anonymous().Get(fmt.Sprintf("/events/%d/hall?lang=%s", te.ID, lang)))
				section := page[strings.Index(page, fmt.Sprintf(`data-match="%d"`, table)):]
				section = section[:strings.Index(section, "</section>")]
				apitest.MustContain(t, lang+": the match", section, home+"</strong>", away+"</strong>", `data-score>`+score+"</span>", points,
					fmt.Sprintf(`data-board="%d"`, apitest.Num(games[0].(map[string]any)["game"])))
				if first, second := strings.Index(section, fmt.Sprintf(`data-board="%d"`, apitest.Num(games[0].(map[string]any)["game"]))),
					strings.Index(section, fmt.Sprintf(`data-board="%d"`, apitest.Num(games[1].(map[string]any)["game"]))); first < 0 || second < first {
					t.Errorf("%s: the match's boards out of board order: %s", lang, section)
				}
				if n := strings.Count(page, `class="hall-match"`); n != len(round["matches"].([]any)) {
					t.Errorf("%s: %d matches, want %d", lang, n, len(round["matches"].([]any)))
				}
				if strings.Count(page, `class="hall-board`) != 4 {
					t.Errorf("%s: %d boards, want the round's 4", lang, strings.Count(page, `class="hall-board`))
				}
			}
			ru := apitest.PageText(s.Anonymous().Get(fmt.Sprintf("/events/%d/hall", te.ID)))
			en := apitest.PageText(s.Anonymous().Get(fmt.Sprintf("/events/%d/hall?lang=en", te.ID)))
			apitest.MustContain(t, "in Russian", ru, apitest.RuT("teams.match_points")+": "+points, apitest.RuT("teams.table", "N", table), apitest.RuT("reason.bye"))
			apitest.MustContain(t, "in English", en, "Match points: "+points, fmt.Sprintf("Table %d", table))
			screen := apitest.PageText(s.Anonymous().Get(fmt.Sprintf("/events/%d/hall/screen?rotate=5", te.ID)))
			if pages, heads := strings.Count(screen, `class="screen-page"`), strings.Count(screen, `class="match-head"`); pages != 3 || heads != 3 {
				t.Errorf("the screen: %d pages, %d match headings; want a page for each of the 3 matches", pages, heads)
			}
			apitest.MustContain(t, "the screen", screen, apitest.RuT("hall.screen_page", "N", 1, "Of", 3), `data-score>`+score)

			// A board is known as the pairings show it, board 2 of the
			// match at its table, not by its number in the round: so its
			// card on the multiboard, and its own page, which names the
			// match (its table and teams) and links back to it there.
			for _, m := range round["matches"].([]any) {
				m := m.(map[string]any)
				if m["away"] == nil {
					continue
				}
				table := apitest.Num(m["table"])
				home, away := fmt.Sprintf("Команда %d", apitest.Num(m["home"])), fmt.Sprintf("Команда %d", apitest.Num(m["away"]))
				section := ru[strings.Index(ru, fmt.Sprintf(`<section class="hall-match" id="match-%d" data-match="%d">`, table, table)):]
				section = section[:strings.Index(section, "</section>")]
				for _, g := range m["games"].([]any) {
					g := g.(map[string]any)
					board, number := apitest.Num(g["board"]), apitest.Num(g["game"])
					link := fmt.Sprintf("/events/%d/hall/rounds/1/boards/%d", te.ID, number)
					apitest.MustContain(t, fmt.Sprintf("table %d, board %d on the multiboard", table, board), section,
						fmt.Sprintf(`<a href="%s" class="board-no">%s</a>`, link, apitest.RuT("board.n", "N", board)))
					page := apitest.PageText(s.Anonymous().Get(link))
					apitest.MustContain(t, fmt.Sprintf("table %d, board %d's page", table, board), page,
						"<h2>"+apitest.RuT("round.title", "N", 1)+", "+apitest.RuT("board.n", "N", board)+"</h2>",
						apitest.RuT("teams.table", "N", table), home+"</strong>", away+"</strong>",
						fmt.Sprintf(`href="/events/%d/hall?round=1#match-%d">%s</a>`, te.ID, table, apitest.RuT("hall.back_to_match")))
				}
			}
			if en := apitest.PageText(s.Anonymous().Get(fmt.Sprintf("/events/%d/hall/rounds/1/boards/%d?lang=en", te.ID, teams.GameNumber(2, 2, 2)))); !strings.Contains(en, "Back to the match in the hall") {
				t.Errorf("a board's page in English does not link back to its match:\n%s", en)
			}
		})
	}
}

// A board whose relay stopped (a move the rules refuse) tells its readers
// it is paused at that move, on the multiboard, the screen and the board's
// page, in both languages, never the arbiter's message; the notice goes
// when the feed is put right. On both databases.
func TestStoppedBoardPausedOnThePages(t *testing.T) {
	t.Parallel()
	d := apitest.EveryGame(t)[0]
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := apitest.NewWebServerOn(t, st)
			id, relayed := hallEvent(t, s.Server, d)
			white, black := boardPlayers(t, s.Server, id, relayed)
			out := push(t, s.Server, id, relayed, white, black, append(append([]string{}, d.Opening...), d.Quiet))
			if out["status"] != "stopped" {
				t.Fatalf("a move refused: %v", out)
			}
			move := (len(d.Opening) + 2) / 2
			message := out["error"].(map[string]any)["message"].(string)
			paths := []string{"/hall", "/hall/screen", fmt.Sprintf("/hall/rounds/1/boards/%d", relayed)}
			for _, path := range paths {
				ru := apitest.PageText(s.Anonymous().Get(fmt.Sprintf("/events/%d%s", id, path)))
				en := apitest.PageText(s.Anonymous().Get(fmt.Sprintf("/events/%d%s?lang=en", id, path)))
				apitest.MustContain(t, path, ru, `role="status" data-label="`+apitest.RuT("hall.relay_paused", "Move", "#")+`">`+apitest.RuT("hall.relay_paused", "Move", move)+"</p>")
				apitest.MustContain(t, path+" in English", en, fmt.Sprintf("Relay paused at move %d", move))
				apitest.MustNotContain(t, path, ru+en, message, "note.relay")
			}
			push(t, s.Server, id, relayed, white, black, append(append([]string{}, d.Opening...), d.Capture))
			for _, path := range paths {
				page := apitest.PageText(s.Anonymous().Get(fmt.Sprintf("/events/%d%s", id, path)))
				apitest.MustNotContain(t, path+" put right", page, apitest.RuT("hall.relay_paused", "Move", move))
			}
		})
	}
}

// boardPlayers are the names of the players of a board of round 1.
func boardPlayers(t *testing.T, s *apitest.Server, id, board int) (white, black string) {
	t.Helper()
	players := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/players", id), nil)["players"].([]any)
	nameOf := func(pid int) string {
		for _, p := range players {
			if p := p.(map[string]any); apitest.Num(p["id"]) == pid {
				return p["name"].(string)
			}
		}
		return ""
	}
	for _, g := range s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)["games"].([]any) {
		if g := g.(map[string]any); apitest.Num(g["board"]) == board {
			return nameOf(apitest.Num(g["white"])), nameOf(apitest.Num(g["black"]))
		}
	}
	t.Fatalf("no board %d in round 1", board)
	return "", ""
}

// halves writes a score of the JSON as the pages do: 2½, ½, 3.
func halves(v any) string {
	f := v.(float64)
	switch {
	case f == float64(int(f)):
		return fmt.Sprint(int(f))
	case int(f) == 0:
		return "½"
	}
	return fmt.Sprintf("%d½", int(f))
}
