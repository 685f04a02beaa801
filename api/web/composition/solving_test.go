package composition_test

import (
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/store/storetest"
)

// The solving contest's page: nothing before the window, the problems
// with answer forms while it runs, a refused answer next to its field,
// then the solutions, the verdicts and the ranking.
func TestSolvingPage(t *testing.T) {
	t.Parallel()
	start := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	s := newCompServer(t, start)
	director := s.User("director@example.org", tournament.ArbiterRole)
	s.User("solver@example.org", tournament.PlayerRole)
	id := apitest.Num(s.Must(http.StatusCreated, director, "POST", "/api/v1/events", map[string]any{"name": "Конкурс решения", "discipline": "composition", "system": "round-robin"}).(map[string]any)["id"])
	ev := fmt.Sprintf("/events/%d", id)
	apitest.MustContain(t, "the page before the set-up", s.Page(nil, ev+"/solving"), `<p class="empty">`+apitest.RuT("solve.not_set_up")+"</p>")
	_ = director
	dc := s.Session("director@example.org")
	apitest.MustContain(t, "the director's page before the set-up", s.Page(dc, ev+"/solving"), `action="`+ev+`/solving"`)
	// A problem of three lines, then an unsound one, are refused with the
	// text kept; then the right one.
	if rec := s.Post(dc, ev+"/solving", url.Values{"starts": {"2026-11-01T16:00"}, "ends": {"2026-11-01T18:00"}, "problems": {apitest.G005 + "\nblack\nexact 18:6"}}); rec.Code != http.StatusBadRequest || !strings.Contains(apitest.PageText(rec), fourLines(1, 3)) {
		t.Errorf("a problem of three lines: %d", rec.Code)
	}
	// Everything that cannot be read is said at once: a start in words and
	// two problems of three lines, each under its field.
	rec := s.Post(dc, ev+"/solving", url.Values{"starts": {"в час"}, "ends": {"2026-11-01T18:00"}, "problems": {apitest.G005 + "\nblack\nexact 18:6\n\n" + apitest.G005 + "\nblack\ndraw"}})
	apitest.MustContain(t, "a form with three problems", apitest.PageText(rec), apitest.RuF("%q is not a time: write it as 2026-12-31T23:59 or 2026-12-31T23:59:30 (%s)", "в час", "Europe/Moscow"),
		`<p class="field-error">`+fourLines(1, 3)+"</p>", `<p class="field-error">`+fourLines(2, 3)+"</p>")
	// Problems are numbered in their order, however many empty lines part
	// them: the form's reading and the solver's check name the same one.
	rec = s.Post(dc, ev+"/solving", url.Values{"starts": {"2026-11-01T16:00"}, "ends": {"2026-11-01T18:00"}, "problems": {apitest.G005 + "\nblack\nexact 18:6\nd6:f8\n\n\n\n" + apitest.G005 + "\nblack\ndraw"}})
	apitest.MustContain(t, "two empty lines before the second problem", apitest.PageText(rec), fourLines(2, 3))
	apitest.MustNotContain(t, "two empty lines before the second problem", apitest.PageText(rec), strings.TrimSuffix(apitest.RuF("problem %d: %s", 3, ""), ": "))
	if rec := s.Post(dc, ev+"/solving", url.Values{"starts": {"2026-11-01T16:00"}, "ends": {"2026-11-01T18:00"}, "problems": {apitest.G005 + "\nblack\nblack wins\nd6:f8"}}); rec.Code != http.StatusBadRequest || !strings.Contains(apitest.PageText(rec), `<p class="field-error">`+apitest.Lead(apitest.RuF("problem %d is unsound: %s", 1, "\x00"))) {
		t.Errorf("an unsound problem: %d", rec.Code)
	}
	s.MustPost(dc, ev+"/solving", url.Values{"starts": {"2026-11-01T16:00"}, "ends": {"2026-11-01T18:00"}, "problems": {apitest.G005 + "\r\nblack\r\nexact 18:6\r\nd6:f8 b2-c3 f8:d6 e7:c5\r\n"}})
	v := s.Must(http.StatusOK, director, "GET", "/api/v1"+ev+"/solving", nil).(map[string]any)
	if v["starts"] != "2026-11-01T13:00:00Z" || len(v["problems"].([]any)) != 1 {
		t.Fatalf("the solving contest after the director's form: %v", v)
	}
	// A problem is a задача; its задание is the stipulation.
	apitest.MustContain(t, "the director's form again", s.Page(dc, ev+"/solving"), "exact 18:6", "d6:f8 b2-c3", "<h3>"+apitest.RuT("solve.problem", "N", 1)+" · "+apitest.RuT("compo.stipulation")+": "+ruStip("exact 18:6")+"</h3>")
	// Once set up the form is folded away; a refused change unfolds it, so
	// that its error is seen.
	if rec := s.Post(dc, ev+"/solving", url.Values{"starts": {"2026-11-01T16:00"}, "ends": {"2026-11-01T18:00"}, "problems": {apitest.G005 + "\nblack\nblack wins\nd6:f8"}}); rec.Code != http.StatusBadRequest ||
		!strings.Contains(rec.Body.String(), `<details class="solving-setup" open>`) {
		t.Errorf("a refused change of the problems is folded away: %d", rec.Code)
	}
	sc := s.Session("solver@example.org")
	page := s.Page(sc, ev+"/solving")
	apitest.MustContain(t, "the page before the start", page, `<span class="badge">`+apitest.RuT("solve.not_started")+"</span>")
	apitest.MustNotContain(t, "the page before the start", page, ruStip("exact 18:6"), "problem-1", `action="`+ev+`/solving"`)

	s.Clock.Set(start.Add(90 * time.Minute))
	for lang, stipulation := range map[string]string{"ru": ruStip("exact 18:6"), "en": "exact 18:6"} {
		page = s.Page(sc, ev+"/solving?lang="+lang)
		apitest.MustContain(t, "the running contest ("+lang+")", page, `id="problem-1"`, stipulation, `<svg class="board"`, `action="`+ev+`/solving/problems/1/answer"`)
		apitest.MustNotContain(t, "the running contest ("+lang+")", page, "b2-c3 f8:d6")
	}
	// A participant without a name is asked for one: the ranking would
	// show the account's number.
	apitest.MustContain(t, "the running contest to a participant without a name", s.Page(sc, ev+"/solving"), `<p class="notice" role="status">`+apitest.Lead(apitest.RuT("account.no_name", "N", "\x00")), `href="/account"`)
	anonymous := s.Page(nil, ev+"/solving")
	apitest.MustContain(t, "the running contest to a reader without an account", anonymous, ">"+apitest.RuT("solve.sign_in")+"</a>")
	apitest.MustNotContain(t, "the running contest to a reader without an account", anonymous, `name="answer"`, apitest.Lead(apitest.RuT("account.no_name", "N", "\x00")))
	// The director cannot take part: no answer form to be refused.
	apitest.MustNotContain(t, "the running contest to its director", s.Page(dc, ev+"/solving"), `name="answer"`)
	if rec := s.Post(sc, ev+"/solving/problems/2/answer", url.Values{"answer": {"d6:f8"}}); rec.Code != http.StatusNotFound {
		t.Errorf("an answer to a problem that is not there: %d", rec.Code)
	}
	// An answer of which no move can be read is refused at once, its text
	// kept in the form.
	if rec := s.Post(sc, ev+"/solving/problems/1/answer", url.Values{"answer": {"d6:b4 b2-c3"}}); rec.Code != http.StatusBadRequest {
		t.Errorf("an answer with an illegal first move: %d", rec.Code)
	} else {
		apitest.MustContain(t, "an answer with an illegal first move", rec.Body.String(), `value="d6:b4 b2-c3"`, `<p class="field-error" role="alert">`+apitest.Lead(apitest.RuF("no move of the answer can be read: %s", apitest.RuF("move %d: %s", 1, "d6:b4\x00"))))
	}
	// A wrong answer is taken (the verdict shows after the end) and
	// replaced by the right one.
	s.MustPost(sc, ev+"/solving/problems/1/answer", url.Values{"answer": {"d6:f8 b2-c3 f8:h6"}})
	s.Clock.Set(start.Add(90*time.Minute + 7*time.Second))
	s.MustPost(sc, ev+"/solving/problems/1/answer", url.Values{"answer": {"1... d6:f8 2. b2-c3 f8:d6 3. e7:c5"}})
	page = s.Page(sc, ev+"/solving")
	apitest.MustContain(t, "the page after answering", page, "1... d6:f8 2. b2-c3 f8:d6 3. e7:c5")
	apitest.MustNotContain(t, "the page after answering", page, "verdict-sound")

	s.Clock.Set(start.Add(3 * time.Hour))
	// A late answer says why and gives back what was typed (issue 41,
	// item 8).
	if rec := s.Post(sc, ev+"/solving/problems/1/answer", url.Values{"answer": {"d6:f8 b2-c3 f8:d6 e7:c5 поздно"}}); rec.Code != http.StatusConflict ||
		!strings.Contains(apitest.PageText(rec), `<p class="field-error" role="alert">`+apitest.RuF("the solving contest ended at %s", toSecond(inMoscow(start.Add(3*time.Hour))))+"</p>") ||
		!strings.Contains(rec.Body.String(), "f8:d6 e7:c5 поздно</textarea>") {
		t.Errorf("a late answer: %d\n%s", rec.Code, rec.Body.String())
	}
	page = s.Page(sc, ev+"/solving")
	// The ranking breaks ties by the moment of the last answer, so it
	// shows the seconds.
	apitest.MustContain(t, "the result", page, `<span class="badge">`+apitest.RuT("solve.over")+"</span>", "d6:f8 b2-c3 f8:d6 e7:c5", "<h2>"+apitest.RuT("solve.ranking")+"</h2>",
		`<span class="verdict verdict-sound">`+apitest.RuT("solve.right")+"</span>, "+apitest.RuT("solve.earned", "P", 5), "16:30:07 MSK")
	public := s.Page(nil, ev+"/solving")
	apitest.MustContain(t, "the public result", public, "<h2>"+apitest.RuT("solve.ranking")+"</h2>", "d6:f8 b2-c3 f8:d6 e7:c5")
	apitest.MustNotContain(t, "the public result", public, "solver@example.org")
}

