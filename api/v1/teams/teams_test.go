package teams_test

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"adiukh/api/apitest"
)

// findMatch returns the match of team no in a round answer.
func findMatch(round map[string]any, no int) map[string]any {
	for _, m := range round["matches"].([]any) {
		m := m.(map[string]any)
		if apitest.Num(m["home"]) == no || (m["away"] != nil && apitest.Num(m["away"]) == no) {
			return m
		}
	}
	return nil
}

// checkColoursAlternate checks that the home team has White on board 1 and
// the colours alternate down the boards.
func checkColoursAlternate(te *apitest.TeamEvent, round map[string]any) {
	te.T.Helper()
	for _, m := range round["matches"].([]any) {
		m := m.(map[string]any)
		for _, g := range m["games"].([]any) {
			g := g.(map[string]any)
			if g["white"] == nil {
				continue
			}
			wantHome := apitest.Num(g["board"])%2 == 1
			if gotHome := te.TeamOf[apitest.Num(g["white"])] == apitest.Num(m["home"]); gotHome != wantHome {
				te.T.Errorf("round %v table %v board %v: White belongs to the home team = %v, want %v", round["number"], m["table"], g["board"], gotHome, wantHome)
			}
		}
	}
}

// TestSixTeamRoundRobin plays a 6-team, 4-board round robin through the
// API. In every match the team with the lower start number wins boards 1–3
// 17:7 and draws board 4, 7:1 in game points, except that team 2 beats team
// 1 5:3 (boards 1–2 to team 2, board 3 to team 1, board 4 drawn), teams 5
// and 6 draw every board (4:4), and team 6 leaves board 4 empty against
// team 3 (8:0, a forfeit). Worked by hand:
//
//	team  match points  game points  Adiukh points
//	2     10            5+4·7 = 33   53+4·63 = 305
//	1      8            3+4·7 = 31   43+4·63 = 295
//	3      6            1+1+7+7+8 = 24
//	4      4            1+1+1+7+7 = 17
//	5      1            4·1+4 = 8     4·33+48 = 180
//	6      1            1+1+0+1+4 = 7 4·33-33+21+48 = 168
//
// Teams 5 and 6 tie on match points; game points (the first tie-break of
// the preset) put 5 ahead.
func TestSixTeamRoundRobin(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		te := apitest.NewTeamEvent(t, s, "round-robin", 0, 4, []int{5, 4, 4, 4, 4, 5})
		score := func(home, away, board int) apitest.BoardScore {
			lo, hi := min(home, away), max(home, away)
			var loPts int
			switch {
			case lo == 1 && hi == 2:
				loPts = [5]int{0, 7, 7, 17, 12}[board]
			case lo == 5 && hi == 6:
				loPts = 12
			case board == 4:
				loPts = 12
			default:
				loPts = 17
			}
			reason := "final_position"
			if loPts == 12 {
				reason = "agreement"
			}
			if home == lo {
				return apitest.BoardScore{Home: loPts, Away: 24 - loPts, Reason: reason}
			}
			return apitest.BoardScore{Home: 24 - loPts, Away: loPts, Reason: reason}
		}
		met := map[[2]int]bool{}
		for n := 1; n <= 5; n++ {
			round := s.Must(http.StatusCreated, apitest.Arbiter, "POST", te.Path("/rounds"), nil)
			matches := round["matches"].([]any)
			if apitest.Num(round["number"]) != n || len(matches) != 3 {
				t.Fatalf("round %d: got number %v with %d matches", n, round["number"], len(matches))
			}
			checkColoursAlternate(te, round)
			for _, m := range matches {
				m := m.(map[string]any)
				pair := [2]int{min(apitest.Num(m["home"]), apitest.Num(m["away"])), max(apitest.Num(m["home"]), apitest.Num(m["away"]))}
				if met[pair] {
					t.Errorf("round %d pairs teams %v again", n, pair)
				}
				met[pair] = true
				if games := m["games"].([]any); len(games) != 4 {
					t.Errorf("round %d table %v has %d boards, want 4", n, m["table"], len(games))
				}
			}
			if m := findMatch(round, 6); apitest.Num(m["home"]) == 3 || apitest.Num(m["away"]) == 3 {
				r6 := te.Roster[6]
				round = s.Must(http.StatusOK, apitest.Arbiter, "PUT", te.Path(fmt.Sprintf("/rounds/%d/lineups/6", n)),
					map[string]any{"players": []int{r6[0], r6[1], r6[4], 0}, "reason": "board 4 did not arrive"})
				board4 := findMatch(round, 6)["games"].([]any)[3].(map[string]any)
				if board4["game"] != nil || board4["end_reason"] != "forfeit" {
					t.Errorf("empty board 4 = %v, want a forfeit without a game", board4)
				}
			}
			te.Play(round, score)
		}
		if len(met) != 15 {
			t.Errorf("%d different matches, want all 15", len(met))
		}
		s.Must(http.StatusConflict, apitest.Arbiter, "POST", te.Path("/rounds"), nil)

		st := s.Must(http.StatusOK, "", "GET", te.Path("/standings"), nil)
		want := []struct {
			startNo, rank int
			mp, gp        float64
			adiukh        float64 // 0: not checked
		}{
			{2, 1, 10, 33, 305},
			{1, 2, 8, 31, 295},
			{3, 3, 6, 24, 0},
			{4, 4, 4, 17, 0},
			{5, 5, 1, 8, 180},
			{6, 6, 1, 7, 168},
		}
		rows := st["rows"].([]any)
		if len(rows) != len(want) || apitest.Num(st["after_round"]) != 5 || st["ranking"] != "match_points" {
			t.Fatalf("standings = %v", st)
		}
		for i, w := range want {
			row := rows[i].(map[string]any)
			tbs := row["tiebreaks"].(map[string]any)
			if apitest.Num(row["start_no"]) != w.startNo || apitest.Num(row["rank"]) != w.rank || row["match_points"] != w.mp || row["game_points"] != w.gp ||
				row["score"] != w.mp || row["name"] != fmt.Sprintf("Команда %d", w.startNo) {
				t.Errorf("row %d = %v, want team %d ranked %d with %g match points and %g game points", i+1, row, w.startNo, w.rank, w.mp, w.gp)
			}
			if w.adiukh != 0 && tbs["adiukh-points"] != w.adiukh {
				t.Errorf("team %d: Adiukh points %v, want %g", w.startNo, tbs["adiukh-points"], w.adiukh)
			}
		}
		// Board 1: team 2's first player won all five games.
		board1 := st["boards"].([]any)[0].(map[string]any)["rows"].([]any)[0].(map[string]any)
		if apitest.Num(board1["player_id"]) != te.Roster[2][0] || board1["points"] != 10.0 || board1["percent"] != 100.0 || apitest.Num(board1["games"]) != 5 {
			t.Errorf("board 1 leader = %v, want team 2's first player with 10 points from 5 games", board1)
		}
		// Board 4 is drawn in every match but one: team 3's fourth player
		// draws four games and wins one by forfeit: 6 points, 4·12+24
		// Adiukh points.
		for _, r := range st["boards"].([]any)[3].(map[string]any)["rows"].([]any) {
			r := r.(map[string]any)
			if apitest.Num(r["player_id"]) == te.Roster[3][3] && (r["points"] != 6.0 || apitest.Num(r["games"]) != 5 || apitest.Num(r["adiukh_points"]) != 4*12+24) {
				t.Errorf("team 3's board 4 = %v, want 6 points from 5 games and 72 Adiukh points", r)
			}
		}
		// The crosstable row of team 6: 7 game points and 1 match point,
		// and its match against team 3 lost 0:8.
		ct := s.Must(http.StatusOK, "", "GET", te.Path("/crosstable"), nil)
		row6 := ct["rows"].([]any)[5].(map[string]any)
		if apitest.Num(row6["start_no"]) != 6 || apitest.Num(row6["rank"]) != 6 || row6["game_points"] != 7.0 || len(row6["matches"].([]any)) != 5 {
			t.Errorf("crosstable row 6 = %v", row6)
		}
		for _, m := range row6["matches"].([]any) {
			m := m.(map[string]any)
			if apitest.Num(m["opponent"]) == 3 && (m["game_points"] != 0.0 || m["opponent_game_points"] != 8.0 || m["match_points"] != 0.0) {
				t.Errorf("team 6 against team 3 = %v, want 0:8 and no match points", m)
			}
		}
		s.Must(http.StatusOK, apitest.Arbiter, "PATCH", te.Path(""), map[string]any{"status": "finished"})
	})
}

