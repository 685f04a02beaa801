package v1_test

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"adiukh/api/apitest"
	"adiukh/rules/games"
	"adiukh/tournament"
	"adiukh/tournament/store/storetest"
	"adiukh/tournament/trf"
)

// The JSON API's tests of every game of the registry, each game's
// specifics asked of its value or read from its test data
// (rules/games/testdata/KEY/site.json): a new game gets them by supplying
// its data. What is one game's alone is tested beside (russian_test.go).

// scores are a game's win, draw and loss as its results write them.
func scores(d apitest.GameData) (win, draw, loss string) {
	s := d.Game.Scale
	return s.Win(true).String(), s.Draw().String(), s.Win(false).String()
}

// A Swiss event of every game through the API: the game set when it is
// created; results by the game's sheet, a draw, a loss, a forfeit, the
// bye of an odd field; a sheet wrong at its third ply and another game's
// score refused; standings 2/1/0 and then 1/½/0, the crosstable, CSV,
// JSON, TRF (read back, imported, refused as another game), PDN (valid by
// the game's rules), the record, score sheets, standings and crosstable
// PDFs, the federation's export; the game fixed once the event is played.
// On both databases.
func TestEveryGameSwissEvent(t *testing.T) {
	t.Parallel()
	data := apitest.EveryGame(t)
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		for _, d := range data {
			t.Run(d.Game.Key, func(t *testing.T) { swissEventOf(t, s, d) })
		}
	})
}

