package apitest

import (
	"fmt"
	"net/http"

	"adiukh/tournament"
)

// PrizeList is the prize list of PrizeEvent: 100 and 50 by place, 40 for
// the best junior born in 2008 or later, shared among players tied on
// points, one prize a player.
var PrizeList = map[string]any{"ties": "shared", "one_per_player": true, "prizes": []any{
	map[string]any{"place": 1, "amount": 100}, map[string]any{"place": 2, "amount": 50},
	map[string]any{"category": "juniors", "born_from": 2008, "place": 1, "amount": 40},
}}

// PrizeEvent is a round robin of four players ("Игрок 1" … "Игрок 4", the
// fourth born in 2010) with PrizeList set and every game of its three
// rounds drawn: all four tie on points and tie-breaks. Finished, the
// junior takes the juniors' 40 rather than a quarter of the 150 by place
// (37.50), and the three others share the 150: 50 each.
func PrizeEvent(s *Server, finish bool) int {
	s.T.Helper()
	id := s.RoundRobin(4)
	players := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/players", id), nil)["players"].([]any)
	junior := Num(players[3].(map[string]any)["id"])
	s.Must(http.StatusOK, tournament.ArbiterRole, "PATCH", fmt.Sprintf("/api/v1/events/%d/players/%d", id, junior), map[string]any{"birth_year": 2010})
	s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/prizes", id), PrizeList)
	for n := 1; n <= 3; n++ {
		if n > 1 {
			s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
			s.Must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/%d/publish", id, n), nil)
		}
		_, round := s.Do("", "GET", fmt.Sprintf("/api/v1/events/%d/rounds/%d", id, n), nil)
		for _, g := range round["games"].([]any) {
			game := g.(map[string]any)
			s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/%d/games/%d/result", id, n, Num(game["board"])),
				map[string]any{"score": "12:12", "end_reason": "agreement", "version": Num(game["version"])})
		}
	}
	if finish {
		s.Must(http.StatusOK, tournament.ArbiterRole, "PATCH", fmt.Sprintf("/api/v1/events/%d", id), map[string]any{"status": "finished"})
	}
	return id
}