// TestLineupRules refuses line-ups that break the roster order, with a
// message that says what is wrong and where.
func TestLineupRules(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		te := apitest.NewTeamEvent(t, s, "round-robin", 0, 4, []int{6, 4})
		round := s.Must(http.StatusCreated, apitest.Arbiter, "POST", te.Path("/rounds"), nil)
		r1, r2 := te.Roster[1], te.Roster[2]
		lineup := te.Path("/rounds/1/lineups/1")
		for _, tc := range []struct {
			name    string
			players []int
			field   string
			message string
		}{
			{"a reserve above a regular player", []int{r1[0], r1[4], r1[1], r1[2]}, "players[2]", "Игрок 1.5 (roster place 5) cannot play on board 2, above Игрок 1.2 (roster place 2) on board 3: a line-up keeps the roster order, so a reserve moves players down, never up"},
			{"two regular players swapped", []int{r1[1], r1[0], r1[2], r1[3]}, "players[1]", "roster order"},
			{"too few boards", []int{r1[0], r1[1], r1[2]}, "players", "each of the 4 boards"},
			{"an empty board above a player", []int{r1[0], 0, r1[2], r1[3]}, "players[2]", "board 2 is empty but board 3 is not"},
			{"a player of the other team", []int{r1[0], r1[1], r1[2], r2[0]}, "players[3]", "not on the roster of team \"Команда 1\""},
			{"a player twice", []int{r1[0], r1[1], r1[1], r1[3]}, "players[2]", "named twice"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				code, out := s.Do(apitest.Arbiter, "PUT", lineup, map[string]any{"players": tc.players})
				if code != http.StatusBadRequest || out["field"] != tc.field || !strings.Contains(out["message"].(string), tc.message) {
					t.Errorf("PUT lineup %v: %d %v, want 400 on %s saying %q", tc.players, code, out, tc.field, tc.message)
				}
			})
		}

		// Reserves move players down: 1, 2, 5 (reserve), 6 (reserve) is fine.
		got := s.Must(http.StatusOK, apitest.Arbiter, "PUT", lineup, map[string]any{"players": []int{r1[0], r1[1], r1[4], r1[5]}})
		games := findMatch(got, 1)["games"].([]any)
		for board, want := range []int{r1[0], r1[1], r1[4], r1[5]} {
			g := games[board].(map[string]any)
			side := "black"
			if apitest.Num(findMatch(got, 1)["home"]) == 1 == (board%2 == 0) {
				side = "white"
			}
			if apitest.Num(g[side]) != want {
				t.Errorf("board %d %s = %v, want player %d", board+1, side, g[side], want)
			}
		}
		if len(round["matches"].([]any)) != 1 {
			t.Fatalf("a 2-team round has %d matches", len(round["matches"].([]any)))
		}

		// A reserve added after round 1 was paired plays from round 2; the
		// team's details change without touching the roster.
		added := s.Must(http.StatusCreated, apitest.Arbiter, "POST", te.Path("/teams/2/players"), map[string]any{"name": "Запасной", "rating": 1200})
		players := added["players"].([]any)
		late := players[len(players)-1].(map[string]any)
		if len(players) != 5 || apitest.Num(late["roster_place"]) != 5 || late["club"] != "Майкоп" {
			t.Errorf("team 2 after adding a reserve = %v", added)
		}
		code, out := s.Do(apitest.Arbiter, "PUT", te.Path("/rounds/1/lineups/2"), map[string]any{"players": []int{r2[0], r2[1], r2[2], apitest.Num(late["id"])}})
		if code != http.StatusBadRequest || !strings.Contains(out["message"].(string), "plays from round 2") {
			t.Errorf("fielding a reserve added after the pairing: %d %v, want 400", code, out)
		}
		renamed := s.Must(http.StatusOK, apitest.Arbiter, "PATCH", te.Path("/teams/2"), map[string]any{"captain": "Игрок 2.1", "reason": "выбран командой"})
		if renamed["captain"] != "Игрок 2.1" || renamed["name"] != "Команда 2" || len(renamed["players"].([]any)) != 5 {
			t.Errorf("team 2 after the change = %v", renamed)
		}
		// Once a board has a result the line-up is fixed.
		s.Must(http.StatusOK, apitest.Arbiter, "POST", te.Path("/rounds/1/publish"), nil)
		g := games[0].(map[string]any)
		s.Must(http.StatusOK, apitest.Arbiter, "PUT", te.Path("/rounds/1/matches/1/boards/1/result"), map[string]any{"score": "17:7", "end_reason": "final_position", "version": apitest.Num(g["version"])})
		// A result sent with the version it had before is refused, naming
		// the board as the arbiter knows it: its table and board.
		code, out = s.Do(apitest.Arbiter, "PUT", te.Path("/rounds/1/matches/1/boards/1/result"), map[string]any{"score": "7:17", "end_reason": "final_position", "version": apitest.Num(g["version"])})
		if code != http.StatusConflict || out["message"] != fmt.Sprintf("board 1 of table 1 in round 1 was changed meanwhile (version %d is out of date); reload the round and enter the result again", apitest.Num(g["version"])) {
			t.Errorf("a stale result: %d %v", code, out)
		}
		code, out = s.Do(apitest.Arbiter, "PUT", lineup, map[string]any{"players": []int{r1[0], r1[1], r1[2], r1[3]}})
		if code != http.StatusConflict || !strings.Contains(out["message"].(string), "already has a result") {
			t.Errorf("line-up after a result: %d %v, want 409", code, out)
		}
		// Players of a team event come with their team.
		code, out = s.Do(apitest.Arbiter, "POST", te.Path("/players"), map[string]any{"name": "Одиночка"})
		if code != http.StatusBadRequest || out["field"] != "discipline" {
			t.Errorf("individual player in a team event: %d %v, want 400 on discipline", code, out)
		}
	})
}

