package v1_test

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/rules/games"
	"adiukh/tournament/trf"
)

// A Swiss event of Russian draughts through the API: the game is set when
// the event is created; results are entered as 2:0, 1:1 and 0:2, by a PDN
// sheet, and as a forfeit; a sheet is refused at the ply of its first
// wrong move and an Adiukh score is refused; the standings count 2/1/0,
// then 1/½/0 once the event chooses it, and the crosstable and the
// exports say the game.
func TestRussianSwissEvent(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		ev := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events", map[string]any{
			"name": "Первенство Майкопа по русским шашкам", "game": "russian", "discipline": "standard", "system": "swiss", "rounds": 3,
			"time_control": "30+30", "start_date": "2026-05-09", "end_date": "2026-05-10",
		})
		id := apitest.Num(ev["id"])
		base := fmt.Sprintf("/api/v1/events/%d", id)
		if ev["game"] != "russian" || strings.Contains(fmt.Sprint(ev["tiebreaks"]), "adiukh-points") {
			t.Errorf("event %v: want game russian, without the checkers won among its tie-breaks", ev)
		}
		if got := s.Must(http.StatusOK, "", "GET", base, nil); got["game"] != "russian" {
			t.Errorf("GET %s: game %v", base, got["game"])
		}
		for i := 1; i <= 5; i++ {
			s.Must(http.StatusCreated, apitest.Arbiter, "POST", base+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i), "rating": 2000 - 10*i})
		}

		points := map[int]float64{} // start number → points in 2/1/0
		wins := map[string]float64{"2:0": 2, "1:1": 1, "0:2": 0}
		for n := 1; n <= 3; n++ {
			round := s.Must(http.StatusCreated, apitest.Arbiter, "POST", base+"/rounds", nil)
			s.Must(http.StatusOK, apitest.Arbiter, "POST", fmt.Sprintf("%s/rounds/%d/publish", base, n), nil)
			for i, g := range round["games"].([]any) {
				g := g.(map[string]any)
				white, black := apitest.Num(g["white"]), apitest.Num(g["black"])
				if g["black"] == nil {
					points[white] += 2 // a Swiss bye scores a win
					continue
				}
				path := fmt.Sprintf("%s/rounds/%d/games/%d/result", base, n, apitest.Num(g["board"]))
				body := map[string]any{"version": apitest.Num(g["version"])}
				var want, reason string
				switch {
				case n == 1 && i == 0:
					// The score and the ending come from the PDN.
					body["sheet"], want, reason = apitest.RussianPDN, "2:0", "resignation"
				case n == 1 && i == 1:
					code, out := s.Do(apitest.Arbiter, "PUT", path, map[string]any{"score": "1:1", "end_reason": "agreement", "sheet": apitest.RussianWrongMove, "version": apitest.Num(g["version"])})
					if code != http.StatusBadRequest || out["field"] != "sheet" || !strings.Contains(fmt.Sprint(out["message"]), "(ply 3)") {
						t.Errorf("a sheet with a wrong third ply: %d %v", code, out)
					}
					code, out = s.Do(apitest.Arbiter, "PUT", path, map[string]any{"score": "17:7", "end_reason": "final_position", "version": apitest.Num(g["version"])})
					if code != http.StatusBadRequest || out["field"] != "score" {
						t.Errorf("an Adiukh score in a Russian event: %d %v", code, out)
					}
					body["score"], body["end_reason"], want, reason = "1:1", "agreement", "1:1", "agreement"
				case n == 2 && i == 0:
					body["score"], body["end_reason"], want, reason = "0:2", "forfeit", "0:2", "forfeit"
				case (white+black+n)%2 == 0:
					body["score"], body["end_reason"], want, reason = "0:2", "resignation", "0:2", "resignation"
				default:
					body["score"], body["end_reason"], want, reason = "2:0", "time", "2:0", "time"
				}
				got := s.Must(http.StatusOK, apitest.Arbiter, "PUT", path, body)
				if got["score"] != want || got["end_reason"] != reason {
					t.Errorf("round %d board %v: stored %v %v, want %s %s", n, g["board"], got["score"], got["end_reason"], want, reason)
				}
				points[white] += wins[want]
				points[black] += 2 - wins[want]
			}
		}

		standings := func(half float64) {
			t.Helper()
			st := s.Must(http.StatusOK, "", "GET", base+"/standings", nil)
			for _, r := range st["rows"].([]any) {
				r := r.(map[string]any)
				if no := apitest.Num(r["start_no"]); r["score"] != points[no]*half {
					t.Errorf("start number %d scores %v, want %g", no, r["score"], points[no]*half)
				}
			}
		}
		standings(1)
		ct, _ := json.Marshal(s.Must(http.StatusOK, "", "GET", base+"/crosstable", nil))
		for _, score := range []string{`"2:0"`, `"1:1"`, `"0:2"`} {
			if !bytes.Contains(ct, []byte(score)) {
				t.Errorf("the crosstable has no %s: %s", score, ct)
			}
		}
		if bytes.Contains(ct, []byte(`"24:0"`)) || bytes.Contains(ct, []byte(`"12:12"`)) {
			t.Errorf("the crosstable has Adiukh scores: %s", ct)
		}

		trfFile := string(s.MustDownload(base+"/export.trf", "text/plain"))
		if !strings.Contains(trfFile, "### game: russian") {
			t.Errorf("export.trf does not name the game:\n%s", trfFile)
		}
		file, err := trf.Read(strings.NewReader(trfFile))
		if err != nil || len(file.Players) != 5 {
			t.Fatalf("export.trf reads back as %v, %v", file, err)
		}
		for _, p := range file.Players {
			if p.Points != int(10*points[p.StartNo]) {
				t.Errorf("export.trf: start number %d has %d tenths, want %g points", p.StartNo, p.Points, points[p.StartNo])
			}
		}
		// Imported back, the file makes an event of Russian draughts with
		// its results in the game's points and the same standings.
		imported := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events/import.trf", trfFile)
		if imported["game"] != "russian" {
			t.Errorf("the imported event: game %v", imported["game"])
		}
		importedBase := fmt.Sprintf("/api/v1/events/%d", apitest.Num(imported["id"]))
		round1, _ := json.Marshal(s.Must(http.StatusOK, "", "GET", importedBase+"/rounds/1", nil))
		if !bytes.Contains(round1, []byte(`"2:0"`)) || bytes.Contains(round1, []byte(`"24:0"`)) {
			t.Errorf("the imported round 1 is not in Russian draughts' points: %s", round1)
		}
		for _, r := range s.Must(http.StatusOK, "", "GET", importedBase+"/standings", nil)["rows"].([]any) {
			r := r.(map[string]any)
			if no := apitest.Num(r["start_no"]); r["score"] != points[no] {
				t.Errorf("imported: start number %d scores %v, want %g", no, r["score"], points[no])
			}
		}

		// The game with a sheet is exported as Russian draughts' PDN with
		// the event's tags, and reads back by its rules; the other games
		// played (not the forfeit) as their tags and results.
		pdn := string(s.MustDownload(base+"/games.pdn", "application/x-pdn"))
		for _, want := range []string{`[Event "Первенство Майкопа по русским шашкам"]`, `[Round "1"]`, `[Board "1"]`, `[White "Игрок `, `[Result "2-0"]`, `[GameType "25"]`, "1. c3-d4 f6-g5 2. g3-h4 g7-f6 2-0"} {
			if !strings.Contains(pdn, want) {
				t.Errorf("games.pdn lacks %q:\n%s", want, pdn)
			}
		}
		if strings.Count(pdn, "[Event ") != 5 || strings.Contains(pdn, `[White "Игрок 1"]`+"\n"+`[Black "Игрок 2"]`+"\n"+`[White`) {
			t.Errorf("games.pdn does not hold the 5 games played, or doubles tags:\n%s", pdn)
		}
		for i, v := range games.Of("russian").Rules.ValidateGames(pdn) {
			if !v.Valid || v.Result == nil {
				t.Errorf("game %d of games.pdn does not validate: %+v\n%s", i+1, v.Errors, pdn)
			}
		}
		// Its record lists the moves in Russian notation and draws the
		// position they reach, its pieces named as Russian draughts' FEN.
		t.Run("record.pdf", func(t *testing.T) {
			text := apitest.Spaced(apitest.PDFToText(t, "russian-record", s.MustDownload(base+"/rounds/1/games/1/record.pdf", "application/pdf")))
			for _, want := range []string{apitest.RuDoc("report.game_record"), "c3-d4", "g7-f6", apitest.RuDoc("report.last_position"), "2:0", apitest.RuDoc("report.notation_white") + ": a1, a3, b2, c1, d2, d4, e1, e3, f2, g1, h2, h4;"} {
				if !strings.Contains(text, apitest.Spaced(want)) {
					t.Errorf("record.pdf of a Russian game lacks %q:\n%s", want, text)
				}
			}
		})

		t.Run("standings.pdf", func(t *testing.T) {
			text := apitest.Spaced(apitest.PDFToText(t, "russian-standings", s.MustDownload(base+"/standings.pdf", "application/pdf")))
			if want := apitest.Spaced(apitest.RuT("discipline_russian.standard")); !strings.Contains(text, want) {
				t.Errorf("standings.pdf does not name %q:\n%s", want, text)
			}
		})

		// The event chooses 1/½/0.
		s.Must(http.StatusOK, apitest.Arbiter, "PATCH", base, map[string]any{"scoring": map[string]any{"win": 1, "draw": 0.5, "loss": 0, "bye": 1, "forfeit_win": 1}})
		standings(0.5)
		var doc struct {
			Event struct {
				Game         string             `json:"game"`
				DisciplineRU string             `json:"discipline_ru"`
				Scoring      map[string]float64 `json:"scoring"`
			} `json:"event"`
			Standings []struct {
				StartNo int     `json:"start_no"`
				Points  float64 `json:"points"`
			} `json:"standings"`
		}
		if err := json.Unmarshal(s.MustDownload(base+"/standings.json", "application/json"), &doc); err != nil {
			t.Fatal(err)
		}
		if doc.Event.Game != "russian" || !strings.HasPrefix(doc.Event.DisciplineRU, "Русские шашки") || doc.Event.Scoring["win"] != 1 || doc.Event.Scoring["draw"] != 0.5 || len(doc.Standings) != 5 {
			t.Errorf("standings.json event %+v, %d rows", doc.Event, len(doc.Standings))
		}
		for _, r := range doc.Standings {
			if r.Points != points[r.StartNo]/2 {
				t.Errorf("standings.json: start number %d has %g points, want %g", r.StartNo, r.Points, points[r.StartNo]/2)
			}
		}
		records, err := csv.NewReader(bytes.NewReader(s.MustDownload(base+"/standings.csv", "text/csv"))).ReadAll()
		if err != nil || len(records) != 6 {
			t.Fatalf("standings.csv: %v, %d rows", err, len(records))
		}
		// The columns are read by their names, which stay as columns are added.
		at := map[string]int{}
		for i, name := range records[0] {
			at[name] = i
		}
		for _, r := range records[1:] {
			no, _ := strconv.Atoi(r[at["start_no"]])
			if r[at["points"]] != strconv.FormatFloat(points[no]/2, 'f', -1, 64) {
				t.Errorf("standings.csv: start number %d has %s points, want %g", no, r[at["points"]], points[no]/2)
			}
		}
		s.Must(http.StatusOK, apitest.Arbiter, "PATCH", base, map[string]any{"status": "finished"})
		// The game cannot change once round 1 is paired.
		if code, out := s.Do(apitest.Arbiter, "PATCH", base, map[string]any{"game": "adiukh"}); code == http.StatusOK {
			t.Errorf("the game changed after the event was played: %v", out)
		}
	})
}

