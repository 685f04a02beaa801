package composition_test

import (
	"context"
	"fmt"
	"html"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"adiukh/api"
	"adiukh/api/apitest"
	"adiukh/rules/solve"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/composition"
	"adiukh/tournament/engines"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

// newCompServer is the application with a composition service on a fake
// clock, for the contest's pages.
func newCompServer(t *testing.T, start time.Time) *apitest.CorrServer {
	t.Helper()
	return newCompServerWithBudget(t, start, 5_000_000)
}

// newCompServerWithBudget gives the contests' solver maxNodes per entry.
func newCompServerWithBudget(t *testing.T, start time.Time, maxNodes int64) *apitest.CorrServer {
	t.Helper()
	return newCompServerOver(t, storetest.SQLite(t), &apitest.FakeClock{At: start}, maxNodes)
}

// newCompServerOver serves the contests kept in st, at the clock's time,
// with maxNodes for the solver; two of them over one store see the same
// contests with different budgets.
func newCompServerOver(t *testing.T, st *store.Store, clock *apitest.FakeClock, maxNodes int64) *apitest.CorrServer {
	t.Helper()
	s := &apitest.CorrServer{T: t, Clock: clock, Accounts: apitest.Accounts(st, account.Options{})}
	opt := engines.Options()
	opt.Now = clock.Now
	s.Handler = apitest.NewRouter(api.Deps{
		DB: st, Events: tournament.NewService(st, opt), Accounts: s.Accounts,
		Composition: composition.NewService(st.Composition(), composition.Options{Now: clock.Now, MaxNodes: maxNodes, TableBytes: 4 << 20}),
		Log:         slog.New(slog.NewTextHandler(io.Discard, nil)), Now: clock.Now,
	})
	return s
}

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

// namedUser creates an account with a name, as the award prints it.
func namedUser(s *apitest.CorrServer, email, name string, role tournament.Role) {
	s.T.Helper()
	if _, err := s.Accounts.AddUser(context.Background(), account.NewUser{Email: email, Names: account.Names{Name: name}, Role: string(role), Password: "пароль игрока"}); err != nil {
		s.T.Fatal(err)
	}
}

// ruStip is a stipulation as stored ("exact 18:6") as a Russian page
// words it ("точно 18:6").
func ruStip(text string) string { return apitest.Ru.Message(solve.SayStipulation(text)) }

// ruPosition is a position in the rules' notation as a Russian page writes
// it, the sides named in the catalogue's words: "белые: a5-1/6, …; чёрные: d6-1/2".
func ruPosition(p string) string {
	return strings.NewReplacer("white:", apitest.RuT("report.notation_white")+":", "black:", apitest.RuT("report.notation_black")+":").Replace(p)
}

// inMoscow is a moment as a contest's message names it in the event's
// zone, Moscow's unless set: "10 ноября 2026, 15:00 MSK".
func inMoscow(at time.Time) tournament.Moment {
	zone, err := time.LoadLocation("Europe/Moscow")
	if err != nil {
		panic(err)
	}
	return tournament.In(at, zone)
}

// toSecond is a moment named to the second, as a solving contest's window is.
func toSecond(m tournament.Moment) tournament.Moment {
	m.Seconds = true
	return m
}

// fourLines is the refusal of a problem of the solving contest's form
// written in got lines, not four, as a Russian page says it.
func fourLines(problem, got int) string {
	return apitest.RuF("problem %d: write four lines (position, side to move, stipulation, solution) and, if you like, a fifth with the points for the solution and for the key alone; got %d", problem, got)
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

// A step the desk refuses for the contest's state — the award before the
// deadline, without entries, the final award during the claims period, a
// decision without its reason, settings after the award — is said on the
// desk, not only answered with the status.
func TestCompositionDeskSaysWhyAStepIsRefused(t *testing.T) {
	t.Parallel()
	s := newCompServer(t, time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	_, _, base, id := judgedContest(s, "Задачи")
	s.User("author@example.org", tournament.PlayerRole)
	ev := strings.TrimPrefix(base, "/api/v1")
	dc, jc, ac := s.Session("director@example.org"), s.Session("judge@example.org"), s.Session("author@example.org")
	settings := url.Values{"sections": {"Задачи"}, "deadline": {"2026-11-10T15:00"}, "scale": {"4"}, "aggregation": {"mean"}, "claim_days": {"7"}}
	refused := func(what string, want int, cookie *http.Cookie, path string, form url.Values, says string) {
		t.Helper()
		rec := s.Post(cookie, path, form)
		if rec.Code != want || !strings.Contains(apitest.PageText(rec), `<p class="field-error" role="alert">`+says) {
			t.Errorf("%s: %d, want %d saying %q", what, rec.Code, want, says)
		}
	}
	award := url.Values{"prizes": {"1"}, "honourable_mentions": {"0"}, "commendations": {"0"}}
	refused("the award before the deadline", http.StatusConflict, dc, ev+"/contest/award", award, apitest.RuF("entries are open until %s; the award comes after judging", inMoscow(time.Date(2026, 11, 10, 12, 0, 0, 0, time.UTC))))
	s.Clock.Set(time.Date(2026, 11, 10, 12, 0, 0, 0, time.UTC))
	refused("the award without entries", http.StatusConflict, dc, ev+"/contest/award", award, apitest.RuF("the contest has no entries to award"))

	s.Clock.Set(time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	s.MustPost(ac, ev+"/contest/entries", url.Values{"section": {"Задачи"}, "position": {apitest.G005}, "side": {"black"}, "stipulation": {"exact 18:6"}, "solution": {"d6:f8 b2-c3 f8:d6 e7:c5"}})
	// A text over the body's usual 256 KB is refused at its field by its
	// limit in characters, the form kept, not with a bare 413.
	long := url.Values{"section": {"Задачи"}, "position": {g019}, "side": {"black"}, "stipulation": {"ничья"}, "solution": {"h4-g3"}, "comment": {strings.Repeat("ж", 150_000)}}
	if rec := s.Post(ac, ev+"/contest/entries", long); rec.Code != http.StatusBadRequest || !strings.Contains(apitest.PageText(rec), apitest.RuF("the comment is longer than %d characters", 10000)) || !strings.Contains(rec.Body.String(), g019) {
		t.Errorf("an entry with a comment of 300 KB: %d", rec.Code)
	}
	s.Clock.Set(time.Date(2026, 11, 10, 12, 0, 0, 0, time.UTC))
	s.MustPost(jc, ev+"/contest/marks/001", url.Values{"mark": {"3"}})
	refused("a number of prizes that is not a number", http.StatusBadRequest, dc, ev+"/contest/award",
		url.Values{"prizes": {"два"}, "honourable_mentions": {"0"}, "commendations": {"0"}}, apitest.RuF("%q is not a number: write how many, such as 2", "два"))
	s.MustPost(dc, ev+"/contest/award", award)
	// Issue 41, item 8: a repeated post of the award says why, and a late
	// entry says why and gives back what was typed.
	refused("the award posted again", http.StatusConflict, dc, ev+"/contest/award", award, apitest.RuF("the award is already published"))
	late := url.Values{"section": {"Задачи"}, "position": {g019}, "side": {"black"}, "stipulation": {"ничья"}, "solution": {"h4-g3"}, "comment": {"мой этюд"}}
	refused("a late entry", http.StatusConflict, ac, ev+"/contest/entries", late, apitest.RuF("entries closed at %s", inMoscow(time.Date(2026, 11, 10, 12, 0, 0, 0, time.UTC))))
	apitest.MustContain(t, "a late entry's page", s.Post(ac, ev+"/contest/entries", late).Body.String(), g019, "ничья", "h4-g3", "мой этюд")
	refused("a mark after the award", http.StatusConflict, jc, ev+"/contest/marks/001", url.Values{"mark": {"4"}}, apitest.RuF("the award is published; marks are fixed"))
	refused("the settings after the award", http.StatusConflict, dc, ev+"/contest/settings", settings, apitest.RuF("the award is published; the contest's settings are fixed"))
	refused("the final award during the claims period", http.StatusConflict, dc, ev+"/contest/award/final", nil, apitest.RuF("the claims period runs until %s", inMoscow(time.Date(2026, 11, 17, 12, 0, 0, 0, time.UTC))))
	s.MustPost(ac, ev+"/contest/claims", url.Values{"code": {"001"}, "kind": {"anticipated"}, "evidence": {"Петров, 1990"}})
	cid := apitest.Num(s.Must(http.StatusOK, "", "GET", "/api/v1"+ev+"/contest/award", nil).(map[string]any)["claims"].([]any)[0].(map[string]any)["id"])
	decision := fmt.Sprintf("/contest-claims/%d/decision", cid)
	refused("a decision without its reason", http.StatusBadRequest, dc, decision, url.Values{"event": {fmt.Sprint(id)}, "uphold": {"false"}}, apitest.RuF("a decision on a claim needs its reason"))
	s.MustPost(dc, decision, url.Values{"event": {fmt.Sprint(id)}, "uphold": {"false"}, "reason": {"идея другая"}})
	refused("a second decision", http.StatusConflict, dc, decision, url.Values{"event": {fmt.Sprint(id)}, "uphold": {"true"}, "reason": {"всё же"}}, apitest.RuF("claim %d is already decided", cid))
	s.Clock.Set(time.Date(2026, 11, 18, 12, 0, 0, 0, time.UTC))
	s.MustPost(dc, ev+"/contest/award/final", nil)
	refused("the final award posted again", http.StatusConflict, dc, ev+"/contest/award/final", nil, apitest.RuF("the final award is already published"))
	refused("an edit after the final award", http.StatusConflict, dc, ev+"/contest/award/edit", url.Values{"code": {"001"}, "honour": {"prize"}, "place": {"1"}, "reason": {"поздно"}}, apitest.RuF("only a provisional award can be edited"))
	refused("a claim after the claims period", http.StatusConflict, ac, ev+"/contest/claims", url.Values{"code": {"001"}, "kind": {"unsound"}, "evidence": {"d6:f8 не выигрывает"}},
		apitest.RuF("claims are filed during the claims period after the provisional award"))
	apitest.MustContain(t, "a late claim's page", s.Post(ac, ev+"/contest/claims", url.Values{"code": {"001"}, "kind": {"unsound"}, "evidence": {"d6:f8 не выигрывает"}}).Body.String(), "d6:f8 не выигрывает")
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

// The provisional award says it is open for claims only while it is: after
// the claims period, until the final award, it says the period is over.
func TestProvisionalAwardAfterTheClaimsPeriod(t *testing.T) {
	t.Parallel()
	s := newCompServer(t, time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	director, judge, base, _ := judgedContest(s, "Задачи")
	oneEntryAtTheDeadline(s, base)
	s.Must(http.StatusOK, judge, "PUT", base+"/contest/marks/001", map[string]any{"mark": 3})
	s.Must(http.StatusOK, director, "POST", base+"/contest/award", map[string]any{"prizes": 1})
	page := strings.TrimPrefix(base, "/api/v1") + "/contest/award"
	apitest.MustContain(t, "the award during the claims period", s.Page(nil, page+"?lang=en"), "Provisional award — open for claims")
	s.Clock.Set(time.Date(2026, 11, 18, 12, 0, 0, 0, time.UTC))
	for lang, says := range map[string]string{"ru": apitest.RuT("compo.award_provisional_closed"), "en": "the claims period is over"} {
		after := s.Page(nil, page+"?lang="+lang)
		apitest.MustContain(t, "the award after the claims period ("+lang+")", after, says)
		apitest.MustNotContain(t, "the award after the claims period ("+lang+")", after, apitest.RuT("compo.award_provisional"), "open for claims")
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

// An award that distinguishes no entry — its one entry refuted by the
// solver — says so on its page.
func TestAwardPageWithoutDistinctions(t *testing.T) {
	t.Parallel()
	s := newCompServer(t, time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	director, _, base, _ := judgedContest(s, "Этюды")
	author := s.User("author@example.org", tournament.PlayerRole)
	enterG005(s, author, base, "Этюды", "black wins", "d6:f8")
	s.Clock.Set(time.Date(2026, 11, 10, 12, 0, 0, 0, time.UTC))
	s.Must(http.StatusOK, director, "POST", base+"/contest/award", map[string]any{"prizes": 1})
	page := strings.TrimPrefix(base, "/api/v1") + "/contest/award"
	apitest.MustContain(t, "the award without distinctions", s.Page(nil, page), `<p class="empty">`+apitest.RuT("report.award_empty")+"</p>")
	apitest.MustContain(t, "the award without distinctions in English", s.Page(nil, page+"?lang=en"), "The award distinguishes no entry.")
}

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

func withPoints(problem map[string]any, points, key int) map[string]any {
	out := maps.Clone(problem)
	out["points"], out["key_points"] = points, key
	return out
}

// TestBrowserCompositionEntry is an author at a computer: signs in, opens
// the contest, builds the position on the board editor square by square
// (towers colour by colour), fills the task and submits, and sees the
// solver's verdict.
func TestBrowserCompositionEntry(t *testing.T) {
	t.Parallel()
	s := newCompServer(t, time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	director := s.User("director@example.org", tournament.ArbiterRole)
	namedUser(s, "author@example.org", "Автор Петров", tournament.PlayerRole)
	id := apitest.Num(s.Must(http.StatusCreated, director, "POST", "/api/v1/events", map[string]any{"name": "Конкурс составителей", "discipline": "composition", "system": "round-robin"}).(map[string]any)["id"])
	s.Must(http.StatusOK, director, "PUT", fmt.Sprintf("/api/v1/events/%d/contest", id), map[string]any{"sections": []map[string]string{{"name": "Задачи", "rules": "12+12"}},
		"deadline": "2026-11-10T12:00:00Z", "scale": 4, "aggregation": "mean", "claim_days": 7})
	srv := httptest.NewServer(s.Handler)
	defer srv.Close()
	ctx := apitest.Browser(t)

	// g005 as taps: white a5-1/6 (6 black then 1 white), b2-1, d4-4/1,
	// d8-1/3, e7-3/1; black d6-1/2.
	type build struct {
		tool string
		sq   string
		n    int
	}
	steps := []build{
		{"b", "a5", 6}, {"w", "a5", 1}, {"w", "b2", 1}, {"b", "d4", 1}, {"w", "d4", 4},
		{"b", "d8", 3}, {"w", "d8", 1}, {"b", "e7", 1}, {"w", "e7", 3}, {"w", "d6", 2}, {"b", "d6", 1},
	}
	actions := []chromedp.Action{
		chromedp.EmulateViewport(1100, 900),
		chromedp.Navigate(srv.URL + "/login"),
		chromedp.SendKeys(`input[name=email]`, "author@example.org"),
		chromedp.SendKeys(`input[name=password]`, "пароль игрока"+kb.Enter),
		chromedp.WaitVisible(`form[action="/logout"]`),
		chromedp.Navigate(fmt.Sprintf("%s/events/%d", srv.URL, id)), // redirected to the contest
		apitest.Load(fmt.Sprintf(`a.button[href="/events/%d/contest/entries"]`, id)),
		chromedp.WaitVisible(`#board-editor .be-grid button[data-sq="a1"]`),
	}
	tool := ""
	for _, st := range steps {
		if st.tool != tool {
			actions = append(actions, chromedp.Click(fmt.Sprintf(`#board-editor button[data-tool="%s"]`, st.tool)))
			tool = st.tool
		}
		for range st.n {
			actions = append(actions, chromedp.Click(fmt.Sprintf(`#board-editor button[data-sq="%s"]`, st.sq)))
		}
	}
	var position, counts, verdict string
	actions = append(actions,
		chromedp.Value(`#position-field`, &position),
		chromedp.Text(`.be-counts`, &counts),
		chromedp.Click(`input[name=side][value=black]`),
		chromedp.SendKeys(`input[name=stipulation]`, "exact 18:6"),
		chromedp.SendKeys(`textarea[name=solution]`, "d6:f8 b2-c3 f8:d6 e7:c5"),
		apitest.Shot("composition-editor"),
		apitest.Load(`#entry-submit`),
		chromedp.Text(`#verdict`, &verdict),
		apitest.Shot("composition-verdict"),
	)
	if err := chromedp.Run(ctx, actions...); err != nil {
		t.Fatal(err)
	}
	// The page is Russian: the editor names the sides so.
	if want := ruPosition(apitest.G005); position != want {
		t.Errorf("the board editor wrote %q, want %q", position, want)
	}
	if !strings.Contains(counts, "12/12") || strings.Count(counts, "12/12") != 2 {
		t.Errorf("the counts under the board: %q", counts)
	}
	if !strings.Contains(verdict, apitest.RuT("compo.verdict.sound")) || !strings.Contains(verdict, "001") {
		t.Errorf("the verdict after submitting: %q", verdict)
	}

	// The jury marks it after the deadline; the award page shows it.
	namedUser(s, "judge@example.org", "Судья Иванов", tournament.PlayerRole)
	judge, _, err := s.Accounts.CreateToken(context.Background(), account.NewToken{Email: "judge@example.org"})
	if err != nil {
		t.Fatal(err)
	}
	base := fmt.Sprintf("/api/v1/events/%d/contest", id)
	s.Must(http.StatusOK, director, "PUT", base+"/judges", map[string]any{"judges": []string{"judge@example.org"}})
	s.Clock.Set(time.Date(2026, 11, 10, 12, 0, 0, 0, time.UTC))
	s.Must(http.StatusOK, judge, "PUT", base+"/marks/001", map[string]any{"mark": 3.5, "comment": "Тонкая игра башнями"})
	s.Must(http.StatusOK, director, "POST", base+"/award", map[string]any{"prizes": 1})
	var award string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(fmt.Sprintf("%s/events/%d/contest/award", srv.URL, id)),
		chromedp.Text(`.contest-award`, &award),
		apitest.Shot("composition-award"),
	); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{apitest.RuT("compo.award_provisional"), apitest.Ru.Honour("prize", 1) + " — Автор Петров", "Судья Иванов", ruStip("exact 18:6"), "Тонкая игра башнями"} {
		if !strings.Contains(award, want) {
			t.Errorf("the award page lacks %q:\n%s", want, award)
		}
	}
}

// TestBrowserBoardEditorCoordinates: the board editor has the a–h and 1–8
// labels every diagram has, the ranks at the left of their rows and the
// files under their columns, on a computer's screen and within a phone's;
// the square named in the tower's line is in the line's own type.
func TestBrowserBoardEditorCoordinates(t *testing.T) {
	t.Parallel()
	s := newCompServer(t, time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	_, _, base, _ := judgedContest(s, "Задачи")
	s.User("author@example.org", tournament.PlayerRole)
	at, run := apitest.BrowserOn(t, s.Handler)
	run("sign in", chromedp.Navigate(at("/login")),
		chromedp.SendKeys(`input[name=email]`, "author@example.org"),
		chromedp.SendKeys(`input[name=password]`, "пароль игрока"+kb.Enter),
		chromedp.WaitVisible(`form[action="/logout"]`))
	// Where each label stands against its square, and the type of the
	// tower's line, measured by the browser.
	const measure = `(() => {
		const box = e => e.getBoundingClientRect();
		const label = (sel, text) => [...document.querySelectorAll(sel)].find(e => e.textContent === text);
		const out = {files: "", ranks: "", misplaced: []};
		out.files = [...document.querySelectorAll("#board-editor .be-files span")].map(e => e.textContent).join("");
		out.ranks = [...document.querySelectorAll("#board-editor .be-ranks span")].map(e => e.textContent).join("");
		const grid = box(document.querySelector("#board-editor .be-grid"));
		for (const sq of ["a1", "c3", "h8", "b8", "g1"]) {
			const b = box(document.querySelector('#board-editor button[data-sq="' + sq + '"]'));
			const fl = label("#board-editor .be-files span", sq[0]), rl = label("#board-editor .be-ranks span", sq[1]);
			if (!fl || !rl) { out.misplaced.push(sq + " unlabelled"); continue; }
			const f = box(fl), r = box(rl);
			if (Math.abs((f.left + f.right) / 2 - (b.left + b.right) / 2) > 1 || f.top < grid.bottom - 1) out.misplaced.push(sq + " file");
			if (Math.abs((r.top + r.bottom) / 2 - (b.top + b.bottom) / 2) > 1 || r.right > grid.left + 1) out.misplaced.push(sq + " rank");
		}
		out.right = grid.right;
		const line = document.querySelector("#board-editor .be-square");
		if (line) {
			const p = getComputedStyle(line.parentNode), l = getComputedStyle(line);
			out.square = line.textContent;
			out.sameType = l.fontSize === p.fontSize && l.fontFamily === p.fontFamily && l.letterSpacing === p.letterSpacing;
		}
		return out;
	})()`
	for _, width := range []int64{1280, 360} {
		var got struct {
			Files, Ranks string
			Misplaced    []string
			Right        float64
			Square       string
			SameType     bool
		}
		run(fmt.Sprintf("the editor at %d px", width),
			chromedp.EmulateViewport(width, 900),
			chromedp.Navigate(at(strings.TrimPrefix(base, "/api/v1")+"/contest/entries")),
			chromedp.WaitVisible(`#board-editor .be-grid button[data-sq="e3"]`),
			chromedp.Click(`#board-editor button[data-sq="e3"]`),
			chromedp.Click(`#board-editor button[data-sq="e3"]`),
			chromedp.Evaluate(measure, &got))
		if got.Files != "abcdefgh" || got.Ranks != "87654321" || len(got.Misplaced) > 0 {
			t.Errorf("at %d px the editor's coordinates read %q and %q; misplaced: %v", width, got.Files, got.Ranks, got.Misplaced)
		}
		if got.Right > float64(width) {
			t.Errorf("at %d px the editor ends at %v px", width, got.Right)
		}
		if got.Square != "e3: " || !got.SameType {
			t.Errorf("at %d px the tower's line names %q in the same type as the line: %v", width, got.Square, got.SameType)
		}
	}
}

// TestBrowserCompositionEventForm: an arbiter creating a composition
// contest sees no pairing system, rounds, clock, scoring or tie-breaks on
// the form, and the contest's header names no pairing system either.
func TestBrowserCompositionEventForm(t *testing.T) {
	t.Parallel()
	s := newCompServer(t, time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	s.User("director@example.org", tournament.ArbiterRole)
	at, run := apitest.BrowserOn(t, s.Handler)
	var visible []string
	var header string
	run("sign in and choose the composition discipline",
		chromedp.Navigate(at("/login")),
		chromedp.SendKeys(`input[name=email]`, "director@example.org"),
		chromedp.SendKeys(`input[name=password]`, "пароль игрока"+kb.Enter),
		chromedp.WaitVisible(`form[action="/logout"]`),
		chromedp.Navigate(at("/manage/events/new")),
		chromedp.WaitVisible(`select[name=system]`),
		chromedp.SetValue(`input[name=name]`, "Конкурс составителей"),
		chromedp.SetValue(`select[name=discipline]`, "composition"),
		chromedp.Evaluate(`document.querySelector("select[name=discipline]").dispatchEvent(new Event("change"))`, nil),
		chromedp.WaitNotVisible(`select[name=system]`),
		chromedp.Evaluate(`[...document.querySelectorAll("form [name]")].filter(e => e.offsetParent !== null).map(e => e.name)`, &visible),
		apitest.Shot("composition-event-form"),
	)
	for _, name := range visible {
		if name == "rounds" || name == "time_control" || name == "scoring_win" || name == "tiebreak" || name == "baku" || name == "sheets_required" {
			t.Errorf("the composition form shows %q", name)
		}
	}
	run("create the contest",
		apitest.Load(`form[action="/manage/events"] button[type=submit]`),
		chromedp.Text(`main`, &header),
	)
	if !strings.Contains(header, "Конкурс составителей") || strings.Contains(header, apitest.RuT("system.round-robin")) || strings.Contains(header, apitest.RuT("system.swiss")) {
		t.Errorf("the new contest's page:\n%s", header)
	}
}

// g019 is another position four plies before the end of a random game:
// best play draws.
const g019 = "white: b8-3, c7-1/4, d6-3/1; black: c1-4/2, e1-1/2, g1-1/1, h4-1"

// When a claim takes the prize winner out of the provisional award, the
// director edits the award on the desk, as the API's PUT does: a row per
// entry, with a reason; a refused edit keeps the rows as typed.
func TestDirectorEditsTheProvisionalAwardOnTheDesk(t *testing.T) {
	t.Parallel()
	s := newCompServer(t, time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	director, judge, base, _ := judgedContest(s, "Задачи")
	second := twoMarkedEntries(s, judge, base)
	s.Must(http.StatusOK, director, "POST", base+"/contest/award", map[string]any{"prizes": 1, "honourable_mentions": 1})
	claim := s.Must(http.StatusCreated, second, "POST", base+"/contest/claims", map[string]any{"code": "001", "kind": "anticipated", "evidence": "Петров, 1990"}).(map[string]any)
	s.Must(http.StatusOK, director, "POST", fmt.Sprintf("/api/v1/contest-claims/%d/decision", apitest.Num(claim["id"])), map[string]any{"uphold": true, "reason": "предшественник найден"})

	dc := s.Session("director@example.org")
	ev := strings.TrimPrefix(base, "/api/v1")
	desk, edit := ev+"/manage", ev+"/contest/award/edit"
	page := s.Page(dc, desk)
	apitest.MustContain(t, "the desk during the claims period", page, `<h3 id="edit-award">`+apitest.RuT("compo.edit_award")+"</h3>", `name="code" value="002"`, `<option value="honourable_mention" selected>`)
	apitest.MustNotContain(t, "the desk during the claims period", page, `name="code" value="001"`)

	rows := func(reason string, place string) url.Values {
		return url.Values{"code": {"002", ""}, "honour": {"prize", "prize"}, "place": {place, ""}, "reason": {reason}}
	}
	for _, tc := range []struct {
		what, reason, place, says string
		kept                      []string
	}{
		{"an edit without its reason", "", "1", `<p class="field-error" role="alert">` + apitest.RuF("a change of the provisional award needs its reason"), []string{`<option value="prize" selected>`}},
		{"a place that is not a number", "приз вакантен", "первое", `<p class="field-error">` + apitest.RuF("the place of entry %s is a whole number from 1; got %q", "002", "первое"), []string{`value="первое"`, `value="приз вакантен"`}},
	} {
		rec := s.Post(dc, edit, rows(tc.reason, tc.place))
		if rec.Code != http.StatusBadRequest || !strings.Contains(apitest.PageText(rec), tc.says) {
			t.Errorf("%s: %d, want 400 saying %q", tc.what, rec.Code, tc.says)
		}
		apitest.MustContain(t, tc.what+": the rows as typed", rec.Body.String(), tc.kept...)
	}
	s.MustPost(dc, edit, rows("приз за № 001 снят по претензии", "1"))
	award := s.Must(http.StatusOK, "", "GET", base+"/contest/award", nil).(map[string]any)
	items := award["items"].([]any)
	if len(items) != 1 || items[0].(map[string]any)["code"] != "002" || items[0].(map[string]any)["honour"] != "prize" || items[0].(map[string]any)["place"] != float64(1) {
		t.Errorf("the award after the edit: %v", items)
	}
	apitest.MustContain(t, "the audit log", s.Page(dc, ev+"/audit"), "приз за № 001 снят по претензии")
}

// enterG005 submits the late position of game g005, Black to move, to the
// contest at base as author.
func enterG005(s *apitest.CorrServer, author, base, section, stipulation, solution string) {
	s.Must(http.StatusCreated, author, "POST", base+"/contest/entries", map[string]any{"section": section, "position": apitest.G005, "side": "black",
		"stipulation": stipulation, "solution": solution})
}

// oneEntryAtTheDeadline enters g005 (author@example.org, 001) in the
// section "Задачи" of judgedContest's contest and moves the clock to its
// deadline.
func oneEntryAtTheDeadline(s *apitest.CorrServer, base string) {
	author := s.User("author@example.org", tournament.PlayerRole)
	enterG005(s, author, base, "Задачи", "exact 18:6", "d6:f8 b2-c3 f8:d6 e7:c5")
	s.Clock.Set(time.Date(2026, 11, 10, 12, 0, 0, 0, time.UTC))
}

// twoMarkedEntries enters g005 (first@example.org, 001) and g019
// (second@example.org, 002) in the section "Задачи" of judgedContest's
// contest, and after the deadline the judge marks them 4 and 3; it returns
// the second author.
func twoMarkedEntries(s *apitest.CorrServer, judge, base string) (second string) {
	first := s.User("first@example.org", tournament.PlayerRole)
	second = s.User("second@example.org", tournament.PlayerRole)
	enterG005(s, first, base, "Задачи", "exact 18:6", "d6:f8 b2-c3 f8:d6 e7:c5")
	s.Must(http.StatusCreated, second, "POST", base+"/contest/entries", map[string]any{"section": "Задачи", "position": g019, "side": "black",
		"stipulation": "draw", "solution": "h4-g3 d6-e7 g3-h2 c7-d8"})
	s.Clock.Set(time.Date(2026, 11, 10, 12, 0, 0, 0, time.UTC))
	s.Must(http.StatusOK, judge, "PUT", base+"/contest/marks/001", map[string]any{"mark": 4})
	s.Must(http.StatusOK, judge, "PUT", base+"/contest/marks/002", map[string]any{"mark": 3})
	return second
}

// judgedContest creates a contest of one section, open for entries until
// 10 November 2026, 12:00 UTC, marked out of 4 by judge@example.org, with a
// week for claims; it returns the director, the judge, the contest's path
// in the API and its event's ID.
func judgedContest(s *apitest.CorrServer, section string) (director, judge, base string, id int) {
	director = s.User("director@example.org", tournament.ArbiterRole)
	judge = s.User("judge@example.org", tournament.PlayerRole)
	id = apitest.Num(s.Must(http.StatusCreated, director, "POST", "/api/v1/events", map[string]any{"name": "Конкурс", "discipline": "composition"}).(map[string]any)["id"])
	base = fmt.Sprintf("/api/v1/events/%d", id)
	s.Must(http.StatusOK, director, "PUT", base+"/contest", map[string]any{"sections": []map[string]string{{"name": section}},
		"deadline": "2026-11-10T12:00:00Z", "scale": 4, "aggregation": "mean", "claim_days": 7})
	s.Must(http.StatusOK, director, "PUT", base+"/contest/judges", map[string]any{"judges": []string{"judge@example.org"}})
	return director, judge, base, id
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

// The director reads on the jury's page what the JSON API gives them: each
// entry's marks with the judge's name and comment. A judge still sees only
// their own mark, in their form, and never the other judges'.
func TestJudgingPageShowsTheDirectorEveryMark(t *testing.T) {
	t.Parallel()
	s := newCompServer(t, time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	director := s.User("director@example.org", tournament.ArbiterRole)
	namedUser(s, "first@example.org", "Судья Иванов", tournament.PlayerRole)
	namedUser(s, "second@example.org", "Судья Сидоров", tournament.PlayerRole)
	author := s.User("author@example.org", tournament.PlayerRole)
	id := apitest.Num(s.Must(http.StatusCreated, director, "POST", "/api/v1/events", map[string]any{"name": "Конкурс", "discipline": "composition"}).(map[string]any)["id"])
	base := fmt.Sprintf("/api/v1/events/%d", id)
	s.Must(http.StatusOK, director, "PUT", base+"/contest", map[string]any{"sections": []map[string]string{{"name": "Задачи"}},
		"deadline": "2026-11-10T12:00:00Z", "scale": 4, "aggregation": "mean", "claim_days": 7})
	s.Must(http.StatusOK, director, "PUT", base+"/contest/judges", map[string]any{"judges": []string{"first@example.org", "second@example.org"}})
	enterG005(s, author, base, "Задачи", "exact 18:6", "d6:f8 b2-c3 f8:d6 e7:c5")
	s.Clock.Set(time.Date(2026, 11, 10, 12, 0, 0, 0, time.UTC))
	ev := strings.TrimPrefix(base, "/api/v1")
	page, mark := ev+"/contest/judging", ev+"/contest/marks/001"
	dc, fc, sc := s.Session("director@example.org"), s.Session("first@example.org"), s.Session("second@example.org")
	apitest.MustContain(t, "the director's jury page before the marks", s.Page(dc, page), `<p class="muted">`+apitest.RuT("compo.no_marks")+"</p>")
	apitest.MustContain(t, "the director's jury page before the marks in English", s.Page(dc, page+"?lang=en"), "No marks.")
	s.MustPost(fc, mark, url.Values{"mark": {"3,5"}, "comment": {"Тонкая игра башнями"}})
	s.MustPost(sc, mark, url.Values{"mark": {"3"}, "comment": {"Слабая концовка"}})

	directors := s.Page(dc, page)
	apitest.MustContain(t, "the director's jury page", directors, "<strong>Судья Иванов</strong>: 3,5 — Тонкая игра башнями", "<strong>Судья Сидоров</strong>: 3 — Слабая концовка")
	apitest.MustNotContain(t, "the director's jury page", directors, apitest.RuT("compo.no_marks"), `action="`+mark+`"`)
	apitest.MustContain(t, "the director's jury page in English", s.Page(dc, page+"?lang=en"), "<strong>Судья Иванов</strong>: 3.5 — Тонкая игра башнями")
	first := s.Page(fc, page)
	apitest.MustContain(t, "a judge's jury page", first, `value="3,5"`, "Тонкая игра башнями")
	apitest.MustNotContain(t, "a judge's jury page", first, "Судья Сидоров", "Слабая концовка", "<strong>Судья Иванов</strong>", "author@example.org")
}

// The forms of the steps the award fixes — the contest's settings, the
// jury, the marks — are offered exactly while the service takes them: the
// desk and the jury's page show them until the provisional award, then
// show the settings, the judges and the marks as they stay, and a form
// posted all the same is refused.
func TestFixedStepsOfferNoForms(t *testing.T) {
	t.Parallel()
	s := newCompServer(t, time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	director, _, base, _ := judgedContest(s, "Задачи")
	oneEntryAtTheDeadline(s, base)
	ev := strings.TrimPrefix(base, "/api/v1")
	dc, jc := s.Session("director@example.org"), s.Session("judge@example.org")
	settings, judges, mark := ev+"/contest/settings", ev+"/contest/judges", ev+"/contest/marks/001"
	s.MustPost(jc, mark, url.Values{"mark": {"3"}, "comment": {"Тонкая игра"}})
	s.MustPost(dc, settings, url.Values{"sections": {"Задачи"}, "deadline": {"2026-11-10T15:00"}, "scale": {"4"}, "aggregation": {"mean"}, "claim_days": {"7"}})
	s.MustPost(dc, judges, url.Values{"judges": {"judge@example.org"}})
	apitest.MustContain(t, "the desk while judging", s.Page(dc, ev+"/manage"), `action="`+settings+`"`, `action="`+judges+`"`)
	apitest.MustNotContain(t, "the desk while judging", s.Page(dc, ev+"/manage"), apitest.RuT("compo.settings_fixed"), apitest.RuF("the award is published; the contest's settings are fixed"), apitest.RuF("the award is published; the jury is fixed"))
	apitest.MustContain(t, "the jury page while judging", s.Page(jc, ev+"/contest/judging"), `action="`+mark+`"`)

	s.Must(http.StatusOK, director, "POST", base+"/contest/award", map[string]any{"prizes": 1})
	for lang, says := range map[string][2]string{
		"ru": {`<p class="hint">` + apitest.RuT("compo.settings_fixed") + "</p>", `<p class="hint">` + apitest.RuT("compo.marks_fixed") + "</p>"},
		"en": {"The award is published: the contest&#39;s settings and its jury are fixed.", "The award is published: the marks are fixed."},
	} {
		desk := s.Page(dc, ev+"/manage?lang="+lang)
		apitest.MustContain(t, "the desk after the award ("+lang+")", desk, says[0], "<strong>Задачи</strong>", "judge@example.org")
		apitest.MustNotContain(t, "the desk after the award ("+lang+")", desk, `action="`+settings+`"`, `action="`+judges+`"`)
		jury := s.Page(jc, ev+"/contest/judging?lang="+lang)
		apitest.MustContain(t, "the jury page after the award ("+lang+")", jury, says[1], "Тонкая игра")
		apitest.MustNotContain(t, "the jury page after the award ("+lang+")", jury, `action="`+mark+`"`)
	}
	// A form from a page loaded before the award is refused with its
	// reason, though the page shows the form no more.
	for _, tc := range []struct {
		cookie     *http.Cookie
		path, says string
		form       url.Values
	}{
		{dc, settings, apitest.RuF("the award is published; the contest's settings are fixed"), url.Values{"sections": {"Задачи"}, "deadline": {"2026-11-10T15:00"}, "scale": {"4"}, "aggregation": {"mean"}, "claim_days": {"7"}}},
		{dc, judges, apitest.RuF("the award is published; the jury is fixed"), url.Values{"judges": {"judge@example.org"}}},
		{jc, mark, apitest.RuF("the award is published; marks are fixed"), url.Values{"mark": {"4"}}},
	} {
		rec := s.Post(tc.cookie, tc.path, tc.form)
		if rec.Code != http.StatusConflict || !strings.Contains(apitest.PageText(rec), `<p class="field-error" role="alert">`+tc.says) {
			t.Errorf("POST %s after the award: %d, want 409 saying %q", tc.path, rec.Code, tc.says)
		}
	}
}

// Every page of a composition event fits a 360 px phone as its director
// sees it, with an entry marked, the award published and a solving
// contest over: a wide table scrolls inside its own box.
func TestBrowserCompositionPagesOnAPhone(t *testing.T) {
	t.Parallel()
	s := newCompServer(t, time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	director, judge, base, id := judgedContest(s, "Задачи")
	author := s.User("author@example.org", tournament.PlayerRole)
	s.Must(http.StatusCreated, author, "POST", base+"/contest/entries", map[string]any{"section": "Задачи", "position": apitest.G005, "side": "black",
		"stipulation": "exact 18:6", "solution": "d6:f8 b2-c3 f8:d6 e7:c5", "comment": "Тонкая игра"})
	s.Must(http.StatusOK, director, "PUT", base+"/solving", map[string]any{"starts": "2026-11-01T13:00:00Z", "ends": "2026-11-01T15:00:00Z",
		"problems": []any{map[string]any{"position": apitest.G005, "side": "black", "stipulation": "exact 18:6", "solution": "d6:f8 b2-c3 f8:d6 e7:c5"}}})
	s.Clock.Set(time.Date(2026, 11, 1, 14, 0, 0, 0, time.UTC))
	// The author does not solve their own problem: another account does.
	solver := s.User("solver@example.org", tournament.PlayerRole)
	s.Must(http.StatusCreated, solver, "POST", base+"/solving/problems/1/answer", map[string]any{"answer": "d6:f8 b2-c3 f8:d6 e7:c5"})
	s.Clock.Set(time.Date(2026, 11, 10, 12, 0, 0, 0, time.UTC))
	s.Must(http.StatusOK, judge, "PUT", base+"/contest/marks/001", map[string]any{"mark": 3.5, "comment": "Тонкая игра"})
	s.Must(http.StatusOK, director, "POST", base+"/contest/award", map[string]any{"prizes": 1})

	at, run := apitest.BrowserOn(t, s.Handler)
	run("a 360 px phone", chromedp.EmulateViewport(360, 740, chromedp.EmulateMobile, chromedp.EmulateScale(2)),
		chromedp.Navigate(at("/login")),
		chromedp.SendKeys(`input[name=email]`, "director@example.org"),
		chromedp.SendKeys(`input[name=password]`, "пароль игрока"+kb.Enter),
		chromedp.WaitVisible(`form[action="/logout"]`))
	ev := fmt.Sprintf("/events/%d", id)
	for _, page := range []string{"/contest", "/manage", "/contest/judging", "/contest/award", "/solving", "/contest/entries"} {
		var width int
		var tabsSeen bool
		run("open "+page, chromedp.Navigate(at(ev+page)), chromedp.WaitVisible(`main`),
			chromedp.Evaluate(`document.documentElement.scrollWidth`, &width),
			// Every tab is on the screen: the row wraps, none is cut off.
			chromedp.Evaluate(`Array.from(document.querySelectorAll('nav.tabs a')).every(a => { const r = a.getBoundingClientRect(); return r.left >= 0 && r.right <= window.innerWidth })`, &tabsSeen))
		if width > 360 {
			t.Errorf("%s is %d px wide on a 360 px screen", page, width)
		}
		if !tabsSeen {
			t.Errorf("%s cuts a tab off on a 360 px screen", page)
		}
	}
	// Issue 41, item 10: on a 390 px phone the jury's marks table on the
	// desk reflows instead of scrolling sideways in its box, and every
	// contest page fits the screen.
	run("a 390 px phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(3)))
	for _, page := range []string{"/contest", "/manage", "/contest/judging", "/contest/award", "/solving", "/contest/entries"} {
		var width int
		run("open "+page+" at 390 px", chromedp.Navigate(at(ev+page)), chromedp.WaitVisible(`main`),
			chromedp.Evaluate(`document.documentElement.scrollWidth`, &width))
		if width > 390 {
			t.Errorf("%s is %d px wide on a 390 px screen", page, width)
		}
	}
	var marks struct{ Found, Fits bool }
	run("the marks table at 390 px", chromedp.Navigate(at(ev+"/manage")), chromedp.WaitVisible(`#marks-table`),
		chromedp.Evaluate(`(() => { const t = document.getElementById('marks-table'); if (!t) return {Found: false, Fits: false};
			const box = t.parentElement; return {Found: true, Fits: box.scrollWidth <= box.clientWidth && t.getBoundingClientRect().right <= window.innerWidth} })()`, &marks))
	if !marks.Found || !marks.Fits {
		t.Errorf("the jury's marks table on a 390 px screen: %+v, want it reflowed within the screen", marks)
	}
}

// The director may publish the provisional award entry by entry on the
// desk, as the API's items allow, instead of by numbers: an entry left at
// "—" is not distinguished, and a refused row keeps what was typed.
func TestDirectorPublishesTheAwardEntryByEntry(t *testing.T) {
	t.Parallel()
	s := newCompServer(t, time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	_, judge, base, _ := judgedContest(s, "Задачи")
	twoMarkedEntries(s, judge, base)

	dc := s.Session("director@example.org")
	ev := strings.TrimPrefix(base, "/api/v1")
	apitest.MustContain(t, "the desk before the award", s.Page(dc, ev+"/manage"), "<summary>"+apitest.RuT("compo.award_by_entry")+"</summary>", `name="code" value="001"`, `name="code" value="002"`, `<option value="">—</option>`)
	rows := func(place string) url.Values {
		return url.Values{"code": {"001", "002"}, "honour": {"", "commendation"}, "place": {"", place}, "prizes": {"1"}, "honourable_mentions": {"0"}, "commendations": {"0"}}
	}
	rec := s.Post(dc, ev+"/contest/award", rows("первое"))
	if rec.Code != http.StatusBadRequest {
		t.Fatalf("a place in words: %d", rec.Code)
	}
	apitest.MustContain(t, "a place in words", apitest.PageText(rec), `<p class="field-error">`+apitest.RuF("the place of entry %s is a whole number from 1; got %q", "002", "первое"), `value="первое"`, `<details open>`)
	s.MustPost(dc, ev+"/contest/award", rows("1"))
	items := s.Must(http.StatusOK, "", "GET", base+"/contest/award", nil).(map[string]any)["items"].([]any)
	if len(items) != 1 || items[0].(map[string]any)["code"] != "002" || items[0].(map[string]any)["honour"] != "commendation" {
		t.Errorf("the award published entry by entry: %v", items)
	}
}

// A judge's page lists the entries by code once the jury has marked, not
// in the ranking's order, which would tell the other judges' marks.
func TestJudgingPageKeepsTheJurysRankingFromAJudge(t *testing.T) {
	t.Parallel()
	s := newCompServer(t, time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	director := s.User("director@example.org", tournament.ArbiterRole)
	judges := []string{s.User("judge1@example.org", tournament.PlayerRole), s.User("judge2@example.org", tournament.PlayerRole), s.User("judge3@example.org", tournament.PlayerRole)}
	id := apitest.Num(s.Must(http.StatusCreated, director, "POST", "/api/v1/events", map[string]any{"name": "Конкурс", "discipline": "composition"}).(map[string]any)["id"])
	base := fmt.Sprintf("/api/v1/events/%d", id)
	s.Must(http.StatusOK, director, "PUT", base+"/contest", map[string]any{"sections": []map[string]string{{"name": "Задачи"}},
		"deadline": "2026-11-10T12:00:00Z", "scale": 4, "aggregation": "trimmed_mean", "claim_days": 7})
	s.Must(http.StatusOK, director, "PUT", base+"/contest/judges", map[string]any{"judges": []string{"judge1@example.org", "judge2@example.org", "judge3@example.org"}})
	twoAuthors := []string{s.User("first@example.org", tournament.PlayerRole), s.User("second@example.org", tournament.PlayerRole)}
	for _, author := range twoAuthors {
		enterG005(s, author, base, "Задачи", "exact 18:6", "d6:f8 b2-c3 f8:d6 e7:c5")
	}
	s.Clock.Set(time.Date(2026, 11, 10, 12, 0, 0, 0, time.UTC))
	// Judge 1 prefers 001; the jury 002.
	for j, marks := range [][2]float64{{4, 1}, {1, 3}, {0.5, 3.5}} {
		for i, mark := range marks {
			s.Must(http.StatusOK, judges[j], "PUT", fmt.Sprintf("%s/contest/marks/%03d", base, i+1), map[string]any{"mark": mark})
		}
	}
	ev := strings.TrimPrefix(base, "/api/v1")
	order := func(page string) bool {
		return strings.Index(page, `id="entry-001"`) < strings.Index(page, `id="entry-002"`)
	}
	if page := s.Page(s.Session("judge1@example.org"), ev+"/contest/judging"); !strings.Contains(page, `id="entry-002"`) || !order(page) {
		t.Errorf("judge 1's page lists 002 before 001, as the jury ranks them")
	}
	if page := s.Page(s.Session("director@example.org"), ev+"/contest/judging"); order(page) {
		t.Errorf("the director's page does not list the entries as ranked")
	}
}

// provisionalAwardWithAClaim publishes the provisional award of two
// entries, the prize to Автор Абрегов's 001, against which the reader
// Читатель Тхагапсов (reader@example.org) files a claim of anticipation.
func provisionalAwardWithAClaim(t *testing.T, s *apitest.CorrServer) (base, ev string) {
	t.Helper()
	director, judge, base, _ := judgedContest(s, "Задачи")
	namedUser(s, "first@example.org", "Автор Абрегов", tournament.PlayerRole)
	namedUser(s, "second@example.org", "Автор Бжассо", tournament.PlayerRole)
	for _, email := range []string{"first@example.org", "second@example.org"} {
		author, _, err := s.Accounts.CreateToken(context.Background(), account.NewToken{Email: email})
		if err != nil {
			t.Fatal(err)
		}
		enterG005(s, author, base, "Задачи", "exact 18:6", "d6:f8 b2-c3 f8:d6 e7:c5")
	}
	s.Clock.Set(time.Date(2026, 11, 10, 12, 0, 0, 0, time.UTC))
	s.Must(http.StatusOK, judge, "PUT", base+"/contest/marks/001", map[string]any{"mark": 4})
	s.Must(http.StatusOK, judge, "PUT", base+"/contest/marks/002", map[string]any{"mark": 3})
	s.Must(http.StatusOK, director, "POST", base+"/contest/award", map[string]any{"prizes": 1, "honourable_mentions": 1})
	namedUser(s, "reader@example.org", "Читатель Тхагапсов", tournament.PlayerRole)
	ev = strings.TrimPrefix(base, "/api/v1")
	s.MustPost(s.Session("reader@example.org"), ev+"/contest/claims", url.Values{"code": {"001"}, "kind": {"anticipated"}, "evidence": {"Мамсиров, 1998"}})
	return base, ev
}

// When an upheld claim eliminates an entry of the provisional award, the
// award page, the API and the booklet name it, its author and why: the
// claim's code alone would no longer tell a reader which work it was.
func TestAwardNamesTheEliminatedEntry(t *testing.T) {
	t.Parallel()
	s := newCompServer(t, time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	base, ev := provisionalAwardWithAClaim(t, s)
	dc := s.Session("director@example.org")
	apitest.MustNotContain(t, "the award before the decision", s.Page(nil, ev+"/contest/award"), `id="eliminated"`)
	apitest.MustNotContain(t, "the desk before the decision", s.Page(dc, ev+"/manage"), `id="award-gaps"`)
	claims := s.Must(http.StatusOK, "", "GET", base+"/contest/award", nil).(map[string]any)["claims"].([]any)
	s.MustPost(dc, fmt.Sprintf("/contest-claims/%d/decision", apitest.Num(claims[0].(map[string]any)["id"])), url.Values{"event": {strings.TrimPrefix(ev, "/events/")}, "uphold": {"true"}, "reason": {"та же позиция"}})
	apitest.MustContain(t, "the desk after the claim is upheld", s.Page(dc, ev+"/manage"), `<p class="warning" id="award-gaps">`+apitest.RuT("compo.eliminated_works")+": "+apitest.RuT("compo.entry_code", "Code", "001")+". "+apitest.RuT("compo.award_gaps")+"</p>")
	s.Clock.Set(time.Date(2026, 11, 18, 12, 0, 0, 0, time.UTC))
	s.MustPost(dc, ev+"/contest/award/final", nil)

	apitest.MustContain(t, "the final award", s.Page(nil, ev+"/contest/award"), `<h2 id="eliminated">`+apitest.RuT("compo.eliminated_works")+"</h2>",
		"<li><strong>"+apitest.RuT("compo.entry_code", "Code", "001")+"</strong> · Задачи — Автор Абрегов: "+apitest.RuF("anticipated")+": та же позиция</li>")
	apitest.MustContain(t, "the final award in English", s.Page(nil, ev+"/contest/award?lang=en"), "Eliminated after claims", "<strong>No. 001</strong> · Задачи — Автор Абрегов: anticipated: та же позиция")
	award := s.Must(http.StatusOK, "", "GET", base+"/contest/award", nil).(map[string]any)
	if el := award["eliminated"].([]any); len(el) != 1 || el[0].(map[string]any)["code"] != "001" || el[0].(map[string]any)["author"] != "Автор Абрегов" ||
		el[0].(map[string]any)["reason"] != "anticipated: та же позиция" {
		t.Errorf("the award's eliminated entries: %v", award["eliminated"])
	}
	for lang, want := range map[string]string{"ru": apitest.RuT("compo.eliminated_works"), "en": "Eliminated after claims"} {
		rec := httptest.NewRecorder()
		s.Handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, base+"/contest/award.pdf?lang="+lang, nil))
		if rec.Code != http.StatusOK {
			t.Fatalf("award.pdf: %d", rec.Code)
		}
		apitest.MustContain(t, "the booklet ("+lang+")", apitest.PDFToText(t, "award-eliminated-"+lang, rec.Body.Bytes()), want, "Автор Абрегов", "та же позиция")
	}
}

// The reader who filed a claim finds it marked as theirs on the award, and
// picks the entry of a new claim from the award's list; the
// director reads who filed each claim, on the desk and through the API;
// nobody else learns it.
func TestClaimsSayWhoFiledThem(t *testing.T) {
	t.Parallel()
	s := newCompServer(t, time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	base, ev := provisionalAwardWithAClaim(t, s)
	apitest.MustContain(t, "the award to the claimant", s.Page(s.Session("reader@example.org"), ev+"/contest/award"), `<p class="mine">`, "<em>"+apitest.RuT("compo.your_claim")+"</em>",
		`<select name="code" required><option value="001">`+apitest.RuT("compo.entry_code", "Code", "001")+" — "+apitest.Ru.Honour("prize", 1)+` (Задачи)</option>`+
			`<option value="002">`+apitest.RuT("compo.entry_code", "Code", "002")+" — "+apitest.Ru.Honour("honourable_mention", 1)+` (Задачи)</option></select>`)
	for who, page := range map[string]string{"without an account": s.Page(nil, ev+"/contest/award"), "to an author": s.Page(s.Session("first@example.org"), ev+"/contest/award")} {
		apitest.MustNotContain(t, "the award "+who, page, apitest.RuT("compo.your_claim"), "Тхагапсов", "reader@example.org")
	}
	apitest.MustContain(t, "the desk", s.Page(s.Session("director@example.org"), ev+"/manage"), `<p class="hint">`+apitest.RuT("compo.claimant")+": Читатель Тхагапсов &lt;reader@example.org&gt;</p>")
	claim := func(token string) map[string]any {
		t.Helper()
		return s.Must(http.StatusOK, token, "GET", base+"/contest/award", nil).(map[string]any)["claims"].([]any)[0].(map[string]any)
	}
	if c := claim(""); c["mine"] != nil || c["claimant"] != nil || c["claimant_email"] != nil {
		t.Errorf("the public reads who filed the claim: %v", c)
	}
	reader, _, err := s.Accounts.CreateToken(context.Background(), account.NewToken{Email: "reader@example.org"})
	if err != nil {
		t.Fatal(err)
	}
	if c := claim(reader); c["mine"] != true || c["claimant"] != nil {
		t.Errorf("the claimant reads the claim as %v, want it marked as theirs", c)
	}
	director, _, err := s.Accounts.CreateToken(context.Background(), account.NewToken{Email: "director@example.org"})
	if err != nil {
		t.Fatal(err)
	}
	if c := claim(director); c["claimant_email"] != "reader@example.org" || c["mine"] != nil {
		t.Errorf("the director reads the claim as %v, want who filed it", c)
	}
}

// The same position from two authors is flagged to the director as a
// possible anticipation on the desk, the jury's page and in the API, in
// the reader's language; the judge is not told.
func TestSamePositionIsFlaggedToTheDirector(t *testing.T) {
	t.Parallel()
	s := newCompServer(t, time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	director, judge, base, id := judgedContest(s, "Задачи")
	first := s.User("first@example.org", tournament.PlayerRole)
	second := s.User("second@example.org", tournament.PlayerRole)
	enterG005(s, first, base, "Задачи", "exact 18:6", "d6:f8 b2-c3 f8:d6 e7:c5")
	enterG005(s, second, base, "Задачи", "exact 18:6", "d6:f8")
	s.Clock.Set(time.Date(2026, 11, 10, 12, 0, 0, 0, time.UTC))
	list := s.Must(http.StatusOK, director, "GET", base+"/contest/judging", nil).([]any)
	if len(list) != 2 || fmt.Sprint(list[0].(map[string]any)["anticipations"]) != "[the same position as entry 002]" ||
		fmt.Sprint(list[1].(map[string]any)["anticipations"]) != "[the same position as entry 001]" {
		t.Fatalf("the director's list: %v", list)
	}
	if jl := s.Must(http.StatusOK, judge, "GET", base+"/contest/judging", nil); strings.Contains(fmt.Sprint(jl), "anticipations") {
		t.Errorf("the judge is told: %v", jl)
	}
	ev := fmt.Sprintf("/events/%d", id)
	dc := s.Session("director@example.org")
	apitest.MustContain(t, "the desk", s.Page(dc, ev+"/manage"), `<small class="badge warn">`+apitest.RuT("compo.twins")+": "+apitest.RuF("the same position as entry %s", "002")+"</small>")
	apitest.MustContain(t, "the jury's page", s.Page(dc, ev+"/contest/judging?lang=en"), "Possible anticipation", "the same position as entry 001")
	apitest.MustNotContain(t, "the judge's page", s.Page(s.Session("judge@example.org"), ev+"/contest/judging"), apitest.RuT("compo.twins"), apitest.Lead(apitest.RuF("the same position as entry %s", "\x00")))
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

// Removing a judge who has marked, on the desk, asks to confirm with a
// box to tick; confirmed, the judge goes and the audit log keeps the
// marks.
func TestDeskAsksBeforeRemovingAJudgeWithMarks(t *testing.T) {
	t.Parallel()
	s := newCompServer(t, time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	_, judge, base, id := judgedContest(s, "Задачи")
	s.User("second-judge@example.org", tournament.PlayerRole)
	oneEntryAtTheDeadline(s, base)
	s.Must(http.StatusOK, judge, "PUT", base+"/contest/marks/001", map[string]any{"mark": 3, "comment": "Тонкая игра"})
	ev := fmt.Sprintf("/events/%d", id)
	dc := s.Session("director@example.org")
	rec := s.Post(dc, ev+"/contest/judges", url.Values{"judges": {"second-judge@example.org"}})
	if rec.Code != http.StatusConflict {
		t.Fatalf("removing a judge with marks: %d, want 409", rec.Code)
	}
	apitest.MustContain(t, "the refused form", apitest.PageText(rec),
		`<p class="field-error" role="alert">`+apitest.RuF("the judges removed have given %d marks, which would no longer count; confirm the removal (the audit log keeps the marks)", 1)+"</p>",
		`name="confirm" value="1" required> `+apitest.RuT("compo.confirm_judges")+"</label>",
		">second-judge@example.org</textarea>")
	s.MustPost(dc, ev+"/contest/judges", url.Values{"judges": {"second-judge@example.org"}, "confirm": {"1"}})
	apitest.MustContain(t, "the audit log", s.Page(dc, ev+"/audit.json"), `"judge": "judge@example.org"`, `"comment": "Тонкая игра"`, `"code": "001"`)
	if v := s.Must(http.StatusOK, "", "GET", base+"/contest", nil).(map[string]any); len(v["judges"].([]any)) != 1 {
		t.Errorf("the jury after the removal: %v", v["judges"])
	}
}