func swissEventOf(t *testing.T, s *apitest.Server, d apitest.GameData) {
	v := d.Game
	win, draw, loss := scores(d)
	name := "Кубок Майкопа, " + v.Key
	ev := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events", map[string]any{
		"name": name, "game": v.Key, "discipline": "standard", "system": "swiss", "rounds": 3,
		"time_control": "30+30", "start_date": "2026-05-09", "end_date": "2026-05-10",
	})
	base := fmt.Sprintf("/api/v1/events/%d", apitest.Num(ev["id"]))
	if ev["game"] != v.Key || strings.Contains(fmt.Sprint(ev["tiebreaks"]), "adiukh-points") != v.GradedScores() {
		t.Errorf("event %v: want game %s, the checkers won among its tie-breaks only for a graded game", ev, v.Key)
	}
	if got := s.Must(http.StatusOK, "", "GET", base, nil); got["game"] != v.Key {
		t.Errorf("GET %s: game %v", base, got["game"])
	}
	for i := 1; i <= 5; i++ {
		s.Must(http.StatusCreated, apitest.Arbiter, "POST", base+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i), "rating": 2000 - 10*i})
	}
	points := map[int]float64{} // start number → points in 2/1/0
	wins := map[string]float64{win: 2, draw: 1, loss: 0, d.WonScore: 2}
	byes := 0
	for n := 1; n <= 3; n++ {
		round := s.Must(http.StatusCreated, apitest.Arbiter, "POST", base+"/rounds", nil)
		s.Must(http.StatusOK, apitest.Arbiter, "POST", fmt.Sprintf("%s/rounds/%d/publish", base, n), nil)
		for i, g := range round["games"].([]any) {
			g := g.(map[string]any)
			white, black := apitest.Num(g["white"]), apitest.Num(g["black"])
			if g["black"] == nil {
				points[white] += 2 // a Swiss bye scores a win
				byes++
				continue
			}
			path := fmt.Sprintf("%s/rounds/%d/games/%d/result", base, n, apitest.Num(g["board"]))
			body := map[string]any{"version": apitest.Num(g["version"])}
			var want, reason string
			switch {
			case n == 1 && i == 0:
				// The score and the ending come from the sheet.
				body["sheet"], want, reason = d.Won, d.WonScore, d.WonReason
			case n == 1 && i == 1:
				code, out := s.Do(apitest.Arbiter, "PUT", path, map[string]any{"score": draw, "end_reason": "agreement", "sheet": d.Wrong, "version": apitest.Num(g["version"])})
				if code != http.StatusBadRequest || out["field"] != "sheet" || !strings.Contains(fmt.Sprint(out["message"]), "(ply 3)") {
					t.Errorf("a sheet with a wrong third ply: %d %v", code, out)
				}
				code, out = s.Do(apitest.Arbiter, "PUT", path, map[string]any{"score": d.ForeignScore(), "end_reason": "final_position", "version": apitest.Num(g["version"])})
				if code != http.StatusBadRequest || out["field"] != "score" {
					t.Errorf("another game's score %s: %d %v", d.ForeignScore(), code, out)
				}
				body["score"], body["end_reason"], want, reason = draw, "agreement", draw, "agreement"
			case n == 2 && i == 0:
				body["score"], body["end_reason"], want, reason = loss, "forfeit", loss, "forfeit"
			case (white+black+n)%2 == 0:
				body["score"], body["end_reason"], want, reason = loss, "resignation", loss, "resignation"
			default:
				body["score"], body["end_reason"], want, reason = win, "time", win, "time"
			}
			got := s.Must(http.StatusOK, apitest.Arbiter, "PUT", path, body)
			if got["score"] != want || got["end_reason"] != reason {
				t.Errorf("round %d board %v: stored %v %v, want %s %s", n, g["board"], got["score"], got["end_reason"], want, reason)
			}
			points[white] += wins[want]
			points[black] += 2 - wins[want]
		}
	}
	if byes != 3 {
		t.Errorf("%d byes in three rounds of five players", byes)
	}
	standings := func(half float64) {
		t.Helper()
		for _, r := range s.Must(http.StatusOK, "", "GET", base+"/standings", nil)["rows"].([]any) {
			r := r.(map[string]any)
			if no := apitest.Num(r["start_no"]); r["score"] != points[no]*half {
				t.Errorf("start number %d scores %v, want %g", no, r["score"], points[no]*half)
			}
			// The checkers won are a graded game's; no row of another has them.
			if v, ok := r["tiebreaks"].(map[string]any)["adiukh-points"]; ok && !d.Game.GradedScores() {
				t.Errorf("start number %d has Adiukh points %v", apitest.Num(r["start_no"]), v)
			}
		}
	}
	standings(1)
	ct, _ := json.Marshal(s.Must(http.StatusOK, "", "GET", base+"/crosstable", nil))
	for _, score := range []string{win, draw, loss} {
		if !bytes.Contains(ct, []byte(`"`+score+`"`)) {
			t.Errorf("the crosstable has no %s: %s", score, ct)
		}
	}
	if !v.GradedScores() && (bytes.Contains(ct, []byte(`"24:0"`)) || bytes.Contains(ct, []byte(`"12:12"`))) {
		t.Errorf("the crosstable has Adiukh scores: %s", ct)
	}

	trfFile := string(s.MustDownload(base+"/export.trf", "text/plain"))
	if !strings.Contains(trfFile, "### game: "+v.Key) {
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
	// Imported back, the file makes an event of the game with its results
	// in the game's points and the same standings.
	imported := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events/import.trf", trfFile)
	if imported["game"] != v.Key {
		t.Errorf("the imported event: game %v", imported["game"])
	}
	importedBase := fmt.Sprintf("/api/v1/events/%d", apitest.Num(imported["id"]))
	round1, _ := json.Marshal(s.Must(http.StatusOK, "", "GET", importedBase+"/rounds/1", nil))
	if !bytes.Contains(round1, []byte(`"`+d.WonScore+`"`)) || !v.GradedScores() && bytes.Contains(round1, []byte(`"24:0"`)) {
		t.Errorf("the imported round 1 is not in the game's points: %s", round1)
	}
	for _, r := range s.Must(http.StatusOK, "", "GET", importedBase+"/standings", nil)["rows"].([]any) {
		r := r.(map[string]any)
		if no := apitest.Num(r["start_no"]); r["score"] != points[no] {
			t.Errorf("imported: start number %d scores %v, want %g", no, r["score"], points[no])
		}
	}
	// The game asked for: the file's own is taken when they agree; a
	// file naming another game is refused with both named; another
	// program's file, without the comment, is of the game asked for.
	if again := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events/import.trf?game="+v.Key, trfFile); again["game"] != v.Key {
		t.Errorf("imported asking for %s: game %v", v.Key, again["game"])
	}
	other := games.All[(slices.Index(games.All, v)+1)%len(games.All)]
	code, refused := s.Do(apitest.Arbiter, "POST", "/api/v1/events/import.trf?game="+other.Key, trfFile)
	if msg, _ := refused["message"].(string); code != http.StatusBadRequest || refused["field"] != "game" || !strings.Contains(msg, v.English) || !strings.Contains(msg, other.English) {
		t.Errorf("a file of %s imported as %s: %d %v; want 400 naming both games", v.Key, other.Key, code, refused)
	}
	var foreign []string
	for _, line := range strings.Split(trfFile, "\n") {
		if !strings.HasPrefix(line, "###") {
			foreign = append(foreign, line)
		}
	}
	if got := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events/import.trf?game="+v.Key, strings.Join(foreign, "\n")); got["game"] != v.Key {
		t.Errorf("another program's file imported asking for %s: game %v", v.Key, got["game"])
	}

	// The game with a sheet is exported as the game's PDN with the event's
	// tags, and reads back by its rules; the other games played (not the
	// forfeit) as their tags and results.
	pdn := string(s.MustDownload(base+"/games.pdn", "application/x-pdn"))
	wantPDN := []string{`[Event "` + name + `"]`, `[Round "1"]`, `[Board "1"]`, `[White "Игрок `, `[Result "2-0"]`, `[GameType "` + v.PDNGameType + `"]`}
	if d.WonMoves != "" {
		wantPDN = append(wantPDN, d.WonMoves)
	}
	for _, want := range wantPDN {
		if !strings.Contains(pdn, want) {
			t.Errorf("games.pdn lacks %q:\n%s", want, pdn)
		}
	}
	if strings.Count(pdn, "[Event ") != 5 || strings.Contains(pdn, `[White "Игрок 1"]`+"\n"+`[Black "Игрок 2"]`+"\n"+`[White`) {
		t.Errorf("games.pdn does not hold the 5 games played, or doubles tags:\n%s", pdn)
	}
	for i, vd := range v.Rules.ValidateGames(pdn) {
		if !vd.Valid || vd.Result == nil {
			t.Errorf("game %d of games.pdn does not validate by the rules of %s: %+v\n%s", i+1, v.Key, vd.Errors, pdn)
		}
	}

	t.Run("record.pdf", func(t *testing.T) {
		text := apitest.Spaced(apitest.PDFToText(t, v.Key+"-record", s.MustDownload(base+"/rounds/1/games/1/record.pdf", "application/pdf")))
		// A game its final position decides draws that position; any other
		// the one after its last move.
		last := "report.last_position"
		if d.WonReason == "final_position" {
			last = "report.final_position"
		}
		want := []string{apitest.RuDoc("report.game_record"), apitest.RuDoc(last), d.WonScore}
		if d.Record != "" {
			want = append(want, apitest.RuDoc("report.notation_white")+d.Record)
		}
		for _, w := range want {
			if !strings.Contains(text, apitest.Spaced(w)) {
				t.Errorf("record.pdf lacks %q:\n%s", w, text)
			}
		}
		for _, m := range strings.Fields(d.WonMoves) {
			if !strings.HasSuffix(m, ".") && m != "2-0" && !strings.Contains(text, m) {
				t.Errorf("record.pdf lacks the move %s:\n%s", m, text)
			}
		}
		if numbered := strings.Contains(text, " 46 ") && strings.Contains(text, " 50"); numbered != d.Numbered {
			t.Errorf("record.pdf numbers the squares: %v, want %v:\n%s", numbered, d.Numbered, text)
		}
	})
	t.Run("scoresheets.pdf", func(t *testing.T) {
		text := apitest.Spaced(apitest.PDFToText(t, v.Key+"-scoresheets", s.MustDownload(base+"/rounds/1/scoresheets.pdf", "application/pdf")))
		// The grid numbers the game's moves, no more.
		numbers := map[string]bool{}
		for _, f := range strings.Fields(text) {
			numbers[f] = true
		}
		if !numbers[strconv.Itoa(v.SheetMoves)] || numbers[strconv.Itoa(v.SheetMoves+1)] {
			t.Errorf("scoresheets.pdf should number moves up to %d:\n%s", v.SheetMoves, text)
		}
	})
	for _, doc := range []string{"standings.pdf", "crosstable.pdf"} {
		t.Run(doc, func(t *testing.T) {
			text := apitest.Spaced(apitest.PDFToText(t, v.Key+"-"+doc, s.MustDownload(base+"/"+doc, "application/pdf")))
			for _, key := range []string{v.DisciplineFullPrefix + "standard", v.DisciplinePrefix + "standard"} {
				if want := apitest.Spaced(apitest.RuT(key)); !strings.Contains(text, want) {
					t.Errorf("%s does not name %q:\n%s", doc, want, text)
				}
			}
		})
	}

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
	if doc.Event.Game != v.Key || !strings.HasPrefix(doc.Event.DisciplineRU, apitest.RuT(v.NameKey())) || doc.Event.Scoring["win"] != 1 || doc.Event.Scoring["draw"] != 0.5 || len(doc.Standings) != 5 {
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
	for _, doc := range []struct{ path, kind string }{
		{"/standings.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"},
		{"/rounds/3/pairings.pdf", "application/pdf"},
	} {
		s.MustDownload(base+doc.path, doc.kind)
	}
	// The blank sheets of the event have the game's rows.
	blank := apitest.Spaced(apitest.PDFToText(t, v.Key+"-blank", s.MustDownload(base+"/scoresheets.pdf", "application/pdf")))
	if last := strconv.Itoa(v.SheetMoves); !slices.Contains(strings.Fields(blank), last) {
		t.Errorf("the blank score sheet has no row %s:\n%s", last, blank)
	}
	s.Must(http.StatusOK, apitest.Arbiter, "PATCH", base, map[string]any{"status": "finished"})
	// The game cannot change once round 1 is paired.
	if code, out := s.Do(apitest.Arbiter, "PATCH", base, map[string]any{"game": other.Key}); code == http.StatusOK {
		t.Errorf("the game changed after the event was played: %v", out)
	}

	// The federation's export of May carries the event with its game and
	// its games in the event's own scale, 1-½-0, as its table counts them
	// (issue 64), never in a game's own points.
	var fed struct {
		Events []struct {
			Event struct {
				Name string `json:"name"`
				Game string `json:"game"`
			} `json:"event"`
		} `json:"events"`
	}
	if err := json.Unmarshal(s.MustDownload("/api/v1/federation/export.json?from=2026-05-01&to=2026-05-31", "application/json"), &fed); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, e := range fed.Events {
		found = found || e.Event.Name == name && e.Event.Game == v.Key
	}
	if !found {
		t.Errorf("the federation export lacks the event of %s: %+v", v.Key, fed)
	}
	rows, err := csv.NewReader(bytes.NewReader(s.MustDownload("/api/v1/federation/games.csv?from=2026-05-01&to=2026-05-31", "text/csv"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, r := range rows[1:] {
		if r[0] == strconv.Itoa(apitest.Num(ev["id"])) {
			seen[r[7]] = true
		}
	}
	switch {
	case v.GradedScores() && !seen[d.WonScore]:
		t.Errorf("the federation's games of a graded game lack its checkers %s: scores %v", d.WonScore, seen)
	case !v.GradedScores() && (!seen["1:0"] || !seen["½:½"] || seen[win] || seen["24:0"]):
		t.Errorf("the federation's games: scores %v", seen)
	}
}

// Round robins of every game in each over-the-board discipline, one
// player a board and teams of four boards (a win, a draw, a loss a board;
// the blitz teams by the Swiss system), another game's score refused on a
// board, no checkers won on a board's row of a game without them; and
// what a game cannot have refused: a composition contest, the checkers
// won as a tie-break, a game no one plays. On both databases.
func TestEveryGameRoundRobinDisciplines(t *testing.T) {
	t.Parallel()
	data := apitest.EveryGame(t)
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		for _, d := range data {
			t.Run(d.Game.Key, func(t *testing.T) { roundRobinsOf(t, s, d) })
		}
		if code, out := s.Do(apitest.Arbiter, "POST", "/api/v1/events", map[string]any{"name": "Турнир", "game": "chess", "discipline": "standard", "system": "swiss", "rounds": 5}); code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out), "game") {
			t.Errorf("an event of chess: %d %v, want 400 at game", code, out)
		}
		// An event without a game is of the default one, as every event before.
		def := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events", map[string]any{"name": "Турнир", "discipline": "rapid", "system": "swiss", "rounds": 5})
		if def["game"] != games.Default.Key || strings.Contains(fmt.Sprint(def["tiebreaks"]), "adiukh-points") != games.Default.GradedScores() {
			t.Errorf("an event without a game: %v", def)
		}
	})
}

