package composition_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// An entry the solver could not settle within its budget says so, with the
// budget's digits grouped as each language writes them.
func TestEntryNotProvedShowsTheBudget(t *testing.T) {
	t.Parallel()
	s := newCompServerWithBudget(t, time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC), 1500)
	director := s.User("director@example.org", tournament.ArbiterRole)
	author := s.User("author@example.org", tournament.PlayerRole)
	base := fmt.Sprintf("/api/v1/events/%d", apitest.Num(s.Must(http.StatusCreated, director, "POST", "/api/v1/events", map[string]any{"name": "Конкурс", "discipline": "composition"}).(map[string]any)["id"]))
	s.Must(http.StatusOK, director, "PUT", base+"/contest", map[string]any{"sections": []map[string]string{{"name": "Задачи"}},
		"deadline": "2026-11-10T12:00:00Z", "scale": 4, "aggregation": "mean", "claim_days": 7})
	// Four plies before the end of a random game; the value, 24:0, takes
	// the solver millions of nodes.
	const late = "white: c1-1/4, e5-1/1, f2-1, g1-1, g3-1, h2-1, h8-6/6; black: b4-1"
	entry := s.Must(http.StatusCreated, author, "POST", base+"/contest/entries", map[string]any{"section": "Задачи", "position": late, "side": "black",
		"stipulation": "exact 24:0", "solution": "b4-c3"}).(map[string]any)
	if f := entry["findings"].(map[string]any); f["verdict"] != "not_proved" || f["budget"] != 1500.0 {
		t.Fatalf("the entry's findings: %v", f)
	}
	// What the solver proved of a work it could not judge is in the
	// findings, as bounds and said in the client's language, and on the
	// page: twelve white checkers on two squares, White to move, force 13
	// points within 1,500 nodes, but whether another first move does too is
	// not settled.
	const heap = "white: a1-11, h8-1; black: c5-2, d2-3, e5-4, f2-3"
	proved := s.Must(http.StatusCreated, author, "POST", base+"/contest/entries", map[string]any{"section": "Задачи", "position": heap, "side": "white",
		"stipulation": "white wins", "solution": "h8:d4:b6"}).(map[string]any)
	if f := proved["findings"].(map[string]any); f["verdict"] != "not_proved" || f["white_min_at_least"] != 13.0 || f["white_max_at_most"] != nil ||
		f["proved"] != "White forces 13:11 or better for White" {
		t.Fatalf("the findings of an entry with a proved bound: %v", f)
	}
	req := httptest.NewRequest("GET", base+"/contest/my-entries", nil)
	req.Header.Set("Authorization", "Bearer "+author)
	req.Header.Set("Accept-Language", "ru")
	rec := httptest.NewRecorder()
	s.Handler.ServeHTTP(rec, req)
	if !strings.Contains(rec.Body.String(), `"proved":"`+apitest.RuF("White forces %s or better for White", "13:11")+`"`) {
		t.Fatalf("the proved bound in Russian: %d %s", rec.Code, rec.Body.String())
	}
	page := strings.TrimPrefix(base, "/api/v1") + "/contest/entries"
	ac := s.Session("author@example.org")
	apitest.MustContain(t, "the entries page", s.Page(ac, page), apitest.RuT("compo.not_proved", "N", "1\u00a0500"),
		"<p>"+apitest.RuT("compo.proved")+": "+apitest.RuF("White forces %s or better for White", "13:11")+"</p>")
	apitest.MustContain(t, "the entries page in English", s.Page(ac, page+"?lang=en"), "within 1,500 nodes", "Proved within the budget: White forces 13:11 or better for White")
}

