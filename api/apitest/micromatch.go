package apitest

import (
	"fmt"
	"net/http"
	"testing"

	"adiukh/tournament"
)

// The sheets of a game played from opening 1-I of the FMJD table: its
// moves after the opening, and the whole game with the opening's moves
// first.
const (
	MicroAfter1I = "4. b4:d6 e7:c5 5. g3-h4 f6-g5 6. h4:f6 g7:e5\n1:1 agreement"
	MicroWhole1I = "1. a3-b4 b6-a5 2. b2-a3 a7-b6 3. a1-b2 d6-c5\n4. b4:d6 e7:c5 5. g3-h4 f6-g5 6. h4:f6 g7:e5 7. c3-d4 e5:c3:a1\n1:1 agreement"
)

// MicroSheetEvent creates a Russian draughts event of micro-matches whose
// own table has opening 1-I alone, with four players, and pairs and
// publishes round 1; it answers the event's path and the round.
func MicroSheetEvent(t *testing.T, s *Server) (string, map[string]any) {
	t.Helper()
	const arbiter = tournament.ArbiterRole
	ev := s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{
		"name": "Первенство клуба", "game": "russian", "discipline": "rapid", "system": "swiss", "rounds": 3,
		"time_control": "15+5", "micro_match": "round", "micro_count": "games",
	})
	base := fmt.Sprintf("/api/v1/events/%d", Num(ev["id"]))
	for i := 1; i <= 4; i++ {
		s.Must(http.StatusCreated, arbiter, "POST", base+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i), "rating": 2000 - 10*i})
	}
	if code, body := s.Text(arbiter, "PUT", base+"/openings?format=csv", "1,1-I,a3-b4 b6-a5 b2-a3 a7-b6 a1-b2 d6-c5\n"); code != http.StatusOK {
		t.Fatalf("load the table: %d %s", code, body)
	}
	s.Must(http.StatusCreated, arbiter, "POST", base+"/rounds", nil)
	return base, s.Must(http.StatusOK, arbiter, "POST", base+"/rounds/1/publish", nil)
}

// MicroTeamEvent creates a Russian draughts team competition of two teams
// of two players whose boards play micro-matches, each board drawn its own
// opening, and pairs and publishes round 1; it answers the event's path
// and the round as paired.
func MicroTeamEvent(t *testing.T, s *Server) (string, map[string]any) {
	t.Helper()
	const arbiter = tournament.ArbiterRole
	ev := s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Командное первенство", "game": "russian",
		"discipline": "rapid-team", "system": "swiss", "rounds": 3, "time_control": "15+5", "micro_match": "board"})
	if ev["micro_match"] != "board" || ev["micro_count"] != "matches" {
		t.Fatalf("the team competition's micro-matches: %v, %v; want board and matches", ev["micro_match"], ev["micro_count"])
	}
	base := fmt.Sprintf("/api/v1/events/%d", Num(ev["id"]))
	s.Must(http.StatusOK, arbiter, "PUT", base+"/team-settings", map[string]any{"boards": 2})
	for n := 2; n >= 1; n-- {
		roster := []map[string]any{{"name": fmt.Sprintf("Игрок %d.1", n), "rating": 2000 - 50*n}, {"name": fmt.Sprintf("Игрок %d.2", n), "rating": 1990 - 50*n}}
		s.Must(http.StatusCreated, arbiter, "POST", base+"/teams", map[string]any{"name": fmt.Sprintf("Команда %d", n), "players": roster})
	}
	round := s.Must(http.StatusCreated, arbiter, "POST", base+"/rounds", nil)
	s.Must(http.StatusOK, arbiter, "POST", base+"/rounds/1/publish", nil)
	return base, round
}
