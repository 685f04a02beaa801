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

// A correspondence event of Russian draughts starts from a thematic FEN
// the arbiter set and is played through the API by its rules: a capture
// of two men in one move (c3:e5:g3), a resignation 2:0 in the round and
// the standings; an Adiukh start position is refused. On both databases.
func TestRussianCorrespondenceThroughTheAPI(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := apitest.NewCorrServer(t, st, apitest.CorrStart, nil)
			arbiter := s.User("arbiter@example.org", tournament.ArbiterRole)
			ev := s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{
				"name": "Заочный турнир", "game": "russian", "discipline": "correspondence", "system": "round-robin", "time_control": "10d",
			}).(map[string]any)
			base := fmt.Sprintf("/api/v1/events/%d", apitest.Num(ev["id"]))
			tokens := map[int]string{}
			for i := 1; i <= 2; i++ {
				pid := int(apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", base+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i)}).(map[string]any)["id"]))
				email := fmt.Sprintf("p%d@example.org", i)
				tokens[pid] = s.User(email, tournament.PlayerRole)
				s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("%s/players/%d/account", base, pid), map[string]any{"email": email})
			}
			if code, out := s.Call(arbiter, "PUT", base+"/correspondence", map[string]any{"start_position": "white: c3-1; black: d4-1"}); code != http.StatusBadRequest {
				t.Errorf("an Adiukh start position for Russian draughts: %d %v", code, out)
			}
			const start = "W:Wb6,c3,h2:Ba7,c7,d4,f4,f6"
			s.Must(http.StatusOK, arbiter, "PUT", base+"/correspondence", map[string]any{"start_position": start})
			games := s.Must(http.StatusOK, arbiter, "POST", base+"/start", nil).([]any)
			g := games[0].(map[string]any)
			if len(games) != 1 || g["game"] != "russian" || g["position"] != start || !strings.Contains(g["legal"].(string), "c3 e5 g3=c3:e5:g3") {
				t.Fatalf("the section's games: %v", games)
			}
			path := fmt.Sprintf("/api/v1/games/%d", int(apitest.Num(g["id"])))
			white, black := tokens[int(apitest.Num(g["white"]))], tokens[int(apitest.Num(g["black"]))]
			after := s.Must(http.StatusOK, white, "POST", path+"/moves", map[string]any{"move": "c3:e5:g3", "ply": 0}).(map[string]any)
			if after["position"] != "B:Wb6,g3,h2:Ba7,c7,f6" || after["legal"] != "a7 c5=a7:c5;c7 a5=c7:a5" {
				t.Errorf("after c3:e5:g3: %v", after)
			}
			end := s.Must(http.StatusOK, black, "POST", path+"/resign", nil).(map[string]any)
			if r, _ := end["result"].(map[string]any); r == nil || r["score"] != "2:0" || r["end_reason"] != "resignation" {
				t.Errorf("Black resigns: %v", end)
			}
			rows := s.Must(http.StatusOK, "", "GET", base+"/standings", nil).(map[string]any)
			if !strings.Contains(fmt.Sprint(rows), "score:2") {
				t.Errorf("the standings after a win of Russian draughts: %v", rows)
			}
		})
	}
}

