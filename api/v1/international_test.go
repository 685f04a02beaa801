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
	"adiukh/tournament"
	"adiukh/tournament/trf"
)

// fmjdGame is what the tests of international and Brazilian draughts
// (issue 58.4) need of each game: a sheet White won, one wrong at ply 3,
// live moves up to a compulsory capture and the capture back.
type fmjdGame struct {
	key, gameType string
	// sheet is a PDN game won by White, its moves as games.pdn writes
	// them in moves; wrong a sheet whose third ply breaks the rules.
	sheet, moves, wrong string
	// record is the start of White's pieces as the record of the sheet
	// names them, and numbered whether its diagram numbers the squares.
	record   string
	numbered bool
	// opening are four plies after which White must capture: capture,
	// the one legal move then, and back, a capture of Black's in answer.
	opening              []string
	capture, back, first string
	// firstLegal is a legal move at the start as the tap board lists it.
	firstLegal string
	// topLeft is White's farthest dark square as White's board draws it,
	// topLeftFlipped where Black's board, turned round, draws it.
	topLeft, topLeftFlipped string
}

var fmjdGames = []fmjdGame{
	{
		key: "international", gameType: "20",
		sheet: `[Event "Кубок"]
[White "Игрок 1"]
[Black "Игрок 2"]
[Result "2-0"]
[GameType "20"]

1. 32-28 19-23 2. 28x19 14x23 3. 31-27 20-25 2-0
`,
		moves: "1. 32-28 19-23 2. 28x19 14x23 3. 31-27 20-25 2-0", wrong: "1. 32-28 19-23 2. 28-22",
		record: ": 27, 33, 34, 35, 36,", numbered: true,
		opening: []string{"31-27", "17-21", "33-28", "19-23"}, capture: "28x19", back: "14x23", first: "34-30",
		firstLegal:     "32 28=32-28",
		topLeft:        `<rect x="50" y="0" width="50" height="50" class="dark" data-sq="1"/>`,
		topLeftFlipped: `<rect x="400" y="450" width="50" height="50" class="dark" data-sq="1"/>`,
	},
	{
		key: "brazilian", gameType: "26",
		sheet: `[Event "Кубок"]
[White "Игрок 1"]
[Black "Игрок 2"]
[Result "2-0"]
[GameType "26"]

1. c3-d4 f6-g5 2. g3-h4 g7-f6 2-0
`,
		moves: "1. c3-d4 f6-g5 2. g3-h4 g7-f6 2-0", wrong: "1. c3-d4 f6-e5 2. d4-c5",
		record:  ": a1, a3, b2, c1, d2, d4, e1, e3, f2, g1, h2, h4;",
		opening: []string{"c3-d4", "f6-g5", "g3-h4", "g5-f4"}, capture: "e3xg5", back: "h6xf4", first: "a3-b4",
		firstLegal:     "c3 d4=c3-d4",
		topLeft:        `<rect x="70" y="0" width="50" height="50" class="dark" data-sq="b8"/>`,
		topLeftFlipped: `<rect x="320" y="350" width="50" height="50" class="dark" data-sq="b8"/>`,
	},
}

// A Swiss event of international and of Brazilian draughts through the
// API (issue 58.4), as Russian draughts' (TestRussianSwissEvent): results
// 2:0 by the game's PDN, 1:1, 0:2 and a forfeit, the bye of an odd field;
// a sheet wrong at its third ply and an Adiukh score refused; standings,
// the crosstable, CSV, JSON, TRF (read back and imported), PDN (valid by
// the game's rules), the record, score sheets, standings and crosstable
// PDFs. On both databases.
func TestFMJDGamesSwissEvent(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		for _, gm := range fmjdGames {
			t.Run(gm.key, func(t *testing.T) { fmjdSwissEvent(t, s, gm) })
		}
	})
}

