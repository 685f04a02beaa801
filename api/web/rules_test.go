package web_test

import (
	"fmt"
	"html"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// The rules the service keeps hold through the JSON API and the HTML forms
// alike: each test below goes through both doors.

// swissEvent creates, through the JSON API, a rapid Swiss of the named
// players with round 1 paired and published.
func swissEvent(s *apitest.Server, names ...string) int {
	s.T.Helper()
	ev := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", map[string]any{
		"name": "Кубок Адыгеи", "discipline": "rapid", "system": "swiss", "rounds": 5, "time_control": "8+4",
	})
	id := apitest.Num(ev["id"])
	for i, name := range names {
		s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": name, "rating": 2000 - 10*i})
	}
	s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	s.Must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), nil)
	return id
}

func TestCorrectionNeedsReasonOnEveryDoor(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	a := s.SignIn(arbiter)
	id := swissEvent(s.Server, "Берсиров Аслан", "Ёлкин Олег", "Хуажев Руслан", "Тлеуж Мурат")
	result := func(board int) string { return fmt.Sprintf("/api/v1/events/%d/rounds/1/games/%d/result", id, board) }

	// JSON: 17:7 turned into 7:17 needs a reason.
	s.Must(http.StatusOK, arbiter, "PUT", result(1), map[string]any{"score": "17:7", "end_reason": "final_position", "version": 1})
	code, out := s.Do(arbiter, "PUT", result(1), map[string]any{"score": "7:17", "end_reason": "final_position", "version": 2})
	if code != http.StatusBadRequest || out["field"] != "reason" || !strings.Contains(fmt.Sprint(out["message"]), "already has the result 17:7") {
		t.Fatalf("JSON correction without a reason: %d %v; want 400 on reason", code, out)
	}
	g := s.Must(http.StatusOK, arbiter, "PUT", result(1), map[string]any{"score": "7:17", "end_reason": "final_position", "version": 2, "reason": "перепутаны цвета"})
	if g["score"] != "7:17" || g["warnings"] != nil {
		t.Errorf("JSON correction before round 2 = %v; want 7:17 without warnings", g)
	}

	// The keyboard entry: 24:0 turned into 0:24 needs a reason too.
	entry := fmt.Sprintf("/events/%d/rounds/1/results", id)
	fast := func(score, reason string) *http.Response {
		versions := versionsField.FindStringSubmatch(a.Get(entry).Body.String())
		rec := a.Post(entry, url.Values{"board": {"2"}, "score": {score}, "end_reason": {"resignation"}, "versions": {versions[1]}, "reason": {reason}})
		res := rec.Result()
		res.Header.Set("X-Body", rec.Body.String())
		return res
	}
	if res := fast("24:0", ""); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("first result by keyboard: %d\n%s", res.StatusCode, res.Header.Get("X-Body"))
	}
	res := fast("0:24", "")
	if body := html.UnescapeString(res.Header.Get("X-Body")); res.StatusCode != http.StatusBadRequest || !strings.Contains(body, apitest.RuF("the game already has the result %s; say why it is corrected", "24:0")) || !strings.Contains(body, `value="0:24"`) {
		t.Fatalf("keyboard correction without a reason: %d; want 400 asking for the reason next to the kept score\n%s", res.StatusCode, body)
	}
	if res := fast("0:24", "сдались белые"); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("keyboard correction with a reason: %d\n%s", res.StatusCode, res.Header.Get("X-Body"))
	}

	// Round 2 is paired on these results; a correction of round 1 now
	// stands with a warning, on the page and in JSON.
	s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	res = fast("24:0", "судья перепутал доски")
	body := html.UnescapeString(res.Header.Get("X-Body"))
	// A warning is the page's "saved, but" and the service's warning.
	warning := func(old string, board int) string {
		return `<p class="warning" role="alert">⚠ ` + apitest.RuT("results.warning") + " " +
			apitest.RuF("round %s was already paired on the old result %s of board %d in round %d; check its pairings, or unpublish and pair it again", "2", old, board, 1)
	}
	if res.StatusCode != http.StatusOK || !strings.Contains(body, warning("0:24", 2)) {
		t.Errorf("keyboard correction after round 2 was paired: %d; want the page with the warning\n%s", res.StatusCode, body)
	}
	g = s.Must(http.StatusOK, arbiter, "PUT", result(1), map[string]any{"score": "24:0", "end_reason": "resignation", "version": 3, "reason": "сдались чёрные"})
	warnings, _ := g["warnings"].([]any)
	if len(warnings) != 1 || !strings.Contains(fmt.Sprint(warnings[0]), "round 2 was already paired on the old result 7:17") {
		t.Errorf("JSON correction after round 2 was paired: warnings %v", g["warnings"])
	}

	entries := s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/audit", id), nil)["entries"].([]any)
	var corrections []string
	for _, e := range entries {
		if e := e.(map[string]any); e["action"] == "result.correct" {
			corrections = append(corrections, fmt.Sprint(e["reason"]))
		}
	}
	if want := []string{"перепутаны цвета", "сдались белые", "судья перепутал доски", "сдались чёрные"}; strings.Join(corrections, "|") != strings.Join(want, "|") {
		t.Errorf("corrections in the audit log: %q, want %q", corrections, want)
	}
	// The sheet page: a correction saved with its warning is a success.
	rec := a.Post(fmt.Sprintf("/events/%d/rounds/1/boards/1/edit", id), url.Values{"score": {"7:17"}, "end_reason": {"final_position"}, "version": {"4"}, "reason": {"снова перепутаны цвета"}})
	if body := apitest.PageText(rec); rec.Code != http.StatusOK || !strings.Contains(body, warning("24:0", 1)) {
		t.Errorf("sheet page correction after round 2 was paired: %d; want 200 with the warning\n%s", rec.Code, body)
	}
}

