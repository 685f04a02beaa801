package correspondence_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/store/storetest"
)

// firstLegal is the notation of the first legal move of a game as the API
// answers it ("c3 d4=c3-d4;…").
func firstLegal(t *testing.T, g map[string]any) string {
	t.Helper()
	legal, _ := g["legal"].(string)
	_, after, ok := strings.Cut(legal, "=")
	if !ok {
		t.Fatalf("game %v has no legal move", g["id"])
	}
	move, _, _ := strings.Cut(after, ";")
	return move
}

// A live Russian draughts micro-match through the API, on both databases:
// the round's game is the micro-match's first, from the drawn opening; the
// board's Black resigns it, and the second starts at once from the same
// opening with the colours exchanged, its page and JSON saying which game
// it is, the opening and the first game's result; its first move is
// played; the first game's page leads to it.
func TestLiveMicroMatchThroughTheAPI(t *testing.T) {
	t.Parallel()
	apitest.ForEachLiveServer(t, func(t *testing.T, s *apitest.CorrServer, arbiter string, t0 time.Time) {
		sec := apitest.StartLiveEvent(t, s, arbiter, map[string]any{"name": "Блиц микроматчами", "game": "russian", "discipline": "blitz", "system": "round-robin",
			"time_control": "3+2", "online": true, "micro_match": "round", "micro_count": "matches"}, map[string]string{}, "white@example.org", "black@example.org")
		games := sec.Games(s)
		if len(games) != 1 {
			t.Fatalf("the round's live games: %v; want the micro-match's first alone", games)
		}
		first := games[0]
		gid := int(apitest.Num(first["id"]))
		micro, _ := first["micro_match"].(map[string]any)
		opening, _ := micro["opening"].(map[string]any)
		if micro == nil || apitest.Num(micro["game"]) != 1 || opening == nil || first["position"] != opening["fen"] {
			t.Fatalf("the first game: %v; want game 1 of the micro-match at its opening's position", first)
		}
		white, black := int(apitest.Num(first["white"])), int(apitest.Num(first["black"]))
		s.Must(http.StatusOK, sec.Tokens[int(apitest.Num(first[first["to_move"].(string)]))], "POST", fmt.Sprintf("/api/v1/games/%d/moves", gid),
			map[string]any{"move": firstLegal(t, first), "ply": 0})
		s.Clock.Set(t0.Add(20 * time.Second))
		s.Must(http.StatusOK, sec.Tokens[black], "POST", fmt.Sprintf("/api/v1/games/%d/resign", gid), nil)

		ended := s.Game(gid)
		micro = ended["micro_match"].(map[string]any)
		secondID := int(apitest.Num(micro["second_game"]))
		if secondID == 0 || secondID == gid {
			t.Fatalf("the first game over: %v; want the second game's ID", micro)
		}
		second := s.Game(secondID)
		m2, _ := second["micro_match"].(map[string]any)
		results, _ := m2["results"].([]any)
		if int(apitest.Num(second["white"])) != black || int(apitest.Num(second["black"])) != white || second["position"] != opening["fen"] || apitest.Num(second["ply"]) != 0 ||
			second["status"] != "running" || second["live"] != true || apitest.Num(second["white_left_ms"]) != 180000 {
			t.Fatalf("the second game: %v; want the colours exchanged at the opening's position, its clocks full", second)
		}
		if apitest.Num(m2["game"]) != 2 || len(results) != 2 || results[0] == nil || results[0].(map[string]any)["score"] != "2:0" || results[1] != nil ||
			m2["opening"].(map[string]any)["fen"] != opening["fen"] {
			t.Errorf("the second game's micro-match: %v; want game 2, the opening, game 1's 2:0", m2)
		}
		// A watcher of the second game's stream sees its first move with
		// the micro-match.
		srv := httptest.NewServer(s.Handler)
		defer srv.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, "GET", fmt.Sprintf("%s/api/v1/games/%d/stream", srv.URL, secondID), nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		events := bufio.NewScanner(resp.Body)
		next := func() map[string]any {
			t.Helper()
			for events.Scan() {
				if data, ok := strings.CutPrefix(events.Text(), "data: "); ok {
					var g map[string]any
					if err := json.Unmarshal([]byte(data), &g); err != nil {
						t.Fatal(err)
					}
					return g
				}
			}
			t.Fatalf("the stream ended: %v", events.Err())
			return nil
		}
		if g := next(); apitest.Num(g["ply"]) != 0 {
			t.Fatalf("the stream's first event: %v", g)
		}
		mover := sec.Tokens[int(apitest.Num(second[second["to_move"].(string)]))]
		if out := s.Must(http.StatusOK, mover, "POST", fmt.Sprintf("/api/v1/games/%d/moves", secondID), map[string]any{"move": firstLegal(t, second), "ply": 0}).(map[string]any); apitest.Num(out["ply"]) != 1 {
			t.Errorf("the second game's first move: %v", out)
		}
		if g := next(); apitest.Num(g["ply"]) != 1 || g["micro_match"] == nil || apitest.Num(g["micro_match"].(map[string]any)["game"]) != 2 {
			t.Errorf("the second game's move on the stream: %v; want it with its micro-match", g)
		}
		cancel()

		board := s.Must(http.StatusOK, "", "GET", sec.Ev+"/rounds/1", nil).(map[string]any)["games"].([]any)[0].(map[string]any)
		if board["score"] != nil {
			t.Errorf("the board has the score %v with its second game running", board["score"])
		}
		if page := s.Page(nil, fmt.Sprintf("/games/%d", gid)); !strings.Contains(page, fmt.Sprintf(`href="/games/%d"`, secondID)) {
			t.Errorf("the first game's page does not lead to the second")
		}
		page := s.Page(nil, fmt.Sprintf("/games/%d", secondID))
		if !strings.Contains(page, `id="micro-match" data-game="2"`) || !strings.Contains(page, fmt.Sprint(opening["name"])) || !strings.Contains(page, "2:0") {
			t.Errorf("the second game's page does not say its game, opening and game 1's result:\n%s", page)
		}
	})
}

