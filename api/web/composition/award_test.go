package composition_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/account"
)

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
