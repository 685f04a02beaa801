package v1_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/store/storetest"
)

// A correspondence event of every game, started from its initial position
// and played through the API by its rules: the first moves, each player's
// page drawing the game's board from their side, a resignation in the
// round and the standings. On both databases.
func TestEveryGameCorrespondence(t *testing.T) {
	t.Parallel()
	data := apitest.EveryGame(t)
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := apitest.NewCorrServer(t, st, apitest.CorrStart, nil)
			arbiter := s.User("arbiter@example.org", tournament.ArbiterRole)
			for i, d := range data {
				v := d.Game
				ev := s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{
					"name": "Заочный турнир, " + v.Key, "game": v.Key, "discipline": "correspondence", "system": "round-robin", "time_control": "10d",
				}).(map[string]any)
				base := fmt.Sprintf("/api/v1/events/%d", apitest.Num(ev["id"]))
				tokens, emails := map[int]string{}, map[int]string{}
				for j := 1; j <= 2; j++ {
					pid := int(apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", base+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", j)}).(map[string]any)["id"]))
					email := fmt.Sprintf("p%d.%d@example.org", i, j)
					tokens[pid], emails[pid] = s.User(email, tournament.PlayerRole), email
					s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("%s/players/%d/account", base, pid), map[string]any{"email": email})
				}
				gs := s.Must(http.StatusOK, arbiter, "POST", base+"/start", nil).([]any)
				g := gs[0].(map[string]any)
				if len(gs) != 1 || g["game"] != v.Key || !strings.Contains(g["legal"].(string), d.FirstLegal) {
					t.Fatalf("%s: the section's games: %v", v.Key, gs)
				}
				path := fmt.Sprintf("/api/v1/games/%d", int(apitest.Num(g["id"])))
				white, black := tokens[int(apitest.Num(g["white"]))], tokens[int(apitest.Num(g["black"]))]
				s.Must(http.StatusOK, white, "POST", path+"/moves", map[string]any{"move": d.Opening[0], "ply": 0})
				s.Must(http.StatusOK, black, "POST", path+"/moves", map[string]any{"move": d.Opening[1], "ply": 1})
				// Each player's page draws the game's board from their side:
				// its top left dark square is White's farthest, and Black's
				// board has it at the bottom right.
				for side, corner := range map[string]string{"white": d.TopLeft, "black": d.TopLeftFlipped} {
					page := s.Page(s.Session(emails[int(apitest.Num(g[side]))]), fmt.Sprintf("/games/%d", int(apitest.Num(g["id"]))))
					if corner != "" && !strings.Contains(page, corner) {
						t.Errorf("%s: %s's page lacks %s", v.Key, side, corner)
					}
				}
				end := s.Must(http.StatusOK, black, "POST", path+"/resign", nil).(map[string]any)
				if r, _ := end["result"].(map[string]any); r == nil || r["score"] != v.Scale.Win(true).String() || r["end_reason"] != "resignation" {
					t.Errorf("%s: Black resigns: %v", v.Key, end)
				}
				if rows := s.Must(http.StatusOK, "", "GET", base+"/standings", nil).(map[string]any); !strings.Contains(fmt.Sprint(rows), "score:2") {
					t.Errorf("%s: the standings after a win: %v", v.Key, rows)
				}
			}
		})
	}
}

// Live online rapid and blitz of every game through the API: the game
// answers with its key, FEN, pieces and legal moves on its squares; a
// quiet move where a capture is compulsory is refused naming the capture,
// the only legal move; the capture back; a draw agreed and the PDN of the
// game's GameType with its moves and clocks, valid by its rules; the other
// game's page offers the game's moves to tap and draws its pieces (flat
// men, no towers, for a game without them); the arbiter decides in the
// game's points, not another's. On both databases.
func TestEveryGameLive(t *testing.T) {
	t.Parallel()
	data := apitest.EveryGame(t)
	apitest.ForEachLiveServer(t, func(t *testing.T, s *apitest.CorrServer, arbiter string, t0 time.Time) {
		accounts := map[string]string{}
		for _, d := range data {
			for _, dc := range []struct{ discipline, clock string }{{"rapid", "15+10"}, {"blitz", "3+2"}} {
				t.Run(d.Game.Key+"/"+dc.discipline, func(t *testing.T) { liveGameOf(t, s, arbiter, accounts, d, dc.discipline, dc.clock) })
			}
		}
	})
}

