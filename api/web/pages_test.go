package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/review"
)

var versionsField = regexp.MustCompile(`name="versions" value="([^"]*)"`)

// TestArbiterRunsARoundByForms does through the HTML forms what an arbiter
// does: create an event, paste players, pair and publish, enter results
// from the keyboard and one sheet, and finish; every page then renders in
// both languages.
func TestArbiterRunsARoundByForms(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	a := s.SignIn(tournament.ArbiterRole)

	rec := a.Post("/manage/events", url.Values{"name": {"Кубок клуба"}, "discipline": {"rapid"}, "system": {"round-robin"}, "time_control": {"30+30"}})
	apitest.MustStatus(t, "create event", rec.Code, http.StatusSeeOther, rec.Body.String())
	manage := rec.Header().Get("Location")
	var id int
	if _, err := fmt.Sscanf(manage, "/events/%d/manage", &id); err != nil {
		t.Fatalf("created event sent to %q", manage)
	}
	if body := a.Get(manage).Body.String(); !strings.Contains(body, "§9") {
		t.Errorf("a rapid event at 30+30 shows no §9 warning")
	}

	csv := "name, rating\nИванов Иван, 1900\nПетров Пётр, x\n, 1700\n"
	rec = a.Post(fmt.Sprintf("/events/%d/players/csv", id), url.Values{"csv": {csv}})
	apitest.MustStatus(t, "bad CSV", rec.Code, http.StatusBadRequest, "")
	if !strings.Contains(apitest.PageText(rec), apitest.RuT("error.line_field", "Line", 3, "Field", apitest.Ru.Field("rating"), "Message", apitest.RuF("%q is not a whole number", "x"))) {
		t.Errorf("a bad CSV line is not named by number:\n%s", rec.Body.String())
	}
	// The name of a line is the player's, not the event's "Название".
	if !strings.Contains(apitest.PageText(rec), apitest.RuT("error.line_field", "Line", 4, "Field", apitest.Ru.Field("full_name"), "Message", apitest.RuF("must not be empty"))) {
		t.Errorf("a line without a name does not name the player's name field:\n%s", rec.Body.String())
	}
	// All or nothing: Иванов of line 2 was not registered either.
	csv = "Иванов Иван, 1900\nПетров Пётр, 1850\nСидорова Анна, 1800, 2001, Нарт, Майкоп\nЁлкин Олег\n"
	rec = a.Post(fmt.Sprintf("/events/%d/players/csv", id), url.Values{"csv": {csv}})
	apitest.MustStatus(t, "CSV", rec.Code, http.StatusSeeOther, rec.Body.String())

	rec = a.Post(fmt.Sprintf("/events/%d/rounds", id), nil)
	apitest.MustStatus(t, "pair", rec.Code, http.StatusSeeOther, rec.Body.String())
	rec = a.Post(fmt.Sprintf("/events/%d/rounds/1/publish", id), nil)
	apitest.MustStatus(t, "publish", rec.Code, http.StatusSeeOther, rec.Body.String())

	entry := fmt.Sprintf("/events/%d/rounds/1/results", id)
	versions := versionsField.FindStringSubmatch(a.Get(entry).Body.String())
	if versions == nil {
		t.Fatal("the result entry page has no versions field")
	}
	rec = a.Post(entry, url.Values{"board": {"2"}, "score": {"14:11"}, "end_reason": {"final_position"}, "versions": {versions[1]}})
	apitest.MustStatus(t, "bad score", rec.Code, http.StatusBadRequest, "")
	if !strings.Contains(apitest.PageText(rec), apitest.RuF("the two scores add up to 24 (every checker is counted once, §5.1); %s adds up to %d", "14:11", 25)) || !strings.Contains(rec.Body.String(), `value="14:11"`) {
		t.Errorf("a score not adding up to 24 is not explained next to the kept input")
	}
	// A form that lost its versions asks to be reloaded; a board the round
	// lacks is named as such.
	for _, lost := range []url.Values{{}, {"versions": {""}}} {
		lost.Set("board", "2")
		lost.Set("score", "12:12")
		lost.Set("end_reason", "agreement")
		rec = a.Post(entry, lost)
		apitest.MustStatus(t, "versions lost", rec.Code, http.StatusBadRequest, "")
		if body := apitest.PageText(rec); !strings.Contains(body, apitest.RuF("the form lost the boards' versions; reload the page")) || strings.Contains(body, apitest.RuF("round %d has no board %d", 1, 2)) {
			t.Errorf("a form without its versions is not asked to be reloaded:\n%s", body)
		}
	}
	rec = a.Post(entry, url.Values{"board": {"9"}, "score": {"12:12"}, "end_reason": {"agreement"}, "versions": {versions[1]}})
	apitest.MustStatus(t, "no such board", rec.Code, http.StatusBadRequest, "")
	if !strings.Contains(apitest.PageText(rec), apitest.RuF("round %d has no board %d", 1, 9)) {
		t.Errorf("a board the round lacks is not named:\n%s", rec.Body.String())
	}
	rec = a.Post(entry, url.Values{"board": {"2"}, "score": {"12:12"}, "end_reason": {"agreement"}, "versions": {versions[1]}})
	apitest.MustStatus(t, "fast entry", rec.Code, http.StatusSeeOther, rec.Body.String())
	// The same result sent again from the same page stands: it is not
	// told as someone else's change (issue 60, item 6).
	rec = a.Post(entry, url.Values{"board": {"2"}, "score": {"12:12"}, "end_reason": {"agreement"}, "versions": {versions[1]}})
	apitest.MustStatus(t, "the same result sent twice", rec.Code, http.StatusSeeOther, rec.Body.String())
	rec = a.Post(entry, url.Values{"board": {"2"}, "score": {"24:0"}, "end_reason": {"resignation"}, "versions": {versions[1]}})
	apitest.MustStatus(t, "stale page", rec.Code, http.StatusConflict, "")
	if page := apitest.PageText(rec); !strings.Contains(page, apitest.RuF("board %d of round %d was changed after the page was opened (by another entry, or by this one sent before); reload it to see its result, and enter the result again if it is still wrong", 2, 1)) {
		t.Errorf("a result typed on a stale page is not refused as such:\n%s", rec.Body.String())
	}

	edit := fmt.Sprintf("/events/%d/rounds/1/boards/1/edit", id)
	bad := strings.Replace(apitest.SampleGame, "4. a3:a7", "4. a3:c5", 1)
	rec = a.Post(edit, url.Values{"score": {"17:7"}, "end_reason": {"final_position"}, "version": {"1"}, "sheet": {bad}})
	apitest.MustStatus(t, "bad sheet", rec.Code, http.StatusBadRequest, "")
	body := apitest.PageText(rec)
	for _, want := range []string{apitest.RuT("sheet.move", "N", 4, "Ply", 7), "a3:c5", `class="board"`, "a3:c5:a7"} {
		if !strings.Contains(body, want) {
			t.Errorf("the report of a bad sheet lacks %q", want)
		}
	}
	rec = a.Post(edit, url.Values{"score": {"17:7"}, "end_reason": {"final_position"}, "version": {"1"}, "sheet": {apitest.SampleGame}})
	apitest.MustStatus(t, "sheet", rec.Code, http.StatusSeeOther, rec.Body.String())
	rec = a.Post(edit, url.Values{"score": {"24:0"}, "end_reason": {"arbiter"}, "version": {"2"}})
	apitest.MustStatus(t, "correction without a reason", rec.Code, http.StatusBadRequest, "")
	if !strings.Contains(apitest.PageText(rec), apitest.RuF("the game already has the result %s; say why it is corrected", "17:7")) {
		t.Errorf("a correction without a reason is not explained")
	}
	rec = a.Post(edit, url.Values{"score": {"24:0"}, "end_reason": {"arbiter"}, "version": {"2"}, "reason": {"нарушение правил"}})
	// Saved against the sheet, which ends 17:7: the page says so.
	apitest.MustStatus(t, "correction", rec.Code, http.StatusOK, rec.Body.String())
	if _, against, _ := strings.Cut(apitest.RuF("the result of board %d is stored against its score sheet (%s): the reason given is kept as the arbiter's override", 1, "\x00"), "\x00"); !strings.Contains(apitest.PageText(rec), against) {
		t.Errorf("the correction against the sheet is not said")
	}

	rec = a.Post(fmt.Sprintf("/events/%d/finish", id), nil)
	apitest.MustStatus(t, "finish too early", rec.Code, http.StatusConflict, "")

	reader := s.Anonymous()
	paths := []string{"/", fmt.Sprintf("/events/%d", id), fmt.Sprintf("/events/%d/standings", id), fmt.Sprintf("/events/%d/crosstable", id),
		fmt.Sprintf("/events/%d/players/1", id), "/search?q=елкин", fmt.Sprintf("/events/%d/rounds/1/boards/1", id), "/login"}
	for _, lang := range []string{"ru", "en"} {
		for _, path := range paths {
			sep := "?"
			if strings.Contains(path, "?") {
				sep = "&"
			}
			rec := reader.Get(path + sep + "lang=" + lang)
			apitest.MustStatus(t, path, rec.Code, http.StatusOK, rec.Body.String())
			if m := regexp.MustCompile(`⟦[^⟧]*⟧`).FindString(rec.Body.String()); m != "" {
				t.Errorf("%s in %s shows the untranslated %s", path, lang, m)
			}
		}
	}
	for _, tc := range []struct{ path, want string }{
		{fmt.Sprintf("/events/%d", id), "Ёлкин Олег"},
		{"/search?q=елкин", "Ёлкин Олег"},
		{fmt.Sprintf("/events/%d/rounds/1/boards/1", id), `data-frames="`},
		{fmt.Sprintf("/events/%d/rounds/1/boards/1", id), "d8:a5"},
		{fmt.Sprintf("/events/%d/rounds/1/boards/1", id), "24:0"},
		{fmt.Sprintf("/events/%d/standings", id), apitest.RuT("tiebreak.sonneborn-berger")},
		{fmt.Sprintf("/events/%d/standings?lang=en", id), "Sonneborn-Berger"},
	} {
		if !strings.Contains(apitest.PageText(reader.Get(tc.path)), tc.want) {
			t.Errorf("%s does not show %q", tc.path, tc.want)
		}
	}
	if body := apitest.PageText(a.Get(fmt.Sprintf("/events/%d/audit", id))); !strings.Contains(body, apitest.RuT("audit.result.record")) || !strings.Contains(body, "нарушение правил") {
		t.Errorf("the audit log does not list the results entered")
	}
}

