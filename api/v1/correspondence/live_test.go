package correspondence_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// A live blitz game through the API, on both databases: an event can be
// online only in rapid or blitz; the round published with a start time
// starts its game then, refusing a move before; the clocks are read to the
// millisecond; a move sent twice counts once; a player watching the
// game's stream sees the opponent's move arrive; the flag falls on the
// server; the record keeps each move's clock and receipt.
func TestLiveGameThroughTheAPI(t *testing.T) {
	t.Parallel()
	apitest.ForEachLiveServer(t, func(t *testing.T, s *apitest.CorrServer, arbiter string, t0 time.Time) {
		tokens := []string{s.User("white@example.org", tournament.PlayerRole), s.User("black@example.org", tournament.PlayerRole)}

		if code, out := s.Call(arbiter, "POST", "/api/v1/events", map[string]any{"name": "Онлайн", "discipline": "standard", "system": "swiss", "rounds": 3, "time_control": "30+30", "online": true}); code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out), "online") {
			t.Errorf("a standard event online: %d %v, want 400 at online", code, out)
		}
		event := s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Блиц онлайн", "discipline": "blitz", "system": "round-robin", "time_control": "3+2", "online": true}).(map[string]any)
		if event["online"] != true {
			t.Fatalf("the event: %v", event)
		}
		id := int(apitest.Num(event["id"]))
		for i, email := range []string{"white@example.org", "black@example.org"} {
			p := s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": fmt.Sprintf("Игрок %d", i+1), "rating": 2000 - i}).(map[string]any)
			s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/players/%d/account", id, int(apitest.Num(p["id"]))), map[string]any{"email": email})
		}
		s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
		start := t0.Add(time.Minute)
		if code, _ := s.Call(arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), map[string]any{"starts_at": t0.Add(-time.Hour).Format(time.RFC3339)}); code != http.StatusBadRequest {
			t.Errorf("a start time in the past: %d, want 400", code)
		}
		// Issue 65: past 9999 in UTC, SQLite dropped the start and
		// PostgreSQL kept it; a round starts in a sensible year on both.
		for _, far := range []string{"9999-12-31T23:00:00-05:00", "2101-01-01T10:00:00+03:00"} {
			if code, out := s.Call(arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), map[string]any{"starts_at": far}); code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out), "starts_at") {
				t.Errorf("a start in %s: %d %v, want 400 at starts_at", far, code, out)
			}
		}
		s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), map[string]any{"starts_at": start.Format(time.RFC3339)})
		games := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/games", id), nil).([]any)
		if len(games) != 1 {
			t.Fatalf("games %v", games)
		}
		g := games[0].(map[string]any)
		gid := int(apitest.Num(g["id"]))
		if g["live"] != true || apitest.Num(g["white_left_ms"]) != 180000 || g["starts_at"] != start.Format(time.RFC3339Nano) {
			t.Errorf("the live game: %v", g)
		}
		white, black := tokens[0], tokens[1]
		move := func(token string, m string, ply int) (int, any) {
			return s.Call(token, "POST", fmt.Sprintf("/api/v1/games/%d/moves", gid), map[string]any{"move": m, "ply": ply})
		}
		// Which account plays White follows the pairing.
		if code, _ := move(white, "c3-d4", 0); code == http.StatusForbidden {
			white, black = black, white
		}
		if code, out := move(white, "c3-d4", 0); code != http.StatusConflict || !strings.Contains(fmt.Sprint(out), "starts") {
			t.Fatalf("a move before the start: %d %v", code, out)
		}
		s.Clock.Set(start.Add(2500 * time.Millisecond))
		if code, out := move(white, "c3-d4", 0); code != http.StatusOK || apitest.Num(out.(map[string]any)["white_left_ms"]) != 179500 {
			t.Fatalf("White's move in 2.5 s: %d %v", code, out)
		}
		if code, _ := move(white, "c3-d4", 0); code != http.StatusConflict {
			t.Errorf("the move sent again: %d, want 409 and nothing changed", code)
		}

		// Black watches the stream and sees White's move there; then
		// White sees Black's answer arrive.
		srv := httptest.NewServer(s.Handler)
		defer srv.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, "GET", fmt.Sprintf("%s/api/v1/games/%d/stream", srv.URL, gid), nil)
		req.Header.Set("Authorization", "Bearer "+white)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "text/event-stream" {
			t.Fatalf("the stream: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
		}
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
		// White's stream connects White (issue 64); Black has none open.
		if first := next(); apitest.Num(first["ply"]) != 1 || first["white_connection"] != "connected" || first["black_connection"] != nil {
			t.Fatalf("the stream's first event: %v", first)
		}
		s.Clock.Set(start.Add(12500 * time.Millisecond))
		if code, out := move(black, "f6-e5", 1); code != http.StatusOK {
			t.Fatalf("Black's move: %d %v", code, out)
		}
		if seen := next(); apitest.Num(seen["ply"]) != 2 || apitest.Num(seen["black_left_ms"]) != 172000 {
			t.Fatalf("the move on the stream: %v", seen)
		}
		cancel()

		flag := start.Add(12500*time.Millisecond + 179500*time.Millisecond)
		s.Clock.Set(flag.Add(time.Second))
		if n, err := s.Corr.ExpireLive(context.Background(), s.Clock.Now()); err != nil || n != 1 {
			t.Fatalf("the live sweep: %d %v", n, err)
		}
		if code, out := move(white, "d4:f6", 2); code != http.StatusConflict || !strings.Contains(fmt.Sprint(out), "0:24") {
			t.Errorf("a move after the flag: %d %v, want 409 with the result", code, out)
		}
		rec := httptest.NewRecorder()
		s.Handler.ServeHTTP(rec, httptest.NewRequest("GET", fmt.Sprintf("/api/v1/games/%d/pdn", gid), nil))
		pdn := rec.Body.String()
		for _, want := range []string{`[Site "online"]`, "[%clk 0:02:59.5]", "[%clk 0:02:52.0]", "[%received 2026-12-05T15:01:02.500Z]", `[Termination "time"]`} {
			if !strings.Contains(pdn, want) {
				t.Errorf("the PDN lacks %s:\n%s", want, pdn)
			}
		}
	})
}

