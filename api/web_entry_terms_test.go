package api_test

import (
	"fmt"
	"html"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// Issue 50.7: a deadline after the event's end is refused at its field,
// through the API as through the entries page; the refused terms form
// shows what was typed, not the saved terms, and each field states its
// limits beside it.
func TestEntryTermsDeadlineAndRefusedForm(t *testing.T) {
	t.Parallel()
	start := time.Now().AddDate(0, 1, 0)
	first, last := start.Format(time.DateOnly), start.AddDate(0, 0, 1).Format(time.DateOnly)
	afterEnd := start.AddDate(0, 0, 3).Format("2006-01-02T15:04")
	inTime := start.AddDate(0, 0, -7).Format("2006-01-02T15:04")
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		id := calendarEvent(s, "Кубок Адыгеи", "rapid", first, last, "Майкоп")
		path := fmt.Sprintf("/api/v1/events/%d/entries", id)
		code, out := s.Do(tournament.ArbiterRole, "PUT", path, map[string]any{"open": true, "deadline": afterEnd})
		if code != http.StatusBadRequest || out["field"] != "deadline" {
			t.Errorf("API: a deadline after the event's end: %d %v, want 400 at deadline", code, out)
		}
		s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", path, map[string]any{"open": true, "deadline": inTime, "region": "Адыгея", "max": 12})
	})

	s := apitest.NewWebServer(t)
	id := calendarEvent(s.Server, "Кубок Майкопа", "rapid", first, last, "Майкоп")
	arbiter := s.SignIn(tournament.ArbiterRole)
	page := fmt.Sprintf("/events/%d/entries", id)
	saved := url.Values{"open": {"on"}, "deadline": {inTime}, "max": {"12"}, "region": {"Адыгея"}, "min_rating": {"1200"}}
	if rec := arbiter.Post(page+"/settings", saved); rec.Code != http.StatusSeeOther {
		t.Fatalf("the terms: %d\n%s", rec.Code, apitest.PageText(rec))
	}
	typed := url.Values{"deadline": {afterEnd}, "max": {"20"}, "region": {"Кубань"}, "min_birth_year": {"2008"}, "sex": {"f"}}
	rec := arbiter.Post(page+"/settings", typed)
	body := html.UnescapeString(rec.Body.String())
	if rec.Code != http.StatusBadRequest || !strings.Contains(apitest.PageText(rec), "позже окончания турнира") {
		t.Fatalf("a deadline after the event's end: %d, want 400 saying so\n%s", rec.Code, apitest.PageText(rec))
	}
	for _, want := range []string{
		`name="deadline" value="` + afterEnd + `"`, `name="max" min="0" max="10000" value="20"`, `name="region" maxlength="100" value="Кубань"`,
		`name="min_birth_year" min="1900" max="2100" value="2008"`, `<option value="f" selected>`, `name="min_rating" min="0" max="4000" value=""`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the refused form lacks what was typed: %s", want)
		}
	}
	if strings.Contains(body, `name="open" checked`) {
		t.Error("the refused form checks «take entries», which was not typed")
	}
	for _, key := range []string{"entries.hint.deadline", "entries.hint.max", "entries.hint.birth_years", "entries.hint.region", "entries.hint.ratings"} {
		if !strings.Contains(body, apitest.RuT(key)) {
			t.Errorf("the terms form does not state %s beside its field", key)
		}
	}
	shown := html.UnescapeString(arbiter.Get(page).Body.String())
	for _, want := range []string{`name="open" checked`, `name="deadline" value="` + inTime + `"`, `name="max" min="0" max="10000" value="12"`, `name="region" maxlength="100" value="Адыгея"`, `name="min_rating" min="0" max="4000" value="1200"`} {
		if !strings.Contains(shown, want) {
			t.Errorf("the page lacks the saved terms: %s", want)
		}
	}
}
