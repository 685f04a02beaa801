package api_test

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"adiukh/api/apitest"
	"adiukh/rules"
	"adiukh/tournament"
)

// The events of the matrix of the games (matrix_test.go): one of each
// discipline of players, and the composition contests, made through the
// JSON API and read back for the sweep.

// sheet is a game's first plies from the start, each the first legal
// move, as a score sheet writes them.
func (m *matrixSite) sheet(plies int) string {
	var b strings.Builder
	s := m.game.Rules.Start()
	for ply := range plies {
		moves := s.Moves()
		if len(moves) == 0 {
			break
		}
		if ply%2 == 0 {
			fmt.Fprintf(&b, "%d. ", ply/2+1)
		}
		fmt.Fprintf(&b, "%s ", moves[0].Notation)
		s = moves[0].After
	}
	return strings.TrimSpace(b.String())
}

func (m *matrixSite) score(sc rules.Score) string { return fmt.Sprintf("%d:%d", sc.White, sc.Black) }

// roundGame is a game of a round as the API answers it, a round of
// players or of matches: its number in the round, its version, and
// whether it waits for its result.
type roundGame struct {
	number, version int
	open            bool
}

func gamesOf(round map[string]any) []roundGame {
	var out []roundGame
	add := func(g map[string]any, number any) {
		if number != nil {
			out = append(out, roundGame{number: apitest.Num(number), version: apitest.Num(g["version"]), open: g["end_reason"] == nil && g["black"] != nil})
		}
	}
	for _, g := range asList(round["games"]) {
		add(g.(map[string]any), g.(map[string]any)["board"])
	}
	for _, match := range asList(round["matches"]) {
		for _, g := range asList(match.(map[string]any)["games"]) {
			add(g.(map[string]any), g.(map[string]any)["game"])
		}
	}
	return out
}

func asList(v any) []any {
	list, _ := v.([]any)
	return list
}

// results enters every open game of a published round: the first by
// forfeit, the others won by White on resignation after a few moves.
func (m *matrixSite) results(ev string, n int) {
	m.t.Helper()
	forfeit := true
	for _, g := range gamesOf(m.must(http.StatusOK, "GET", fmt.Sprintf("%s/rounds/%d", ev, n), nil)) {
		if !g.open {
			continue
		}
		body := map[string]any{"score": m.score(m.game.Scale.Win(true)), "end_reason": "resignation", "sheet": m.sheet(4), "version": g.version}
		if forfeit {
			body = map[string]any{"score": m.score(m.game.Scale.Win(false)), "end_reason": "forfeit", "version": g.version}
			forfeit = false
		}
		m.must(http.StatusOK, "PUT", fmt.Sprintf("%s/rounds/%d/games/%d/result", ev, n, g.number), body)
	}
}

// read fills in what the sweep needs of an event: its rounds' boards and
// its players.
func (m *matrixSite) read(discipline string, id int) matrixEvent {
	m.t.Helper()
	ev := matrixEvent{discipline: discipline, id: id, boards: map[int][]int{}}
	path := fmt.Sprintf("/api/v1/events/%d", id)
	for _, r := range m.s.Must(http.StatusOK, m.arbiter, "GET", path+"/rounds", nil).(map[string]any)["rounds"].([]any) {
		n := apitest.Num(r.(map[string]any)["number"])
		ev.boards[n] = nil
		for _, g := range gamesOf(m.must(http.StatusOK, "GET", fmt.Sprintf("%s/rounds/%d", path, n), nil)) {
			ev.boards[n] = append(ev.boards[n], g.number)
		}
	}
	for _, p := range m.must(http.StatusOK, "GET", path+"/players", nil)["players"].([]any) {
		ev.players = append(ev.players, apitest.Num(p.(map[string]any)["id"]))
	}
	if discipline == "knockout" {
		ev.matchGames = map[[2]int][]int{}
		for _, r := range m.must(http.StatusOK, "GET", path+"/knockout", nil)["rounds"].([]any) {
			for _, raw := range r.(map[string]any)["matches"].([]any) {
				match := raw.(map[string]any)
				key := [2]int{apitest.Num(match["round"]), apitest.Num(match["board"])}
				for _, g := range match["games"].([]any) {
					ev.matchGames[key] = append(ev.matchGames[key], apitest.Num(g.(map[string]any)["number"]))
				}
			}
		}
	}
	if code, games := m.s.Call(m.arbiter, "GET", path+"/games", nil); code == http.StatusOK {
		for _, g := range games.([]any) {
			ev.games = append(ev.games, apitest.Num(g.(map[string]any)["id"]))
		}
	}
	return ev
}