// A correspondence section of Russian draughts micro-matches through the
// API, on both databases: its start begins both games of the board, the
// second with the colours exchanged, both from the board's opening; a
// game's end is its own, and the board's result the sum of both; the
// section's PDN has both games from the opening's FEN, each with its
// moves.
func TestCorrespondenceMicroMatchThroughTheAPI(t *testing.T) {
	t.Parallel()
	apitest.ForEachLiveServer(t, func(t *testing.T, s *apitest.CorrServer, arbiter string, t0 time.Time) {
		ev := fmt.Sprintf("/api/v1/events/%d", int(apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Заочный микроматчами",
			"game": "russian", "discipline": "correspondence", "system": "round-robin", "time_control": "10d", "micro_match": "board"}).(map[string]any)["id"])))
		tokens := map[int]string{}
		for i, email := range []string{"white@example.org", "black@example.org"} {
			pid := int(apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", ev+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i+1)}).(map[string]any)["id"]))
			tokens[pid] = s.User(email, "player")
			s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("%s/players/%d/account", ev, pid), map[string]any{"email": email})
		}
		games := s.Must(http.StatusOK, arbiter, "POST", ev+"/start", nil).([]any)
		if len(games) != 2 {
			t.Fatalf("the section starts %d games, want the board's two", len(games))
		}
		listed := s.Must(http.StatusOK, "", "GET", ev+"/games", nil).([]any)
		first, second := listed[0].(map[string]any), listed[1].(map[string]any)
		m1, m2 := first["micro_match"].(map[string]any), second["micro_match"].(map[string]any)
		fen := m1["opening"].(map[string]any)["fen"]
		if apitest.Num(m1["game"]) != 1 || apitest.Num(m2["game"]) != 2 || first["white"] != second["black"] || first["black"] != second["white"] ||
			first["position"] != fen || second["position"] != fen || second["status"] != "running" || apitest.Num(m1["second_game"]) != apitest.Num(second["id"]) {
			t.Fatalf("the board's games: %v and %v", first, second)
		}
		moves := map[int]string{}
		for _, g := range []map[string]any{first, second} {
			id := int(apitest.Num(g["id"]))
			moves[id] = firstLegal(t, g)
			s.Must(http.StatusOK, tokens[int(apitest.Num(g[g["to_move"].(string)]))], "POST", fmt.Sprintf("/api/v1/games/%d/moves", id), map[string]any{"move": moves[id], "ply": 0})
			// Each game's Black resigns: the board's players win one each.
			s.Must(http.StatusOK, tokens[int(apitest.Num(g["black"]))], "POST", fmt.Sprintf("/api/v1/games/%d/resign", id), nil)
		}
		if page := s.Page(nil, strings.TrimPrefix(ev, "/api/v1")+"/games"); !strings.Contains(page, "1.1 <small") || !strings.Contains(page, ">(2)</small>") {
			t.Errorf("the section's games page does not tell the micro-match's games apart:\n%s", page)
		}
		board := s.Must(http.StatusOK, "", "GET", ev+"/rounds/1", nil).(map[string]any)["games"].([]any)[0].(map[string]any)
		if board["score"] != "2:2" {
			t.Errorf("the board after both games: %v, want 2:2", board)
		}
		rec := httptest.NewRecorder()
		s.Handler.ServeHTTP(rec, httptest.NewRequest("GET", ev+"/games/pdn", nil))
		pdn := rec.Body.String()
		if strings.Count(pdn, `[FEN "`+fmt.Sprint(fen)+`"]`) != 2 || !strings.Contains(pdn, `[Round "1.2"]`) {
			t.Errorf("the section's PDN does not hold both games from the opening:\n%s", pdn)
		}
		for _, m := range moves {
			if !strings.Contains(pdn, strings.ReplaceAll(m, ":", "x")) {
				t.Errorf("the section's PDN lacks the move %s:\n%s", m, pdn)
			}
		}
	})
}