func roundRobinsOf(t *testing.T, s *apitest.Server, d apitest.GameData) {
	v := d.Game
	win, draw, loss := scores(d)
	for _, dc := range []struct{ discipline, clock string }{{"standard", "30+30"}, {"rapid", "8+4"}, {"blitz", "3+2"}} {
		ev := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events", map[string]any{
			"name": v.Key + ", " + dc.discipline, "game": v.Key, "discipline": dc.discipline, "system": "round-robin", "time_control": dc.clock,
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
				score, reason := loss, "resignation"
				switch {
				case min(white, black) == 1 && max(white, black) == 2:
					score, reason = draw, "agreement"
				case white < black:
					score = win
				}
				s.Must(http.StatusOK, apitest.Arbiter, "PUT", fmt.Sprintf("%s/rounds/%d/games/%d/result", base, n, apitest.Num(g["board"])),
					map[string]any{"score": score, "end_reason": reason, "version": apitest.Num(g["version"])})
			}
		}
		want := map[int]float64{1: 5, 2: 5, 3: 2, 4: 0}
		for _, r := range s.Must(http.StatusOK, "", "GET", base+"/standings", nil)["rows"].([]any) {
			r := r.(map[string]any)
			if no := apitest.Num(r["start_no"]); r["score"] != want[no] {
				t.Errorf("%s: start number %d scores %v, want %g", dc.discipline, no, r["score"], want[no])
			}
		}
		s.Must(http.StatusOK, apitest.Arbiter, "PATCH", base, map[string]any{"status": "finished"})
	}
	// Three Swiss rounds of four teams meet every pair once, as the
	// round robin does: the same standings.
	for _, team := range []struct {
		discipline, clock, system string
		rounds                    int
	}{{"standard-team", "30+30", "round-robin", 0}, {"rapid-team", "8+4", "round-robin", 0}, {"blitz-team", "3+2", "swiss", 3}} {
		te := apitest.NewTeamEvent(t, s, team.system, team.rounds, 4, []int{4, 4, 4, 4})
		ev := s.Must(http.StatusOK, apitest.Arbiter, "PATCH", te.Path(""), map[string]any{"game": v.Key, "discipline": team.discipline, "time_control": team.clock})
		if ev["game"] != v.Key || ev["discipline"] != team.discipline || strings.Contains(fmt.Sprint(ev["tiebreaks"]), "adiukh-points") != v.GradedScores() {
			t.Fatalf("the team event: %v", ev)
		}
		// The stronger team (lower start number) wins boards 1–3 and draws board 4.
		p := v.Scale.Points
		score := func(home, away, board int) apitest.BoardScore {
			switch {
			case board == 4:
				return apitest.BoardScore{Home: p / 2, Away: p / 2, Reason: "agreement"}
			case home < away:
				return apitest.BoardScore{Home: p, Away: 0, Reason: "resignation"}
			}
			return apitest.BoardScore{Home: 0, Away: p, Reason: "resignation"}
		}
		for range 3 {
			te.Play(s.Must(http.StatusCreated, apitest.Arbiter, "POST", te.Path("/rounds"), nil), score)
		}
		st := s.Must(http.StatusOK, "", "GET", te.Path("/standings"), nil)
		// 2/1/0 per board: a won match is 3 wins and a draw, 7 game points.
		want := map[int][2]float64{1: {6, 21}, 2: {4, 15}, 3: {2, 9}, 4: {0, 3}}
		for _, r := range st["rows"].([]any) {
			r := r.(map[string]any)
			w := want[apitest.Num(r["start_no"])]
			if r["match_points"] != w[0] || r["game_points"] != w[1] {
				t.Errorf("%s: team %v: match points %v, game points %v; want %v", team.discipline, r["start_no"], r["match_points"], r["game_points"], w)
			}
		}
		// The board prizes rank by points and percentage: the checkers
		// won only of a graded game.
		for _, b := range st["boards"].([]any) {
			for _, r := range b.(map[string]any)["rows"].([]any) {
				if pts, ok := r.(map[string]any)["adiukh_points"]; ok && !v.GradedScores() {
					t.Errorf("a board's row has Adiukh points %v: %v", pts, r)
				}
			}
		}
		code, out := s.Do(apitest.Arbiter, "PUT", te.Path("/rounds/1/matches/1/boards/1/result"), map[string]any{"score": d.ForeignScore(), "end_reason": "resignation", "version": 1, "reason": "проверка"})
		if code != http.StatusBadRequest || out["field"] != "score" {
			t.Errorf("another game's score %s on a board: %d %v", d.ForeignScore(), code, out)
		}
		text := apitest.Spaced(apitest.PDFToText(t, v.Key+"-"+team.discipline, s.MustDownload(te.Path("/standings.pdf"), "application/pdf")))
		if want := apitest.Spaced(apitest.RuT(v.DisciplineFullPrefix + team.discipline)); !strings.Contains(text, want) {
			t.Errorf("the team standings.pdf does not name %q:\n%s", want, text)
		}
	}
	var refusals []struct {
		body  map[string]any
		field string
	}
	if !v.Compositions {
		refusals = append(refusals, struct {
			body  map[string]any
			field string
		}{map[string]any{"discipline": "composition"}, "game"})
	}
	if !v.GradedScores() {
		refusals = append(refusals, struct {
			body  map[string]any
			field string
		}{map[string]any{"discipline": "standard", "system": "swiss", "rounds": 5, "tiebreaks": []string{"adiukh-points"}}, "tiebreaks[0]"})
	}
	for _, tc := range refusals {
		body := map[string]any{"name": "Турнир", "game": v.Key}
		for k, val := range tc.body {
			body[k] = val
		}
		if code, out := s.Do(apitest.Arbiter, "POST", "/api/v1/events", body); code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out), tc.field) {
			t.Errorf("%v: %d %v, want 400 at %s", tc.body, code, out, tc.field)
		}
	}
}

