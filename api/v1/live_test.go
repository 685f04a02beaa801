package v1_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"adiukh/api"
	"adiukh/api/apitest"
	"adiukh/api/core"
	"adiukh/rules"
	"adiukh/rules/adiukh"
	"adiukh/tournament"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

// A live blitz game through the API, on both databases: an event can be
// online only in rapid or blitz; the round published with a start time
// starts its game then, refusing a move before; the clocks are read to the
// millisecond; a move sent twice counts once; a player watching the
// game's stream sees the opponent's move arrive; the flag falls on the
// server; the record keeps each move's clock and receipt.
func TestLiveGameThroughTheAPI(t *testing.T) {
	t.Parallel()
	forEachLiveServer(t, func(t *testing.T, s *apitest.CorrServer, arbiter string, t0 time.Time) {
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
	forEachLiveServer(t, func(t *testing.T, s *apitest.CorrServer, arbiter string, t0 time.Time) {
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
	forEachLiveServer(t, func(t *testing.T, s *apitest.CorrServer, arbiter string, t0 time.Time) {
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
	forEachLiveServer(t, func(t *testing.T, s *apitest.CorrServer, arbiter string, t0 time.Time) {
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
	forEachLiveServer(t, func(t *testing.T, s *apitest.CorrServer, arbiter string, t0 time.Time) {
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

// forEachLiveServer runs test on each database, side by side, with a
// server whose clock starts at t0 and an arbiter's token.
func forEachLiveServer(t *testing.T, test func(t *testing.T, s *apitest.CorrServer, arbiter string, t0 time.Time)) {
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			t0 := time.Date(2026, 12, 5, 15, 0, 0, 0, time.UTC)
			s := apitest.NewCorrServer(t, st, t0, nil)
			test(t, s, s.User("arbiter@example.org", tournament.ArbiterRole), t0)
		})
	}
}

// afterGameRead is a correspondence store that, once armed, runs a
// function right after the first read transaction that read a game's
// moves: the moment a stream has read the game it is to send.
type afterGameRead struct {
	correspondence.Store
	armed atomic.Pointer[func()]
}

func (s *afterGameRead) View(ctx context.Context, fn func(tx correspondence.Tx) error) error {
	var read bool
	err := s.Store.View(ctx, func(tx correspondence.Tx) error { return fn(movesRead{tx, &read}) })
	if read {
		if then := s.armed.Swap(nil); then != nil {
			(*then)()
		}
	}
	return err
}

type movesRead struct {
	correspondence.Tx
	read *bool
}

func (m movesRead) Moves(gameID int64) ([]correspondence.Move, error) {
	*m.read = true
	return m.Tx.Moves(gameID)
}

// A move made just after the opponent's stream read the game, before it
// could be told of changes, still reaches the opponent: the stream is
// registered before it reads (the round's first move was lost so, and the
// opponent lost on time unless they reloaded the page).
func TestStreamMissesNoMoveMadeAsItOpens(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			t0 := time.Date(2026, 12, 5, 15, 0, 0, 0, time.UTC)
			hooked := &afterGameRead{Store: st.Correspondence()}
			s := apitest.NewCorrServerOn(t, st, hooked, t0, nil)
			arbiter := s.User("arbiter@example.org", tournament.ArbiterRole)
			sec := apitest.StartLiveEvent(t, s, arbiter, map[string]any{"name": "Блиц онлайн", "discipline": "blitz", "system": "round-robin", "time_control": "3+2", "online": true},
				map[string]string{}, "anna@example.org", "boris@example.org")
			g := sec.Games(s)[0]
			path := fmt.Sprintf("/api/v1/games/%d", int(apitest.Num(g["id"])))
			white, black := sec.Tokens[int(apitest.Num(g["white"]))], sec.Tokens[int(apitest.Num(g["black"]))]
			s.Clock.Set(t0.Add(time.Second))
			move := func() { s.Must(http.StatusOK, white, "POST", path+"/moves", map[string]any{"move": "c3-d4", "ply": 0}) }
			hooked.armed.Store(&move)

			srv := httptest.NewServer(s.Handler)
			defer srv.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+path+"/stream", nil)
			req.Header.Set("Authorization", "Bearer "+black)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var plies []int
			lines := bufio.NewScanner(resp.Body)
			for lines.Scan() {
				data, ok := strings.CutPrefix(lines.Text(), "data: ")
				if !ok {
					continue
				}
				var got map[string]any
				if err := json.Unmarshal([]byte(data), &got); err != nil {
					t.Fatal(err)
				}
				if plies = append(plies, apitest.Num(got["ply"])); apitest.Num(got["ply"]) == 1 {
					break
				}
			}
			if hooked.armed.Load() != nil {
				t.Fatal("the move was never made: the stream read no game")
			}
			if len(plies) == 0 || plies[len(plies)-1] != 1 {
				t.Fatalf("Black's stream sent plies %v and never White's first move", plies)
			}
		})
	}
}

// A move made on one instance reaches a stream held by another on the same
// PostgreSQL database as the move commits, through LISTEN/NOTIFY: the other
// instance's poll that backs the feed up runs only every hour here.
func TestStreamHearsAMoveMadeOnAnotherInstance(t *testing.T) {
	t.Parallel()
	storetest.SkipWithoutPostgres(t)
	dsn := storetest.MigratedDSNs(t)["postgres"]
	t0 := time.Date(2026, 12, 5, 15, 0, 0, 0, time.UTC)
	var instances [2]*apitest.CorrServer
	// B polls the versions of the games its streams watch only every
	// hour: what reaches it in seconds came by the feed.
	var onB *correspondence.Service
	for i := range instances {
		st, err := store.Open(dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		instances[i] = apitest.NewCorrServerOn(t, st, st.Correspondence(), t0, nil, func(d *api.Deps) {
			if i == 1 {
				onB = correspondence.NewService(st.Correspondence(), correspondence.Options{Pairing: engines.Options().Pairing, Now: d.Now, Backstop: time.Hour})
				d.Correspondence = onB
			}
		})
	}
	a, b := instances[0], instances[1]
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go onB.ListenForChanges(ctx, func(err error) { t.Errorf("the change feed: %v", err) })
	for try := 0; !onB.Listening(); try++ {
		if try == 500 {
			t.Fatal("instance B's change feed does not listen")
		}
		time.Sleep(10 * time.Millisecond)
	}
	arbiter := a.User("arbiter@example.org", tournament.ArbiterRole)
	sec := apitest.StartLiveEvent(t, a, arbiter, map[string]any{"name": "Блиц онлайн", "discipline": "blitz", "system": "round-robin", "time_control": "3+2", "online": true},
		map[string]string{}, "anna@example.org", "boris@example.org")
	g := sec.Games(a)[0]
	path := fmt.Sprintf("/api/v1/games/%d", int(apitest.Num(g["id"])))
	white, black := sec.Tokens[int(apitest.Num(g["white"]))], sec.Tokens[int(apitest.Num(g["black"]))]

	srv := httptest.NewServer(b.Handler)
	defer srv.Close()
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+path+"/stream", nil)
	req.Header.Set("Authorization", "Bearer "+black)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	plies := make(chan int, 8)
	go func() {
		lines := bufio.NewScanner(resp.Body)
		for lines.Scan() {
			if data, ok := strings.CutPrefix(lines.Text(), "data: "); ok {
				var got map[string]any
				if json.Unmarshal([]byte(data), &got) == nil {
					plies <- apitest.Num(got["ply"])
				}
			}
		}
	}()
	if first := <-plies; first != 0 {
		t.Fatalf("the stream's first game: ply %d", first)
	}
	a.Clock.Set(t0.Add(time.Second))
	sent := time.Now()
	a.Must(http.StatusOK, white, "POST", path+"/moves", map[string]any{"move": "c3-d4", "ply": 0})
	for {
		select {
		case ply := <-plies:
			if ply != 1 {
				continue
			}
			return
		case <-time.After(30 * time.Second):
			t.Fatalf("the move made on one instance had not reached the other's stream %v after it was sent", time.Since(sent))
		}
	}
}

// rawStream is a live-game stream read over a connection of its own, as a
// browser holds one: no transport goroutines, so that thousands fit in a
// test under the race detector.
type rawStream struct {
	conn   net.Conn
	status int
	header http.Header
	body   io.ReadCloser
}

// openStream asks for the stream at path as the client at address (sent
// through the trusted proxy's X-Forwarded-For), with token ("" for none).
func openStream(t *testing.T, srv *httptest.Server, path, address, token string) *rawStream {
	t.Helper()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	req := "GET " + path + " HTTP/1.1\r\nHost: adiukh.test\r\nX-Forwarded-For: " + address + "\r\n"
	if token != "" {
		req += "Authorization: Bearer " + token + "\r\n"
	}
	if _, err := io.WriteString(conn, req+"\r\n"); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	s := &rawStream{conn: conn, status: resp.StatusCode, header: resp.Header, body: resp.Body}
	t.Cleanup(s.close)
	return s
}

func (s *rawStream) close() { s.conn.Close() }

// events reads the stream's games as they come, each with the moment it
// arrived, until the stream ends.
func (s *rawStream) events() <-chan streamEvent {
	out := make(chan streamEvent, 64)
	go func() {
		defer close(out)
		lines := bufio.NewScanner(s.body)
		for lines.Scan() {
			if data, ok := strings.CutPrefix(lines.Text(), "data: "); ok {
				var g map[string]any
				if json.Unmarshal([]byte(data), &g) == nil {
					out <- streamEvent{ply: apitest.Num(g["ply"]), at: time.Now()}
				}
			}
		}
	}()
	return out
}

type streamEvent struct {
	ply int
	at  time.Time
}

// Issue 64: a player's stream closed by their newer one is told so, with
// an event "replaced" whose data is not empty (a browser dispatches no
// event without data): the page then asks for the game instead of taking
// the stream back, which would close the newer in turn.
func TestLiveStreamReplacedIsTold(t *testing.T) {
	t.Parallel()
	s, sec, srv := streamServer(t, "sqlite", core.DefaultStreamLimits(), 2)
	g := sec.Games(s)[0]
	path := fmt.Sprintf("/api/v1/games/%d/stream", int(apitest.Num(g["id"])))
	white := sec.Tokens[int(apitest.Num(g["white"]))]
	older := openStream(t, srv, path, "10.0.0.1", white)
	// A stream not closed ends the test at the deadline, not hung.
	if err := older.conn.SetReadDeadline(time.Now().Add(15 * time.Second)); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(older.body)
	for lines.Scan() && !strings.HasPrefix(lines.Text(), "data: ") {
		// up to the first event: the game
	}
	openStream(t, srv, path, "10.0.0.1", white)
	var rest []string
	for lines.Scan() {
		rest = append(rest, lines.Text())
	}
	if got := strings.Join(rest, "\n"); !strings.HasSuffix(strings.TrimSpace(got), "event: replaced\ndata: replaced") {
		t.Errorf("the older stream ended with:\n%s\nwant the event replaced, with data", got)
	}
}

// streamServer serves a live blitz event of players, the client's address
// taken from X-Forwarded-For as behind a proxy, with limits.
func streamServer(t *testing.T, name string, limits core.StreamLimits, players int) (*apitest.CorrServer, *apitest.LiveSection, *httptest.Server) {
	t.Helper()
	st := storetest.Open(t)[name]
	t0 := time.Date(2026, 12, 5, 15, 0, 0, 0, time.UTC)
	s := apitest.NewCorrServerOn(t, st, st.Correspondence(), t0, nil, func(d *api.Deps) {
		d.TrustedProxies, d.StreamLimits = []string{"127.0.0.1"}, limits
	})
	arbiter := s.User("arbiter@example.org", tournament.ArbiterRole)
	var emails []string
	for i := range players {
		emails = append(emails, fmt.Sprintf("p%d@example.org", i))
	}
	sec := apitest.StartLiveEvent(t, s, arbiter, map[string]any{"name": "Блиц онлайн", "discipline": "blitz", "system": "round-robin", "time_control": "3+2", "online": true},
		map[string]string{}, emails...)
	s.Clock.Set(t0.Add(time.Second))
	srv := httptest.NewServer(s.Handler)
	t.Cleanup(srv.Close)
	return s, sec, srv
}

// retainedKB is what the process holds after a collection: its live heap
// and its goroutines' stacks. (Its resident size says the same less well:
// the runtime keeps freed memory for a while, and the race detector's
// shadow grows with every allocation.)
func retainedKB() int {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int((m.HeapAlloc + m.StackInuse) >> 10)
}

// Spectators' streams are bounded per game and in all per address, per
// account and on the server: over a limit the answer is 429 with
// Retry-After (TestRefusedStreamsHoldNothing: and holds nothing). A
// player's stream of their own game is let in over every limit, and closes
// the older one of theirs.
func TestLiveStreamCaps(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"sqlite", "postgres"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if name == "postgres" {
				storetest.SkipWithoutPostgres(t)
			}
			limits := core.StreamLimits{PerGame: 4, PerAddress: 40, PerAccount: 10, Total: 70}
			s, sec, srv := streamServer(t, name, limits, 20)
			games := sec.Games(s)
			path := func(i int) string { return fmt.Sprintf("/api/v1/games/%d/stream", int(apitest.Num(games[i]["id"]))) }
			refused := func(st *rawStream, what string) {
				t.Helper()
				if st.status != http.StatusTooManyRequests || st.header.Get("Retry-After") == "" {
					t.Fatalf("%s: status %d, Retry-After %q; want 429 with Retry-After", what, st.status, st.header.Get("Retry-After"))
				}
			}
			open := func(p, address, token string) *rawStream {
				t.Helper()
				st := openStream(t, srv, p, address, token)
				if st.status != http.StatusOK {
					t.Fatalf("stream %s from %s: status %d, want 200", p, address, st.status)
				}
				return st
			}

			for range limits.PerGame {
				open(path(0), "10.0.0.1", "")
			}
			refused(openStream(t, srv, path(0), "10.0.0.1", ""), "a fifth stream of a game from one address")

			var fromB []*rawStream
			for i := range limits.PerAddress {
				fromB = append(fromB, open(path(i/limits.PerGame), "10.0.0.2", ""))
			}
			refused(openStream(t, srv, path(len(games)-1), "10.0.0.2", ""), "a 41st stream from one address")
			fromB[0].close()
			for try := 0; ; try++ {
				st := openStream(t, srv, path(0), "10.0.0.2", "")
				st.close()
				if st.status == http.StatusOK {
					break
				}
				if try == 100 {
					t.Fatalf("a closed stream's place is not freed: %d", st.status)
				}
				time.Sleep(20 * time.Millisecond)
			}

			spectator := s.User("carl@example.org", tournament.PlayerRole)
			for i := range limits.PerAccount {
				open(path(1), fmt.Sprintf("10.0.1.%d", i), spectator)
			}
			refused(openStream(t, srv, path(1), "10.0.1.99", spectator), "an 11th stream of one account")

			// A player's own game, from an address over its limits, twice.
			white := sec.Tokens[int(apitest.Num(games[0]["white"]))]
			first := open(path(0), "10.0.0.1", white)
			firstEvents := first.events()
			<-firstEvents
			open(path(0), "10.0.0.1", white)
			select {
			case _, more := <-firstEvents:
				if more {
					t.Error("the player's older stream sent on")
				}
			case <-time.After(5 * time.Second):
				t.Error("the player's older stream was not closed when they opened the game again")
			}

			// 4 + 39 + 10 spectators' streams are open: 17 more fill the
			// server's 70.
			for i := range limits.Total - limits.PerGame - (limits.PerAddress - 1) - limits.PerAccount {
				open(path(2), fmt.Sprintf("10.0.2.%d", i), "")
			}
			refused(openStream(t, srv, path(2), "10.0.3.1", ""), "a stream past the server's limit")
		})
	}
}

// The stream caps count an IPv6 client by its /64 (issue 59.4): addresses
// of one /64 share its streams of a game and in all, where 100 addresses
// of one /64 held 400 streams; another /64 has its own.
func TestLiveStreamCapsCountAnIPv6NetworkAsOne(t *testing.T) {
	t.Parallel()
	limits := core.StreamLimits{PerGame: 2, PerAddress: 3, PerAccount: 10, Total: 70}
	s, sec, srv := streamServer(t, "sqlite", limits, 6)
	games := sec.Games(s)
	path := func(i int) string { return fmt.Sprintf("/api/v1/games/%d/stream", int(apitest.Num(games[i]["id"]))) }
	status := func(p, address string) int {
		t.Helper()
		return openStream(t, srv, p, address, "").status
	}
	for i := range limits.PerGame {
		if code := status(path(0), fmt.Sprintf("2001:db8:1:2::%d", i+1)); code != http.StatusOK {
			t.Fatalf("stream %d of game 1 from the /64: %d", i+1, code)
		}
	}
	if code := status(path(0), "2001:db8:1:2:ffff::1"); code != http.StatusTooManyRequests {
		t.Errorf("a third stream of game 1 from another address of the /64: %d, want 429", code)
	}
	if code := status(path(0), "2001:db8:1:3::1"); code != http.StatusOK {
		t.Errorf("a stream of game 1 from another /64: %d, want 200", code)
	}
	if code := status(path(1), "2001:db8:1:2::3"); code != http.StatusOK {
		t.Fatalf("the /64's third stream in all: %d", code)
	}
	if code := status(path(2), "2001:db8:1:2::4"); code != http.StatusTooManyRequests {
		t.Errorf("a fourth stream in all from the /64: %d, want 429", code)
	}
}

// A flood of streams past the limits leaves nothing held: after the first
// thousand refused, three thousand more leave what the process holds after
// a collection (its live heap and goroutine stacks) and its goroutines
// flat, where as many held streams took some 60 KB and a goroutine or two
// each. Not parallel: the measure is the whole process's, which tests
// running beside it would move. (A spectator is refused before the
// database is asked anything: SQLite alone.)
func TestRefusedStreamsHoldNothing(t *testing.T) {
	s, sec, srv := streamServer(t, "sqlite", core.StreamLimits{PerGame: 4, PerAddress: 40, PerAccount: 10, Total: 70}, 2)
	stream := fmt.Sprintf("/api/v1/games/%d/stream", int(apitest.Num(sec.Games(s)[0]["id"])))
	for range 4 {
		if st := openStream(t, srv, stream, "10.0.0.1", ""); st.status != http.StatusOK {
			t.Fatalf("a spectator's stream: %d", st.status)
		}
	}
	client := &http.Client{}
	flood := func(n int) {
		for range n {
			req, _ := http.NewRequest("GET", srv.URL+stream, nil)
			req.Header.Set("X-Forwarded-For", "10.0.0.1")
			resp, err := client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusTooManyRequests {
				t.Fatalf("a stream past the limits: %d", resp.StatusCode)
			}
		}
	}
	flood(1000)
	before, goroutines := retainedKB(), runtime.NumGoroutine()
	flood(3000)
	if grew := retainedKB() - before; grew > 8<<10 {
		t.Errorf("3,000 more refused streams grew what the process holds by %d KB; want it flat (under 8 MB, where held ones took some 180 MB)", grew)
	}
	if more := runtime.NumGoroutine() - goroutines; more > 50 {
		t.Errorf("3,000 more refused streams left %d more goroutines running", more)
	}
}

// While 2,000 spectators watch a game, each move still reaches both of its
// players: the players are told first, the game is read once per change
// for all of them, and its event made once per language.
func TestLiveMoveReachesPlayersAmongSpectators(t *testing.T) {
	t.Parallel()
	// On SQLite alone: the fan-out reads nothing from the database (a move
	// made through the server comes with the game as it left it), and each
	// database's own path from a move to its watchers is tested by
	// TestStreamMissesNoMoveMadeAsItOpens.
	for _, name := range []string{"sqlite"} {
		t.Run(name, func(t *testing.T) {
			s, sec, srv := streamServer(t, name, core.DefaultStreamLimits(), 2)
			g := sec.Games(s)[0]
			gid := int(apitest.Num(g["id"]))
			stream := fmt.Sprintf("/api/v1/games/%d/stream", gid)
			tokens := [2]string{sec.Tokens[int(apitest.Num(g["white"]))], sec.Tokens[int(apitest.Num(g["black"]))]}
			var players [2]<-chan streamEvent
			for side, token := range tokens {
				players[side] = openStream(t, srv, stream, "10.1.0.1", token).events()
				if e := <-players[side]; e.ply != 0 {
					t.Fatalf("the stream's first game: ply %d", e.ply)
				}
			}
			var spectators sync.WaitGroup
			for i := range 2000 {
				st := openStream(t, srv, stream, fmt.Sprintf("10.2.%d.%d", i/4/250, i/4%250), "")
				if st.status != http.StatusOK {
					t.Fatalf("spectator %d: status %d", i, st.status)
				}
				spectators.Add(1)
				go func() {
					defer spectators.Done()
					io.Copy(io.Discard, st.body)
				}()
			}

			const plies = 20
			position := g["position"].(string)
			var seen []time.Duration
			for ply := range plies {
				pos, err := adiukh.ParsePosition(position)
				if err != nil {
					t.Fatal(err)
				}
				side := rules.White
				if ply%2 == 1 {
					side = rules.Black
				}
				mv := pos.LegalMoves(side)[0].String()
				sent := time.Now()
				code, body := s.Call(tokens[ply%2], "POST", fmt.Sprintf("/api/v1/games/%d/moves", gid), map[string]any{"move": mv, "ply": ply})
				if code != http.StatusOK {
					t.Fatalf("move %d %s: %d %v", ply+1, mv, code, body)
				}
				position = body.(map[string]any)["position"].(string)
				for side := range players {
					for e := range players[side] {
						if e.ply == ply+1 {
							seen = append(seen, e.at.Sub(sent))
							break
						}
					}
				}
			}
			if len(seen) != 2*plies {
				t.Fatalf("the players saw %d of the %d moves' arrivals", len(seen), 2*plies)
			}
			// The time is measured here, but held to the 100 ms of p99 in
			// docs/benchmarks.md, on a quiet machine: this test shares the
			// cores with the rest of the suite and the race detector, and
			// its 2,000 readers run in its own process.
			slices.Sort(seen)
			t.Logf("with 2,000 spectators a move reached its players in %v at p50, %v at p99, %v at most", seen[len(seen)/2], seen[len(seen)*99/100], seen[len(seen)-1])
			srv.CloseClientConnections()
			spectators.Wait()
		})
	}
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
	forEachLiveServer(t, func(t *testing.T, s *apitest.CorrServer, arbiter string, t0 time.Time) {
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