// A link kept from when a micro-match's second game had its board's ID
// plus 2^40 (the store keeps such former IDs, migration 20261126152300)
// leads to the game by its ID now, the page and the API alike, the query
// kept; an ID no game had is not found.
func TestRenamedGameRedirects(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			t0 := time.Date(2026, 12, 5, 15, 0, 0, 0, time.UTC)
			renamed := &renamedGames{Store: st.Correspondence()}
			s := apitest.NewCorrServerOn(t, st, renamed, t0, nil)
			sec := apitest.StartLiveEvent(t, s, s.User("arbiter@example.org", tournament.ArbiterRole), map[string]any{"name": "Блиц микроматчами", "game": "russian",
				"discipline": "blitz", "system": "round-robin", "time_control": "3+2", "online": true, "micro_match": "round"}, map[string]string{}, "white@example.org", "black@example.org")
			first := sec.Games(s)[0]
			gid := int64(apitest.Num(first["id"]))
			s.Must(http.StatusOK, sec.Tokens[int(apitest.Num(first["black"]))], "POST", fmt.Sprintf("/api/v1/games/%d/resign", gid), nil)
			second := int64(apitest.Num(s.Game(int(gid))["micro_match"].(map[string]any)["second_game"]))
			former := int64(1<<40) + gid
			renamed.former, renamed.now = former, second
			for path, want := range map[string]string{
				fmt.Sprintf("/games/%d", former):                fmt.Sprintf("/games/%d", second),
				fmt.Sprintf("/api/v1/games/%d?lang=en", former): fmt.Sprintf("/api/v1/games/%d?lang=en", second),
				fmt.Sprintf("/api/v1/games/%d", former+1):       "",
				fmt.Sprintf("/games/%d", int64(1<<40)+second+1): "",
				// Written otherwise, the former ID is refused, not sent
				// back to itself.
				fmt.Sprintf("/games/0%d", former):         "400",
				fmt.Sprintf("/games/+%d", former):         "400",
				fmt.Sprintf("/api/v1/games/00%d", former): "400",
			} {
				rec := httptest.NewRecorder()
				s.Handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
				switch {
				case want == "400" && rec.Code != http.StatusBadRequest:
					t.Errorf("GET %s: %d to %q, want 400", path, rec.Code, rec.Header().Get("Location"))
				case want == "400":
				case want == "" && rec.Code != http.StatusNotFound:
					t.Errorf("GET %s: %d, want 404", path, rec.Code)
				case want != "" && (rec.Code != http.StatusMovedPermanently || rec.Header().Get("Location") != want):
					t.Errorf("GET %s: %d to %q, want 301 to %s", path, rec.Code, rec.Header().Get("Location"), want)
				}
			}
		})
	}
}

// renamedGames is a correspondence store in which the game now has had
// the ID former, as a micro-match's second game had before it had one of
// its own.
type renamedGames struct {
	correspondence.Store
	former, now int64
}

func (s *renamedGames) View(ctx context.Context, fn func(tx correspondence.Tx) error) error {
	return s.Store.View(ctx, func(tx correspondence.Tx) error { return fn(renamedTx{tx, s}) })
}

type renamedTx struct {
	correspondence.Tx
	s *renamedGames
}