// A player claims the win through the API and through the game's page the
// moment the opponent's flag falls by the server's clock, before any
// sweep; earlier, the claim is refused with the time left.
func TestLiveClaimFlagThroughTheAPI(t *testing.T) {
	t.Parallel()
	apitest.ForEachLiveServer(t, func(t *testing.T, s *apitest.CorrServer, arbiter string, t0 time.Time) {
		sec := apitest.StartLiveEvent(t, s, arbiter, map[string]any{"name": "Блиц онлайн", "discipline": "blitz", "system": "round-robin", "time_control": "1+0", "online": true},
			map[string]string{}, "p1@example.org", "p2@example.org", "p3@example.org", "p4@example.org")
		games := sec.Games(s)
		for i, g := range games {
			white, black := sec.Tokens[int(apitest.Num(g["white"]))], sec.Tokens[int(apitest.Num(g["black"]))]
			path := fmt.Sprintf("/api/v1/games/%d", int(apitest.Num(g["id"])))
			s.Must(http.StatusOK, white, "GET", path, nil)
			s.Must(http.StatusOK, black, "GET", path, nil)
			if i == 0 {
				s.Clock.Set(t0.Add(59 * time.Second))
				if code, out := s.Call(black, "POST", path+"/claim", nil); code != http.StatusConflict || !strings.Contains(fmt.Sprint(out), "1.0 s left") {
					t.Errorf("a claim a second early: %d %v, want 409 with the time left", code, out)
				}
				if code, _ := s.Call(white, "POST", path+"/claim", nil); code != http.StatusConflict {
					t.Errorf("the side to move claims: %d, want 409", code)
				}
			}
		}
		s.Clock.Set(t0.Add(time.Minute))
		// The first game's claim through the API.
		out := s.Must(http.StatusOK, sec.Tokens[int(apitest.Num(games[0]["black"]))], "POST", fmt.Sprintf("/api/v1/games/%d/claim", int(apitest.Num(games[0]["id"]))), nil).(map[string]any)
		if res := out["result"].(map[string]any); res["score"] != "0:24" || res["end_reason"] != "time" || apitest.Num(out["white_left_ms"]) != 0 || apitest.Num(out["black_left_ms"]) != 60000 {
			t.Errorf("the claim's answer: %v", out)
		}
		// The second game's through its page, where the claim shows with
		// the opponent's clock at zero.
		gid := int(apitest.Num(games[1]["id"]))
		cookie := s.Session(sec.Emails[int(apitest.Num(games[1]["black"]))])
		body := s.Page(cookie, fmt.Sprintf("/games/%d", gid))
		if !strings.Contains(body, fmt.Sprintf(`action="/games/%d/claim" class="inline" id="claim-form">`, gid)) || !strings.Contains(body, apitest.RuT("live.claim")) {
			t.Errorf("the page with the opponent's clock at zero has no claim shown:\n%s", body)
		}
		form := url.Values{}
		req := httptest.NewRequest(http.MethodPost, fmt.Sprintf("/games/%d/claim", gid), strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		req.AddCookie(cookie)
		rec := httptest.NewRecorder()
		s.Handler.ServeHTTP(rec, req)
		if rec.Code != http.StatusSeeOther {
			t.Fatalf("the claim by the page: %d\n%s", rec.Code, rec.Body.String())
		}
		r := s.Must(http.StatusOK, "", "GET", sec.Ev+"/rounds/1", nil).(map[string]any)
		for _, b := range r["games"].([]any) {
			if b.(map[string]any)["score"] != "0:24" {
				t.Errorf("the round after both claims: %v", r)
			}
		}
	})
}

// One account plays one live game at a time, through the API on both
// databases: linked to players of two live events whose games overlap,
// it moves in the game it opened first; the other answers 409 naming it,
// its page says so, until the first game is over.
func TestLiveOneGameAtATimeThroughTheAPI(t *testing.T) {
	t.Parallel()
	apitest.ForEachLiveServer(t, func(t *testing.T, s *apitest.CorrServer, arbiter string, t0 time.Time) {
		accounts := map[string]string{}
		blitz := func(name string) map[string]any {
			return map[string]any{"name": name, "discipline": "blitz", "system": "round-robin", "time_control": "3+2", "online": true}
		}
		// The account both@ has the higher rating, and White, in each.
		first := apitest.StartLiveEvent(t, s, arbiter, blitz("Вечерний блиц"), accounts, "both@example.org", "anna@example.org")
		second := apitest.StartLiveEvent(t, s, arbiter, blitz("Ночной блиц"), accounts, "both@example.org", "boris@example.org")
		g1, g2 := first.Games(s)[0], second.Games(s)[0]
		for _, g := range []map[string]any{g1, g2} {
			if first.Emails[int(apitest.Num(g["white"]))] != "both@example.org" && second.Emails[int(apitest.Num(g["white"]))] != "both@example.org" {
				t.Fatalf("both@ does not play White in %v", g)
			}
		}
		both := accounts["both@example.org"]
		path1, path2 := fmt.Sprintf("/api/v1/games/%d", int(apitest.Num(g1["id"]))), fmt.Sprintf("/api/v1/games/%d", int(apitest.Num(g2["id"])))
		s.Clock.Set(t0.Add(time.Second))
		s.Must(http.StatusOK, both, "GET", path1, nil)
		s.Clock.Set(t0.Add(2 * time.Second))
		code, out := s.Call(both, "POST", path2+"/moves", map[string]any{"move": "c3-d4", "ply": 0})
		if code != http.StatusConflict || !strings.Contains(fmt.Sprint(out), fmt.Sprintf("you are playing game %d (Вечерний блиц, round 1, board 1)", int(apitest.Num(g1["id"])))) {
			t.Errorf("a move in the second game: %d %v, want 409 naming the first", code, out)
		}
		body := s.Page(s.Session("both@example.org"), fmt.Sprintf("/games/%d", int(apitest.Num(g2["id"]))))
		if !strings.Contains(body, `id="elsewhere"`) || strings.Contains(body, `id="move-form"`) {
			t.Errorf("the second game's page says nothing of the first, or offers the move")
		}
		s.Must(http.StatusOK, both, "POST", path1+"/moves", map[string]any{"move": "c3-d4", "ply": 0})
		s.Must(http.StatusOK, both, "POST", path1+"/resign", nil)
		s.Must(http.StatusOK, both, "POST", path2+"/moves", map[string]any{"move": "c3-d4", "ply": 0})
	})
}

// A team blitz event played live through the API, on both databases: the
// event is online; its rounds are the arbiter's to pair; the round
// published with a start time starts its board games then; line-ups and
// the desk's results are refused once they have started; the players play
// and the games' results make the match.
func TestLiveTeamEventThroughTheAPI(t *testing.T) {
	t.Parallel()
	apitest.ForEachLiveServer(t, func(t *testing.T, s *apitest.CorrServer, arbiter string, t0 time.Time) {
		event := s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Командный блиц", "discipline": "blitz-team",
			"system": "round-robin", "time_control": "3+2", "online": true}).(map[string]any)
		ev := fmt.Sprintf("/api/v1/events/%d", int(apitest.Num(event["id"])))
		if code, out := s.Call(arbiter, "PATCH", ev, map[string]any{"next_round_after": 30}); code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out), "next_round_after") {
			t.Errorf("a team event's rounds pairing themselves: %d %v, want 400", code, out)
		}
		s.Must(http.StatusOK, arbiter, "PUT", ev+"/team-settings", map[string]any{"boards": 2})
		tokens := map[int]string{}
		for i, names := range [][]string{{"Алов", "Бедов"}, {"Вагин", "Гусев"}} {
			var players []map[string]any
			for _, n := range names {
				players = append(players, map[string]any{"name": n, "rating": 2000 - 100*i})
			}
			team := s.Must(http.StatusCreated, arbiter, "POST", ev+"/teams", map[string]any{"name": fmt.Sprintf("Команда %d", i+1), "players": players}).(map[string]any)
			for _, p := range team["players"].([]any) {
				pid := int(apitest.Num(p.(map[string]any)["id"]))
				email := fmt.Sprintf("p%d@example.org", pid)
				tokens[pid] = s.User(email, tournament.PlayerRole)
				s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("%s/players/%d/account", ev, pid), map[string]any{"email": email})
			}
		}
		s.Must(http.StatusCreated, arbiter, "POST", ev+"/rounds", nil)
		start := t0.Add(time.Minute)
		s.Must(http.StatusOK, arbiter, "POST", ev+"/rounds/1/publish", map[string]any{"starts_at": start.Format(time.RFC3339)})
		var games []map[string]any
		for _, g := range s.Must(http.StatusOK, arbiter, "GET", ev+"/games", nil).([]any) {
			games = append(games, g.(map[string]any))
		}
		if len(games) != 2 || games[0]["live"] != true || games[0]["starts_at"] != start.Format(time.RFC3339Nano) {
			t.Fatalf("the board games of the published round: %v", games)
		}
		if code, _ := s.Call(arbiter, "PUT", ev+"/rounds/1/lineups/1", map[string]any{"players": []int{0, 0}, "reason": "замена"}); code != http.StatusConflict {
			t.Errorf("a line-up changed once the games started: %d, want 409", code)
		}
		if code, _ := s.Call(arbiter, "PUT", ev+"/rounds/1/matches/1/boards/1/result", map[string]any{"score": "24:0", "end_reason": "resignation", "version": 0}); code != http.StatusConflict {
			t.Errorf("a board's result at the desk: %d, want 409", code)
		}

		// Board 1: White moves and Black's flag falls, White claims.
		// Board 2: a draw agreed.
		s.Clock.Set(start.Add(time.Second))
		b1, b2 := games[0], games[1]
		p1, p2 := fmt.Sprintf("/api/v1/games/%d", int(apitest.Num(b1["id"]))), fmt.Sprintf("/api/v1/games/%d", int(apitest.Num(b2["id"])))
		w1, k1 := tokens[int(apitest.Num(b1["white"]))], tokens[int(apitest.Num(b1["black"]))]
		w2, k2 := tokens[int(apitest.Num(b2["white"]))], tokens[int(apitest.Num(b2["black"]))]
		for _, g := range []struct{ path, token string }{{p1, w1}, {p1, k1}, {p2, w2}, {p2, k2}} {
			s.Must(http.StatusOK, g.token, "GET", g.path, nil)
		}
		if body := s.Page(s.Session(fmt.Sprintf("p%d@example.org", int(apitest.Num(b1["white"])))), fmt.Sprintf("/games/%d", int(apitest.Num(b1["id"])))); !strings.Contains(body, `id="move-form"`) {
			t.Errorf("White's page of board 1 offers no move")
		}
		s.Must(http.StatusOK, w1, "POST", p1+"/moves", map[string]any{"move": "c3-d4", "ply": 0})
		// A draw is offered only after one's own move (§6.1.3.1).
		s.Must(http.StatusOK, w2, "POST", p2+"/moves", map[string]any{"move": "c3-d4", "ply": 0})
		s.Must(http.StatusOK, w2, "POST", p2+"/draw", nil)
		s.Must(http.StatusOK, k2, "POST", p2+"/draw/accept", nil)
		s.Clock.Set(start.Add(time.Second + 3*time.Minute))
		s.Must(http.StatusOK, w1, "POST", p1+"/claim", nil)

		if body := s.Page(nil, fmt.Sprintf("/events/%d/games", int(apitest.Num(event["id"])))); !strings.Contains(body, fmt.Sprintf(`<a href="/games/%d">24:0</a>`, int(apitest.Num(b1["id"])))) {
			t.Errorf("the event's Games tab lacks board 1 and its result:\n%s", body)
		}
		r := s.Must(http.StatusOK, "", "GET", ev+"/rounds/1", nil).(map[string]any)
		m := r["matches"].([]any)[0].(map[string]any)
		if r["status"] != "finished" || m["home_game_points"] == nil || apitest.Num(m["home_game_points"]) != 3 || apitest.Num(m["away_game_points"]) != 1 || apitest.Num(m["home_match_points"]) != 2 {
			t.Errorf("the round after its board games: %v, want it finished, the home team (White on board 1) winning the match 3:1", r)
		}
	})
}