// individual is a Swiss event of five players: round 1 with a bye, a
// forfeit and a game with its sheet; a player withdrawn from round 2,
// which is played too; round 3 published, its games going on.
func (m *matrixSite) individual() matrixEvent {
	id, ev := m.newEvent(map[string]any{"name": "Первенство клуба", "discipline": "standard", "system": "swiss", "rounds": 4, "time_control": "90+30"})
	var players []int
	for i := range 5 {
		players = append(players, apitest.Num(m.must(http.StatusCreated, "POST", ev+"/players", map[string]any{"name": fmt.Sprintf("Игроков Игрок %d", i+1), "rating": 2000 - 10*i})["id"]))
	}
	for n := 1; n <= 3; n++ {
		m.must(http.StatusCreated, "POST", ev+"/rounds", nil)
		m.must(http.StatusOK, "POST", fmt.Sprintf("%s/rounds/%d/publish", ev, n), nil)
		if n == 3 {
			break
		}
		m.results(ev, n)
		if n == 1 {
			m.must(http.StatusOK, "PATCH", fmt.Sprintf("%s/players/%d", ev, players[1]), map[string]any{"withdraw_from_round": 2, "reason": "болезнь"})
		}
	}
	m.attachRegulations(ev)
	out := m.read("individual", id)
	out.opens = []string{"/regulations.pdf"}
	return out
}

// knockout is a knockout of five players in two-game matches with a
// stage of two rapid games: round 1 with the byes of the top three seeds
// and one match decided in its games; round 2, the semi-finals,
// published: one match won, the other level after its games and into the
// rapid.
func (m *matrixSite) knockout() matrixEvent {
	id, ev := m.newEvent(map[string]any{"name": "Кубок клуба", "discipline": "standard", "system": "knockout", "time_control": "90+30",
		"match_games": 2, "tie_break_games": []map[string]any{{"games": 2, "tempo": "rapid"}}, "third_place": true})
	for i := range 5 {
		m.must(http.StatusCreated, "POST", ev+"/players", map[string]any{"name": fmt.Sprintf("Кубков Игрок %d", i+1), "rating": 2000 - 10*i})
	}
	points := m.game.Scale.Points
	win, draw := fmt.Sprintf("%d:0", points), fmt.Sprintf("%d:%d", points/2, points/2)
	game := func(round, board, number int, score, reason string) {
		m.must(http.StatusOK, "POST", ev+"/knockout/games", map[string]any{"round": round, "board": board, "number": number, "score": score, "end_reason": reason})
	}
	sheet := func(round, board, number int) {
		m.must(http.StatusOK, "POST", ev+"/knockout/sheets", map[string]any{"round": round, "board": board, "number": number, "sheet": m.sheet(4)})
	}
	for n := 1; n <= 2; n++ {
		m.must(http.StatusCreated, "POST", ev+"/rounds", nil)
		m.must(http.StatusOK, "POST", fmt.Sprintf("%s/rounds/%d/publish", ev, n), nil)
		for _, raw := range m.must(http.StatusOK, "GET", ev+"/knockout", nil)["rounds"].([]any)[n-1].(map[string]any)["matches"].([]any) {
			match := raw.(map[string]any)
			if match["black"] == nil {
				continue
			}
			board := apitest.Num(match["board"])
			game(n, board, 1, win, "resignation")
			if n == 1 && board == 1 {
				sheet(n, board, 1) // a match game's moves
			}
			if n == 2 && board == 1 {
				game(n, board, 2, win, "resignation") // 1:1, into the rapid
				game(n, board, 3, draw, "agreement")
				sheet(n, board, 3) // a tie-break game's moves
				continue
			}
			game(n, board, 2, draw, "agreement")
		}
	}
	return m.read("knockout", id)
}