// A composition contest through its pages: the director's desk without
// pairing or games, an author's entry with its verdict at once, editing
// and withdrawing, the anonymous jury page and its marks, the provisional
// award, a claim, the final award and its PDF booklet.
func TestCompositionPages(t *testing.T) {
	t.Parallel()
	s := newCompServer(t, time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	director := s.User("director@example.org", tournament.ArbiterRole)
	namedUser(s, "judge@example.org", "Судья Иванов", tournament.PlayerRole)
	namedUser(s, "author@example.org", "Автор Петров", tournament.PlayerRole)
	s.User("reader@example.org", tournament.PlayerRole)
	id := apitest.Num(s.Must(http.StatusCreated, director, "POST", "/api/v1/events", map[string]any{"name": "Конкурс составителей", "discipline": "composition", "system": "round-robin"}).(map[string]any)["id"])
	ev := fmt.Sprintf("/events/%d", id)
	dc, jc, ac, rc := s.Session("director@example.org"), s.Session("judge@example.org"), s.Session("author@example.org"), s.Session("reader@example.org")

	// Before the set-up: the event page says so, the desk offers the form.
	if rec := httptest.NewRecorder(); true {
		s.Handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, ev, nil))
		if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != ev+"/contest" {
			t.Errorf("the event page of a contest: %d %s", rec.Code, rec.Header().Get("Location"))
		}
	}
	apitest.MustContain(t, "the event page before the set-up", s.Page(nil, ev+"/contest"), `<p class="empty">`+apitest.RuT("compo.not_set_up")+`</p>`)
	desk := s.Page(dc, ev+"/manage")
	apitest.MustContain(t, "the desk", desk, `action="`+ev+`/contest/settings"`, `<p class="hint">`+apitest.RuT("compo.desk_note")+`</p>`)
	apitest.MustNotContain(t, "the desk", desk, `action="`+ev+`/rounds"`, "tab.pairings", ev+"/standings", ev+"/crosstable", "standings.pdf")
	// The event's own settings are on the desk too: a name left out is
	// refused there, a new city kept.
	apitest.MustContain(t, "the desk", desk, `action="`+ev+`/settings"`, `value="Конкурс составителей"`)
	if rec := s.Post(dc, ev+"/settings", url.Values{"name": {""}, "discipline": {"composition"}, "visibility": {"public"}}); rec.Code != http.StatusBadRequest ||
		!strings.Contains(rec.Body.String(), `action="`+ev+`/contest/settings"`) || !strings.Contains(rec.Body.String(), `<p class="field-error"`) {
		t.Errorf("an event without a name: %d\n%s", rec.Code, rec.Body.String())
	}
	s.MustPost(dc, ev+"/settings", url.Values{"name": {"Конкурс составителей"}, "discipline": {"composition"}, "visibility": {"public"}, "city": {"Майкоп"}})
	apitest.MustContain(t, "the desk after the settings", s.Page(dc, ev+"/manage"), `value="Майкоп"`)

	// The settings with a refused deadline, then right; the jury.
	if rec := s.Post(dc, ev+"/contest/settings", url.Values{"sections": {"Задачи | 12+12"}, "deadline": {"завтра"}, "scale": {"4"}, "aggregation": {"mean"}, "claim_days": {"7"}}); rec.Code != http.StatusBadRequest || !strings.Contains(apitest.PageText(rec), apitest.RuF("%q is not a time: write it as 2026-12-31T23:59 (%s)", "завтра", "Europe/Moscow")) {
		t.Fatalf("a wrong deadline: %d", rec.Code)
	}
	if rec := s.Post(dc, ev+"/contest/settings", url.Values{"sections": {"Задачи"}, "deadline": {"2026-11-10T15:00"}, "scale": {"4"}, "aggregation": {"mean"}, "claim_days": {"неделя"}}); rec.Code != http.StatusBadRequest || !strings.Contains(apitest.PageText(rec), apitest.RuF("%q is not a whole number", "неделя")) {
		t.Fatalf("claim days in words: %d", rec.Code)
	}
	// Every problem at once: the inputs that cannot be read and what is
	// wrong with the others.
	bad := s.Post(dc, ev+"/contest/settings", url.Values{"sections": {"Задачи\nЗадачи"}, "deadline": {"завтра"}, "scale": {"4"}, "aggregation": {"median"}, "claim_days": {"неделя"}})
	apitest.MustContain(t, "a form with four problems", apitest.PageText(bad), apitest.RuF("%q is not a time: write it as 2026-12-31T23:59 (%s)", "завтра", "Europe/Moscow"),
		apitest.RuF("%q is not a whole number", "неделя"), apitest.RuF("two sections are named %q", "Задачи"), apitest.RuF("%q is not a way to aggregate marks: mean or trimmed_mean", "median"))
	s.MustPost(dc, ev+"/contest/settings", url.Values{"sections": {"Задачи | 12+12\nЭтюды"}, "deadline": {"2026-11-10T15:00"}, "scale": {"4"}, "aggregation": {"mean"}, "claim_days": {"7"}})
	// An address without an account, and a section named twice, are said
	// at their fields.
	if rec := s.Post(dc, ev+"/contest/judges", url.Values{"judges": {"judge@example.org\nnobody@example.org"}}); rec.Code != http.StatusBadRequest ||
		!strings.Contains(apitest.PageText(rec), `<p class="field-error">`+apitest.RuF("no account has the e-mail address %q", "nobody@example.org")) {
		t.Errorf("a judge without an account: %d", rec.Code)
	}
	if rec := s.Post(dc, ev+"/contest/settings", url.Values{"sections": {"Задачи\nЗадачи"}, "deadline": {"2026-11-10T15:00"}, "scale": {"4"}, "aggregation": {"mean"}, "claim_days": {"7"}}); rec.Code != http.StatusBadRequest ||
		!strings.Contains(apitest.PageText(rec), `<p class="field-error">`+apitest.RuF("two sections are named %q", "Задачи")) {
		t.Errorf("a section named twice: %d", rec.Code)
	}
	// Rules without a name are refused, not dropped; blank lines are skipped.
	if rec := s.Post(dc, ev+"/contest/settings", url.Values{"sections": {"Задачи\n\n | без имени"}, "deadline": {"2026-11-10T15:00"}, "scale": {"4"}, "aggregation": {"mean"}, "claim_days": {"7"}}); rec.Code != http.StatusBadRequest ||
		!strings.Contains(apitest.PageText(rec), `<p class="field-error">`+apitest.RuF("section %d has no name", 2)) {
		t.Errorf("a section without a name: %d", rec.Code)
	}
	s.MustPost(dc, ev+"/contest/judges", url.Values{"judges": {"judge@example.org"}})
	contest := s.Must(http.StatusOK, "", "GET", "/api/v1"+ev+"/contest", nil).(map[string]any)
	if contest["deadline"] != "2026-11-10T12:00:00Z" || len(contest["sections"].([]any)) != 2 || len(contest["judges"].([]any)) != 1 {
		t.Fatalf("the contest after the desk's forms: %v", contest)
	}
	for _, lang := range []string{"ru", "en"} {
		page := s.Page(nil, ev+"/contest?lang="+lang)
		apitest.MustContain(t, "the event page ("+lang+")", page, "Этюды", ev+"/contest/award")
		apitest.MustNotContain(t, "the event page ("+lang+")", page, ev+"/standings", "/rounds/")
		s.Page(dc, ev+"/manage?lang="+lang)
		apitest.MustContain(t, "the entries page ("+lang+")", s.Page(ac, ev+"/contest/entries?lang="+lang), `id="board-editor"`, `src="/static/compo.js"`, `name="position"`)
	}

	// An entry with 11 white checkers is refused next to the position.
	short := strings.Replace(apitest.G005, "a5-1/6", "a5-1/5", 1)
	if rec := s.Post(ac, ev+"/contest/entries", url.Values{"section": {"Задачи"}, "position": {short}, "side": {"black"}, "stipulation": {"exact 18:6"}, "solution": {"d6:f8"}}); rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "12") || !strings.Contains(rec.Body.String(), short) {
		t.Fatalf("a short position: %d\n%s", rec.Code, rec.Body.String())
	}
	// A bad solution is refused in the page's language, with the move.
	if rec := s.Post(ac, ev+"/contest/entries", url.Values{"section": {"Задачи"}, "position": {apitest.G005}, "side": {"black"}, "stipulation": {"exact 18:6"}, "solution": {"h4-g5"}}); rec.Code != http.StatusBadRequest || !strings.Contains(apitest.PageText(rec), apitest.RuF("move %d: %s", 1, apitest.RuF("%s: there is no piece on %s", "h4-g5", "h4"))) {
		t.Fatalf("an illegal first move: %d\n%s", rec.Code, rec.Body.String())
	}
	// A sound entry: the verdict at once.
	next := s.MustPost(ac, ev+"/contest/entries", url.Values{"section": {"Задачи"}, "position": {apitest.G005}, "side": {"black"}, "stipulation": {"exact 18:6"},
		"solution": {"d6:f8 b2-c3 f8:d6 e7:c5"}, "comment": {"посвящается"}})
	page := s.Page(ac, next)
	apitest.MustContain(t, "the verdict", page, `id="verdict"`, "<h2>"+apitest.RuT("compo.entry_code", "Code", "001")+" — "+apitest.RuT("compo.verdict")+"</h2>",
		`<span class="verdict verdict-sound">`+apitest.RuT("compo.verdict.sound")+"</span>", "<strong>"+ruStip("exact 18:6")+"</strong>")
	works := s.Must(http.StatusOK, s.User("x@example.org", tournament.PlayerRole), "GET", "/api/v1"+ev+"/contest/my-entries", nil).([]any)
	if len(works) != 0 {
		t.Fatalf("another account sees entries: %v", works)
	}
	eid := next[strings.Index(next, "entry=")+len("entry="):]
	// Edited to an unsound stipulation: the refutation is shown; back again.
	// The form gives the entry back as a Russian author would type it.
	apitest.MustContain(t, "the edit form", s.Page(ac, ev+"/contest/entries?edit="+eid), `action="/contest-entries/`+eid+`"`, "посвящается",
		`value="`+ruStip("exact 18:6")+`"`, ">"+ruPosition(apitest.G005)+"</textarea>")
	next = s.MustPost(ac, "/contest-entries/"+eid, url.Values{"event": {fmt.Sprint(id)}, "section": {"Задачи"}, "position": {apitest.G005}, "side": {"black"}, "stipulation": {"black wins"}, "solution": {"d6:f8"}})
	apitest.MustContain(t, "the unsound verdict", s.Page(ac, next), "verdict-unsound",
		"<p>"+apitest.RuT("compo.refutation")+": "+apitest.RuF("%s does not hold: %s", ruStip("black wins"), apitest.RuF("best play ends %s", "18:6")))
	s.MustPost(ac, "/contest-entries/"+eid, url.Values{"event": {fmt.Sprint(id)}, "section": {"Задачи"}, "position": {apitest.G005}, "side": {"black"}, "stipulation": {"exact 18:6"},
		"solution": {"d6:f8 b2-c3 f8:d6 e7:c5"}, "comment": {"посвящается"}})
	// A second entry, withdrawn.
	next = s.MustPost(ac, ev+"/contest/entries", url.Values{"section": {"Этюды"}, "position": {apitest.G005}, "side": {"black"}, "stipulation": {"black wins"}, "solution": {"d6:f8"}})
	second := next[strings.Index(next, "entry=")+len("entry="):]
	// Withdrawing asks to confirm: the box to tick, and without it the
	// entry stays.
	apitest.MustContain(t, "the withdraw form", s.Page(ac, ev+"/contest/entries"), `name="confirm" value="1" required> `+apitest.RuT("compo.withdraw_confirm", "Code", "002")+"</label>")
	if rec := s.Post(ac, "/contest-entries/"+second+"/withdraw", url.Values{"event": {fmt.Sprint(id)}}); rec.Code != http.StatusBadRequest ||
		!strings.Contains(apitest.PageText(rec), apitest.RuF("tick the box to confirm withdrawing the entry: a withdrawn entry leaves the contest for good")) {
		t.Errorf("withdrawing without confirming: %d", rec.Code)
	}
	apitest.MustNotContain(t, "my entries before the confirmed withdrawal", s.Page(ac, ev+"/contest/entries"), apitest.RuT("compo.withdrawn"))
	s.MustPost(ac, "/contest-entries/"+second+"/withdraw", url.Values{"event": {fmt.Sprint(id)}, "confirm": {"1"}})
	apitest.MustContain(t, "my entries", s.Page(ac, ev+"/contest/entries"), `<span class="badge">`+apitest.RuT("compo.withdrawn")+"</span>",
		"<h3>"+apitest.RuT("compo.entry_code", "Code", "001")+" · ", "<h3>"+apitest.RuT("compo.entry_code", "Code", "002")+" · ")

	// Before the deadline the jury has nothing to judge; a stranger never.
	apitest.MustContain(t, "the jury page before the deadline", s.Page(jc, ev+"/contest/judging"),
		`<p class="empty">`+apitest.RuF("entries are open until %s; judging starts after the deadline", inMoscow(time.Date(2026, 11, 10, 12, 0, 0, 0, time.UTC)))+"</p>")
	if rec := s.Post(rc, ev+"/contest/marks/001", url.Values{"mark": {"4"}}); rec.Code != http.StatusForbidden && rec.Code != http.StatusConflict {
		t.Errorf("a stranger's mark: %d", rec.Code)
	}
	s.Clock.Set(time.Date(2026, 11, 10, 12, 0, 0, 0, time.UTC))
	req := httptest.NewRequest(http.MethodGet, ev+"/contest/judging", nil)
	req.AddCookie(rc)
	rec := httptest.NewRecorder()
	s.Handler.ServeHTTP(rec, req)
	if rec.Code != http.StatusForbidden {
		t.Errorf("a stranger's jury page: %d", rec.Code)
	}
	jury := s.Page(jc, ev+"/contest/judging")
	apitest.MustContain(t, "the jury page", jury, "<h3>"+apitest.RuT("compo.entry_code", "Code", "001")+" · ", "<strong>"+ruStip("exact 18:6")+"</strong>", "<small>"+ruPosition(apitest.G005)+"</small>",
		"d6:f8 b2-c3", "<h4>"+apitest.RuT("compo.solver_report")+"</h4>", "verdict-sound", `<svg class="board"`, `action="`+ev+`/contest/marks/001"`)
	apitest.MustNotContain(t, "the jury page", jury, "author@example.org", "Автор Петров", apitest.RuT("compo.entry_code", "Code", "002"))
	if rec := s.Post(jc, ev+"/contest/marks/001", url.Values{"mark": {"пять"}}); rec.Code != http.StatusBadRequest || !strings.Contains(apitest.PageText(rec), apitest.RuF("%q is not a mark: write a number such as 3.5", "пять")) {
		t.Errorf("a mark that is no number: %d", rec.Code)
	}
	if rec := s.Post(jc, ev+"/contest/marks/001", url.Values{"mark": {"9"}}); rec.Code != http.StatusBadRequest {
		t.Errorf("a mark over the scale: %d", rec.Code)
	}
	s.MustPost(jc, ev+"/contest/marks/001", url.Values{"mark": {"3,5"}, "comment": {"Тонкая игра"}})
	apitest.MustContain(t, "the jury page after the mark", s.Page(jc, ev+"/contest/judging"), `value="3,5"`, "Тонкая игра")

	// The desk ranks the entry and publishes the provisional award.
	desk = s.Page(dc, ev+"/manage")
	apitest.MustContain(t, "the desk after the marks", desk, "001", `<td data-label="`+apitest.RuT("compo.marks")+`">3,5</td>`, "verdict-sound", `action="`+ev+`/contest/award"`)
	// Marks and their aggregate in the reader's way, a comma in Russian.
	apitest.MustNotContain(t, "the desk after the marks", desk, "3.5")
	apitest.MustContain(t, "the award page before it is published", s.Page(nil, ev+"/contest/award"), `<p class="empty">`+apitest.RuT("compo.award_not_published")+"</p>")
	// The award bears its place (the event's city, as the form offers
	// it), its date and the judge's report (issue 41, item 4).
	apitest.MustContain(t, "the desk's award form", desk, `name="place" value="Майкоп"`, `name="report"`)
	s.MustPost(dc, ev+"/contest/award", url.Values{"prizes": {"1"}, "honourable_mentions": {"0"}, "commendations": {"0"}, "place": {"Майкоп"},
		"report": {"Конкурс собрал одно произведение.\nЕго игра башнями тонка."}})
	award := s.Must(http.StatusOK, "", "GET", "/api/v1"+ev+"/contest/award", nil).(map[string]any)
	author := award["items"].([]any)[0].(map[string]any)["author"].(string)
	if author != "Автор Петров" {
		t.Errorf("the award names the author %q", author)
	}
	pub := s.Page(nil, ev+"/contest/award")
	apitest.MustContain(t, "the provisional award", pub, `<p class="award-stage provisional">`+apitest.RuT("compo.award_provisional")+"</p>", "<h3>"+apitest.Ru.Honour("prize", 1)+" — "+author,
		"Судья Иванов", "<strong>"+ruStip("exact 18:6")+"</strong>", "d6:f8 b2-c3 f8:d6 e7:c5", "Тонкая игра", `<svg class="board"`, "award.pdf")
	// The author's entries page says the award is published and gives the
	// entry's honour (issue 41, item 5).
	apitest.MustContain(t, "the author's entries after the award", s.Page(ac, ev+"/contest/entries"), `<p class="notice award-state">`+apitest.RuT("compo.my_award.provisional"),
		`<p class="honour">`+apitest.RuT("compo.honour")+": <strong>"+apitest.Ru.Honour("prize", 1)+"</strong>")
	apitest.MustContain(t, "the provisional award's place, date and report", pub, `<p class="award-date">Майкоп, `, "<h2>"+apitest.RuT("compo.award_report")+"</h2>", "Конкурс собрал одно произведение.\nЕго игра башнями тонка.")
	apitest.MustContain(t, "the provisional award's verdicts and sign-in", pub, apitest.RuT("compo.verdict")+`: <span class="verdict verdict-sound">`, ">"+apitest.RuT("compo.sign_in_to_claim")+"</a>")
	apitest.MustNotContain(t, "the provisional award to a reader without an account", pub, `action="`+ev+`/contest/claims"`)
	apitest.MustContain(t, "the provisional award to a reader", s.Page(rc, ev+"/contest/award"), `action="`+ev+`/contest/claims"`)
	// A mistyped code is answered at its field, the evidence kept.
	if rec := s.Post(rc, ev+"/contest/claims", url.Values{"code": {"999"}, "kind": {"anticipated"}, "evidence": {"Петров, 1990"}}); rec.Code != http.StatusBadRequest ||
		!strings.Contains(apitest.PageText(rec), apitest.RuF("entry %q is not an entry of the contest", "999")) || !strings.Contains(rec.Body.String(), "Петров, 1990") {
		t.Fatalf("a claim on a mistyped code: %d", rec.Code)
	}
	s.MustPost(rc, ev+"/contest/claims", url.Values{"code": {"001"}, "kind": {"anticipated"}, "evidence": {"Петров, 1990"}})
	desk = s.Page(dc, ev+"/manage")
	apitest.MustContain(t, "the desk with a claim", desk, apitest.RuT("compo.claim.anticipated")+" · "+apitest.RuT("compo.claim_status.open")+" — Петров, 1990")
	claims := s.Must(http.StatusOK, "", "GET", "/api/v1"+ev+"/contest/award", nil).(map[string]any)["claims"].([]any)
	cid := apitest.Num(claims[0].(map[string]any)["id"])
	s.MustPost(dc, fmt.Sprintf("/contest-claims/%d/decision", cid), url.Values{"event": {fmt.Sprint(id)}, "uphold": {"false"}, "reason": {"идея другая"}})
	apitest.MustContain(t, "the author's entries after the claim's decision", s.Page(ac, ev+"/contest/entries"), `<p class="claim">`+apitest.RuT("compo.claim_about")+" ("+apitest.RuT("compo.claim.anticipated")+`): <span class="badge">`+apitest.RuT("compo.claim_status.rejected")+"</span> — идея другая</p>")
	if rec := s.Post(dc, ev+"/contest/award/final", nil); rec.Code != http.StatusConflict {
		t.Errorf("the final award during the claims period: %d", rec.Code)
	}
	// The judge's report revised for the final award, on the desk.
	apitest.MustContain(t, "the desk's award text form", s.Page(dc, ev+"/manage"), `action="`+ev+`/contest/award/text"`, "Его игра башнями тонка.</textarea>")
	if rec := s.Post(dc, ev+"/contest/award/text", url.Values{"place": {"Майкоп"}, "report": {strings.Repeat("ж", 50_001)}}); rec.Code != http.StatusBadRequest ||
		!strings.Contains(apitest.PageText(rec), apitest.RuF("the judge's report is longer than %d characters", 50000)) {
		t.Errorf("a report too long: %d", rec.Code)
	}
	s.MustPost(dc, ev+"/contest/award/text", url.Values{"place": {"Майкоп"}, "report": {"Конкурс собрал одно произведение.\nЕго игра башнями тонка, претензия отклонена."}})
	s.Clock.Set(time.Date(2026, 11, 18, 12, 0, 0, 0, time.UTC))
	s.MustPost(dc, ev+"/contest/award/final", nil)
	pub = s.Page(nil, ev+"/contest/award?lang=en")
	apitest.MustContain(t, "the final award", pub, "Final award", "1st Prize", "идея другая", "rejected")
	apitest.MustNotContain(t, "the final award", pub, "Provisional award")
	// The finished contest is listed with the finished events.
	home := s.Page(nil, "/")
	if f, c := strings.Index(home, "<h2>"+apitest.RuT("events.finished")+"</h2>"), strings.Index(home, "Конкурс составителей"); f < 0 || c < f || strings.Contains(home, "<h2>"+apitest.RuT("events.upcoming")+"</h2>") {
		t.Errorf("the home page does not list the contest as finished")
	}

	// The booklet: the entry's code, author and stipulation.
	for _, lang := range []string{"ru", "en"} {
		req := httptest.NewRequest(http.MethodGet, "/api/v1"+ev+"/contest/award.pdf?lang="+lang, nil)
		rec := httptest.NewRecorder()
		s.Handler.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/pdf" {
			t.Fatalf("award.pdf: %d %s", rec.Code, rec.Header().Get("Content-Type"))
		}
		text := apitest.PDFToText(t, "award-"+lang, rec.Body.Bytes())
		want := []string{"001", author, "Конкурс составителей", "Тонкая игра", "Судья Иванов"}
		if lang == "ru" {
			want = append(want, apitest.RuT("compo.award_report"), "Конкурс собрал одно произведение.", "Майкоп, 18 ноября 2026", apitest.RuT("report.award_final"), apitest.Ru.Honour("prize", 1),
				apitest.RuT("report.stipulation"), ruStip("exact 18:6"), apitest.RuT("compo.verdict")+": "+apitest.RuT("compo.verdict.sound"))
		} else {
			want = append(want, "Judge's report", "Майкоп, 18 November 2026", "Final award", "1st Prize", "Stipulation", "exact 18:6", "Solver's verdict: sound")
		}
		apitest.MustContain(t, "the award booklet ("+lang+")", text, want...)
	}
}