// TestTenTeamSwiss plays a 10-team, 2-board, 5-round Swiss through the API:
// the team with the lower start number wins both boards 17:7 (4:0 in game
// points). The pairings, worked by hand from C.04.6 (docs/pairing-teams.md):
//
//	round 1: 1-6 7-2 3-8 9-4 5-10   S1 1…5 against S2 6…10; odd first teams take White
//	round 2: 4-1 2-5 6-3 9-7 8-10   6 floats up into the winners' bracket
//	round 3: 1-3 4-2 5-9 7-8 10-6   4 floats up; 9 (White twice) gets Black, 10 (Black twice) White
//	round 4: 2-1 3-5 7-4 6-8 10-9   4 floats up; a bracket pairs by number (3.6): 3-5, 4-7;
//	                                3 (Black twice) gets White, 4 (White twice) Black
//	round 5: 1-5 3-2 4-10 6-7 8-9   1 has met 2, 3 and 4: 5 floats up; with 8 or 9 the
//	                                4-point bracket or the rest cannot be paired, so 10 floats
//
// Final match points 1:10, 2:8, 3/4/6:6, 5/7/8:4, 9:2, 10:0; game points
// are twice the match points. Among 3, 4 and 6, only 3 and 6 met (3 won),
// so direct encounter puts 3 first; ESB (opponent's match points × game
// points) separates 6 (0·4 + 4·4 + 4·4 = 32 over 10, 8, 7) from 4 (2·4 +
// 4·4 + 0 = 24 over 9, 7, 10). Among 5, 7 and 8, 7 beat 8; 5 and 8 tie on
// ESB (8 each, from beating 9) and Buchholz on match points separates them:
// 5 met 10, 2, 9, 3, 1 (0+8+2+6+10 = 26), 8 met 3, 10, 7, 6, 9 (6+0+4+6+2 = 18).
func TestTenTeamSwiss(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		te := apitest.NewTeamEvent(t, s, "swiss", 5, 2, []int{2, 2, 2, 2, 2, 2, 2, 2, 2, 2})
		score := func(home, away, board int) apitest.BoardScore {
			if home < away {
				return apitest.BoardScore{Home: 17, Away: 7, Reason: "final_position"}
			}
			return apitest.BoardScore{Home: 7, Away: 17, Reason: "final_position"}
		}
		wantRounds := []string{
			"1-6 7-2 3-8 9-4 5-10",
			"4-1 2-5 6-3 9-7 8-10",
			"1-3 4-2 5-9 7-8 10-6",
			"2-1 3-5 7-4 6-8 10-9",
			"1-5 3-2 4-10 6-7 8-9",
		}
		for n, want := range wantRounds {
			round := s.Must(http.StatusCreated, apitest.Arbiter, "POST", te.Path("/rounds"), nil)
			var tables []string
			for i, m := range round["matches"].([]any) {
				m := m.(map[string]any)
				if apitest.Num(m["table"]) != i+1 {
					t.Errorf("round %d: match %d is at table %v", n+1, i+1, m["table"])
				}
				tables = append(tables, fmt.Sprintf("%v-%v", m["home"], m["away"]))
			}
			if got := strings.Join(tables, " "); got != want {
				t.Fatalf("round %d pairs %s, want %s", n+1, got, want)
			}
			checkColoursAlternate(te, round)
			te.Play(round, score)
		}
		code, _ := s.Do(apitest.Arbiter, "POST", te.Path("/rounds"), nil)
		if code != http.StatusConflict {
			t.Errorf("pairing round 6 of 5: status %d, want 409", code)
		}

		st := s.Must(http.StatusOK, "", "GET", te.Path("/standings"), nil)
		want := []struct {
			startNo, rank int
			mp            float64
			tiebreaks     map[string]float64
		}{
			{1, 1, 10, map[string]float64{"adiukh-points": 5 * 34, "board-count": 1*10 + 2*10}},
			{2, 2, 8, nil},
			{3, 3, 6, map[string]float64{"direct-encounter": 2, "esb-mp-gp": 56, "buchholz-mp": 32}},
			{6, 4, 6, map[string]float64{"direct-encounter": 0, "esb-mp-gp": 32}},
			{4, 5, 6, map[string]float64{"direct-encounter": 0, "esb-mp-gp": 24}},
			{7, 6, 4, map[string]float64{"direct-encounter": 2}},
			{5, 7, 4, map[string]float64{"esb-mp-gp": 8, "buchholz-mp": 26}},
			{8, 8, 4, map[string]float64{"esb-mp-gp": 8, "buchholz-mp": 18}},
			{9, 9, 2, nil},
			{10, 10, 0, map[string]float64{"adiukh-points": 5 * 14}},
		}
		rows := st["rows"].([]any)
		if len(rows) != len(want) || apitest.Num(st["after_round"]) != 5 {
			t.Fatalf("standings = %v", st)
		}
		for i, w := range want {
			row := rows[i].(map[string]any)
			if apitest.Num(row["start_no"]) != w.startNo || apitest.Num(row["rank"]) != w.rank || apitest.Num(row["rank_to"]) != w.rank ||
				row["match_points"] != w.mp || row["game_points"] != 2*w.mp || row["score"] != w.mp {
				t.Errorf("row %d = %v, want team %d ranked %d with %g match points", i+1, row, w.startNo, w.rank, w.mp)
			}
			tbs := row["tiebreaks"].(map[string]any)
			for id, v := range w.tiebreaks {
				if tbs[id] != v {
					t.Errorf("team %d: %s = %v, want %g", w.startNo, id, tbs[id], v)
				}
			}
		}
	})
}