// The director's set-up form shows every setting the API can set — the
// window to the second, each problem's points and key points — so that
// saving it unchanged changes nothing.
func TestSolvingFormKeepsSettings(t *testing.T) {
	t.Parallel()
	s := newCompServer(t, time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	director := s.User("director@example.org", tournament.ArbiterRole)
	id := apitest.Num(s.Must(http.StatusCreated, director, "POST", "/api/v1/events", map[string]any{"name": "Конкурс решения", "discipline": "composition", "system": "round-robin"}).(map[string]any)["id"])
	ev := fmt.Sprintf("/events/%d", id)
	problem := map[string]any{"position": apitest.G005, "side": "black", "stipulation": "exact 18:6", "solution": "d6:f8 b2-c3 f8:d6 e7:c5"}
	set := s.Must(http.StatusOK, director, "PUT", "/api/v1"+ev+"/solving", map[string]any{"starts": "2026-12-01T10:00:30Z", "ends": "2026-12-01T13:00:00Z",
		"problems": []any{problem, withPoints(problem, 4, 2), withPoints(problem, 3, 0), withPoints(problem, 5, 0)}})
	if key := set.(map[string]any)["problems"].([]any)[3].(map[string]any)["key_points"]; key != 0.0 {
		t.Errorf("a key set to 0 earns %v", key)
	}
	dc := s.Session("director@example.org")
	page := s.Page(dc, ev+"/solving")
	// A datetime-local field refuses seconds unless its step allows them;
	// the form and the page give times in the event's zone, Moscow's by
	// default, and name it.
	apitest.MustContain(t, "the set-up form", page, `(Europe/Moscow) <input type="datetime-local" name="starts" value="2026-12-01T13:00:30" step="1"`)
	// The window is shown as it is kept, to the second.
	apitest.MustContain(t, "the window", page, "13:00:30 MSK")
	form := url.Values{}
	for _, k := range []string{"starts", "ends"} {
		m := regexp.MustCompile(`name="` + k + `" value="([^"]*)"`).FindStringSubmatch(page)
		if m == nil {
			t.Fatalf("the form has no %s", k)
		}
		form.Set(k, html.UnescapeString(m[1]))
	}
	m := regexp.MustCompile(`(?s)<textarea name="problems"[^>]*>(.*?)</textarea>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("the form has no problems")
	}
	form.Set("problems", html.UnescapeString(m[1]))
	if form.Get("starts") != "2026-12-01T13:00:30" || form.Get("ends") != "2026-12-01T16:00" || !strings.Contains(form.Get("problems"), "e7:c5\n4 2\n") {
		t.Fatalf("the form as shown: %v", form)
	}
	s.MustPost(dc, ev+"/solving", form)
	if again := s.Must(http.StatusOK, director, "GET", "/api/v1"+ev+"/solving", nil); fmt.Sprint(again) != fmt.Sprint(set) {
		t.Errorf("saving the form unchanged changed the contest:\n%v\nwas\n%v", again, set)
	}
	// A fifth line that is not two numbers is refused at its problem.
	form.Set("problems", apitest.G005+"\nblack\nexact 18:6\nd6:f8 b2-c3 f8:d6 e7:c5\nfive")
	rec := s.Post(dc, ev+"/solving", form)
	apitest.MustContain(t, "a points line in words", apitest.PageText(rec),
		apitest.RuF("problem %d: the fifth line is the points for the solution and for the key alone, two whole numbers such as 5 1; got %q", 1, "five"))
}

// An answer the solver cannot check within its budget is taken, not
// refused; the director's page lists it first, waiting, with a form to
// rule on it that needs a reason; the ranking says it is provisional until
// then; the participant sees the ruling with the verdict after the end.
// The JSON API rules the same way.
func TestSolvingRulingPage(t *testing.T) {
	t.Parallel()
	start := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	st := storetest.SQLite(t)
	clock := &apitest.FakeClock{At: start}
	// The problem is set with the whole budget; the answers are checked
	// with 10 nodes, fewer than g005's key takes.
	s := newCompServerOver(t, st, clock, 5_000_000)
	short := newCompServerOver(t, st, clock, 10)
	director := s.User("director@example.org", tournament.ArbiterRole)
	namedUser(s, "solver@example.org", "Решалов", tournament.PlayerRole)
	id := apitest.Num(s.Must(http.StatusCreated, director, "POST", "/api/v1/events", map[string]any{"name": "Конкурс решения", "discipline": "composition"}).(map[string]any)["id"])
	ev := fmt.Sprintf("/events/%d", id)
	s.Must(http.StatusOK, director, "PUT", "/api/v1"+ev+"/solving", map[string]any{"starts": "2026-11-01T13:00:00Z", "ends": "2026-11-01T15:00:00Z",
		"problems": []any{map[string]any{"position": apitest.G005, "side": "black", "stipulation": "exact 18:6", "solution": "d6:f8 b2-c3 f8:d6 e7:c5"}}})
	clock.Set(start.Add(90 * time.Minute))
	sc := short.Session("solver@example.org")
	short.MustPost(sc, ev+"/solving/problems/1/answer", url.Values{"answer": {"d6:f8 b2-c3 f8:d6 e7:c5"}})

	dc := s.Session("director@example.org")
	view := s.Must(http.StatusOK, director, "GET", "/api/v1"+ev+"/solving", nil).(map[string]any)
	line := view["ranking"].([]any)[0].(map[string]any)
	if view["pending"] != 1.0 || line["answers"].([]any)[0].(map[string]any)["pending"] != true {
		t.Errorf("the director's view through the API: %v", view)
	}
	solver := apitest.Num(line["user_id"])
	ruling := fmt.Sprintf("%s/solving/problems/1/answers/%d/ruling", ev, solver)
	for lang, want := range map[string][]string{
		"ru": {`<p class="hint">` + apitest.RuT("solve.provisional", "N", 1) + "</p>", `<h2 id="answers">` + apitest.RuT("solve.answers") + "</h2>", `<span class="verdict verdict-not_proved">` + apitest.RuT("solve.pending") + "</span>",
			apitest.RuF("move %d (%s) is not checked: %s; the director decides", 1, "d6:f8", apitest.RuF("not proved within %d nodes", 10)), `action="` + ruling + `"`, "0?"},
		"en": {"The ranking is provisional", "The participants&#39; answers", "awaits the director&#39;s decision", "move 1 (d6:f8) is not checked: not proved within 10 nodes; the director decides"},
	} {
		apitest.MustContain(t, "the director's page with an answer waiting ("+lang+")", s.Page(dc, ev+"/solving?lang="+lang), want...)
	}
	// The participant sees neither the ruling form nor the verdict while
	// the contest runs.
	apitest.MustNotContain(t, "the participant's page", short.Page(sc, ev+"/solving"), apitest.Lead(apitest.RuT("account.no_name", "N", "\x00")), apitest.RuT("solve.answers"), apitest.RuT("solve.pending"), `action="`+ruling+`"`)
	if rec := short.Post(sc, ruling, url.Values{"verdict": {"right"}, "reason": {"я права"}}); rec.Code != http.StatusForbidden {
		t.Errorf("the participant rules on her own answer: %d", rec.Code)
	}
	rec := s.Post(dc, ruling, url.Values{"verdict": {"key"}, "reason": {" "}})
	if rec.Code != http.StatusBadRequest {
		t.Fatalf("a ruling without a reason: %d", rec.Code)
	}
	apitest.MustContain(t, "a ruling without a reason", apitest.PageText(rec), `<p class="field-error" role="alert">`+apitest.RuF("say why you set the verdict: the participant sees it")+"</p>", `<option value="key" selected>`)
	s.MustPost(dc, ruling, url.Values{"verdict": {"right"}, "reason": {"ключ и главный вариант авторские"}})
	page := s.Page(dc, ev+"/solving")
	apitest.MustContain(t, "the director's page after the ruling", page, apitest.RuT("solve.right")+"</span>, "+apitest.RuT("solve.earned", "P", 5), ". "+apitest.RuT("solve.ruling")+": ключ и главный вариант авторские")
	apitest.MustNotContain(t, "the director's page after the ruling", page, apitest.Lead(apitest.RuT("solve.provisional", "N", "\x00")))

	// The JSON API: only the director, with a verdict and a reason.
	api := "/api/v1" + ruling
	if code, out := s.Call(director, "POST", api, map[string]any{"verdict": "perhaps", "reason": ""}); code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out), "verdict") {
		t.Errorf("a ruling that is no verdict: %d %v", code, out)
	}
	a := s.Must(http.StatusOK, director, "POST", api, map[string]any{"verdict": "key", "reason": "главный вариант не доведён"}).(map[string]any)
	if a["points"] != 1.0 || a["right"] != false || a["key_right"] != true || a["ruling"] != "главный вариант не доведён" || a["pending"] != nil {
		t.Errorf("the answer ruled through the API: %v", a)
	}
	clock.Set(start.Add(3 * time.Hour))
	apitest.MustContain(t, "the participant's page after the end", short.Page(sc, ev+"/solving"), apitest.RuT("solve.key_only")+"</span>, "+apitest.RuT("solve.earned", "P", 1), ". "+apitest.RuT("solve.ruling")+": главный вариант не доведён",
		`<tr class="mine"><td>1</td><td>Решалов</td>`)
	apitest.MustNotContain(t, "the public page after the end", s.Page(nil, ev+"/solving"), `class="mine"`)
}

// The solving page does not offer an author the form for their own
// problem, and says why; the API marks it and refuses the answer.
func TestSolvingPageKeepsTheAuthorFromTheirOwnProblem(t *testing.T) {
	t.Parallel()
	s := newCompServer(t, time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	director, _, base, id := judgedContest(s, "Задачи")
	author := s.User("author@example.org", tournament.PlayerRole)
	enterG005(s, author, base, "Задачи", "exact 18:6", "d6:f8")
	s.Must(http.StatusOK, director, "PUT", base+"/solving", map[string]any{"starts": "2026-11-01T13:00:00Z", "ends": "2026-11-01T15:00:00Z",
		"problems": []any{map[string]any{"position": apitest.G005, "side": "black", "stipulation": "exact 18:6", "solution": "d6:f8 b2-c3 f8:d6 e7:c5"}}})
	s.Clock.Set(time.Date(2026, 11, 1, 14, 0, 0, 0, time.UTC))
	v := s.Must(http.StatusOK, author, "GET", base+"/solving", nil).(map[string]any)
	if p := v["problems"].([]any)[0].(map[string]any); p["composed"] != "001" {
		t.Errorf("the problem in the author's view: %v", p)
	}
	s.Must(http.StatusForbidden, author, "POST", base+"/solving/problems/1/answer", map[string]any{"answer": "d6:f8 b2-c3 f8:d6 e7:c5"})
	page := s.Page(s.Session("author@example.org"), fmt.Sprintf("/events/%d/solving", id))
	apitest.MustContain(t, "the author's solving page", page, `<p class="hint">`+apitest.RuT("solve.own_problem", "Code", "001")+"</p>")
	apitest.MustNotContain(t, "the author's solving page", page, "/solving/problems/1/answer")
	s.User("reader@example.org", tournament.PlayerRole)
	apitest.MustContain(t, "a reader's solving page", s.Page(s.Session("reader@example.org"), fmt.Sprintf("/events/%d/solving", id)), "/solving/problems/1/answer")
}
