package events_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// The game viewer of a board without a game says why there is none: a bye
// of each kind, a forfeit and a double forfeit show no empty board and do
// not ask for a sheet.
func TestGameViewerUnplayedBoards(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	events, ids := unpairedSwiss(s.Server, 7)
	s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("%s/players/%d/bye", events, ids[5]), map[string]any{"round": 1, "kind": "half", "reason": "просьба"})
	s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("%s/players/%d/bye", events, ids[6]), map[string]any{"round": 1, "kind": "zero", "reason": "просьба"})
	round := s.Must(http.StatusCreated, arbiter, "POST", events+"/rounds", nil)
	s.Must(http.StatusOK, arbiter, "POST", events+"/rounds/1/publish", nil)

	want := map[int]string{}
	results := []struct{ score, reason, want string }{
		{"24:0", "forfeit", apitest.RuT("game.not_played", "Reason", apitest.RuT("reason.forfeit"))},
		{"0:0", "double_forfeit", apitest.RuT("game.not_played", "Reason", apitest.RuT("reason.double_forfeit"))},
	}
	for _, g := range round["games"].([]any) {
		g := g.(map[string]any)
		board := apitest.Num(g["board"])
		if g["black"] == nil {
			want[board] = apitest.RuT("game.bye", "Reason", apitest.RuT("reason."+g["end_reason"].(string)))
			continue
		}
		r := results[0]
		results = results[1:]
		want[board] = r.want
		s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("%s/rounds/1/games/%d/result", events, board),
			map[string]any{"score": r.score, "end_reason": r.reason, "version": apitest.Num(g["version"])})
		// White's card says the game was not played, marked so that a
		// phone, which leaves out how played games ended, shows it.
		card := apitest.PageText(s.Anonymous().Get(fmt.Sprintf("%s/players/%d", strings.TrimPrefix(events, "/api/v1"), ids[apitest.Num(g["white"])-1])))
		if !strings.Contains(card, `<small class="unplayed">`+apitest.RuT("reason."+r.reason)+"</small>") {
			t.Errorf("the card of White on board %d does not mark the %s as unplayed", board, r.reason)
		}
	}
	if len(want) != 5 {
		t.Fatalf("round 1 has %d boards, want two games and three byes", len(want))
	}
	for board, text := range want {
		path := fmt.Sprintf("%s/rounds/1/boards/%d", strings.TrimPrefix(events, "/api/v1"), board)
		rec := s.Anonymous().Get(path)
		apitest.MustStatus(t, path, rec.Code, http.StatusOK, rec.Body.String())
		page := apitest.PageText(rec)
		if !strings.Contains(page, `<p class="empty">`+text+"</p>") {
			t.Errorf("board %d does not say %q", board, text)
		}
		if strings.Contains(page, `id="viewer"`) || strings.Contains(page, apitest.RuT("game.no_sheet")) {
			t.Errorf("board %d shows an empty game waiting for its sheet", board)
		}
	}
}

// unpairedSwiss creates, through the JSON API, a rapid Swiss of three
// rounds with the given number of players ("Игрок 1" … by falling rating)
// and no round paired yet; it returns the event's path and the players' IDs.
func unpairedSwiss(s *apitest.Server, players int) (events string, ids []int) {
	s.T.Helper()
	id := apitest.Num(s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events",
		map[string]any{"name": "Швейцарка", "discipline": "rapid", "system": "swiss", "rounds": 3})["id"])
	events = fmt.Sprintf("/api/v1/events/%d", id)
	for i := range players {
		ids = append(ids, apitest.Num(s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", events+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i+1), "rating": 2000 - 10*i})["id"]))
	}
	return events, ids
}