func TestPlayerListAllOrNothing(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	a := s.SignIn(arbiter)
	ev := s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Кубок", "discipline": "rapid", "system": "swiss", "rounds": 5})
	id := apitest.Num(ev["id"])
	s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": "Ёлкин Олег", "federation_id": "4100123"})
	bulk := fmt.Sprintf("/api/v1/events/%d/players/bulk", id)
	count := func() int {
		return len(s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/players", id), nil)["players"].([]any))
	}

	// JSON: every bad entry named by its place; nobody registered.
	code, out := s.Do(arbiter, "POST", bulk, map[string]any{"players": []map[string]any{{"name": "Хуаде Аслан"}, {"name": "Тлеуж", "rating": 9000}, {"rating": 1500}}})
	details, _ := out["details"].([]any)
	if code != http.StatusBadRequest || len(details) != 2 || fmt.Sprint(details[0].(map[string]any)["line"]) != "2" || details[1].(map[string]any)["field"] != "name" {
		t.Fatalf("JSON list with two bad entries: %d %v; want 400 naming entries 2 (rating) and 3 (name)", code, out)
	}
	if n := count(); n != 1 {
		t.Fatalf("%d players after a refused list, want 1", n)
	}
	// Duplicates wait for confirm_duplicates.
	list := map[string]any{"players": []map[string]any{{"name": "Хуаде Аслан"}, {"name": "ЕЛКИН олег"}}}
	code, out = s.Do(arbiter, "POST", bulk, list)
	if code != http.StatusConflict || out["field"] != "confirm_duplicates" || len(out["details"].([]any)) != 1 {
		t.Fatalf("JSON list with a duplicate: %d %v; want 409 on confirm_duplicates", code, out)
	}
	list["confirm_duplicates"] = true
	if got := s.Must(http.StatusCreated, arbiter, "POST", bulk, list)["players"].([]any); len(got) != 2 {
		t.Errorf("confirmed JSON list registered %d players, want 2", len(got))
	}

	// HTML: the pasted text stays with every bad line listed.
	csvPath := fmt.Sprintf("/events/%d/players/csv", id)
	text := "name; rating\nТхагапсов Руслан; 1900\nАбрегов Заур; x\nГучетль Мира; 1800; девяностый\n"
	rec := a.Post(csvPath, url.Values{"csv": {text}})
	body := html.UnescapeString(rec.Body.String())
	apitest.MustStatus(t, "bad list", rec.Code, http.StatusBadRequest, body)
	for _, want := range []string{
		apitest.RuT("error.line_field", "Line", 3, "Field", apitest.Ru.Field("rating"), "Message", apitest.RuF("%q is not a whole number", "x")),
		apitest.RuT("error.line_field", "Line", 4, "Field", apitest.Ru.Field("birth_year"), "Message", apitest.RuF("%q is not a whole number", "девяностый")),
		apitest.RuF("%d lines of the list have errors; nothing was registered", 2),
		"Тхагапсов Руслан; 1900",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the page of a bad list lacks %q", want)
		}
	}
	// A line the CSV reader refuses is told in Russian, by its character;
	// one bad line is counted as one.
	rec = a.Post(csvPath, url.Values{"csv": {"Тхагапсов Руслан; 1900\nИван \"Кавычки; 1900\n"}})
	body = html.UnescapeString(rec.Body.String())
	apitest.MustStatus(t, "list with a stray quote mark", rec.Code, http.StatusBadRequest, body)
	for _, want := range []string{
		apitest.RuF("%d lines of the list have errors; nothing was registered", 1),
		apitest.RuT("error.line", "Line", 2, "Message", apitest.RuF("the quotes of the line do not pair up at character %d: a field that does not start with a quote mark has one inside; put the whole field in quotes and double the quote marks in it", 6)),
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the page of a list with a stray quote mark lacks %q", want)
		}
	}
	if strings.Contains(body, "non-quoted-field") {
		t.Errorf("the page of a list with a stray quote mark shows the CSV reader's English")
	}
	code, out = s.Do(arbiter, "POST", bulk, map[string]any{"csv": "Иван \"Кавычки, 1900"})
	if msg, _ := out["message"].(string); code != http.StatusBadRequest || msg != "1 line of the list has errors; nothing was registered" {
		t.Errorf("JSON list with one bad line: %d %v; want 400 saying 1 line", code, out)
	}

	// A duplicate by federation ID asks for a confirmation.
	text = "Тхагапсов Руслан, 1900\nОлег Ёлкин, 1700, , , , 4100123\n"
	rec = a.Post(csvPath, url.Values{"csv": {text}})
	body = html.UnescapeString(rec.Body.String())
	apitest.MustStatus(t, "list with a duplicate", rec.Code, http.StatusConflict, body)
	if !strings.Contains(body, apitest.RuT("error.line_field", "Line", 2, "Field", apitest.Ru.Field("federation_id"), "Message",
		apitest.RuF("%s looks like %s, already registered with start number %d", "Олег Ёлкин", "Ёлкин Олег", 1))) || !strings.Contains(body, `name="confirm" value="1"`) {
		t.Errorf("the duplicate is not shown with a confirmation button:\n%s", body)
	}
	if n := count(); n != 3 {
		t.Fatalf("%d players before the confirmation, want 3", n)
	}
	rec = a.Post(csvPath, url.Values{"csv": {text}, "confirm": {"1"}})
	apitest.MustStatus(t, "confirmed list", rec.Code, http.StatusSeeOther, rec.Body.String())
	if n := count(); n != 5 {
		t.Errorf("%d players after the confirmed list, want 5", n)
	}
	if body := a.Get(fmt.Sprintf("/events/%d/manage", id)).Body.String(); strings.Contains(body, "Тхагапсов Руслан, 1900") {
		t.Errorf("the registered list stays in the text box")
	}
}