// Every game keeps rating lists of its own for the same persons of the
// register: a rated blitz event of each goes into its game's list and no
// other, the lists of two games differ as their results do, and a person
// entered in an event gets the rating of the event's game (none before
// it has one). On both databases.
func TestEveryGameRatingLists(t *testing.T) {
	t.Parallel()
	data := apitest.EveryGame(t)
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		var persons []int
		for i := 1; i <= 4; i++ {
			p := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/people", map[string]any{"surname": "Игроков", "given_names": fmt.Sprintf("Игрок %d", i), "birth_year": 1990 + i})
			persons = append(persons, apitest.Num(p["id"]))
		}
		ratings := map[string]map[int]int{} // game → person → rating
		for i, d := range data {
			v := d.Game
			win, draw, loss := scores(d)
			ev := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events", map[string]any{"name": "Рейтинговый блиц, " + v.Key, "game": v.Key,
				"discipline": "blitz", "system": "round-robin", "time_control": "3+2", "start_date": "2026-10-02", "end_date": "2026-10-02", "rated": true})
			id := apitest.Num(ev["id"])
			for _, person := range persons {
				if p := s.Must(http.StatusCreated, apitest.Arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"person_id": person}); apitest.Num(p["rating"]) != 0 {
					t.Errorf("%s: person %d enters with another game's rating %v", v.Key, person, p["rating"])
				}
			}
			// Every other game's event is won by the other colour, so that
			// the lists of two games next in the registry differ.
			first := loss
			if i%2 == 1 {
				first = win
			}
			for n := 1; n <= 3; n++ {
				s.Must(http.StatusCreated, apitest.Arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
				s.Must(http.StatusOK, apitest.Arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/%d/publish", id, n), nil)
				apitest.PlayRound(s, id, n, first, draw)
			}
			s.Must(http.StatusOK, apitest.Arbiter, "PATCH", fmt.Sprintf("/api/v1/events/%d", id), map[string]any{"status": "finished"})
			list := s.Must(http.StatusCreated, tournament.Admin, "POST", "/api/v1/ratings/"+v.RatingList("blitz")+"/periods", map[string]any{"until": "2026-10-31"})
			if p := list["period"].(map[string]any); apitest.Num(p["games"]) != 6 || apitest.Num(p["events"]) != 1 || len(list["rows"].([]any)) != 4 {
				t.Errorf("the %s blitz list: %v", v.Key, list)
			}
			ratings[v.Key] = map[int]int{}
			for _, r := range list["rows"].([]any) {
				r := r.(map[string]any)
				ratings[v.Key][apitest.Num(r["person_id"])] = apitest.Num(r["rating"])
			}
		}
		for i, d := range data {
			v := d.Game
			// The lists are computed before the next game's event is played:
			// each is unchanged by the others.
			for _, r := range s.Must(http.StatusOK, "", "GET", "/api/v1/ratings/"+v.RatingList("blitz"), nil)["rows"].([]any) {
				r := r.(map[string]any)
				if apitest.Num(r["rating"]) != ratings[v.Key][apitest.Num(r["person_id"])] {
					t.Errorf("the %s blitz list changed with another game's event: %v", v.Key, r)
				}
			}
			if i > 0 && fmt.Sprint(ratings[v.Key]) == fmt.Sprint(ratings[data[i-1].Game.Key]) {
				t.Errorf("the %s list is the %s one: %v", v.Key, data[i-1].Game.Key, ratings[v.Key])
			}
			next := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events", map[string]any{"name": "Следующий турнир", "game": v.Key,
				"discipline": "blitz", "system": "round-robin", "time_control": "3+2"})
			if p := s.Must(http.StatusCreated, apitest.Arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", apitest.Num(next["id"])), map[string]any{"person_id": persons[0]}); apitest.Num(p["rating"]) != ratings[v.Key][persons[0]] {
				t.Errorf("%s: person %d enters with rating %v, want %d", v.Key, persons[0], p["rating"], ratings[v.Key][persons[0]])
			}
		}
		person := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/people/%d", persons[0]), nil)
		lists := map[string]bool{}
		for _, l := range person["ratings"].([]any) {
			lists[fmt.Sprint(l.(map[string]any)["list"])] = true
		}
		for _, d := range data {
			if !lists[d.Game.RatingList("blitz")] {
				t.Errorf("the person's lists lack %s's: %v", d.Game.Key, person["ratings"])
			}
		}
	})
}

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