// A judge may not enter the contest they judge: the pages do not offer
// them the entry form, whose text the refusal would lose, but say why. An
// author is not offered the jury's page.
func TestCompositionJudgeIsNotOfferedTheEntryForm(t *testing.T) {
	t.Parallel()
	s := newCompServer(t, time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	_, _, base, _ := judgedContest(s, "Задачи")
	s.User("author@example.org", tournament.PlayerRole)
	ev := strings.TrimPrefix(base, "/api/v1")
	dc, jc, ac := s.Session("director@example.org"), s.Session("judge@example.org"), s.Session("author@example.org")
	for lang, says := range map[string]string{"ru": apitest.RuT("compo.judge_cannot_enter"), "en": "You judge this contest, so you cannot enter it."} {
		page := s.Page(jc, ev+"/contest/entries?lang="+lang)
		apitest.MustContain(t, "the judge's entries page ("+lang+")", page, says)
		apitest.MustNotContain(t, "the judge's entries page ("+lang+")", page, `id="entry-form"`)
		apitest.MustNotContain(t, "the judge's contest page ("+lang+")", s.Page(jc, ev+"/contest?lang="+lang), `class="button primary" href="`+ev+`/contest/entries"`)
	}
	apitest.MustContain(t, "the author's entries page", s.Page(ac, ev+"/contest/entries"), `id="entry-form"`)
	// The jury's tab is the judges' and the director's: to an author it
	// would only open a refusal.
	judging := `href="` + ev + `/contest/judging"`
	apitest.MustContain(t, "the judge's tabs", s.Page(jc, ev+"/contest"), judging)
	apitest.MustContain(t, "the director's tabs", s.Page(dc, ev+"/contest"), judging)
	apitest.MustNotContain(t, "the author's tabs", s.Page(ac, ev+"/contest/entries"), judging)
	apitest.MustContain(t, "the author's contest page", s.Page(ac, ev+"/contest"), `class="button primary" href="`+ev+`/contest/entries"`)
}

// The claims period on the contest's page takes the plural its number
// needs in each language.
func TestContestPageClaimDaysPlural(t *testing.T) {
	t.Parallel()
	s := newCompServer(t, time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	director := s.User("director@example.org", tournament.ArbiterRole)
	id := apitest.Num(s.Must(http.StatusCreated, director, "POST", "/api/v1/events", map[string]any{"name": "Конкурс", "discipline": "composition"}).(map[string]any)["id"])
	ev := fmt.Sprintf("/events/%d", id)
	for days, want := range map[int][2]string{1: {"срок претензий: 1 день", "claims period: 1 day<"}, 3: {"срок претензий: 3 дня", "claims period: 3 days"}, 14: {"срок претензий: 14 дней", "claims period: 14 days"}} {
		s.Must(http.StatusOK, director, "PUT", "/api/v1"+ev+"/contest", map[string]any{"sections": []map[string]string{{"name": "Задачи"}},
			"deadline": "2026-11-10T12:00:00Z", "scale": 4, "aggregation": "mean", "claim_days": days})
		apitest.MustContain(t, fmt.Sprintf("the contest page, %d days", days), s.Page(nil, ev+"/contest?lang=ru"), want[0])
		apitest.MustContain(t, fmt.Sprintf("the contest page in English, %d days", days), s.Page(nil, ev+"/contest?lang=en"), want[1])
	}
}

// The audit log of a composition contest names no pairing, game scores or
// tie-breaks, and offers no filter by round or player.
func TestCompositionAuditPageHasNoRoundsOrPlayers(t *testing.T) {
	t.Parallel()
	s := newCompServer(t, time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	director := s.User("director@example.org", tournament.ArbiterRole)
	id := apitest.Num(s.Must(http.StatusCreated, director, "POST", "/api/v1/events", map[string]any{"name": "Конкурс", "discipline": "composition", "system": "swiss"}).(map[string]any)["id"])
	dc := s.Session("director@example.org")
	page := s.Page(dc, fmt.Sprintf("/events/%d/audit", id))
	apitest.MustContain(t, "the contest's audit log", page, apitest.RuT("audit.event.create"), apitest.RuT("discipline.composition"))
	apitest.MustNotContain(t, "the contest's audit log", page, `name="round"`, `name="player"`, apitest.Ru.Field("system"), apitest.Ru.Field("scoring"), apitest.Ru.Field("tiebreaks"))
}

// A scale with a fraction is written as the reader writes numbers, a comma
// in Russian, on the contest's page and the jury's.
func TestContestScaleInTheReadersWay(t *testing.T) {
	t.Parallel()
	s := newCompServer(t, time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	director := s.User("director@example.org", tournament.ArbiterRole)
	s.User("judge@example.org", tournament.PlayerRole)
	id := apitest.Num(s.Must(http.StatusCreated, director, "POST", "/api/v1/events", map[string]any{"name": "Конкурс", "discipline": "composition"}).(map[string]any)["id"])
	ev := fmt.Sprintf("/events/%d", id)
	s.Must(http.StatusOK, director, "PUT", "/api/v1"+ev+"/contest", map[string]any{"sections": []map[string]string{{"name": "Задачи"}},
		"deadline": "2026-11-10T12:00:00Z", "scale": 2.5, "aggregation": "mean", "claim_days": 7})
	s.Must(http.StatusOK, director, "PUT", "/api/v1"+ev+"/contest/judges", map[string]any{"judges": []string{"judge@example.org"}})
	jc := s.Session("judge@example.org")
	for lang, scale := range map[string]string{"ru": "0–2,5", "en": "0–2.5"} {
		apitest.MustContain(t, "the contest page ("+lang+")", s.Page(nil, ev+"/contest?lang="+lang), scale)
		apitest.MustContain(t, "the jury page ("+lang+")", s.Page(jc, ev+"/contest/judging?lang="+lang), scale)
	}
}

// A composition contest plays no games: its standings and crosstable
// lead to the contest page instead of an empty table.
func TestCompositionHasNoStandings(t *testing.T) {
	t.Parallel()
	s := newCompServer(t, time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	director := s.User("director@example.org", tournament.ArbiterRole)
	id := apitest.Num(s.Must(http.StatusCreated, director, "POST", "/api/v1/events", map[string]any{"name": "Конкурс", "discipline": "composition"}).(map[string]any)["id"])
	for _, page := range []string{"standings", "crosstable", "standings?round=1", "crosstable?round=1"} {
		rec := httptest.NewRecorder()
		s.Handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, fmt.Sprintf("/events/%d/%s", id, page), nil))
		if want := fmt.Sprintf("/events/%d/contest", id); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != want {
			t.Errorf("%s: %d to %q, want %d to %q", page, rec.Code, rec.Header().Get("Location"), http.StatusSeeOther, want)
		}
	}
	// The API says where a contest's results are instead.
	for _, path := range []string{"standings", "crosstable"} {
		rec := httptest.NewRecorder()
		s.Handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, fmt.Sprintf("/api/v1/events/%d/%s", id, path), nil))
		if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), fmt.Sprintf("/api/v1/events/%d/contest/award", id)) {
			t.Errorf("the API's %s of a contest: %d %s, want 404 naming the award", path, rec.Code, rec.Body.String())
		}
	}
}