func fmjdSwissEvent(t *testing.T, s *apitest.Server, gm fmjdGame) {
	ev := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events", map[string]any{
		"name": "Кубок Майкопа, " + gm.key, "game": gm.key, "discipline": "standard", "system": "swiss", "rounds": 3,
		"time_control": "30+30", "start_date": "2026-05-09", "end_date": "2026-05-10",
	})
	base := fmt.Sprintf("/api/v1/events/%d", apitest.Num(ev["id"]))
	if ev["game"] != gm.key || strings.Contains(fmt.Sprint(ev["tiebreaks"]), "adiukh-points") {
		t.Errorf("event %v: want game %s, without the checkers won among its tie-breaks", ev, gm.key)
	}
	for i := 1; i <= 5; i++ {
		s.Must(http.StatusCreated, apitest.Arbiter, "POST", base+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i), "rating": 2000 - 10*i})
	}
	points := map[int]float64{} // start number → points in 2/1/0
	wins := map[string]float64{"2:0": 2, "1:1": 1, "0:2": 0}
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
				body["sheet"], want, reason = gm.sheet, "2:0", "resignation"
			case n == 1 && i == 1:
				code, out := s.Do(apitest.Arbiter, "PUT", path, map[string]any{"score": "1:1", "end_reason": "agreement", "sheet": gm.wrong, "version": apitest.Num(g["version"])})
				if code != http.StatusBadRequest || out["field"] != "sheet" || !strings.Contains(fmt.Sprint(out["message"]), "(ply 3)") {
					t.Errorf("a sheet with a wrong third ply: %d %v", code, out)
				}
				code, out = s.Do(apitest.Arbiter, "PUT", path, map[string]any{"score": "17:7", "end_reason": "final_position", "version": apitest.Num(g["version"])})
				if code != http.StatusBadRequest || out["field"] != "score" {
					t.Errorf("an Adiukh score: %d %v", code, out)
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
			// The checkers won are Adiukh's; no row of another game has them.
			if v, ok := r["tiebreaks"].(map[string]any)["adiukh-points"]; ok {
				t.Errorf("start number %d has Adiukh points %v", apitest.Num(r["start_no"]), v)
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
	if !strings.Contains(trfFile, "### game: "+gm.key) {
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
	imported := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events/import.trf", trfFile)
	if imported["game"] != gm.key {
		t.Errorf("the imported event: game %v", imported["game"])
	}
	// The game asked for: the file's own is taken when they agree; a
	// file naming another game is refused with both named; another
	// program's file, without the comment, is of the game asked for.
	if again := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events/import.trf?game="+gm.key, trfFile); again["game"] != gm.key {
		t.Errorf("imported asking for %s: game %v", gm.key, again["game"])
	}
	code, refused := s.Do(apitest.Arbiter, "POST", "/api/v1/events/import.trf?game=adiukh", trfFile)
	if msg, _ := refused["message"].(string); code != http.StatusBadRequest || refused["field"] != "game" || !strings.Contains(msg, games.Of(gm.key).English) || !strings.Contains(msg, games.Of("adiukh").English) {
		t.Errorf("a file of %s imported as Adiukh checkers: %d %v; want 400 naming both games", gm.key, code, refused)
	}
	var foreign []string
	for _, line := range strings.Split(trfFile, "\n") {
		if !strings.HasPrefix(line, "###") {
			foreign = append(foreign, line)
		}
	}
	if other := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events/import.trf?game="+gm.key, strings.Join(foreign, "\n")); other["game"] != gm.key {
		t.Errorf("another program's file imported asking for %s: game %v", gm.key, other["game"])
	}
	for _, r := range s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/standings", apitest.Num(imported["id"])), nil)["rows"].([]any) {
		r := r.(map[string]any)
		if no := apitest.Num(r["start_no"]); r["score"] != points[no] {
			t.Errorf("imported: start number %d scores %v, want %g", no, r["score"], points[no])
		}
	}

	// The PDN says the game and reads back by its rules.
	pdn := string(s.MustDownload(base+"/games.pdn", "application/x-pdn"))
	for _, want := range []string{`[Round "1"]`, `[Board "1"]`, `[Result "2-0"]`, `[GameType "` + gm.gameType + `"]`, gm.moves} {
		if !strings.Contains(pdn, want) {
			t.Errorf("games.pdn lacks %q:\n%s", want, pdn)
		}
	}
	// Every game played is in it, those without a sheet as their tags and
	// result, and each validates.
	verdicts := games.Of(gm.key).Rules.ValidateGames(pdn)
	if len(verdicts) < 2 {
		t.Errorf("games.pdn holds %d games:\n%s", len(verdicts), pdn)
	}
	for i, v := range verdicts {
		if !v.Valid {
			t.Errorf("game %d of games.pdn does not validate by the rules of %s: %+v\n%s", i+1, gm.key, v.Errors, pdn)
		}
	}

	t.Run("record.pdf", func(t *testing.T) {
		pdf := s.MustDownload(base+"/rounds/1/games/1/record.pdf", "application/pdf")
		text := apitest.Spaced(apitest.PDFToText(t, gm.key+"-record", pdf))
		for _, want := range []string{apitest.RuDoc("report.game_record"), apitest.RuDoc("report.last_position"), "2:0", apitest.RuDoc("report.notation_white") + gm.record} {
			if !strings.Contains(text, apitest.Spaced(want)) {
				t.Errorf("record.pdf lacks %q:\n%s", want, text)
			}
		}
		for _, m := range strings.Fields(gm.moves) {
			if !strings.HasSuffix(m, ".") && m != "2-0" && !strings.Contains(text, m) {
				t.Errorf("record.pdf lacks the move %s:\n%s", m, text)
			}
		}
		if numbered := strings.Contains(text, " 46 ") && strings.Contains(text, " 50"); numbered != gm.numbered {
			t.Errorf("record.pdf numbers the squares: %v, want %v:\n%s", numbered, gm.numbered, text)
		}
	})
	t.Run("scoresheets.pdf", func(t *testing.T) {
		text := apitest.Spaced(apitest.PDFToText(t, gm.key+"-scoresheets", s.MustDownload(base+"/rounds/1/scoresheets.pdf", "application/pdf")))
		// The grid numbers the game's moves, no more.
		last := games.Of(gm.key).SheetMoves
		numbers := map[string]bool{}
		for _, f := range strings.Fields(text) {
			numbers[f] = true
		}
		if !numbers[strconv.Itoa(last)] || numbers[strconv.Itoa(last+1)] {
			t.Errorf("scoresheets.pdf should number moves up to %d:\n%s", last, text)
		}
	})
	for _, doc := range []string{"standings.pdf", "crosstable.pdf"} {
		t.Run(doc, func(t *testing.T) {
			text := apitest.Spaced(apitest.PDFToText(t, gm.key+"-"+doc, s.MustDownload(base+"/"+doc, "application/pdf")))
			if want := apitest.Spaced(apitest.RuT(games.Of(gm.key).DisciplineFullPrefix + "standard")); !strings.Contains(text, want) {
				t.Errorf("%s does not name %q:\n%s", doc, want, text)
			}
		})
	}

	s.Must(http.StatusOK, apitest.Arbiter, "PATCH", base, map[string]any{"scoring": map[string]any{"win": 1, "draw": 0.5, "loss": 0, "bye": 1, "forfeit_win": 1}})
	standings(0.5)
	var doc struct {
		Event struct {
			Game    string             `json:"game"`
			Scoring map[string]float64 `json:"scoring"`
		} `json:"event"`
		Standings []struct {
			StartNo int     `json:"start_no"`
			Points  float64 `json:"points"`
		} `json:"standings"`
	}
	if err := json.Unmarshal(s.MustDownload(base+"/standings.json", "application/json"), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Event.Game != gm.key || doc.Event.Scoring["draw"] != 0.5 || len(doc.Standings) != 5 {
		t.Errorf("standings.json event %+v, %d rows", doc.Event, len(doc.Standings))
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
	blank := apitest.Spaced(apitest.PDFToText(t, gm.key+"-blank", s.MustDownload(base+"/scoresheets.pdf", "application/pdf")))
	if last := strconv.Itoa(games.Of(gm.key).SheetMoves); !slices.Contains(strings.Fields(blank), last) {
		t.Errorf("the blank score sheet has no row %s:\n%s", last, blank)
	}
	s.Must(http.StatusOK, apitest.Arbiter, "PATCH", base, map[string]any{"status": "finished"})

	// The federation's export of May carries the event with its game and
	// its games in the event's own scale, 1-½-0, as its table counts them
	// (issue 64), never in Adiukh's checkers.
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
		found = found || e.Event.Name == "Кубок Майкопа, "+gm.key && e.Event.Game == gm.key
	}
	if !found {
		t.Errorf("the federation export lacks the event of %s: %+v", gm.key, fed)
	}
	rows, err := csv.NewReader(bytes.NewReader(s.MustDownload("/api/v1/federation/games.csv?from=2026-05-01&to=2026-05-31", "text/csv"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	scores := map[string]bool{}
	for _, r := range rows[1:] {
		scores[r[7]] = true
	}
	if !scores["1:0"] || !scores["½:½"] || scores["2:0"] || scores["24:0"] {
		t.Errorf("the federation's games: scores %v", scores)
	}
}

// Each game keeps rating lists of its own: a rated blitz event of each
// goes into its game's blitz list, and no other. On both databases.
func TestFMJDGamesRatingLists(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		for _, gm := range fmjdGames {
			ev := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events", map[string]any{"name": "Рейтинговый блиц, " + gm.key, "game": gm.key,
				"discipline": "blitz", "system": "round-robin", "time_control": "3+2", "start_date": "2026-10-02", "end_date": "2026-10-02", "rated": true})
			id := apitest.Num(ev["id"])
			for i := 1; i <= 4; i++ {
				person := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/people", map[string]any{"surname": "Игроков", "given_names": fmt.Sprintf("%s %d", gm.key, i), "birth_year": 1990 + i})
				s.Must(http.StatusCreated, apitest.Arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"person_id": apitest.Num(person["id"])})
			}
			for n := 1; n <= 3; n++ {
				s.Must(http.StatusCreated, apitest.Arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
				s.Must(http.StatusOK, apitest.Arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/%d/publish", id, n), nil)
				apitest.PlayRound(s, id, n, "0:2", "1:1")
			}
			s.Must(http.StatusOK, apitest.Arbiter, "PATCH", fmt.Sprintf("/api/v1/events/%d", id), map[string]any{"status": "finished"})
		}
		for _, gm := range fmjdGames {
			list := s.Must(http.StatusCreated, tournament.Admin, "POST", "/api/v1/ratings/"+gm.key+"-blitz/periods", map[string]any{"until": "2026-10-31"})
			if p := list["period"].(map[string]any); apitest.Num(p["games"]) != 6 || apitest.Num(p["events"]) != 1 || len(list["rows"].([]any)) != 4 {
				t.Errorf("the %s blitz list: %v", gm.key, list)
			}
		}
		if rows := s.Must(http.StatusOK, "", "GET", "/api/v1/ratings/blitz", nil)["rows"]; rows != nil && len(rows.([]any)) != 0 {
			t.Errorf("Adiukh's blitz list took the other games' events: %v", rows)
		}
	})
}

