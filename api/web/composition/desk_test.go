package composition_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

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