func TestWithdrawalIsConfirmedAndUndone(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	a := s.SignIn(arbiter)
	id := swissEvent(s.Server, "Берсиров Аслан", "Ёлкин Олег", "Хуажев Руслан", "Тлеуж Мурат")
	players := fmt.Sprintf("/api/v1/events/%d/players", id)
	withdrawn := func() int {
		return apitest.Num(s.Must(http.StatusOK, arbiter, "GET", players, nil)["players"].([]any)[3].(map[string]any)["withdraw_from_round"])
	}

	// JSON: no withdrawal without a reason.
	code, out := s.Do(arbiter, "PATCH", players+"/4", map[string]any{"withdraw_from_round": 2})
	if code != http.StatusBadRequest || out["field"] != "reason" {
		t.Fatalf("JSON withdrawal without a reason: %d %v; want 400 on reason", code, out)
	}

	// HTML: the first click asks; the confirmation needs the reason.
	withdraw := fmt.Sprintf("/events/%d/players/4/withdraw", id)
	// A round that is not a number is refused above the desk, named by its
	// label in the page's language.
	rec := a.Post(withdraw, url.Values{"from_round": {"второй"}})
	apitest.MustStatus(t, "withdraw from a round in words", rec.Code, http.StatusBadRequest, rec.Body.String())
	if !strings.Contains(apitest.PageText(rec), `<p class="field-error" role="alert">`+apitest.Ru.Field("withdraw_from_round")+": "+apitest.RuF("%q is not a round number", "второй")+"</p>") {
		t.Errorf("the round in words is not refused at its label:\n%s", rec.Body.String())
	}
	rec = a.Post(withdraw, url.Values{"from_round": {"2"}})
	apitest.MustStatus(t, "withdraw, first click", rec.Code, http.StatusOK, rec.Body.String())
	if body := apitest.PageText(rec); !strings.Contains(body, apitest.RuT("confirm.withdraw", "Name", "Тлеуж Мурат", "N", 2)) || !strings.Contains(body, `name="confirm" value="1"`) {
		t.Errorf("the confirmation page does not ask about the player:\n%s", body)
	}
	if n := withdrawn(); n != 0 {
		t.Fatalf("the first click withdrew the player from round %d", n)
	}
	rec = a.Post(withdraw, url.Values{"from_round": {"2"}, "confirm": {"1"}})
	apitest.MustStatus(t, "withdraw without a reason", rec.Code, http.StatusBadRequest, rec.Body.String())
	if !strings.Contains(apitest.PageText(rec), apitest.RuF("say why %s is withdrawn; the audit log keeps it", "Тлеуж Мурат")) {
		t.Errorf("the missing reason is not asked for:\n%s", rec.Body.String())
	}
	rec = a.Post(withdraw, url.Values{"from_round": {"2"}, "confirm": {"1"}, "reason": {"заболел"}})
	apitest.MustStatus(t, "withdraw", rec.Code, http.StatusSeeOther, rec.Body.String())
	if n := withdrawn(); n != 2 {
		t.Fatalf("withdrawn from round %d, want 2", n)
	}

	// Round 2 is not paired: the withdrawal can be taken back.
	reinstate := fmt.Sprintf("/events/%d/players/4/reinstate", id)
	if body := a.Get(fmt.Sprintf("/events/%d/manage", id)).Body.String(); !strings.Contains(body, reinstate) {
		t.Errorf("the desk offers no undo of the withdrawal")
	}
	rec = a.Post(reinstate, url.Values{"confirm": {"1"}, "reason": {"выздоровел"}})
	apitest.MustStatus(t, "take back", rec.Code, http.StatusSeeOther, rec.Body.String())
	if n := withdrawn(); n != 0 {
		t.Errorf("after the undo the player is withdrawn from round %d", n)
	}
	entries := s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/audit", id), nil)["entries"].([]any)
	if last := entries[len(entries)-1].(map[string]any); last["action"] != "player.reinstate" || last["reason"] != "выздоровел" {
		t.Errorf("last audit entry %v; want the undo with its reason", last)
	}

	// JSON: removal needs a reason as well.
	code, out = s.Do(arbiter, "DELETE", players+"/4", nil)
	if code != http.StatusConflict && (code != http.StatusBadRequest || out["field"] != "reason") {
		t.Errorf("JSON removal without a reason: %d %v", code, out)
	}
}