// A team round published and unpublished again answers with its matches,
// as publishing does, not as an individual round's games.
func TestTeamRoundUnpublishedAnswersWithMatches(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		te := apitest.NewTeamEvent(t, s, "round-robin", 0, 2, []int{2, 2, 2, 2})
		s.Must(http.StatusCreated, apitest.Arbiter, "POST", te.Path("/rounds"), nil)
		s.Must(http.StatusOK, apitest.Arbiter, "POST", te.Path("/rounds/1/publish"), nil)
		back := s.Must(http.StatusOK, apitest.Arbiter, "POST", te.Path("/rounds/1/unpublish"), map[string]any{"reason": "составы уточняются"})
		if _, ok := back["matches"]; !ok || back["games"] != nil || back["status"] != "draft" {
			t.Errorf("unpublishing a team round answers %v, want its matches as a draft", back)
		}
	})
}

// The team standings of the JSON API say which teams have withdrawn, as
// the standings CSV and standings.json exports do.
func TestTeamStandingsSayWithdrawn(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		te := apitest.NewTeamEvent(t, s, "swiss", 3, 2, []int{2, 2, 2, 2})
		round := s.Must(http.StatusCreated, apitest.Arbiter, "POST", te.Path("/rounds"), nil)
		te.Play(round, func(home, away, board int) apitest.BoardScore {
			return apitest.BoardScore{Home: 17, Away: 7, Reason: "final_position"}
		})
		s.Must(http.StatusOK, apitest.Arbiter, "PATCH", te.Path("/teams/4"), map[string]any{"withdraw_from_round": 2, "reason": "не приехала"})

		api := map[int]map[string]any{}
		for _, r := range s.Must(http.StatusOK, "", "GET", te.Path("/standings"), nil)["rows"].([]any) {
			row := r.(map[string]any)
			api[apitest.Num(row["start_no"])] = row
		}
		for no := 1; no <= 4; no++ {
			row := api[no]
			if w, ok := row["withdrawn"].(bool); !ok || w != (no == 4) {
				t.Errorf("team %d: withdrawn = %v, want %v", no, row["withdrawn"], no == 4)
			}
		}
		if got := apitest.Num(api[4]["withdraw_from_round"]); got != 2 {
			t.Errorf("team 4: withdraw_from_round = %v, want 2", api[4]["withdraw_from_round"])
		}
		if _, ok := api[1]["withdraw_from_round"]; ok {
			t.Errorf("team 1 has not withdrawn, yet has withdraw_from_round: %v", api[1])
		}

		// The exports say the same.
		get := func(path string) string {
			rec := httptest.NewRecorder()
			s.Handler.ServeHTTP(rec, httptest.NewRequest("GET", te.Path(path), nil))
			if rec.Code != http.StatusOK {
				t.Fatalf("%s: status %d", path, rec.Code)
			}
			return rec.Body.String()
		}
		records, err := csv.NewReader(strings.NewReader(get("/standings.csv"))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		col := map[string]int{}
		for i, name := range records[0] {
			col[name] = i
		}
		for _, rec := range records[1:] {
			var no int
			fmt.Sscan(rec[col["start_no"]], &no)
			if want := fmt.Sprint(api[no]["withdrawn"]); rec[col["withdrawn"]] != want {
				t.Errorf("team %d: the CSV says withdrawn=%s, the API %s", no, rec[col["withdrawn"]], want)
			}
		}
		var file struct {
			Standings []struct {
				StartNo   int  `json:"start_no"`
				Withdrawn bool `json:"withdrawn"`
			} `json:"standings"`
		}
		if err := json.Unmarshal([]byte(get("/standings.json")), &file); err != nil {
			t.Fatal(err)
		}
		for _, r := range file.Standings {
			if r.Withdrawn != api[r.StartNo]["withdrawn"] {
				t.Errorf("team %d: standings.json says withdrawn=%v, the API %v", r.StartNo, r.Withdrawn, api[r.StartNo]["withdrawn"])
			}
		}
	})
}