func liveGameOf(t *testing.T, s *apitest.CorrServer, arbiter string, accounts map[string]string, d apitest.GameData, discipline, clock string) {
	v := d.Game
	win, draw, _ := scores(d)
	sec := apitest.StartLiveEvent(t, s, arbiter, map[string]any{"name": "Онлайн " + v.Key, "game": v.Key, "discipline": discipline, "system": "round-robin",
		"time_control": clock, "online": true}, accounts, "p1@example.org", "p2@example.org", "p3@example.org", "p4@example.org")
	gs := sec.Games(s)
	if len(gs) != 2 {
		t.Fatalf("the live games: %v", gs)
	}
	g := gs[0]
	gid := int(apitest.Num(g["id"]))
	path := fmt.Sprintf("/api/v1/games/%d", gid)
	white, black := sec.Tokens[int(apitest.Num(g["white"]))], sec.Tokens[int(apitest.Num(g["black"]))]
	start := v.Rules.Start()
	if g["game"] != v.Key || g["position"] != start.Notation() && !v.SideApart || !strings.Contains(g["legal"].(string), d.FirstLegal) || !v.Towers && !strings.Contains(g["towers"].(string), ":wm") {
		t.Fatalf("a live game: %v", g)
	}
	s.Must(http.StatusOK, white, "GET", path, nil)
	s.Must(http.StatusOK, black, "GET", path, nil)
	for ply, m := range d.Opening {
		tok := white
		if ply%2 == 1 {
			tok = black
		}
		s.Must(http.StatusOK, tok, "POST", path+"/moves", map[string]any{"move": m, "ply": ply})
	}
	ply := len(d.Opening)
	code, out := s.Call(white, "POST", path+"/moves", map[string]any{"move": d.Quiet, "ply": ply})
	if code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out), d.Capture) {
		t.Fatalf("a quiet move where White must capture: %d %v", code, out)
	}
	if legal := s.Game(gid)["legal"].(string); strings.Contains(legal, ";") || !strings.HasSuffix(legal, "="+d.Capture) {
		t.Errorf("the legal moves when one capture is compulsory: %q, want %s alone", legal, d.Capture)
	}
	s.Must(http.StatusOK, white, "POST", path+"/moves", map[string]any{"move": d.Capture, "ply": ply})
	if legal := s.Game(gid)["legal"].(string); !strings.Contains(legal, "="+d.Back) {
		t.Errorf("Black's moves lack %s: %q", d.Back, legal)
	}
	s.Must(http.StatusOK, black, "POST", path+"/moves", map[string]any{"move": d.Back, "ply": ply + 1})
	s.Must(http.StatusOK, white, "POST", path+"/draw", nil)
	end := s.Must(http.StatusOK, black, "POST", path+"/draw/accept", nil).(map[string]any)
	if r, _ := end["result"].(map[string]any); r == nil || r["score"] != draw || r["end_reason"] != "agreement" {
		t.Fatalf("the draw accepted: %v", end)
	}
	rec := httptest.NewRecorder()
	s.Handler.ServeHTTP(rec, httptest.NewRequest("GET", path+"/pdn", nil))
	for _, want := range append([]string{`[GameType "` + v.PDNGameType + `"]`, `[Result "1-1"]`, "{[%clk "}, d.PDNMoves...) {
		if !strings.Contains(rec.Body.String(), want) {
			t.Errorf("the PDN lacks %s:\n%s", want, rec.Body.String())
		}
	}
	if vs := v.Rules.ValidateGames(rec.Body.String()); len(vs) != 1 || !vs[0].Valid {
		t.Errorf("the game's PDN does not validate: %+v", vs)
	}

	g2 := gs[1]
	page := s.Page(s.Session(sec.Emails[int(apitest.Num(g2["white"]))]), fmt.Sprintf("/games/%d", int(apitest.Num(g2["id"]))))
	if !strings.Contains(page, d.FirstLegal) {
		t.Errorf("the game's page lacks %s to tap", d.FirstLegal)
	}
	if !v.Towers && (!strings.Contains(page, `class="rim-w"`) || !strings.Contains(page, `class="rim-b"`) || strings.Contains(page, `class="t-w"`)) {
		t.Error("the game's page does not draw flat men, or draws towers")
	}
	p2 := fmt.Sprintf("/api/v1/games/%d", int(apitest.Num(g2["id"])))
	if code, out := s.Call(arbiter, "POST", p2+"/decision", map[string]any{"score": d.ForeignScore(), "end_reason": "arbiter", "reason": "неявка"}); code != http.StatusBadRequest {
		t.Errorf("another game's score %s: %d %v", d.ForeignScore(), code, out)
	}
	dec := s.Must(http.StatusOK, arbiter, "POST", p2+"/decision", map[string]any{"score": win, "end_reason": "arbiter", "reason": "неявка"}).(map[string]any)
	if r, _ := dec["result"].(map[string]any); r == nil || r["score"] != win {
		t.Errorf("the arbiter's %s: %v", win, dec)
	}
}