// attachRegulations gives the event its regulations, apitest.MinimalPDF,
// through the API.
func (m *matrixSite) attachRegulations(ev string) {
	m.t.Helper()
	req := httptest.NewRequest(http.MethodPut, ev+"/regulations?file=Положение.pdf", strings.NewReader(apitest.MinimalPDF))
	req.Header.Set("Content-Type", "application/pdf")
	req.Header.Set("Authorization", "Bearer "+m.arbiter)
	rec := httptest.NewRecorder()
	m.s.Handler.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		m.t.Fatalf("PUT %s/regulations: %d %s", ev, rec.Code, rec.Body.String())
	}
}

// team is a Swiss team competition of three teams on two boards: round 1
// with the bye, an empty board (a line-up of one) and a forfeit; the
// third team withdrawn from round 2.
func (m *matrixSite) team() matrixEvent {
	id, ev := m.newEvent(map[string]any{"name": "Командный кубок", "discipline": "rapid-team", "system": "swiss", "rounds": 3, "time_control": "15+5"})
	m.must(http.StatusOK, "PUT", ev+"/team-settings", map[string]any{"boards": 2})
	for n := 3; n >= 1; n-- {
		roster := []map[string]any{}
		for b := 1; b <= 2; b++ {
			roster = append(roster, map[string]any{"name": fmt.Sprintf("Командов Игрок %d.%d", n, b), "rating": 2000 - 50*n - b})
		}
		m.must(http.StatusCreated, "POST", ev+"/teams", map[string]any{"name": fmt.Sprintf("Команда %d", n), "players": roster})
	}
	round := m.must(http.StatusCreated, "POST", ev+"/rounds", nil)
	// The home team of the first match fields its first player alone.
	var home []int
	for _, tm := range m.must(http.StatusOK, "GET", ev+"/teams", nil)["teams"].([]any) {
		tm := tm.(map[string]any)
		if apitest.Num(tm["start_no"]) == 1 {
			for _, p := range tm["players"].([]any) {
				home = append(home, apitest.Num(p.(map[string]any)["id"]))
			}
		}
	}
	if len(gamesOf(round)) != 2 {
		m.t.Fatalf("round 1 of three teams on two boards: %v; want one match of two boards", round["matches"])
	}
	m.must(http.StatusOK, "PUT", ev+"/rounds/1/lineups/1", map[string]any{"players": []int{home[0], 0}, "reason": "болезнь"})
	m.must(http.StatusOK, "POST", ev+"/rounds/1/publish", nil)
	m.results(ev, 1)
	m.must(http.StatusOK, "PATCH", ev+"/teams/3", map[string]any{"withdraw_from_round": 2, "reason": "не приехала"})
	return m.read("team", id)
}

// correspondence is a round robin of three played on the server (a bye in
// every round), a player withdrawn, who loses the unfinished games by
// forfeit, and the other game resigned: a section whose rounds are all
// complete, whose report file has every game. Three are enough for each
// kind of game, and each more player adds rounds and games the sweep
// reads every page and document of.
func (m *matrixSite) correspondence() matrixEvent {
	id, ev := m.newEvent(map[string]any{"name": "Заочный кубок", "discipline": "correspondence", "system": "round-robin", "time_control": "50d/10"})
	tokens := map[int]string{}
	var players []int
	for i := range 3 {
		pid := apitest.Num(m.must(http.StatusCreated, "POST", ev+"/players", map[string]any{"name": fmt.Sprintf("Заочников Игрок %d", i+1)})["id"])
		email := fmt.Sprintf("corr%d@example.org", i)
		tokens[pid] = m.user(email)
		players = append(players, pid)
		m.must(http.StatusOK, "PUT", fmt.Sprintf("%s/players/%d/account", ev, pid), map[string]any{"email": email})
	}
	started := m.s.Must(http.StatusOK, m.arbiter, "POST", ev+"/start", nil).([]any)
	m.must(http.StatusOK, "POST", fmt.Sprintf("%s/players/%d/withdraw", ev, players[0]), map[string]any{"games": "lose", "reason": "перестал отвечать"})
	resigned := 0
	for _, g := range started {
		g := g.(map[string]any)
		if white := apitest.Num(g["white"]); white != players[0] && apitest.Num(g["black"]) != players[0] {
			m.s.Must(http.StatusOK, tokens[white], "POST", fmt.Sprintf("/api/v1/games/%d/resign", apitest.Num(g["id"])), nil)
			resigned++
		}
	}
	if len(started) != 3 || resigned != 1 {
		m.t.Fatalf("the section of three started %d games, %d of them without the withdrawn player; want 3 and 1", len(started), resigned)
	}
	return m.read("correspondence", id)
}

