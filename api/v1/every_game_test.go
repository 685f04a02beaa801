package v1_test

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/rules/games"
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
