package api_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"adiukh/api/apitest"
)

// A live blitz event of Russian draughts through the API (issue 51.6): the
// event may be online; its game answers with game "russian", a FEN, the
// flat pieces for the pages ("c3:wm") and the legal moves with each
// capture's whole path; an Adiukh-looking move that Russian draughts does
// not allow is refused with the legal moves; the compulsory capture and
// the capture back, an offered draw accepted 1:1; the PDN is GameType 25 with the
// clocks; the game's page draws flat pieces and offers the taps of
// Russian moves; the arbiter decides in the game's points. On both
// databases.
func TestRussianLiveGameThroughTheAPI(t *testing.T) {
	t.Parallel()
	forEachLiveServer(t, func(t *testing.T, s *corrServer, arbiter string, t0 time.Time) {
		sec := startLiveEvent(t, s, arbiter, map[string]any{"name": "Блиц онлайн", "game": "russian", "discipline": "blitz", "system": "round-robin",
			"time_control": "3+2", "online": true}, map[string]string{}, "p1@example.org", "p2@example.org", "p3@example.org", "p4@example.org")
		games := sec.games(s)
		if len(games) != 2 {
			t.Fatalf("the live games: %v", games)
		}
		g := games[0]
		gid := int(apitest.Num(g["id"]))
		path := fmt.Sprintf("/api/v1/games/%d", gid)
		white, black := sec.tokens[int(apitest.Num(g["white"]))], sec.tokens[int(apitest.Num(g["black"]))]
		if g["game"] != "russian" || g["position"] != "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8" ||
			!strings.Contains(g["towers"].(string), "c3:wm") || !strings.Contains(g["legal"].(string), "c3 d4=c3-d4") {
			t.Fatalf("a Russian live game: %v", g)
		}
		s.must(http.StatusOK, white, "GET", path, nil)
		s.must(http.StatusOK, black, "GET", path, nil)
		for ply, m := range []string{"c3-d4", "f6-g5", "g3-h4", "g5-f4"} {
			tok := white
			if ply%2 == 1 {
				tok = black
			}
			s.must(http.StatusOK, tok, "POST", path+"/moves", map[string]any{"move": m, "ply": ply})
		}
		// White must take: e3:g5 is the one capture; d4-e5 is refused.
		code, out := s.call(white, "POST", path+"/moves", map[string]any{"move": "d4-e5", "ply": 4})
		if code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out), "e3:g5") {
			t.Fatalf("a quiet move where White must capture: %d %v", code, out)
		}
		got := s.game(gid)
		if legal := got["legal"].(string); legal != "e3 g5=e3:g5" {
			t.Errorf("the legal moves when one capture is compulsory: %q", legal)
		}
		s.must(http.StatusOK, white, "POST", path+"/moves", map[string]any{"move": "e3:g5", "ply": 4})
		// Black takes back; the legal list names each capture's path.
		got = s.game(gid)
		if legal := got["legal"].(string); !strings.Contains(legal, "h6 f4=h6:f4") {
			t.Errorf("Black's captures: %q", legal)
		}
		s.must(http.StatusOK, black, "POST", path+"/moves", map[string]any{"move": "h6:f4", "ply": 5})
		s.must(http.StatusOK, white, "POST", path+"/draw", nil)
		end := s.must(http.StatusOK, black, "POST", path+"/draw/accept", nil).(map[string]any)
		if r, _ := end["result"].(map[string]any); r == nil || r["score"] != "1:1" || r["end_reason"] != "agreement" {
			t.Fatalf("the draw accepted: %v", end)
		}
		rec := httptest.NewRecorder()
		s.handler.ServeHTTP(rec, httptest.NewRequest("GET", path+"/pdn", nil))
		for _, want := range []string{`[GameType "25"]`, `[Result "1-1"]`, "3. e3xg5 {[%clk ", "h6xf4 {[%clk "} {
			if !strings.Contains(rec.Body.String(), want) {
				t.Errorf("the PDN lacks %s:\n%s", want, rec.Body.String())
			}
		}

		// The other game's page: flat pieces, Russian moves to tap.
		g2 := games[1]
		cookie := s.session(sec.emails[int(apitest.Num(g2["white"]))])
		page := s.page(cookie, fmt.Sprintf("/games/%d", int(apitest.Num(g2["id"]))))
		for _, want := range []string{`class="rim-w"`, `class="rim-b"`, `data-legal="a3 b4=a3-b4;`, "c3 d4=c3-d4"} {
			if !strings.Contains(page, want) {
				t.Errorf("the Russian game's page lacks %s", want)
			}
		}
		if strings.Contains(page, `class="t-w"`) {
			t.Error("the Russian game's page draws towers")
		}
		// The arbiter decides in the game's points.
		p2 := fmt.Sprintf("/api/v1/games/%d", int(apitest.Num(g2["id"])))
		if code, out := s.call(arbiter, "POST", p2+"/decision", map[string]any{"score": "24:0", "end_reason": "arbiter", "reason": "неявка"}); code != http.StatusBadRequest {
			t.Errorf("an Adiukh score for a Russian game: %d %v", code, out)
		}
		d := s.must(http.StatusOK, arbiter, "POST", p2+"/decision", map[string]any{"score": "2:0", "end_reason": "arbiter", "reason": "неявка"}).(map[string]any)
		if r, _ := d["result"].(map[string]any); r == nil || r["score"] != "2:0" {
			t.Errorf("the arbiter's 2:0: %v", d)
		}
	})
}
