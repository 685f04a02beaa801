package apitest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"adiukh/tournament"
)

// MinimalPDF is the start of a PDF file: what the regulations are checked
// for.
const MinimalPDF = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"

// PlayRound enters a result on every board of a published round.
func PlayRound(s *Server, id, n int, scores ...string) {
	s.T.Helper()
	_, round := s.Do("", "GET", fmt.Sprintf("/api/v1/events/%d/rounds/%d", id, n), nil)
	for i, g := range round["games"].([]any) {
		game := g.(map[string]any)
		s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/%d/games/%d/result", id, n, Num(game["board"])),
			map[string]any{"score": scores[i%len(scores)], "end_reason": "final_position", "version": Num(game["version"])})
	}
}

// G005 is a position four plies before the end of a random game: all 24
// checkers on the board, Black to move.
const G005 = "white: a5-1/6, b2-1, d4-4/1, d8-1/3, e7-3/1; black: d6-1/2"

// SampleGame is the game of rules §7.2: a final position at 17:7.
const SampleGame = `1. c3-b4 b6-c5 2. b4-a5 a7-b6 3. b2-c3 c5-b4 4. a3:a7 c7-b6 5. a5:e5 f6:b2
6. a1:c3 d8-c7 7. g3-f4 e5:g3 8. h2:f4 g3:e5 9. e3:g5 h6:f4 10. d2-e3 f4:b4
11. b2:h6 g7-f6 12. e5:g7 h8:f6 13. g7:e5 f8-e7 14. f6:d8 b8-c7 15. d8:a5.`

// RatedBlitzEvent is a finished, rated blitz round robin of four persons of
// the register (Хуажев Аслан, Бислан, Заур, Мурат) in October 2026.
func RatedBlitzEvent(s *Server) int {
	s.T.Helper()
	return RatedBlitzEventWith(s, "")
}

// RatedBlitzEventWith is ratedBlitzEvent with its fourth player added by
// name only, not linked to the register, when unlinked names one.
func RatedBlitzEventWith(s *Server, unlinked string) int {
	s.T.Helper()
	const arbiter = tournament.ArbiterRole
	ev := s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Рейтинговый турнир", "discipline": "blitz",
		"system": "round-robin", "time_control": "3+2", "start_date": "2026-10-01", "end_date": "2026-10-01", "rated": true})
	if ev["rated"] != true {
		s.T.Fatalf("the event is not rated: %v", ev)
	}
	id := Num(ev["id"])
	for _, name := range []string{"Аслан", "Бислан", "Заур", "Мурат"} {
		if name == "Мурат" && unlinked != "" {
			s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": unlinked})
			continue
		}
		p := s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/people", map[string]any{"surname": "Хуажев", "given_names": name, "region": "Адыгея"})
		s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"person_id": Num(p["id"])})
	}
	for n := 1; n <= 3; n++ {
		s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
		s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/%d/publish", id, n), nil)
		PlayRound(s, id, n, "17:7", "12:12")
	}
	s.Must(http.StatusOK, arbiter, "PATCH", fmt.Sprintf("/api/v1/events/%d", id), map[string]any{"status": "finished"})
	return id
}

// AsToken sends a JSON request with a given API token and decodes the answer.
func AsToken(s *WebServer, token, method, path string, body any) (int, map[string]any) {
	s.T.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		s.T.Fatal(err)
	}
	req := httptest.NewRequest(method, path, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	rec := httptest.NewRecorder()
	s.Handler.ServeHTTP(rec, req)
	var out map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		s.T.Fatalf("%s %s: answer is not JSON: %s", method, path, rec.Body.String())
	}
	return rec.Code, out
}

// PlayerByStartNo is the ID of the event's player with start number no.
func PlayerByStartNo(t *testing.T, s *WebServer, eventID, no int) int {
	t.Helper()
	for _, p := range s.Must(http.StatusOK, tournament.ArbiterRole, "GET", fmt.Sprintf("/api/v1/events/%d/players", eventID), nil)["players"].([]any) {
		if p := p.(map[string]any); Num(p["start_no"]) == no {
			return Num(p["id"])
		}
	}
	t.Fatalf("no player %d", no)
	return 0
}

// TeamEvent is a team event driven through the API, with its teams' player
// IDs by team start number and roster place.
type TeamEvent struct {
	Server  *Server
	T       *testing.T
	ID      int
	Roster  map[int][]int // team start number → player IDs in roster order
	TeamOf  map[int]int   // player ID → team start number
	version map[string]int
}

// Arbiter is the role the team tests act as.
const Arbiter = tournament.ArbiterRole

// NewTeamEvent creates a rapid team event and registers teams named
// "Команда N" whose mean rating makes N their start number; each has the
// given number of players.
func NewTeamEvent(t *testing.T, s *Server, system string, rounds, boards int, players []int) *TeamEvent {
	t.Helper()
	body := map[string]any{"name": "Командное первенство Адыгеи", "discipline": "rapid-team", "system": system, "time_control": "8+4"}
	if rounds > 0 {
		body["rounds"] = rounds
	}
	ev := s.Must(http.StatusCreated, Arbiter, "POST", "/api/v1/events", body)
	te := &TeamEvent{Server: s, T: t, ID: Num(ev["id"]), Roster: map[int][]int{}, TeamOf: map[int]int{}}
	s.Must(http.StatusOK, Arbiter, "PUT", te.Path("/team-settings"), map[string]any{"boards": boards})
	// Registered from the weakest up: start numbers follow the rating.
	for n := len(players); n >= 1; n-- {
		var roster []map[string]any
		for b := 1; b <= players[n-1]; b++ {
			roster = append(roster, map[string]any{"name": fmt.Sprintf("Игрок %d.%d", n, b), "rating": 2000 - 50*n - b})
		}
		s.Must(http.StatusCreated, Arbiter, "POST", te.Path("/teams"), map[string]any{"name": fmt.Sprintf("Команда %d", n), "club": "Майкоп", "players": roster})
	}
	teams := s.Must(http.StatusOK, "", "GET", te.Path("/teams"), nil)["teams"].([]any)
	for _, tm := range teams {
		tm := tm.(map[string]any)
		no := Num(tm["start_no"])
		if want := fmt.Sprintf("Команда %d", no); tm["name"] != want {
			t.Fatalf("team %v has start number %d, want %q there", tm["name"], no, want)
		}
		for _, p := range tm["players"].([]any) {
			id := Num(p.(map[string]any)["id"])
			te.Roster[no] = append(te.Roster[no], id)
			te.TeamOf[id] = no
		}
	}
	return te
}

