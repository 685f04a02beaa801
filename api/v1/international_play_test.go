package v1_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"adiukh/api/apitest"
	"adiukh/rules/games"
	"adiukh/tournament"
	"adiukh/tournament/store/storetest"
)

// A correspondence event of each game, started from its initial position
// and played through the API by its rules: the first move, a resignation
// 2:0 in the round and the standings. On both databases.
func TestFMJDGamesCorrespondence(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := apitest.NewCorrServer(t, st, apitest.CorrStart, nil)
			arbiter := s.User("arbiter@example.org", tournament.ArbiterRole)
			for i, gm := range fmjdGames {
				ev := s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{
					"name": "Заочный турнир, " + gm.key, "game": gm.key, "discipline": "correspondence", "system": "round-robin", "time_control": "10d",
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
				if len(gs) != 1 || g["game"] != gm.key || !strings.Contains(g["legal"].(string), gm.firstLegal) {
					t.Fatalf("%s: the section's games: %v", gm.key, gs)
				}
				path := fmt.Sprintf("/api/v1/games/%d", int(apitest.Num(g["id"])))
				white, black := tokens[int(apitest.Num(g["white"]))], tokens[int(apitest.Num(g["black"]))]
				s.Must(http.StatusOK, white, "POST", path+"/moves", map[string]any{"move": gm.opening[0], "ply": 0})
				s.Must(http.StatusOK, black, "POST", path+"/moves", map[string]any{"move": gm.opening[1], "ply": 1})
				// Each player's page draws the game's board from their side:
				// its top left dark square is White's farthest, and Black's
				// board has it at the bottom right.
				for side, corner := range map[string]string{"white": gm.topLeft, "black": gm.topLeftFlipped} {
					page := s.Page(s.Session(emails[int(apitest.Num(g[side]))]), fmt.Sprintf("/games/%d", int(apitest.Num(g["id"]))))
					if !strings.Contains(page, corner) {
						t.Errorf("%s: %s's page lacks %s", gm.key, side, corner)
					}
				}
				end := s.Must(http.StatusOK, black, "POST", path+"/resign", nil).(map[string]any)
				if r, _ := end["result"].(map[string]any); r == nil || r["score"] != "2:0" || r["end_reason"] != "resignation" {
					t.Errorf("%s: Black resigns: %v", gm.key, end)
				}
				if rows := s.Must(http.StatusOK, "", "GET", base+"/standings", nil).(map[string]any); !strings.Contains(fmt.Sprint(rows), "score:2") {
					t.Errorf("%s: the standings after a win: %v", gm.key, rows)
				}
			}
		})
	}
}

// Live online rapid and blitz of each game through the API: the game
// answers with its key, FEN, flat pieces and legal moves on its squares;
// a quiet move where a capture is compulsory is refused naming the
// capture; the capture back; a draw agreed 1:1 and the PDN of the game's
// GameType with the clocks; the other game's page offers the game's moves
// to tap and draws flat pieces; the arbiter decides in the game's points.
// On both databases.
func TestFMJDGamesLive(t *testing.T) {
	t.Parallel()
	apitest.ForEachLiveServer(t, func(t *testing.T, s *apitest.CorrServer, arbiter string, t0 time.Time) {
		accounts := map[string]string{}
		for _, gm := range fmjdGames {
			for _, d := range []struct{ discipline, clock string }{{"rapid", "15+10"}, {"blitz", "3+2"}} {
				sec := apitest.StartLiveEvent(t, s, arbiter, map[string]any{"name": "Онлайн " + gm.key, "game": gm.key, "discipline": d.discipline, "system": "round-robin",
					"time_control": d.clock, "online": true}, accounts, "p1@example.org", "p2@example.org", "p3@example.org", "p4@example.org")
				what := gm.key + " " + d.discipline
				gs := sec.Games(s)
				if len(gs) != 2 {
					t.Fatalf("%s: the live games: %v", what, gs)
				}
				g := gs[0]
				gid := int(apitest.Num(g["id"]))
				path := fmt.Sprintf("/api/v1/games/%d", gid)
				white, black := sec.Tokens[int(apitest.Num(g["white"]))], sec.Tokens[int(apitest.Num(g["black"]))]
				if g["game"] != gm.key || !strings.Contains(g["legal"].(string), gm.firstLegal) || !strings.Contains(g["towers"].(string), ":wm") {
					t.Fatalf("%s: a live game: %v", what, g)
				}
				s.Must(http.StatusOK, white, "GET", path, nil)
				s.Must(http.StatusOK, black, "GET", path, nil)
				for ply, m := range gm.opening {
					tok := white
					if ply%2 == 1 {
						tok = black
					}
					s.Must(http.StatusOK, tok, "POST", path+"/moves", map[string]any{"move": m, "ply": ply})
				}
				code, out := s.Call(white, "POST", path+"/moves", map[string]any{"move": gm.first, "ply": 4})
				if code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out), gm.capture) {
					t.Fatalf("%s: a quiet move where White must capture: %d %v", what, code, out)
				}
				s.Must(http.StatusOK, white, "POST", path+"/moves", map[string]any{"move": gm.capture, "ply": 4})
				s.Must(http.StatusOK, black, "POST", path+"/moves", map[string]any{"move": gm.back, "ply": 5})
				s.Must(http.StatusOK, white, "POST", path+"/draw", nil)
				end := s.Must(http.StatusOK, black, "POST", path+"/draw/accept", nil).(map[string]any)
				if r, _ := end["result"].(map[string]any); r == nil || r["score"] != "1:1" || r["end_reason"] != "agreement" {
					t.Fatalf("%s: the draw accepted: %v", what, end)
				}
				rec := httptest.NewRecorder()
				s.Handler.ServeHTTP(rec, httptest.NewRequest("GET", path+"/pdn", nil))
				for _, want := range []string{`[GameType "` + gm.gameType + `"]`, `[Result "1-1"]`, "{[%clk "} {
					if !strings.Contains(rec.Body.String(), want) {
						t.Errorf("%s: the PDN lacks %s:\n%s", what, want, rec.Body.String())
					}
				}
				if vs := games.Of(gm.key).Rules.ValidateGames(rec.Body.String()); len(vs) != 1 || !vs[0].Valid {
					t.Errorf("%s: the game's PDN does not validate: %+v", what, vs)
				}

				g2 := gs[1]
				page := s.Page(s.Session(sec.Emails[int(apitest.Num(g2["white"]))]), fmt.Sprintf("/games/%d", int(apitest.Num(g2["id"]))))
				for _, want := range []string{`class="rim-w"`, `class="rim-b"`, gm.firstLegal} {
					if !strings.Contains(page, want) {
						t.Errorf("%s: the game's page lacks %s", what, want)
					}
				}
				p2 := fmt.Sprintf("/api/v1/games/%d", int(apitest.Num(g2["id"])))
				if code, out := s.Call(arbiter, "POST", p2+"/decision", map[string]any{"score": "24:0", "end_reason": "arbiter", "reason": "неявка"}); code != http.StatusBadRequest {
					t.Errorf("%s: an Adiukh score: %d %v", what, code, out)
				}
				d := s.Must(http.StatusOK, arbiter, "POST", p2+"/decision", map[string]any{"score": "2:0", "end_reason": "arbiter", "reason": "неявка"}).(map[string]any)
				if r, _ := d["result"].(map[string]any); r == nil || r["score"] != "2:0" {
					t.Errorf("%s: the arbiter's 2:0: %v", what, d)
				}
			}
		}
	})
}