func (m *matrixSite) user(email string) string {
	if m.accounts[email] == "" {
		m.accounts[email] = m.s.User(email, tournament.PlayerRole)
	}
	return m.accounts[email]
}

// live is a round robin of seven played live on the server: in round 1 a
// game lost by the player who never came (a forfeit), one neither player
// came to (a double forfeit), a game going on with a move of each side,
// and a bye, whose player is withdrawn from round 2.
func (m *matrixSite) live() matrixEvent {
	emails := []string{"live1@example.org", "live2@example.org", "live3@example.org", "live4@example.org", "live5@example.org", "live6@example.org", "live7@example.org"}
	for _, email := range emails {
		m.user(email)
	}
	sec := apitest.StartLiveEvent(m.t, m.s, m.arbiter, map[string]any{"name": "Рапид онлайн", "game": m.game.Key, "discipline": "rapid", "system": "round-robin",
		"time_control": "15+10", "online": true}, m.accounts, emails...)
	games := sec.Games(m.s)
	if len(games) != 3 {
		m.t.Fatalf("round 1 of seven players live: %v; want three games", games)
	}
	move := func(at time.Duration, gid int) {
		m.t.Helper()
		g := m.s.Game(gid)
		first, _, _ := strings.Cut(g["legal"].(string), ";")
		_, first, _ = strings.Cut(first, "=")
		m.s.Clock.Set(apitest.CorrStart.Add(at))
		m.s.Must(http.StatusOK, sec.Tokens[apitest.Num(g[g["to_move"].(string)])], "POST", fmt.Sprintf("/api/v1/games/%d/moves", gid),
			map[string]any{"move": first, "ply": apitest.Num(g["ply"])})
	}
	forfeited, going := apitest.Num(games[0]["id"]), apitest.Num(games[1]["id"])
	// The side to move in the first game shows up and moves; the other
	// never comes, and the first claims the game after the no-show time.
	// Both sides of the second move, and it goes on.
	move(10*time.Second, forfeited)
	move(11*time.Second, going)
	move(12*time.Second, going)
	m.s.Clock.Set(apitest.CorrStart.Add(15*time.Minute + 2*time.Second))
	winner := apitest.Num(games[0][games[0]["to_move"].(string)])
	m.s.Must(http.StatusOK, sec.Tokens[winner], "POST", fmt.Sprintf("/api/v1/games/%d/claim", forfeited), nil)
	if got := m.s.Game(forfeited); got["result"] == nil || got["result"].(map[string]any)["end_reason"] != "forfeit" {
		m.t.Fatalf("the live game after the no-show time: %v; want it lost by forfeit", got["result"])
	}
	// The server's sweep ends the game nobody came to.
	if _, err := m.s.Corr.Expire(context.Background(), m.s.Clock.Now()); err != nil {
		m.t.Fatal(err)
	}
	if got := m.s.Game(apitest.Num(games[2]["id"])); got["result"] == nil || got["result"].(map[string]any)["end_reason"] != "double_forfeit" {
		m.t.Fatalf("the live game nobody came to: %v; want a double forfeit", got["result"])
	}
	if got := m.s.Game(going); got["status"] != "running" {
		m.t.Fatalf("the live game both sides play: %v; want it going on", got["status"])
	}
	paired := map[int]bool{}
	for _, g := range games {
		paired[apitest.Num(g["white"])], paired[apitest.Num(g["black"])] = true, true
	}
	for pid := range sec.Tokens {
		if !paired[pid] {
			m.must(http.StatusOK, "PATCH", fmt.Sprintf("%s/players/%d", sec.Ev, pid), map[string]any{"withdraw_from_round": 2, "reason": "болезнь"})
		}
	}
	var id int
	fmt.Sscanf(sec.Ev, "/api/v1/events/%d", &id)
	return m.read("live", id)
}

// The composition contest's and solving contest's entry: Adiukh's
// position four plies before the end of a game, which the solver proves
// (composition contests are of the games whose solver they use).
var matrixProblem = map[string]any{"position": apitest.G005, "side": "black", "stipulation": "exact 18:6", "solution": "d6:f8 b2-c3 f8:d6 e7:c5"}