// Path is the API address of the event followed by suffix.
func (te *TeamEvent) Path(suffix string) string {
	return fmt.Sprintf("/api/v1/events/%d%s", te.ID, suffix)
}

// SwissOfSix creates a three-round Swiss event of the discipline and time
// control with six players, Player 1 … Player 6 rated 1999 down to 1994,
// and returns its ID and the players' IDs.
func SwissOfSix(s *WebServer, discipline, timeControl string) (id int, players []int) {
	ev := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events",
		map[string]any{"name": "Швейцарка", "discipline": discipline, "system": "swiss", "rounds": 3, "time_control": timeControl})
	id = Num(ev["id"])
	for i := 1; i <= 6; i++ {
		p := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/players", id),
			map[string]any{"name": fmt.Sprintf("Player %d", i), "rating": 2000 - i})
		players = append(players, Num(p["id"]))
	}
	return id, players
}

// PlayersRoundRobin is a round robin of two with round 1 published, its
// first player linked to the player's account (player@example.org).
func PlayersRoundRobin(s *Server) int {
	id := s.RoundRobin(2)
	players := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/players", id), nil)["players"].([]any)
	s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/players/%d/account", id, Num(players[0].(map[string]any)["id"])),
		map[string]any{"email": "player@example.org"})
	return id
}

// BoardScore is a board's result from the home team's side.
type BoardScore struct {
	Home, Away int // Adiukh points
	Reason     string
}

// Play publishes round n (a map from the POST answer) and enters every
// played board's result as score(homeTeam, awayTeam, board) says, through
// the match endpoint or, for odd tables, the core endpoint by game number.
func (te *TeamEvent) Play(round map[string]any, score func(home, away, board int) BoardScore) {
	te.T.Helper()
	n := Num(round["number"])
	te.Server.Must(http.StatusOK, Arbiter, "POST", te.Path(fmt.Sprintf("/rounds/%d/publish", n)), nil)
	for _, m := range round["matches"].([]any) {
		m := m.(map[string]any)
		if m["away"] == nil {
			continue
		}
		home, away, table := Num(m["home"]), Num(m["away"]), Num(m["table"])
		for _, g := range m["games"].([]any) {
			g := g.(map[string]any)
			if g["game"] == nil {
				continue
			}
			board := Num(g["board"])
			sc := score(home, away, board)
			white, black := sc.Home, sc.Away
			if te.TeamOf[Num(g["white"])] != home {
				white, black = black, white
			}
			body := map[string]any{"score": fmt.Sprintf("%d:%d", white, black), "end_reason": sc.Reason, "version": Num(g["version"])}
			path := te.Path(fmt.Sprintf("/rounds/%d/matches/%d/boards/%d/result", n, table, board))
			if table%2 == 1 {
				path = te.Path(fmt.Sprintf("/rounds/%d/games/%d/result", n, Num(g["game"])))
			}
			te.Server.Must(http.StatusOK, Arbiter, "PUT", path, body)
		}
	}
}

// StandardEvent creates a standard round robin of three players and
// pairs and publishes round 1: board 1 is a game, board 2 the bye.
func StandardEvent(t *testing.T, s *Server, extra map[string]any) int {
	t.Helper()
	body := map[string]any{"name": "Кубок", "discipline": "standard", "system": "round-robin", "time_control": "30+30"}
	for k, v := range extra {
		body[k] = v
	}
	id := Num(s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", body)["id"])
	for _, name := range []string{"Хуаде", "Тлехас", "Нехай"} {
		s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": name})
	}
	return id
}

// KnockoutEvent creates a knockout through the API, of the fields given
// over those of a cup of Russian draughts in two-game matches at 90+30,
// with n players, "Игрок 01" … rated so that player i is seed i and
// registered from the weakest up (the seeding by rating is then seen to
// work); it returns the event's answer and the players' seeds by ID.
func KnockoutEvent(s *Server, fields map[string]any, n int) (event map[string]any, seeds map[int64]int) {
	s.T.Helper()
	body := map[string]any{"name": "Кубок", "game": "russian", "discipline": "standard", "system": "knockout", "time_control": "90+30", "match_games": 2}
	for k, v := range fields {
		body[k] = v
	}
	event = s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", body)
	seeds = map[int64]int{}
	for i := n; i >= 1; i-- {
		p := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/players", Num(event["id"])), map[string]any{"name": fmt.Sprintf("Игрок %02d", i), "rating": 2410 - 10*i})
		seeds[int64(Num(p["id"]))] = i
	}
	return event, seeds
}

// PublishNextRound pairs the event's next round and publishes it, and
// returns the round as the pairing answered it.
func (s *Server) PublishNextRound(id int) map[string]any {
	s.T.Helper()
	r := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	s.Must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/%d/publish", id, Num(r["number"])), nil)
	return r
}