// A round robin of Russian draughts in each of the over-the-board
// disciplines of one player a board; rapid and blitz without sheets.
func TestRussianRoundRobinDisciplines(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		for _, d := range []struct{ discipline, clock string }{{"standard", "30+30"}, {"rapid", "8+4"}, {"blitz", "3+2"}} {
			ev := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events", map[string]any{
				"name": "Русские шашки, " + d.discipline, "game": "russian", "discipline": d.discipline, "system": "round-robin", "time_control": d.clock,
			})
			base := fmt.Sprintf("/api/v1/events/%d", apitest.Num(ev["id"]))
			for i := 1; i <= 4; i++ {
				s.Must(http.StatusCreated, apitest.Arbiter, "POST", base+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i), "rating": 2000 - 10*i})
			}
			// The lower start number wins, but 1 and 2 draw.
			for n := 1; n <= 3; n++ {
				round := s.Must(http.StatusCreated, apitest.Arbiter, "POST", base+"/rounds", nil)
				s.Must(http.StatusOK, apitest.Arbiter, "POST", fmt.Sprintf("%s/rounds/%d/publish", base, n), nil)
				for _, g := range round["games"].([]any) {
					g := g.(map[string]any)
					white, black := apitest.Num(g["white"]), apitest.Num(g["black"])
					score, reason := "0:2", "resignation"
					switch {
					case min(white, black) == 1 && max(white, black) == 2:
						score, reason = "1:1", "agreement"
					case white < black:
						score = "2:0"
					}
					s.Must(http.StatusOK, apitest.Arbiter, "PUT", fmt.Sprintf("%s/rounds/%d/games/%d/result", base, n, apitest.Num(g["board"])),
						map[string]any{"score": score, "end_reason": reason, "version": apitest.Num(g["version"])})
				}
			}
			st := s.Must(http.StatusOK, "", "GET", base+"/standings", nil)
			want := map[int]float64{1: 5, 2: 5, 3: 2, 4: 0}
			for _, r := range st["rows"].([]any) {
				r := r.(map[string]any)
				if no := apitest.Num(r["start_no"]); r["score"] != want[no] {
					t.Errorf("%s: start number %d scores %v, want %g", d.discipline, no, r["score"], want[no])
				}
			}
			s.Must(http.StatusOK, apitest.Arbiter, "PATCH", base, map[string]any{"status": "finished"})
		}
	})
}