// An event of either game plays micro-matches from a table of openings its
// arbiter loads, in the game's own notation (none ships): pairing before
// the table is loaded says so; then each board's two games start from the
// drawn opening, and their results make the board's. On both databases.
func TestFMJDGamesMicroMatchesFromTheArbitersTable(t *testing.T) {
	t.Parallel()
	tables := map[string]string{
		"international": "1,Открытие 32-28,32-28 19-23 28x19 14x23\n2,Открытие 33-28,33-28 18-22\n",
		"brazilian":     "1,Открытие c3-d4,c3-d4 f6-g5\n2,Открытие c3-b4,c3-b4 b6-a5\n",
	}
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		for _, gm := range fmjdGames {
			ev := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events", map[string]any{
				"name": gm.key + ", микроматчи", "game": gm.key, "discipline": "rapid", "system": "round-robin", "time_control": "15+5",
				"micro_match": "round", "micro_count": "games",
			})
			base := fmt.Sprintf("/api/v1/events/%d", apitest.Num(ev["id"]))
			for i := 1; i <= 2; i++ {
				s.Must(http.StatusCreated, apitest.Arbiter, "POST", base+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i)})
			}
			if code, out := s.Do(apitest.Arbiter, "POST", base+"/rounds", nil); code != http.StatusConflict || !strings.Contains(fmt.Sprint(out), "table of openings") {
				t.Fatalf("%s: pairing without a table: %d %v, want 409 asking for one", gm.key, code, out)
			}
			if code, body := s.Text(apitest.Arbiter, "PUT", base+"/openings?format=csv", "1,Ход не по правилам,32-27 19-24 27x20\n"); code != http.StatusBadRequest || !strings.Contains(body, "ply") && !strings.Contains(body, "table") {
				t.Errorf("%s: an opening that does not replay: %d %s", gm.key, code, body)
			}
			if code, body := s.Text(apitest.Arbiter, "PUT", base+"/openings?format=csv", tables[gm.key]); code != http.StatusOK {
				t.Fatalf("%s: load the table: %d %s", gm.key, code, body)
			}
			s.Must(http.StatusCreated, apitest.Arbiter, "POST", base+"/rounds", nil)
			round := s.Must(http.StatusOK, apitest.Arbiter, "POST", base+"/rounds/1/publish", nil)
			game := round["games"].([]any)[0].(map[string]any)
			opening, _ := game["opening"].(map[string]any)
			if opening == nil || opening["fen"] == "" {
				t.Fatalf("%s: the board has no opening: %v", gm.key, game)
			}
			version := apitest.Num(game["version"])
			for n, score := range []string{"2:0", "1:1"} {
				out := s.Must(http.StatusOK, apitest.Arbiter, "PUT", fmt.Sprintf("%s/rounds/1/games/1/micro/%d", base, n+1),
					map[string]any{"score": score, "end_reason": map[string]string{"2:0": "resignation", "1:1": "agreement"}[score], "version": version})
				version = apitest.Num(out["version"])
				if n == 1 && out["score"] != "1:3" && out["score"] != "3:1" {
					t.Errorf("%s: the board after both games: %v, want 3:1 or 1:3", gm.key, out["score"])
				}
			}
		}
	})
}