// An event of every game of micro-matches that ships no table of openings
// plays them from a table its arbiter loads, in the game's own notation:
// pairing before the table is loaded says so; then each board's two games
// start from the drawn opening, and their results make the board's. On
// both databases.
func TestEveryGameMicroMatchesFromTheArbitersTable(t *testing.T) {
	t.Parallel()
	var data []apitest.GameData
	for _, d := range apitest.EveryGame(t) {
		if d.Game.MicroMatch != nil && d.Game.MicroMatch.Openings == nil {
			if d.OpeningsTable == "" {
				t.Fatalf("%s ships no openings and its site.json gives no openings_table", d.Game.Key)
			}
			data = append(data, d)
		}
	}
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		for _, d := range data {
			v := d.Game
			win, draw, _ := scores(d)
			ev := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events", map[string]any{
				"name": v.Key + ", микроматчи", "game": v.Key, "discipline": "rapid", "system": "round-robin", "time_control": "15+5",
				"micro_match": "round", "micro_count": "games",
			})
			base := fmt.Sprintf("/api/v1/events/%d", apitest.Num(ev["id"]))
			for i := 1; i <= 2; i++ {
				s.Must(http.StatusCreated, apitest.Arbiter, "POST", base+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i)})
			}
			if code, out := s.Do(apitest.Arbiter, "POST", base+"/rounds", nil); code != http.StatusConflict || !strings.Contains(fmt.Sprint(out), "table of openings") {
				t.Fatalf("%s: pairing without a table: %d %v, want 409 asking for one", v.Key, code, out)
			}
			if code, body := s.Text(apitest.Arbiter, "PUT", base+"/openings?format=csv", "1,Ход не по правилам,"+d.Wrong+"\n"); code != http.StatusBadRequest || !strings.Contains(body, "ply") && !strings.Contains(body, "table") {
				t.Errorf("%s: an opening that does not replay: %d %s", v.Key, code, body)
			}
			if code, body := s.Text(apitest.Arbiter, "PUT", base+"/openings?format=csv", d.OpeningsTable); code != http.StatusOK {
				t.Fatalf("%s: load the table: %d %s", v.Key, code, body)
			}
			s.Must(http.StatusCreated, apitest.Arbiter, "POST", base+"/rounds", nil)
			round := s.Must(http.StatusOK, apitest.Arbiter, "POST", base+"/rounds/1/publish", nil)
			game := round["games"].([]any)[0].(map[string]any)
			opening, _ := game["opening"].(map[string]any)
			if opening == nil || opening["fen"] == "" {
				t.Fatalf("%s: the board has no opening: %v", v.Key, game)
			}
			version := apitest.Num(game["version"])
			for n, score := range []string{win, draw} {
				out := s.Must(http.StatusOK, apitest.Arbiter, "PUT", fmt.Sprintf("%s/rounds/1/games/1/micro/%d", base, n+1),
					map[string]any{"score": score, "end_reason": map[string]string{win: "resignation", draw: "agreement"}[score], "version": version})
				version = apitest.Num(out["version"])
				if n == 1 && out["score"] != "1:3" && out["score"] != "3:1" {
					t.Errorf("%s: the board after both games: %v, want 3:1 or 1:3", v.Key, out["score"])
				}
			}
		}
	})
}