// Round robins of both games in each over-the-board discipline, one
// player a board and teams of four boards (2:0, 1:1, 0:2 a board; the
// blitz teams by the Swiss system), and
// what they cannot have refused: a composition contest, the checkers won
// as a tie-break. On both databases.
func TestFMJDGamesRoundRobinDisciplines(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		for _, gm := range fmjdGames {
			for _, d := range []struct{ discipline, clock string }{{"standard", "30+30"}, {"rapid", "8+4"}, {"blitz", "3+2"}} {
				ev := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events", map[string]any{
					"name": gm.key + ", " + d.discipline, "game": gm.key, "discipline": d.discipline, "system": "round-robin", "time_control": d.clock,
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
				want := map[int]float64{1: 5, 2: 5, 3: 2, 4: 0}
				for _, r := range s.Must(http.StatusOK, "", "GET", base+"/standings", nil)["rows"].([]any) {
					r := r.(map[string]any)
					if no := apitest.Num(r["start_no"]); r["score"] != want[no] {
						t.Errorf("%s %s: start number %d scores %v, want %g", gm.key, d.discipline, no, r["score"], want[no])
					}
				}
			}
			// Three Swiss rounds of four teams meet every pair once, as the
			// round robin does: the same standings.
			for _, team := range []struct {
				discipline, clock, system string
				rounds                    int
			}{{"standard-team", "30+30", "round-robin", 0}, {"rapid-team", "8+4", "round-robin", 0}, {"blitz-team", "3+2", "swiss", 3}} {
				te := apitest.NewTeamEvent(t, s, team.system, team.rounds, 4, []int{4, 4, 4, 4})
				ev := s.Must(http.StatusOK, apitest.Arbiter, "PATCH", te.Path(""), map[string]any{"game": gm.key, "discipline": team.discipline, "time_control": team.clock})
				if ev["game"] != gm.key || ev["discipline"] != team.discipline {
					t.Fatalf("the team event: %v", ev)
				}
				score := func(home, away, board int) apitest.BoardScore {
					switch {
					case board == 4:
						return apitest.BoardScore{Home: 1, Away: 1, Reason: "agreement"}
					case home < away:
						return apitest.BoardScore{Home: 2, Away: 0, Reason: "resignation"}
					}
					return apitest.BoardScore{Home: 0, Away: 2, Reason: "resignation"}
				}
				for range 3 {
					te.Play(s.Must(http.StatusCreated, apitest.Arbiter, "POST", te.Path("/rounds"), nil), score)
				}
				want := map[int][2]float64{1: {6, 21}, 2: {4, 15}, 3: {2, 9}, 4: {0, 3}}
				for _, r := range s.Must(http.StatusOK, "", "GET", te.Path("/standings"), nil)["rows"].([]any) {
					r := r.(map[string]any)
					w := want[apitest.Num(r["start_no"])]
					if r["match_points"] != w[0] || r["game_points"] != w[1] {
						t.Errorf("%s %s: team %v: match points %v, game points %v; want %v", gm.key, team.discipline, r["start_no"], r["match_points"], r["game_points"], w)
					}
				}
				text := apitest.Spaced(apitest.PDFToText(t, gm.key+"-"+team.discipline, s.MustDownload(te.Path("/standings.pdf"), "application/pdf")))
				if want := apitest.Spaced(apitest.RuT(games.Of(gm.key).DisciplineFullPrefix + team.discipline)); !strings.Contains(text, want) {
					t.Errorf("the team standings.pdf does not name %q:\n%s", want, text)
				}
			}
			for _, tc := range []struct {
				body  map[string]any
				field string
			}{
				{map[string]any{"discipline": "composition"}, "game"},
				{map[string]any{"discipline": "standard", "system": "swiss", "rounds": 5, "tiebreaks": []string{"adiukh-points"}}, "tiebreaks[0]"},
			} {
				body := map[string]any{"name": "Турнир", "game": gm.key}
				for k, v := range tc.body {
					body[k] = v
				}
				if code, out := s.Do(apitest.Arbiter, "POST", "/api/v1/events", body); code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out), tc.field) {
					t.Errorf("%s %v: %d %v, want 400 at %s", gm.key, tc.body, code, out, tc.field)
				}
			}
		}
	})
}