func (t renamedTx) RenamedGame(former int64) (int64, error) {
	if former == t.s.former {
		return t.s.now, nil
	}
	return t.Tx.RenamedGame(former)
}

// The games of an event without micro-matches carry nothing of one, on
// both databases: a live game's JSON (alone, listed, and its board in the
// round) has no micro-match, opening or second game, its page and the
// section's games page none either, and its PDN, the section's and the
// event's games.pdn have no opening tags and no game number after the
// round's.
func TestOrdinaryGamesCarryNoMicroMatch(t *testing.T) {
	t.Parallel()
	apitest.ForEachLiveServer(t, func(t *testing.T, s *apitest.CorrServer, arbiter string, t0 time.Time) {
		sec := apitest.StartLiveEvent(t, s, arbiter, map[string]any{"name": "Блиц", "game": "russian", "discipline": "blitz", "system": "round-robin",
			"time_control": "3+2", "online": true}, map[string]string{}, "white@example.org", "black@example.org")
		first := sec.Games(s)[0]
		gid := int(apitest.Num(first["id"]))
		s.Must(http.StatusOK, sec.Tokens[int(apitest.Num(first[first["to_move"].(string)]))], "POST", fmt.Sprintf("/api/v1/games/%d/moves", gid),
			map[string]any{"move": firstLegal(t, first), "ply": 0})
		s.Clock.Set(t0.Add(20 * time.Second))
		s.Must(http.StatusOK, sec.Tokens[int(apitest.Num(first["black"]))], "POST", fmt.Sprintf("/api/v1/games/%d/resign", gid), nil)
		for _, path := range []string{fmt.Sprintf("/api/v1/games/%d", gid), sec.Ev + "/games", sec.Ev + "/rounds/1", sec.Ev + "/rounds"} {
			for _, key := range []string{"micro_match", "micro_games", "second_game", "opening"} {
				if jsonHasKey(s.Must(http.StatusOK, "", "GET", path, nil), key) {
					t.Errorf("GET %s has %q", path, key)
				}
			}
		}
		for _, path := range []string{fmt.Sprintf("/games/%d", gid), strings.TrimPrefix(sec.Ev, "/api/v1") + "/games"} {
			if page := s.Page(nil, path); strings.Contains(page, "micro") {
				t.Errorf("the page %s speaks of a micro-match:\n%s", path, page)
			}
		}
		for _, path := range []string{fmt.Sprintf("/api/v1/games/%d/pdn", gid), sec.Ev + "/games/pdn", sec.Ev + "/games.pdn"} {
			rec := httptest.NewRecorder()
			s.Handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
			pdn := rec.Body.String()
			if rec.Code != http.StatusOK || !strings.Contains(pdn, `[Result "2-0"]`) {
				t.Fatalf("GET %s: %d\n%s", path, rec.Code, pdn)
			}
			for _, tag := range []string{"[Opening", `[Round "1.`} {
				if strings.Contains(pdn, tag) {
					t.Errorf("GET %s has %s:\n%s", path, tag, pdn)
				}
			}
		}
	})
}

// jsonHasKey reports whether a decoded JSON value has key in any of its
// objects.
func jsonHasKey(v any, key string) bool {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if k == key || jsonHasKey(x, key) {
				return true
			}
		}
	case []any:
		for _, x := range v {
			if jsonHasKey(x, key) {
				return true
			}
		}
	}
	return false
}

