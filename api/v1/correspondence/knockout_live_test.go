package correspondence_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"adiukh/api/apitest"
)

// The bracket of a live knockout, through the API and its page, on both
// databases: each game of the match names the server's game it was played
// as (game_id), whose page the bracket links, and says whether it has
// moves: the first game, resigned after a move, has; the second, resigned
// before one, has not.
func TestLiveKnockoutBracketLinksItsGames(t *testing.T) {
	t.Parallel()
	apitest.ForEachLiveServer(t, func(t *testing.T, s *apitest.CorrServer, arbiter string, t0 time.Time) {
		sec := apitest.StartLiveEvent(t, s, arbiter, map[string]any{"name": "Кубок онлайн", "discipline": "blitz", "system": "knockout",
			"time_control": "3+2", "online": true, "match_games": 2}, map[string]string{}, "first@example.org", "second@example.org")
		running := func() map[string]any {
			t.Helper()
			for _, g := range sec.Games(s) {
				if g["status"] == "running" {
					return g
				}
			}
			t.Fatal("no game of the match is running")
			return nil
		}
		first := running()
		firstID := int(apitest.Num(first["id"]))
		s.Must(http.StatusOK, sec.Tokens[int(apitest.Num(first[first["to_move"].(string)]))], "POST", fmt.Sprintf("/api/v1/games/%d/moves", firstID),
			map[string]any{"move": firstLegal(t, first), "ply": 0})
		s.Clock.Set(t0.Add(20 * time.Second))
		s.Must(http.StatusOK, sec.Tokens[int(apitest.Num(first["black"]))], "POST", fmt.Sprintf("/api/v1/games/%d/resign", firstID), nil)
		second := running()
		secondID := int(apitest.Num(second["id"]))
		s.Must(http.StatusOK, sec.Tokens[int(apitest.Num(second["white"]))], "POST", fmt.Sprintf("/api/v1/games/%d/resign", secondID), nil)

		bracket := s.Must(http.StatusOK, "", "GET", sec.Ev+"/knockout", nil).(map[string]any)
		games := bracket["rounds"].([]any)[0].(map[string]any)["matches"].([]any)[0].(map[string]any)["games"].([]any)
		if len(games) != 2 {
			t.Fatalf("the match's games: %v, want 2", games)
		}
		for i, want := range []struct {
			id    int
			moves bool
		}{{firstID, true}, {secondID, false}} {
			g := games[i].(map[string]any)
			if int(apitest.Num(g["game_id"])) != want.id || g["has_moves"] != want.moves {
				t.Errorf("game %d of the match: %v; want game_id %d, has_moves %v", i+1, g, want.id, want.moves)
			}
		}
		id := strings.TrimPrefix(sec.Ev, "/api/v1/events/")
		page := s.Page(nil, "/events/"+id+"/knockout")
		for _, gid := range []int{firstID, secondID} {
			if !strings.Contains(page, fmt.Sprintf(`<a href="/games/%d" class="match-game-played"`, gid)) {
				t.Errorf("the bracket page does not link game %d to its page", gid)
			}
		}
	})
}
