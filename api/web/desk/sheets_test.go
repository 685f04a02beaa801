package desk_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// A standard game's result comes in on a slip and its sheet later: the
// result is accepted with a warning, the desk lists the missing sheet, and
// an event that requires sheets waits for it before pairing the next round
// or finishing; the sheet that comes in later is checked against the
// result.
func TestResultsWithoutSheets(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	ev := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", map[string]any{
		"name": "Клубный турнир", "discipline": "standard", "system": "round-robin", "time_control": "60+30", "sheets_required": true})
	id := apitest.Num(ev["id"])
	if ev["sheets_required"] != true {
		t.Fatalf("sheets_required not kept: %v", ev)
	}
	for i := 1; i <= 3; i++ {
		s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": fmt.Sprintf("Игрок %d", i)})
	}
	s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	s.Must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), nil)

	result := fmt.Sprintf("/api/v1/events/%d/rounds/1/games/1/result", id)
	out := s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", result, map[string]any{"score": "17:7", "end_reason": "final_position", "version": 1})
	warnings := fmt.Sprint(out["warnings"])
	if out["score"] != "17:7" || !strings.Contains(warnings, "without its score sheet") || !strings.Contains(warnings, "round 1 waits") {
		t.Fatalf("a result without its sheet: %v", out)
	}
	arbiter := s.SignIn(tournament.ArbiterRole)
	desk := arbiter.Get(fmt.Sprintf("/events/%d/manage", id)).Body.String()
	if !strings.Contains(desk, `id="missing-sheets"`) || !strings.Contains(desk, fmt.Sprintf("/events/%d/rounds/1/boards/1/edit", id)) {
		t.Errorf("the desk does not list the missing sheet")
	}
	if page := arbiter.Get(fmt.Sprintf("/events/%d/rounds/1/results", id)).Body.String(); !strings.Contains(page, `<span class="badge warn" title="`+apitest.RuT("sheets.missing_hint")+`">`+apitest.RuT("sheets.missing")+"</span>") {
		t.Errorf("the results page does not mark the board without its sheet")
	}
	code, refused := s.Do(tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	if code != http.StatusConflict || refused["field"] != "sheets" || !strings.Contains(fmt.Sprint(refused["message"]), "board 1") {
		t.Errorf("pairing round 2 while a sheet is missing: %d %v", code, refused)
	}

	// The sheet arrives: checked against the stored result (a wrong one
	// is refused), then the next round can be paired.
	code, wrong := s.Do(tournament.ArbiterRole, "PUT", result, map[string]any{"score": "17:7", "end_reason": "final_position", "version": 2, "sheet": "1. c3-b4 b6-c5"})
	if code != http.StatusBadRequest {
		t.Errorf("a sheet that stops early: %d %v", code, wrong)
	}
	s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", result, map[string]any{"score": "17:7", "end_reason": "final_position", "version": 2, "sheet": apitest.SampleGame})
	s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	if desk := arbiter.Get(fmt.Sprintf("/events/%d/manage", id)).Body.String(); strings.Contains(desk, `id="missing-sheets"`) {
		t.Errorf("the desk still lists a sheet that came in")
	}

	// The setting is on the event form and off by default.
	rec := arbiter.Post(fmt.Sprintf("/events/%d/settings", id), url.Values{"name": {"Клубный турнир"}, "discipline": {"standard"}, "system": {"round-robin"}, "time_control": {"60+30"}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("save the settings: %d", rec.Code)
	}
	_, e := s.Do("", "GET", fmt.Sprintf("/api/v1/events/%d", id), nil)
	if e["sheets_required"] != false {
		t.Errorf("unticking the box left sheets_required %v", e["sheets_required"])
	}
}

// A pasted sheet that ends in a final position or records its result gives
// the score: the arbiter need not type what the sheet already says.
func TestScoreFromTheSheet(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		id := s.RoundRobin(4)
		result := fmt.Sprintf("/api/v1/events/%d/rounds/1/games/%%d/result", id)
		g := s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf(result, 1), map[string]any{"sheet": apitest.SampleGame, "version": 1})
		if g["score"] != "17:7" || g["end_reason"] != "final_position" {
			t.Errorf("the final position's score: %v", g)
		}
		g = s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf(result, 2), map[string]any{"sheet": "1. c3-b4 b6-c5 2. b4-a5 a7-b6 24:0 resignation", "version": 1})
		if g["score"] != "24:0" || g["end_reason"] != "resignation" {
			t.Errorf("the written result: %v", g)
		}
		code, out := s.Do(tournament.ArbiterRole, "PUT", fmt.Sprintf(result, 2), map[string]any{"sheet": "1. c3-b4 b6-c5", "version": 2, "reason": "бланк переписан"})
		if code != http.StatusBadRequest || out["field"] != "score" {
			t.Errorf("a sheet that says no result, without a score: %d %v", code, out)
		}
	})
}