// A team competition of Russian draughts: the game set before round 1;
// boards scored 2:0, 1:1, 0:2 count as wins, draws and losses in the game
// points and the match points.
func TestRussianTeamEvent(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		te := apitest.NewTeamEvent(t, s, "round-robin", 0, 4, []int{4, 4, 4, 4})
		ev := s.Must(http.StatusOK, apitest.Arbiter, "PATCH", te.Path(""), map[string]any{"game": "russian"})
		if ev["game"] != "russian" || strings.Contains(fmt.Sprint(ev["tiebreaks"]), "adiukh-points") {
			t.Fatalf("event %v: want game russian, without the checkers won", ev)
		}
		// The stronger team (lower start number) wins boards 1–3 and draws board 4.
		score := func(home, away, board int) apitest.BoardScore {
			switch {
			case board == 4:
				return apitest.BoardScore{Home: 1, Away: 1, Reason: "agreement"}
			case home < away:
				return apitest.BoardScore{Home: 2, Away: 0, Reason: "resignation"}
			}
			return apitest.BoardScore{Home: 0, Away: 2, Reason: "resignation"}
		}
		for n := 1; n <= 3; n++ {
			te.Play(s.Must(http.StatusCreated, apitest.Arbiter, "POST", te.Path("/rounds"), nil), score)
		}
		st := s.Must(http.StatusOK, "", "GET", te.Path("/standings"), nil)
		// 2/1/0 per board: a won match is 3 wins and a draw, 7 game points.
		want := map[int][2]float64{1: {6, 21}, 2: {4, 7 + 7 + 1}, 3: {2, 7 + 1 + 1}, 4: {0, 3}}
		for _, r := range st["rows"].([]any) {
			r := r.(map[string]any)
			w := want[apitest.Num(r["start_no"])]
			if r["match_points"] != w[0] || r["game_points"] != w[1] {
				t.Errorf("team %v: match points %v, game points %v; want %v", r["start_no"], r["match_points"], r["game_points"], w)
			}
		}
		// The board prizes rank by points and percentage: no Adiukh points.
		for _, b := range st["boards"].([]any) {
			for _, r := range b.(map[string]any)["rows"].([]any) {
				if v, ok := r.(map[string]any)["adiukh_points"]; ok {
					t.Errorf("a board's row has Adiukh points %v: %v", v, r)
				}
			}
		}
		code, out := te.Server.Do(apitest.Arbiter, "PUT", te.Path("/rounds/1/matches/1/boards/1/result"), map[string]any{"score": "24:0", "end_reason": "resignation", "version": 1, "reason": "проверка"})
		if code != http.StatusBadRequest || out["field"] != "score" {
			t.Errorf("an Adiukh score on a Russian board: %d %v", code, out)
		}
	})
}