// Issue 60: the arbiter of a live event gives its rounds a thematic start
// through the API, on both databases: the position is checked (a legal
// position of the event's game, the side to move with a move), a live
// event has no leave; a start given while round 1 is played from the
// initial position, with its reason, leaves round 1's game as it began
// (its moves go on, its record has no FEN) and is where round 2's games
// start; round 3 takes another, and round 2's game keeps its own start in
// its record.
func TestLiveThematicRoundsThroughTheAPI(t *testing.T) {
	t.Parallel()
	apitest.ForEachLiveServer(t, func(t *testing.T, s *apitest.CorrServer, arbiter string, t0 time.Time) {
		ev := fmt.Sprintf("/api/v1/events/%d", int(apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{
			"name": "Тематический блиц", "game": "russian", "discipline": "blitz", "system": "round-robin", "time_control": "3+2", "online": true,
		}).(map[string]any)["id"])))
		tokens := map[int]string{}
		for i := 1; i <= 3; i++ {
			pid := int(apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", ev+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i)}).(map[string]any)["id"]))
			email := fmt.Sprintf("p%d@example.org", i)
			tokens[pid] = s.User(email, tournament.PlayerRole)
			s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("%s/players/%d/account", ev, pid), map[string]any{"email": email})
		}
		for _, bad := range []struct {
			what string
			body map[string]any
			want string
		}{
			{"an Adiukh position for Russian draughts", map[string]any{"start_position": "white: c3-1; black: d4-1"}, "start_position"},
			{"a position where White has no move", map[string]any{"start_position": "W:Wa1:Bb2,c3"}, "start_position"},
			{"leave for a live event", map[string]any{"leave_days": 5}, "leave_days"},
		} {
			if code, out := s.Call(arbiter, "PUT", ev+"/correspondence", bad.body); code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out), bad.want) {
				t.Errorf("%s: %d %v, want 400 naming %s", bad.what, code, out, bad.want)
			}
		}
		// round publishes round n and plays its live game's moves, each
		// by the side to move, then its Black resigns; it returns the
		// game as it started.
		round := func(n int, moves ...string) map[string]any {
			t.Helper()
			s.Must(http.StatusCreated, arbiter, "POST", ev+"/rounds", nil)
			s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("%s/rounds/%d/publish", ev, n), nil)
			var g map[string]any
			for _, each := range s.Must(http.StatusOK, arbiter, "GET", ev+"/games", nil).([]any) {
				if each := each.(map[string]any); apitest.Num(each["round"]) == n {
					g = each
				}
			}
			if g == nil {
				t.Fatalf("round %d has no live game", n)
			}
			path := fmt.Sprintf("/api/v1/games/%d", int(apitest.Num(g["id"])))
			for ply, m := range moves {
				cur := s.Game(int(apitest.Num(g["id"])))
				s.Must(http.StatusOK, tokens[int(apitest.Num(cur[cur["to_move"].(string)]))], "POST", path+"/moves", map[string]any{"move": m, "ply": ply})
			}
			return g
		}
		finish := func(g map[string]any) string {
			t.Helper()
			path := fmt.Sprintf("/api/v1/games/%d", int(apitest.Num(g["id"])))
			s.Must(http.StatusOK, tokens[int(apitest.Num(g["black"]))], "POST", path+"/resign", nil)
			rec := httptest.NewRecorder()
			s.Handler.ServeHTTP(rec, httptest.NewRequest("GET", path+"/pdn", nil))
			return rec.Body.String()
		}

		const first, second = "W:Wb6,c3,h2:Ba7,c7,d4,f4,f6", "B:Wb6,g3,h2:Ba7,c7,f6"
		g1 := round(1, "c3-d4")
		if code, out := s.Call(arbiter, "PUT", ev+"/correspondence", map[string]any{"start_position": first}); code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out), "reason") {
			t.Errorf("a start while the event runs, without a reason: %d %v, want 400 asking for it", code, out)
		}
		s.Must(http.StatusOK, arbiter, "PUT", ev+"/correspondence", map[string]any{"start_position": first, "reason": "тема второго тура"})
		cur := s.Game(int(apitest.Num(g1["id"])))
		s.Must(http.StatusOK, tokens[int(apitest.Num(cur["black"]))], "POST", fmt.Sprintf("/api/v1/games/%d/moves", int(apitest.Num(g1["id"]))), map[string]any{"move": "b6-a5", "ply": 1})
		if pdn := finish(g1); strings.Contains(pdn, "FEN") || !strings.Contains(pdn, "b6-a5") {
			t.Errorf("round 1's game, begun from the initial position:\n%s", pdn)
		}

		g2 := round(2, "c3:e5:g3")
		if g2["position"] != first || g2["to_move"] != "white" {
			t.Errorf("round 2's live game: %v, want it from %s", g2, first)
		}
		s.Must(http.StatusOK, arbiter, "PUT", ev+"/correspondence", map[string]any{"start_position": second, "reason": "тема третьего тура"})
		if pdn := finish(g2); !strings.Contains(pdn, `[FEN "`+first+`"]`) || !strings.Contains(pdn, "c3xe5xg3") {
			t.Errorf("round 2's game after round 3 took another start:\n%s", pdn)
		}
		g3 := round(3)
		if g3["position"] != second || g3["to_move"] != "black" || !strings.Contains(g3["legal"].(string), "a7:c5") {
			t.Errorf("round 3's live game: %v, want it from %s, Black to move", g3, second)
		}
	})
}