// Several sheets of a round at once, pasted on the results page or sent to
// the API: each finds its board by the number in its header or by the
// players' names and is stored with the score it gives; a sheet that fits
// no board is named, and one whose names are not its board's players is
// stored with a warning.
func TestSeveralSheetsAtOnce(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(8)
	_, round := s.Do("", "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)
	_, players := s.Do("", "GET", fmt.Sprintf("/api/v1/events/%d/players", id), nil)
	name := map[int]string{}
	for _, p := range players["players"].([]any) {
		pm := p.(map[string]any)
		name[apitest.Num(pm["start_no"])] = fmt.Sprint(pm["name"])
	}
	games := round["games"].([]any)
	header := func(i int) string {
		g := games[i].(map[string]any)
		return fmt.Sprintf("Белые: %s\nЧерные: %s\n", name[apitest.Num(g["white"])], name[apitest.Num(g["black"])])
	}
	batch := header(0) + apitest.SampleGame + "\n---\n" +
		"Доска: 2\nБелые: Кто-то Другой\nЧерные: Совсем Не Тот\n1. c3-b4 b6-c5 2. b4-a5 a7-b6 24:0 resignation\n---\n" +
		"Белые: Незнакомец\nЧерные: Неизвестный\n" + apitest.SampleGame
	arbiter := s.SignIn(tournament.ArbiterRole)
	page := arbiter.Post(fmt.Sprintf("/events/%d/rounds/1/sheets", id), url.Values{"sheets": {batch}})
	body, text := page.Body.String(), apitest.PageText(page)
	board2 := games[1].(map[string]any)
	if page.Code != http.StatusOK || !strings.Contains(body, `id="sheet-outcomes"`) || !strings.Contains(body, "✓ 17:7") || !strings.Contains(body, "✓ 24:0") ||
		!strings.Contains(text, apitest.RuF("the sheet names %s – %s, but board %d of round %d is %s – %s; check that it is the right sheet", "Кто-то Другой", "Совсем Не Тот", 2, 1, name[apitest.Num(board2["white"])], name[apitest.Num(board2["black"])])) ||
		!strings.Contains(text, apitest.RuF(`no game of round %d is %s – %s; add a line "Board: N" to the sheet`, 1, "Незнакомец", "Неизвестный")) {
		t.Fatalf("the batch on the page: %d\n%s", page.Code, body)
	}
	// The sheet that fits no board stays in the box; the stored ones do not.
	box := regexp.MustCompile(`(?s)<textarea name="sheets"[^>]*>(.*?)</textarea>`).FindStringSubmatch(body)
	if box == nil || !strings.Contains(box[1], "Незнакомец") || strings.Contains(box[1], "Кто-то Другой") || strings.Count(box[1], "15. d8:a5") != 1 {
		t.Errorf("the box after the batch holds %q; want only the sheet not stored", box)
	}
	_, after := s.Do("", "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)
	for i, want := range []string{"17:7", "24:0"} {
		if g := after["games"].([]any)[i].(map[string]any); g["score"] != want {
			t.Errorf("board %d: %v, want %s from its sheet", i+1, g["score"], want)
		}
	}
	code, out := s.Do(tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/sheets", id), map[string]any{"text": header(2) + apitest.SampleGame})
	sheets, _ := out["sheets"].([]any)
	if code != http.StatusOK || len(sheets) != 1 || apitest.Num(sheets[0].(map[string]any)["board"]) != 3 {
		t.Errorf("the API: %d %v", code, out)
	}

	// One sheet entered for its board warns the same way when its names
	// are not the board's players, and not when they are.
	board := func(i int) map[string]any {
		_, r := s.Do("", "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)
		return r["games"].([]any)[i].(map[string]any)
	}
	g4 := board(3)
	code, out = s.Do(tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/1/games/4/result", id),
		map[string]any{"sheet": "Белые: Кто-то Другой\n" + apitest.SampleGame, "version": apitest.Num(g4["version"])})
	if code != http.StatusOK || !strings.Contains(fmt.Sprint(out["warnings"]), "check that it is the right sheet") {
		t.Errorf("a sheet of other players entered on board 4: %d %v", code, out)
	}
	code, out = s.Do(tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/1/games/4/result", id),
		map[string]any{"sheet": "White: " + name[apitest.Num(g4["white"])] + "\n" + apitest.SampleGame, "version": apitest.Num(board(3)["version"]), "reason": "the right sheet"})
	if code != http.StatusOK || out["warnings"] != nil {
		t.Errorf("board 4's own sheet: %d %v", code, out)
	}
}

// Finding C of the second security pass: a batch holding one sheet of
// megabytes was parsed whole (1.7 s, ~140 MB) before its size was refused.
// Each sheet is measured first now: the batch answers with that sheet's
// size error, having allocated little beyond the body itself.
func TestHugeSheetInABatchIsMeasuredBeforeItIsRead(t *testing.T) {
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(4)
	huge := "Белые: А\nЧерные: Б\n" + strings.Repeat("1. c3-d4 f6-g5 ", 250_000)
	body := map[string]any{"text": huge}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	code, out := s.Do(tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/sheets", id), body)
	runtime.ReadMemStats(&after)
	sheets, _ := out["sheets"].([]any)
	if code != http.StatusOK || len(sheets) != 1 || !strings.Contains(fmt.Sprint(sheets[0]), "sheet") {
		t.Fatalf("status %d, %v", code, out)
	}
	if got := fmt.Sprint(sheets[0].(map[string]any)["error"]); !strings.Contains(got, "65536") {
		t.Errorf("the sheet's error is %s, want its size", got)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 20*uint64(len(huge)) {
		t.Errorf("a %d-byte batch allocated %d bytes", len(huge), alloc)
	}
}

// standardRoundRobin is a round robin of standard Adiukh with its round 1
// published, whose games record their score sheets.
func standardRoundRobin(s *apitest.Server, players int) int {
	s.T.Helper()
	ev := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", map[string]any{
		"name": "Клубный турнир", "discipline": "standard", "system": "round-robin", "time_control": "60+30"})
	id := apitest.Num(ev["id"])
	for i := 1; i <= players; i++ {
		s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": fmt.Sprintf("Игрок %d", i)})
	}
	s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	s.Must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), nil)
	return id
}

// An event that does not wait for score sheets tells how many are missing
// and folds the boards away, instead of a list of every board of every
// round at the top of the desk (issue 60, the arbiter's flow); one that
// waits for them lists them open.
func TestMissingSheetsFoldedWhenNotRequired(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := standardRoundRobin(s.Server, 6)
	apitest.PlayRound(s.Server, id, 1, "17:7")
	desk := apitest.PageText(s.SignIn(tournament.ArbiterRole).Get(fmt.Sprintf("/events/%d/manage", id)))
	summary := "<summary><strong>" + apitest.RuT("sheets.missing_title") + "</strong> " + apitest.RuN("sheets.missing_games", 3) + "</summary>"
	if !strings.Contains(desk, summary) || !strings.Contains(desk, fmt.Sprintf("/events/%d/rounds/1/boards/3/edit", id)) {
		t.Errorf("the desk does not fold the 3 missing sheets under %q", summary)
	}
}

// TestImportedEventAsksNoSheets: an event imported from a TRF file,
// another program's (who won, no score) or its own export (with the
// scores), is not nagged on its desk or its round's page for sheets that
// never existed, while the event it came from lists its missing ones; a
// round paired after the import waits for its sheets as any other
// (issue 60, «Нет бланков» for imported events).
func TestImportedEventAsksNoSheets(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := standardRoundRobin(s.Server, 4)
	apitest.PlayRound(s.Server, id, 1, "17:7", "12:12")
	arbiter := s.SignIn(tournament.ArbiterRole)
	if desk := arbiter.Get(fmt.Sprintf("/events/%d/manage", id)).Body.String(); !strings.Contains(desk, `id="missing-sheets"`) {
		t.Fatal("the event played at the desk does not list its missing sheets")
	}
	own := string(s.MustDownload(fmt.Sprintf("/api/v1/events/%d/export.trf", id), "text/plain"))
	foreign := regexp.MustCompile(`(?m)^###.*\n`).ReplaceAllString(own, "")
	for name, file := range map[string]string{"its own export": own, "another program's file": foreign} {
		imported := apitest.Num(s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events/import.trf", file)["id"])
		if desk := apitest.PageText(arbiter.Get(fmt.Sprintf("/events/%d/manage", imported))); strings.Contains(desk, `id="missing-sheets"`) {
			t.Errorf("the desk of the event imported from %s asks for score sheets:\n%s", name, desk)
		}
		if results := apitest.PageText(arbiter.Get(fmt.Sprintf("/events/%d/rounds/1/results", imported))); strings.Contains(results, apitest.RuT("sheets.missing_hint")) {
			t.Errorf("round 1's results of the event imported from %s mark a sheet missing:\n%s", name, results)
		}
	}
	// The own export's import goes on: its round 2 is played at the desk.
	again := apitest.Num(s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events/import.trf", own)["id"])
	s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", again), nil)
	s.Must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/2/publish", again), nil)
	apitest.PlayRound(s.Server, again, 2, "17:7", "12:12")
	desk := apitest.PageText(arbiter.Get(fmt.Sprintf("/events/%d/manage", again)))
	if !strings.Contains(desk, fmt.Sprintf("/events/%d/rounds/2/boards/1/edit", again)) || strings.Contains(desk, fmt.Sprintf("/events/%d/rounds/1/boards/", again)) {
		t.Errorf("the desk after round 2 of the imported event: want round 2's missing sheets, none of round 1:\n%s", desk)
	}
}