func TestTeamRosterRefusesAnotherTeamsPlayer(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	a := s.SignIn(arbiter)
	ev := s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Командный кубок", "discipline": "rapid-team", "system": "round-robin"})
	teams := fmt.Sprintf("/events/%d/teams", apitest.Num(ev["id"]))
	rec := a.Post(teams, url.Values{"name": {"Нарт"}, "roster": {"Ёлкин Олег, 2000\nБерсиров Аслан, 1900"}})
	apitest.MustStatus(t, "first team", rec.Code, http.StatusSeeOther, rec.Body.String())
	rec = a.Post(teams, url.Values{"name": {"Адыгея"}, "roster": {"Хуажев Руслан\n\nелкин олег"}})
	body := html.UnescapeString(rec.Body.String())
	apitest.MustStatus(t, "a player of another team", rec.Code, http.StatusConflict, body)
	if !strings.Contains(body, apitest.RuT("error.line", "Line", 3, "Message", apitest.RuF("%s already plays for team %q", "елкин олег", "Нарт"))) {
		t.Errorf("the refused roster line is not named:\n%s", body)
	}
	// JSON: the same rule on the same use case.
	code, out := s.Do(arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/teams", apitest.Num(ev["id"])), map[string]any{"name": "Адыгея", "players": []map[string]any{{"name": "Хуажев Руслан"}, {"name": "БЕРСИРОВ Аслан"}}})
	if code != http.StatusConflict || out["field"] != "players[1].name" {
		t.Errorf("JSON roster with a player of another team: %d %v; want 409 on players[1].name", code, out)
	}
}

// The sheet sent back unchanged (the sheet form always sends it, the JSON
// API may) keeps the stored sheet: nothing changes, no reason is asked.
func TestUnchangedSheetIsKeptOnEveryDoor(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	a := s.SignIn(arbiter)
	id := s.RoundRobin(4)
	result := fmt.Sprintf("/api/v1/events/%d/rounds/1/games/1/result", id)
	s.Must(http.StatusOK, arbiter, "PUT", result, map[string]any{"score": "17:7", "end_reason": "final_position", "version": 1, "sheet": apitest.SampleGame})
	g := s.Must(http.StatusOK, arbiter, "PUT", result, map[string]any{"score": "17:7", "end_reason": "final_position", "version": 2, "sheet": "\n" + apitest.SampleGame + "\n"})
	if apitest.Num(g["version"]) != 2 {
		t.Errorf("JSON: the same result and sheet made version %d, want 2", apitest.Num(g["version"]))
	}
	rec := a.Post(fmt.Sprintf("/events/%d/rounds/1/boards/1/edit", id), url.Values{"score": {"17:7"}, "end_reason": {"final_position"}, "version": {"2"}, "sheet": {strings.ReplaceAll(apitest.SampleGame, "\n", "\r\n")}})
	apitest.MustStatus(t, "sheet form sent back unchanged", rec.Code, http.StatusSeeOther, rec.Body.String())
	round := s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)
	if v := apitest.Num(round["games"].([]any)[0].(map[string]any)["version"]); v != 2 {
		t.Errorf("HTML: the unchanged form made version %d, want 2", v)
	}
}