// What Russian draughts cannot have is refused with a reason: composition
// contests, the checkers won as a tie-break. (Its live play is allowed:
// v1_russian_play_test.go.)
func TestRussianGameRefusals(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		for _, tc := range []struct {
			body  map[string]any
			field string
		}{
			{map[string]any{"discipline": "composition"}, "game"},
			{map[string]any{"discipline": "standard", "system": "swiss", "rounds": 5, "tiebreaks": []string{"adiukh-points"}}, "tiebreaks[0]"},
			{map[string]any{"discipline": "standard", "system": "swiss", "rounds": 5, "game": "chess"}, "game"},
		} {
			body := map[string]any{"name": "Турнир", "game": "russian"}
			for k, v := range tc.body {
				body[k] = v
			}
			code, out := s.Do(apitest.Arbiter, "POST", "/api/v1/events", body)
			if code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out), tc.field) {
				t.Errorf("%v: %d %v, want 400 at %s", tc.body, code, out, tc.field)
			}
		}
		// An event without a game is of Adiukh, as every event before.
		adiukh := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events", map[string]any{"name": "Адиюх", "discipline": "rapid", "system": "swiss", "rounds": 5})
		if adiukh["game"] != "adiukh" || !strings.Contains(fmt.Sprint(adiukh["tiebreaks"]), "adiukh-points") {
			t.Errorf("an event without a game: %v", adiukh)
		}
	})
}
