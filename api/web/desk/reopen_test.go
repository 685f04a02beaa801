package desk_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// A finished event's results stand: the desk's result form refuses a
// correction and says how to make it; the desk reopens the event after
// asking for the reason, which the event's public page then shows, and the
// correction goes through (issue 60, item 5).
func TestFinishedEventReopenedAtTheDesk(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(2)
	apitest.PlayRound(s.Server, id, 1, "17:7")
	arbiter := s.SignIn(tournament.ArbiterRole)
	if rec := arbiter.Post(fmt.Sprintf("/events/%d/finish", id), nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("finish: %d\n%s", rec.Code, rec.Body)
	}
	_, round := s.Do("", "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)
	version := apitest.Num(round["games"].([]any)[0].(map[string]any)["version"])
	correction := url.Values{"board": {"1"}, "score": {"7:17"}, "end_reason": {"final_position"}, "reason": {"перепутан счёт"},
		"versions": {fmt.Sprintf("1:%d", version)}}
	results := fmt.Sprintf("/events/%d/rounds/1/results", id)
	refused := arbiter.Post(results, correction)
	if refused.Code != http.StatusConflict || !strings.Contains(apitest.PageText(refused), apitest.RuF(finalTable, id)) {
		t.Fatalf("a correction of a finished event: %d\n%s", refused.Code, refused.Body)
	}

	desk := fmt.Sprintf("/events/%d/manage", id)
	if body := arbiter.Get(desk).Body.String(); !strings.Contains(body, fmt.Sprintf(`action="/events/%d/reopen"`, id)) {
		t.Fatalf("the desk of a finished event offers no reopening")
	}
	reopen := fmt.Sprintf("/events/%d/reopen", id)
	if ask := arbiter.Post(reopen, url.Values{}); ask.Code != http.StatusOK || !strings.Contains(apitest.PageText(ask), "«Первенство Майкопа»?") {
		t.Fatalf("the confirmation: %d\n%s", ask.Code, ask.Body)
	}
	if rec := arbiter.Post(reopen, url.Values{"confirm": {"1"}, "reason": {" "}}); rec.Code != http.StatusBadRequest ||
		!strings.Contains(apitest.PageText(rec), apitest.RuF("reopening a finished event changes its final table; say why (the event's pages show the reason)")) {
		t.Errorf("a reopening without a reason: %d\n%s", rec.Code, rec.Body)
	}
	if rec := arbiter.Post(reopen, url.Values{"confirm": {"1"}, "reason": {"перепутан счёт на 1-й доске"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("the reopening: %d\n%s", rec.Code, rec.Body)
	}
	page := apitest.PageText(s.Anonymous().Get(fmt.Sprintf("/events/%d/standings", id)))
	if !strings.Contains(page, "Причина: перепутан счёт на 1-й доске") {
		t.Errorf("the public standings do not say the event was reopened and why:\n%s", page)
	}
	if rec := arbiter.Post(results, correction); rec.Code != http.StatusSeeOther {
		t.Fatalf("the correction once reopened: %d\n%s", rec.Code, rec.Body)
	}
	if rec := arbiter.Post(fmt.Sprintf("/events/%d/finish", id), nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("finish again: %d", rec.Code)
	}
	// Finished again, its pages say the results were changed after the end.
	changed, _, _ := strings.Cut(apitest.RuT("event.reopened_finished", "Date", "\x00", "Reason", ""), "\x00")
	if page := apitest.PageText(s.Anonymous().Get(fmt.Sprintf("/events/%d/standings", id))); !strings.Contains(page, changed) || !strings.Contains(page, "Причина: перепутан счёт на 1-й доске") {
		t.Errorf("the standings of the event finished again do not say its results were changed after the end:\n%s", page)
	}
	if audit := apitest.PageText(arbiter.Get(fmt.Sprintf("/events/%d/audit", id))); !strings.Contains(audit, apitest.RuT("audit.event.reopen")) || !strings.Contains(audit, "перепутан счёт на 1-й доске") {
		t.Errorf("the audit log does not tell the reopening and its reason:\n%s", audit)
	}
}

// finalTable is the refusal of every change that can move a finished
// event's table; it says how to reopen the event.
const finalTable = `the event is finished and its final table stands; to change it, reopen the event first with the reason (“Reopen the event” on its desk, or PATCH /api/v1/events/%d with "status": "running" and a "reason")`

// The desk's forms on a finished event: the settings (3/1/0 scoring), a
// player's rating and a withdrawal are refused with the advice to reopen
// and change nothing, while a new name is taken; reopened with a reason,
// the scoring changes (issue 64).
func TestFinishedEventFinalAtTheDesk(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(2)
	apitest.PlayRound(s.Server, id, 1, "17:7")
	arbiter := s.SignIn(tournament.ArbiterRole)
	if rec := arbiter.Post(fmt.Sprintf("/events/%d/finish", id), nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("finish: %d\n%s", rec.Code, rec.Body)
	}
	settings := fmt.Sprintf("/events/%d/settings", id)
	form := url.Values{"name": {"Первенство Майкопа"}, "discipline": {"rapid"}, "system": {"round-robin"}, "time_control": {"8+4"}, "visibility": {"public"},
		"scoring_win": {"3"}, "scoring_draw": {"1"}, "scoring_loss": {"0"}, "scoring_bye": {"0"}, "scoring_forfeit_win": {"3"}, "reason": {"по положению"}}
	_, playerList := s.Do("", "GET", fmt.Sprintf("/api/v1/events/%d/players", id), nil)
	player := apitest.Num(playerList["players"].([]any)[0].(map[string]any)["id"])
	refusals := []struct {
		name, path string
		form       url.Values
	}{
		{"3/1/0 scoring", settings, form},
		{"a rating", fmt.Sprintf("/events/%d/players/%d/edit", id, player), url.Values{"name": {"Игрок 1"}, "rating": {"2100"}, "reason": {"рейтинг-лист"}}},
		{"a withdrawal", fmt.Sprintf("/events/%d/players/%d/withdraw", id, player), url.Values{"confirm": {"1"}, "from_round": {"2"}, "reason": {"заболел"}}},
	}
	before := s.Snapshot(id)
	for _, r := range refusals {
		rec := arbiter.Post(r.path, r.form)
		if rec.Code != http.StatusConflict || !strings.Contains(apitest.PageText(rec), apitest.RuF(finalTable, id)) {
			t.Errorf("%s on a finished event: %d, want 409 with the advice to reopen\n%s", r.name, rec.Code, apitest.PageText(rec))
		}
	}
	if after := s.Snapshot(id); after != before {
		t.Errorf("the refused forms changed the event:\n%s\nwas\n%s", after, before)
	}
	renamed := url.Values{"name": {"Первенство Адыгеи"}, "discipline": {"rapid"}, "system": {"round-robin"}, "time_control": {"8+4"}, "visibility": {"public"}, "venue": {"Шахматный клуб"}}
	if rec := arbiter.Post(settings, renamed); rec.Code != http.StatusSeeOther {
		t.Fatalf("renaming the finished event: %d\n%s", rec.Code, apitest.PageText(rec))
	}
	if rec := arbiter.Post(fmt.Sprintf("/events/%d/reopen", id), url.Values{"confirm": {"1"}, "reason": {"положение: 3 очка за победу"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("the reopening: %d\n%s", rec.Code, rec.Body)
	}
	if rec := arbiter.Post(settings, form); rec.Code != http.StatusSeeOther {
		t.Fatalf("the scoring once reopened: %d\n%s", rec.Code, apitest.PageText(rec))
	}
	if _, ev := s.Do("", "GET", fmt.Sprintf("/api/v1/events/%d", id), nil); fmt.Sprint(ev["scoring"].(map[string]any)["win"]) != "3" || ev["name"] != "Первенство Майкопа" {
		t.Errorf("the reopened event after the settings: %v", ev)
	}
}

// A page the event cannot give (a board the round does not have) is not
// bare: it names the event, linked, and leads back to the page the reader
// came from (issue 60, item 6).
func TestRefusedPageLeadsBack(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(2)
	arbiter := s.SignIn(tournament.ArbiterRole)
	results := fmt.Sprintf("/events/%d/rounds/1/results", id)
	req := httptest.NewRequest(http.MethodGet, fmt.Sprintf("/events/%d/rounds/1/boards/9/edit", id), nil)
	req.Header.Set("Referer", "http://example.com"+results)
	rec := arbiter.Do(req)
	page := apitest.PageText(rec)
	if rec.Code != http.StatusNotFound {
		t.Fatalf("a board the round does not have: %d\n%s", rec.Code, page)
	}
	for _, want := range []string{
		fmt.Sprintf(`<a href="/events/%d">Первенство Майкопа</a>`, id),
		fmt.Sprintf(`<a class="button" href="%s" data-back>%s</a>`, results, apitest.RuT("error.back")),
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the refusal's page lacks %s:\n%s", want, page)
		}
	}
	other := httptest.NewRequest(http.MethodGet, fmt.Sprintf("/events/%d/rounds/1/boards/9/edit", id), nil)
	other.Header.Set("Referer", "https://elsewhere.example/"+results)
	if page := apitest.PageText(arbiter.Do(other)); strings.Contains(page, apitest.RuT("error.back")) {
		t.Errorf("the page leads back to another site")
	}
}

// A form refused before its page was read (a NUL in a field) is answered
// by a page that still shows who is signed in, not «Войти» (issue 60, the
// arbiter's flow).
func TestRefusedFormPageKeepsTheSignIn(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(2)
	arbiter := s.SignIn(tournament.ArbiterRole)
	rec := arbiter.Post(fmt.Sprintf("/events/%d/rounds/1/results", id), url.Values{"board": {"1"}, "score": {"17:7\x00"}})
	page := apitest.PageText(rec)
	if rec.Code != http.StatusBadRequest {
		t.Fatalf("a NUL in the score: %d\n%s", rec.Code, page)
	}
	if strings.Contains(page, `href="/login"`) || !strings.Contains(page, "arbiter@example.org") {
		t.Errorf("the refusal's page does not show the arbiter signed in:\n%s", page)
	}
}