// Issue 41, item 9: the contest's pages give its times in the event's time
// zone (Moscow's unless set) with the zone named, and the stage reads
// judging from the deadline on, on the pages and in the API.
func TestContestTimesInTheEventsZoneAndJudgingAfterTheDeadline(t *testing.T) {
	t.Parallel()
	s := newCompServer(t, time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	director, _, base, id := judgedContest(s, "Задачи")
	ev := fmt.Sprintf("/events/%d", id)
	dc := s.Session("director@example.org")
	if v := s.Must(http.StatusOK, "", "GET", base+"/contest", nil).(map[string]any); v["phase"] != "entries" || v["stage"] != "entries" {
		t.Errorf("before the deadline: %v", v)
	}
	apitest.MustContain(t, "the contest page", s.Page(nil, ev+"/contest"), "<strong>"+apitest.RuT("compo.stage.entries")+"</strong>", "<strong>10 ноября 2026, 15:00 MSK</strong>")
	apitest.MustContain(t, "the desk", s.Page(dc, ev+"/manage"), `(Europe/Moscow) <input type="datetime-local" name="deadline" value="2026-11-10T15:00"`)
	s.Clock.Set(time.Date(2026, 11, 10, 12, 0, 0, 0, time.UTC))
	if v := s.Must(http.StatusOK, director, "GET", base+"/contest", nil).(map[string]any); v["phase"] != "judging" || v["open"] != false {
		t.Errorf("after the deadline: %v", v)
	}
	apitest.MustContain(t, "the contest page after the deadline", s.Page(nil, ev+"/contest"), "<strong>"+apitest.RuT("compo.stage.judging")+"</strong>")
	apitest.MustContain(t, "the desk after the deadline", s.Page(dc, ev+"/manage?lang=en"), "<strong>judging</strong>")
	// Another zone is the event's own.
	s.Must(http.StatusOK, director, "PATCH", "/api/v1"+ev, map[string]any{"time_zone": "Asia/Yekaterinburg"})
	apitest.MustContain(t, "the contest page in Yekaterinburg", s.Page(nil, ev+"/contest"), "10 ноября 2026, 17:00 &#43;05")
}