// Russian draughts keeps rating lists of its own beside Adiukh's, for the
// same persons of the register: a rated event of Russian draughts goes
// into its game's list only, and a person entered in an event gets the
// rating of the event's game.
func TestRussianRatingLists(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		const admin = tournament.Admin
		apitest.RatedBlitzEvent(s)
		adiukh := s.Must(http.StatusCreated, admin, "POST", "/api/v1/ratings/blitz/periods", map[string]any{"until": "2026-10-31"})
		adiukhRating := map[int]int{} // person → rating
		for _, r := range adiukh["rows"].([]any) {
			r := r.(map[string]any)
			adiukhRating[apitest.Num(r["person_id"])] = apitest.Num(r["rating"])
		}
		if len(adiukhRating) != 4 {
			t.Fatalf("the Adiukh blitz list: %v", adiukh)
		}

		ev := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events", map[string]any{"name": "Рейтинговый турнир по русским шашкам", "game": "russian",
			"discipline": "blitz", "system": "round-robin", "time_control": "3+2", "start_date": "2026-10-02", "end_date": "2026-10-02", "rated": true})
		id := apitest.Num(ev["id"])
		for person := range adiukhRating {
			p := s.Must(http.StatusCreated, apitest.Arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"person_id": person})
			if apitest.Num(p["rating"]) != 0 {
				t.Errorf("person %d enters Russian draughts with their Adiukh rating %v", person, p["rating"])
			}
		}
		for n := 1; n <= 3; n++ {
			s.Must(http.StatusCreated, apitest.Arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
			s.Must(http.StatusOK, apitest.Arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/%d/publish", id, n), nil)
			apitest.PlayRound(s, id, n, "0:2", "1:1")
		}
		s.Must(http.StatusOK, apitest.Arbiter, "PATCH", fmt.Sprintf("/api/v1/events/%d", id), map[string]any{"status": "finished"})

		russian := s.Must(http.StatusCreated, admin, "POST", "/api/v1/ratings/russian-blitz/periods", map[string]any{"until": "2026-10-31"})
		if p := russian["period"].(map[string]any); apitest.Num(p["games"]) != 6 || apitest.Num(p["events"]) != 1 || len(russian["rows"].([]any)) != 4 {
			t.Fatalf("the Russian blitz list: %v", russian)
		}
		russianRating := map[int]int{}
		for _, r := range russian["rows"].([]any) {
			r := r.(map[string]any)
			russianRating[apitest.Num(r["person_id"])] = apitest.Num(r["rating"])
		}
		again := s.Must(http.StatusOK, "", "GET", "/api/v1/ratings/blitz", nil)
		for _, r := range again["rows"].([]any) {
			r := r.(map[string]any)
			if apitest.Num(r["rating"]) != adiukhRating[apitest.Num(r["person_id"])] {
				t.Errorf("the Adiukh blitz list changed with a Russian event: %v", r)
			}
		}
		if equal := fmt.Sprint(russianRating) == fmt.Sprint(adiukhRating); equal {
			t.Errorf("the Russian list is the Adiukh one: %v", russianRating)
		}

		// A new event of each game gives a person the rating of its game.
		for game, want := range map[string]map[int]int{"russian": russianRating, "adiukh": adiukhRating} {
			next := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events", map[string]any{"name": "Следующий турнир", "game": game,
				"discipline": "blitz", "system": "round-robin", "time_control": "3+2"})
			for person, rating := range want {
				p := s.Must(http.StatusCreated, apitest.Arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", apitest.Num(next["id"])), map[string]any{"person_id": person})
				if apitest.Num(p["rating"]) != rating {
					t.Errorf("%s: person %d enters with rating %v, want %d", game, person, p["rating"], rating)
				}
				break
			}
		}
		person := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/people/%d", apitest.Num(russian["rows"].([]any)[0].(map[string]any)["person_id"])), nil)
		lists := map[string]bool{}
		for _, l := range person["ratings"].([]any) {
			lists[fmt.Sprint(l.(map[string]any)["list"])] = true
		}
		if !lists["blitz"] || !lists["russian-blitz"] {
			t.Errorf("the person's lists: %v", person["ratings"])
		}
	})
}

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
	apitest.ForEachLiveServer(t, func(t *testing.T, s *apitest.CorrServer, arbiter string, t0 time.Time) {
		sec := apitest.StartLiveEvent(t, s, arbiter, map[string]any{"name": "Блиц онлайн", "game": "russian", "discipline": "blitz", "system": "round-robin",
			"time_control": "3+2", "online": true}, map[string]string{}, "p1@example.org", "p2@example.org", "p3@example.org", "p4@example.org")
		games := sec.Games(s)
		if len(games) != 2 {
			t.Fatalf("the live games: %v", games)
		}
		g := games[0]
		gid := int(apitest.Num(g["id"]))
		path := fmt.Sprintf("/api/v1/games/%d", gid)
		white, black := sec.Tokens[int(apitest.Num(g["white"]))], sec.Tokens[int(apitest.Num(g["black"]))]
		if g["game"] != "russian" || g["position"] != "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8" ||
			!strings.Contains(g["towers"].(string), "c3:wm") || !strings.Contains(g["legal"].(string), "c3 d4=c3-d4") {
			t.Fatalf("a Russian live game: %v", g)
		}
		s.Must(http.StatusOK, white, "GET", path, nil)
		s.Must(http.StatusOK, black, "GET", path, nil)
		for ply, m := range []string{"c3-d4", "f6-g5", "g3-h4", "g5-f4"} {
			tok := white
			if ply%2 == 1 {
				tok = black
			}
			s.Must(http.StatusOK, tok, "POST", path+"/moves", map[string]any{"move": m, "ply": ply})
		}
		// White must take: e3:g5 is the one capture; d4-e5 is refused.
		code, out := s.Call(white, "POST", path+"/moves", map[string]any{"move": "d4-e5", "ply": 4})
		if code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out), "e3:g5") {
			t.Fatalf("a quiet move where White must capture: %d %v", code, out)
		}
		got := s.Game(gid)
		if legal := got["legal"].(string); legal != "e3 g5=e3:g5" {
			t.Errorf("the legal moves when one capture is compulsory: %q", legal)
		}
		s.Must(http.StatusOK, white, "POST", path+"/moves", map[string]any{"move": "e3:g5", "ply": 4})
		// Black takes back; the legal list names each capture's path.
		got = s.Game(gid)
		if legal := got["legal"].(string); !strings.Contains(legal, "h6 f4=h6:f4") {
			t.Errorf("Black's captures: %q", legal)
		}
		s.Must(http.StatusOK, black, "POST", path+"/moves", map[string]any{"move": "h6:f4", "ply": 5})
		s.Must(http.StatusOK, white, "POST", path+"/draw", nil)
		end := s.Must(http.StatusOK, black, "POST", path+"/draw/accept", nil).(map[string]any)
		if r, _ := end["result"].(map[string]any); r == nil || r["score"] != "1:1" || r["end_reason"] != "agreement" {
			t.Fatalf("the draw accepted: %v", end)
		}
		rec := httptest.NewRecorder()
		s.Handler.ServeHTTP(rec, httptest.NewRequest("GET", path+"/pdn", nil))
		for _, want := range []string{`[GameType "25"]`, `[Result "1-1"]`, "3. e3xg5 {[%clk ", "h6xf4 {[%clk "} {
			if !strings.Contains(rec.Body.String(), want) {
				t.Errorf("the PDN lacks %s:\n%s", want, rec.Body.String())
			}
		}

		// The other game's page: flat pieces, Russian moves to tap.
		g2 := games[1]
		cookie := s.Session(sec.Emails[int(apitest.Num(g2["white"]))])
		page := s.Page(cookie, fmt.Sprintf("/games/%d", int(apitest.Num(g2["id"]))))
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
		if code, out := s.Call(arbiter, "POST", p2+"/decision", map[string]any{"score": "24:0", "end_reason": "arbiter", "reason": "неявка"}); code != http.StatusBadRequest {
			t.Errorf("an Adiukh score for a Russian game: %d %v", code, out)
		}
		d := s.Must(http.StatusOK, arbiter, "POST", p2+"/decision", map[string]any{"score": "2:0", "end_reason": "arbiter", "reason": "неявка"}).(map[string]any)
		if r, _ := d["result"].(map[string]any); r == nil || r["score"] != "2:0" {
			t.Errorf("the arbiter's 2:0: %v", d)
		}
	})
}