// composition is a composition contest of one section with an entry, its
// deadline passed and the entry marked by the jury, and a solving contest
// in the same event, open, one answer sent: read by its director, the
// judge, the author, the solver and an anonymous reader.
func (m *matrixSite) composition() matrixEvent {
	m.t.Helper()
	readers := []matrixReader{m.director, {name: "anonymous"}}
	for _, email := range []string{"judge@example.org", "author@example.org", "solver@example.org"} {
		readers = append(readers, matrixReader{name: email, token: m.user(email), cookie: m.s.Session(email)})
	}
	now := m.s.Clock.Now()
	at := func(d time.Duration) string { return now.Add(d).UTC().Format(time.RFC3339) }
	id, ev := m.newEvent(map[string]any{"name": "Конкурс составления", "discipline": "composition"})
	m.must(http.StatusOK, "PUT", ev+"/contest", map[string]any{"sections": []map[string]string{{"name": "Задачи"}},
		"deadline": at(24 * time.Hour), "scale": 4, "aggregation": "mean", "claim_days": 7})
	m.must(http.StatusOK, "PUT", ev+"/contest/judges", map[string]any{"judges": []string{"judge@example.org"}})
	m.attachRegulations(ev)
	entry := maps.Clone(matrixProblem)
	entry["section"], entry["comment"] = "Задачи", "посвящается"
	m.s.Must(http.StatusCreated, m.user("author@example.org"), "POST", ev+"/contest/entries", entry)
	m.must(http.StatusOK, "PUT", ev+"/solving", map[string]any{"starts": at(25 * time.Hour), "ends": at(27 * time.Hour), "problems": []any{matrixProblem}})
	m.s.Clock.Set(now.Add(26 * time.Hour))
	m.s.Must(http.StatusOK, m.user("judge@example.org"), "PUT", ev+"/contest/marks/001", map[string]any{"mark": 3.5, "comment": "Тонкая игра"})
	m.s.Must(http.StatusCreated, m.user("solver@example.org"), "POST", ev+"/solving/problems/1/answer", map[string]any{"answer": "1... d6:f8 2. b2-c3 f8:d6 3. e7:c5"})
	return matrixEvent{discipline: "composition", id: id, boards: map[int][]int{}, readers: readers,
		opens: []string{"/contest", "/contest/entries", "/contest/my-entries", "/contest/judging", "/solving", "/regulations.pdf"}}
}

// award moves the composition contest on: the solving contest over, the
// provisional award published, a claim against it rejected, and the award
// final once the claims period is over.
func (m *matrixSite) award(ev matrixEvent) matrixEvent {
	m.t.Helper()
	path := fmt.Sprintf("/api/v1/events/%d", ev.id)
	m.s.Clock.Set(m.s.Clock.Now().Add(2 * time.Hour))
	m.must(http.StatusOK, "POST", path+"/contest/award", map[string]any{"prizes": 1, "place": "Майкоп", "report": "Уровень конкурса высок."})
	claim := m.s.Must(http.StatusCreated, m.user("solver@example.org"), "POST", path+"/contest/claims", map[string]any{"code": "001", "kind": "anticipated", "evidence": "Петров, 1990"}).(map[string]any)
	m.must(http.StatusOK, "POST", fmt.Sprintf("/api/v1/contest-claims/%d/decision", apitest.Num(claim["id"])), map[string]any{"uphold": false, "reason": "идея другая"})
	m.s.Clock.Set(m.s.Clock.Now().Add(8 * 24 * time.Hour))
	m.must(http.StatusOK, "POST", path+"/contest/award/final", map[string]any{})
	ev.discipline = "composition, the award final"
	ev.opens = append(slices.Clip(ev.opens), "/contest/award", "/contest/award.pdn", "/contest/award.pdf")
	return ev
}

// noComposition checks that the game, which has no composition contests,
// refuses one at its game's field.
func (m *matrixSite) noComposition(t *testing.T) {
	code, out := m.s.Call(m.arbiter, "POST", "/api/v1/events", map[string]any{"name": "Конкурс составления", "discipline": "composition", "game": m.game.Key})
	if code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out), "field:game") {
		t.Errorf("a composition contest of %s: %d %v; want 400 at the game", m.game.Key, code, out)
	}
}