// An arbiter reviewing a draft swaps seats, deletes the draft and, before
// round 1, removes a player.
func TestReviewDraftRound(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	a := s.SignIn(tournament.ArbiterRole)
	ev := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", map[string]any{"name": "Кубок", "discipline": "rapid", "system": "round-robin"})
	id := apitest.Num(ev["id"])
	for _, name := range []string{"Абрегов", "Берсиров", "Гучетль", "Дауров"} {
		s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": name})
	}
	s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	board1 := func() (int, int) {
		r := s.Must(http.StatusOK, tournament.ArbiterRole, "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)
		g := r["games"].([]any)[0].(map[string]any)
		return apitest.Num(g["white"]), apitest.Num(g["black"])
	}
	white, black := board1()
	if body := a.Get(fmt.Sprintf("/events/%d?round=1", id)).Body.String(); !strings.Contains(body, `name="seat_a"`) {
		t.Fatal("the draft round shows its arbiter no swap form")
	}
	if body := s.Anonymous().Get(fmt.Sprintf("/events/%d?round=1", id)).Body.String(); strings.Contains(body, `name="seat_a"`) {
		t.Fatal("an anonymous reader sees the swap form")
	}

	rec := a.Post(fmt.Sprintf("/events/%d/rounds/1/swap", id), url.Values{"seat_a": {"1w"}, "seat_b": {"1w"}})
	apitest.MustStatus(t, "swap a seat with itself", rec.Code, http.StatusBadRequest, "")
	if !strings.Contains(apitest.PageText(rec), apitest.RuF("choose two different seats; both are %s", review.Seat{Board: 1, White: true})) {
		t.Errorf("swapping a seat with itself is not explained")
	}
	rec = a.Post(fmt.Sprintf("/events/%d/rounds/1/swap", id), url.Values{"seat_a": {"1w"}, "seat_b": {"1b"}, "reason": {"цвета"}})
	apitest.MustStatus(t, "swap", rec.Code, http.StatusSeeOther, rec.Body.String())
	if w, b := board1(); w != black || b != white {
		t.Errorf("board 1 after the swap: %d–%d, want %d–%d", w, b, black, white)
	}

	rec = a.Post(fmt.Sprintf("/events/%d/rounds/1/publish", id), nil)
	apitest.MustStatus(t, "publish", rec.Code, http.StatusSeeOther, rec.Body.String())
	if body := a.Get(fmt.Sprintf("/events/%d/manage", id)).Body.String(); !strings.Contains(body, "/rounds/1/unpublish") {
		t.Error("an untouched published round cannot be taken back from the arbiter's desk")
	}
	// Taking the round back asks first, and needs a reason, as the API does.
	unpublish := fmt.Sprintf("/events/%d/rounds/1/unpublish", id)
	rec = a.Post(unpublish, nil)
	apitest.MustStatus(t, "back to draft, asked", rec.Code, http.StatusOK, rec.Body.String())
	if body := apitest.PageText(rec); !strings.Contains(body, apitest.RuT("confirm.unpublish", "N", 1)) || !strings.Contains(body, `name="confirm" value="1"`) {
		t.Errorf("taking a round back does not ask for the confirmation\n%s", body)
	}
	rec = a.Post(unpublish, url.Values{"confirm": {"1"}})
	apitest.MustStatus(t, "back to draft without a reason", rec.Code, http.StatusBadRequest, rec.Body.String())
	if !strings.Contains(apitest.PageText(rec), apitest.RuF("say why round %d is taken back to a draft; the audit log keeps it", 1)) {
		t.Errorf("a round taken back without a reason is not refused on the reason\n%s", rec.Body.String())
	}
	code, _ := s.Do(tournament.ArbiterRole, "POST", "/api/v1"+unpublish, nil)
	apitest.MustStatus(t, "back to draft through the API without a reason", code, http.StatusBadRequest, "")
	rec = a.Post(unpublish, url.Values{"confirm": {"1"}, "reason": {"рано"}})
	apitest.MustStatus(t, "back to draft", rec.Code, http.StatusSeeOther, rec.Body.String())
	if body := a.Get(fmt.Sprintf("/events/%d/audit", id)).Body.String(); !strings.Contains(body, "рано") {
		t.Errorf("the audit log lacks the reason the round was taken back\n%s", body)
	}
	remove := url.Values{"reason": {"не приехал"}, "confirm": {"1"}}
	rec = a.Post(fmt.Sprintf("/events/%d/players/1/remove", id), remove)
	apitest.MustStatus(t, "remove after pairing", rec.Code, http.StatusConflict, "")
	rec = a.Post(fmt.Sprintf("/events/%d/rounds/1/delete", id), url.Values{"reason": {"заново"}})
	apitest.MustStatus(t, "delete the draft", rec.Code, http.StatusSeeOther, rec.Body.String())
	rec = a.Post(fmt.Sprintf("/events/%d/players/1/remove", id), remove)
	apitest.MustStatus(t, "remove before round 1", rec.Code, http.StatusSeeOther, rec.Body.String())
	players := s.Must(http.StatusOK, tournament.ArbiterRole, "GET", fmt.Sprintf("/api/v1/events/%d/players", id), nil)
	if n := len(players["players"].([]any)); n != 3 {
		t.Errorf("%d players after removing one of 4", n)
	}
}

// A player reports their board through the form; the opponent sees the
// report on the event page and confirms it; nobody else may decide it.
func TestPlayerReportsAResult(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(4)
	a := s.SignIn(tournament.ArbiterRole)
	round := s.Must(http.StatusOK, tournament.ArbiterRole, "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)
	board1 := round["games"].([]any)[0].(map[string]any)
	white, black := apitest.Num(board1["white"]), apitest.Num(board1["black"])
	players := s.Must(http.StatusOK, tournament.ArbiterRole, "GET", fmt.Sprintf("/api/v1/events/%d/players", id), nil)
	pages := map[int]*apitest.Page{}
	for _, p := range players["players"].([]any) {
		p := p.(map[string]any)
		email := fmt.Sprintf("player%d@example.org", apitest.Num(p["start_no"]))
		pages[apitest.Num(p["start_no"])] = s.AddUser(email, tournament.PlayerRole)
		rec := a.Post(fmt.Sprintf("/events/%d/players/%d/account", id, apitest.Num(p["id"])), url.Values{"email": {email}})
		apitest.MustStatus(t, "link "+email, rec.Code, http.StatusSeeOther, rec.Body.String())
	}
	report := fmt.Sprintf("/events/%d/rounds/1/boards/1/report", id)
	rec := pages[white].Post(report, url.Values{"score": {"17:7"}, "end_reason": {"final_position"}})
	apitest.MustStatus(t, "report while closed", rec.Code, http.StatusForbidden, "")

	apitest.MustStatus(t, "open", a.Post(fmt.Sprintf("/events/%d/submissions", id), url.Values{"open": {"on"}}).Code, http.StatusSeeOther, "")
	if body := pages[white].Get(fmt.Sprintf("/events/%d", id)).Body.String(); !strings.Contains(body, report) {
		t.Error("the event page offers the player no report link for their board")
	}
	// A score is written with a colon, a dash, ½ or a plus (2:0, ½-½,
	// +:-): the field asks a phone for letters' keys, not the digits
	// alone of inputmode="numeric", which have none of them (issue 64).
	form := pages[white].Get(report).Body.String()
	if field := regexp.MustCompile(`<input[^>]*name="score"[^>]*>`).FindString(form); field == "" || strings.Contains(field, "inputmode") {
		t.Errorf("the report's score field %q: want one with no digits-only keyboard", field)
	}
	rec = pages[white].Post(report, url.Values{"score": {"17:8"}, "end_reason": {"final_position"}})
	apitest.MustStatus(t, "bad report", rec.Code, http.StatusBadRequest, "")
	if !strings.Contains(apitest.PageText(rec), apitest.RuF("the two scores add up to 24 (every checker is counted once, §5.1); %s adds up to %d", "17:8", 25)) {
		t.Errorf("a bad score is not explained:\n%s", rec.Body.String())
	}
	rec = pages[white].Post(report, url.Values{"score": {"17:7"}, "end_reason": {"final_position"}})
	apitest.MustStatus(t, "report", rec.Code, http.StatusSeeOther, rec.Body.String())

	body := pages[black].Get(fmt.Sprintf("/events/%d", id)).Body.String()
	// The report is stamped in the event's time zone, as its audit log is.
	if !regexp.MustCompile(regexp.QuoteMeta(apitest.Lead(apitest.RuT("reports.by", "Email", "\x00"))) + `player\d@example.org · \d+ [а-я]+ \d{4}, \d\d:\d\d MSK`).MatchString(body) {
		t.Errorf("the report is not stamped in the event's time zone:\n%s", body)
	}
	decide := regexp.MustCompile(`action="(/events/\d+/submissions/\d+/decide)"`).FindStringSubmatch(body)
	if decide == nil {
		t.Fatalf("the opponent is not asked to confirm the report:\n%s", body)
	}
	for no, p := range pages {
		if no == white || no == black {
			continue
		}
		rec := p.Post(decide[1], url.Values{"decision": {"confirm"}})
		apitest.MustStatus(t, "a stranger confirms", rec.Code, http.StatusForbidden, "")
	}
	apitest.MustStatus(t, "the reporter confirms", pages[white].Post(decide[1], url.Values{"decision": {"confirm"}}).Code, http.StatusForbidden, "")
	if s.Must(http.StatusOK, tournament.ArbiterRole, "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)["games"].([]any)[0].(map[string]any)["score"] != nil {
		t.Fatal("an unconfirmed report counts")
	}
	rec = pages[black].Post(decide[1], url.Values{"decision": {"confirm"}, "next": {fmt.Sprintf("/events/%d", id)}})
	apitest.MustStatus(t, "the opponent confirms", rec.Code, http.StatusSeeOther, rec.Body.String())
	game := s.Must(http.StatusOK, tournament.ArbiterRole, "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)["games"].([]any)[0].(map[string]any)
	if game["score"] != "17:7" {
		t.Errorf("after the opponent confirmed: score %v, want 17:7", game["score"])
	}
}

// The arbiter corrects a player's details on the desk, as PATCH does in the
// API: the form shows them as they stand, a wrong number is refused at its
// field with what was typed kept, and a saved change is in the audit log
// with its reason. A single player is entered with a federation ID too, and
// the same ID again waits for the arbiter's confirmation.
func TestArbiterEditsAPlayer(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	a := s.SignIn(tournament.ArbiterRole)
	id := apitest.Num(s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", map[string]any{"name": "Кубок", "discipline": "rapid", "system": "swiss", "rounds": 5, "time_control": "8+4"})["id"])
	rec := a.Post(fmt.Sprintf("/events/%d/players", id), url.Values{"name": {"Хуаде Аслан"}, "rating": {"1850"}, "club": {"Нарт"}, "federation_id": {"ADG-7"}})
	apitest.MustStatus(t, "add a player", rec.Code, http.StatusSeeOther, rec.Body.String())
	rec = a.Post(fmt.Sprintf("/events/%d/players", id), url.Values{"name": {"Другой Игрок"}, "federation_id": {"ADG-7"}})
	apitest.MustStatus(t, "the same federation ID", rec.Code, http.StatusConflict, rec.Body.String())
	players := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/players", id), nil)["players"].([]any)
	if len(players) != 1 || players[0].(map[string]any)["federation_id"] != "ADG-7" {
		t.Fatalf("players %v, want Хуаде with his federation ID", players)
	}
	pid := apitest.Num(players[0].(map[string]any)["id"])
	edit := fmt.Sprintf("/events/%d/players/%d/edit", id, pid)
	if desk := a.Get(fmt.Sprintf("/events/%d/manage", id)).Body.String(); !strings.Contains(desk, `href="`+edit+`"`) {
		t.Errorf("the desk does not link the player's form")
	}
	apitest.MustContain(t, "the player's form", apitest.PageText(a.Get(edit)), apitest.RuT("manage.edit_player", "Name", "Хуаде Аслан"), `value="1850"`, `value="Нарт"`, `value="ADG-7"`)

	rec = a.Post(edit, url.Values{"name": {"Хуаде Аслан"}, "rating": {"19О0"}, "club": {"Нарт"}, "reason": {"опечатка"}})
	apitest.MustStatus(t, "a rating that is not a number", rec.Code, http.StatusBadRequest, "")
	apitest.MustContain(t, "the refused form", apitest.PageText(rec), `value="19О0"`, `value="опечатка"`, `<p class="field-error" role="alert">`+apitest.RuF("%q is not a whole number", "19О0"))

	rec = a.Post(edit, url.Values{"name": {"Хуаде Аслан"}, "rating": {"1900"}, "club": {"Нарт"}, "federation_id": {"ADG-7"}, "reason": {"опечатка в рейтинге"}})
	apitest.MustStatus(t, "the corrected rating", rec.Code, http.StatusSeeOther, rec.Body.String())
	p := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/players", id), nil)["players"].([]any)[0].(map[string]any)
	if p["rating"] != float64(1900) || p["club"] != "Нарт" || p["federation_id"] != "ADG-7" {
		t.Errorf("after the edit: %v", p)
	}
	apitest.MustContain(t, "the audit log", a.Get(fmt.Sprintf("/events/%d/audit", id)).Body.String(), "опечатка в рейтинге")
}