// A player who comes back finds the game as it stands, on both databases:
// the stream, reconnected after a move made while it was down (the
// browser sends the last event's id), begins with the whole game at its
// new version; the page reloaded shows the position after that move and
// both clocks as the server counts them then; the record of the game being
// played has each move's clock and receipt.
func TestLiveReconnect(t *testing.T) {
	t.Parallel()
	apitest.ForEachLiveServer(t, func(t *testing.T, s *apitest.CorrServer, arbiter string, t0 time.Time) {
		sec := apitest.StartLiveEvent(t, s, arbiter, map[string]any{"name": "Блиц онлайн", "discipline": "blitz", "system": "round-robin", "time_control": "3+2", "online": true},
			map[string]string{}, "anna@example.org", "boris@example.org")
		g := sec.Games(s)[0]
		gid := int(apitest.Num(g["id"]))
		path := fmt.Sprintf("/api/v1/games/%d", gid)
		white, black := sec.Tokens[int(apitest.Num(g["white"]))], sec.Tokens[int(apitest.Num(g["black"]))]
		s.Clock.Set(t0.Add(1500 * time.Millisecond))
		s.Must(http.StatusOK, white, "POST", path+"/moves", map[string]any{"move": "c3-d4", "ply": 0})

		srv := httptest.NewServer(s.Handler)
		defer srv.Close()
		stream := func(lastID string) (map[string]any, string) {
			t.Helper()
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel() // the player's phone goes off
			req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+path+"/stream", nil)
			req.Header.Set("Authorization", "Bearer "+white)
			if lastID != "" {
				req.Header.Set("Last-Event-ID", lastID)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var id string
			lines := bufio.NewScanner(resp.Body)
			for lines.Scan() {
				if v, ok := strings.CutPrefix(lines.Text(), "id: "); ok {
					id = v
				}
				if data, ok := strings.CutPrefix(lines.Text(), "data: "); ok {
					var g map[string]any
					if err := json.Unmarshal([]byte(data), &g); err != nil {
						t.Fatal(err)
					}
					return g, id
				}
			}
			t.Fatalf("the stream ended: %v", lines.Err())
			return nil, ""
		}
		before, id := stream("")
		if apitest.Num(before["ply"]) != 1 {
			t.Fatalf("the stream's first event: %v", before)
		}
		// Black answers while White's stream is down.
		s.Clock.Set(t0.Add(4 * time.Second))
		s.Must(http.StatusOK, black, "POST", path+"/moves", map[string]any{"move": "f6-e5", "ply": 1})
		s.Clock.Set(t0.Add(9 * time.Second))
		after, newID := stream(id)
		if apitest.Num(after["ply"]) != 2 || newID == id || apitest.Num(after["white_left_ms"]) != 180000-1500+2000-5000 || apitest.Num(after["black_left_ms"]) != 180000-2500+2000 || after["clock_at"] != t0.Add(9*time.Second).Format(time.RFC3339Nano) {
			t.Errorf("the stream reconnected after a move: id %s then %s, %v; want ply 2, White's clock 2:55.5 running and Black's 2:59.5", id, newID, after)
		}
		if after["position"] != s.Must(http.StatusOK, white, "GET", path, nil).(map[string]any)["position"] {
			t.Errorf("the stream's position is not the game's")
		}

		body := s.Page(s.Session(sec.Emails[int(apitest.Num(g["white"]))]), fmt.Sprintf("/games/%d", gid))
		for _, want := range []string{
			`data-ms="175500" data-running`, `data-ms="179500"`, `id="move-form"`, `name="ply" value="2"`,
			`data-tower="d4" transform="translate(`, `data-tower="e5" transform="translate(`,
		} {
			if !strings.Contains(body, want) {
				t.Errorf("the page reloaded lacks %s", want)
			}
		}
		if strings.Contains(body, "data-live=") {
			t.Error("the live game's page reloads its part by the tabs' timer, wiping a drag or a premove; it follows its stream")
		}
		if !regexp.MustCompile(`data-tower="d4" transform="[^"]*"><circle r="19" class="c-w"/>`).MatchString(body) ||
			!regexp.MustCompile(`data-tower="e5" transform="[^"]*"><circle r="19" class="c-b"/>`).MatchString(body) ||
			!regexp.MustCompile(`data-tower="c3" transform="[^"]*"></g>`).MatchString(body) {
			t.Errorf("the page reloaded does not show the position after 1. c3-d4 f6-e5")
		}

		rec := httptest.NewRecorder()
		s.Handler.ServeHTTP(rec, httptest.NewRequest("GET", path+"/pdn", nil))
		for _, want := range []string{"1. c3-d4 {[%clk 0:03:00.5] [%received 2026-12-05T15:00:01.500Z]}", "f6-e5 {[%clk 0:02:59.5] [%received 2026-12-05T15:00:04.000Z]}"} {
			if !strings.Contains(rec.Body.String(), want) {
				t.Errorf("the record of the game being played lacks %s:\n%s", want, rec.Body.String())
			}
		}
	})
}
