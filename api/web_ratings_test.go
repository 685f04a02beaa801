package api_test

import (
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"adiukh/tournament"
)

// The rating pages: an administrator closes a period from the list's page
// (a bad date shown at its field); the list shows everyone with their
// change and K, narrowed by the filters; a person's page draws the rating
// history as an SVG chart.
func TestRatingPages(t *testing.T) {
	t.Parallel()
	s := newWebServer(t)
	s.ratedBlitzEvent()
	admin := s.signIn(tournament.Admin)
	if body := s.anonymous().get("/ratings/blitz").Body.String(); strings.Contains(body, `action="/ratings/blitz/periods"`) {
		t.Error("an anonymous reader is offered to close a period")
	}
	bad := admin.post("/ratings/blitz/periods", url.Values{"until": {"вчера"}})
	if bad.Code != http.StatusBadRequest || !strings.Contains(bad.Body.String(), "field-error") {
		t.Errorf("a bad date: %d", bad.Code)
	}
	if rec := admin.post("/ratings/blitz/periods", url.Values{"until": {"2026-10-31"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("close the period: %d\n%s", rec.Code, rec.Body.String())
	}
	list := html.UnescapeString(s.anonymous().get("/ratings/blitz").Body.String())
	rows := regexp.MustCompile(`<tr data-person="(\d+)">`).FindAllStringSubmatch(list, -1)
	if len(rows) != 4 || !strings.Contains(list, "Хуажев Аслан") {
		t.Fatalf("the blitz list has %d rows:\n%s", len(rows), list)
	}
	if narrowed := s.anonymous().get("/ratings/blitz?q=" + url.QueryEscape("заур")).Body.String(); strings.Count(narrowed, "<tr data-person=") != 1 {
		t.Error("the search does not narrow the list to one")
	}
	if rec := s.anonymous().get("/ratings/bullet"); rec.Code != http.StatusNotFound {
		t.Errorf("an unknown list: %d", rec.Code)
	}
	csv := s.anonymous().get("/ratings/blitz/list.csv").Body.String()
	if !strings.HasPrefix(csv, "rank,federation_id,name,") || strings.Count(csv, "\n") != 5 || !strings.Contains(csv, "Хуажев Аслан") {
		t.Errorf("the list as CSV:\n%s", csv)
	}
	if xlsx := s.anonymous().get("/ratings/blitz/list.xlsx"); xlsx.Code != http.StatusOK || !strings.HasPrefix(xlsx.Body.String(), "PK") {
		t.Errorf("the list as XLSX: %d", xlsx.Code)
	}
	report := regexp.MustCompile(`href="(/ratings/blitz/periods/\d+)"`).FindStringSubmatch(list)
	if report == nil {
		t.Fatal("the list does not link its period's report")
	}
	if body := html.UnescapeString(s.anonymous().get(report[1]).Body.String()); strings.Count(body, `<section class="rating-change"`) != 4 || !strings.Contains(body, `<td class="num">0,5</td>`) {
		t.Errorf("the period's report:\n%s", body)
	}
	person := s.anonymous().get("/people/" + rows[0][1]).Body.String()
	if !strings.Contains(person, `<svg class="rating-chart"`) || !strings.Contains(person, "<polyline points=") {
		t.Error("the person's page draws no rating chart")
	}
}

// The list's options on its page: an administrator sets them with the
// form (an initial rating out of bounds is shown at its field); the next
// period is announced with them, and the closed period's report and the
// list show what it was rated with.
func TestRatingOptionsPage(t *testing.T) {
	t.Parallel()
	s := newWebServer(t)
	s.ratedBlitzEvent()
	admin := s.signIn(tournament.Admin)
	if body := s.anonymous().get("/ratings/blitz").Body.String(); strings.Contains(body, `action="/ratings/blitz/options"`) {
		t.Error("an anonymous reader is offered the list's options")
	}
	if rec := s.signIn(tournament.ArbiterRole).post("/ratings/blitz/options", url.Values{"initial": {"1200"}}); rec.Code != http.StatusForbidden {
		t.Errorf("an arbiter sets the options: %d", rec.Code)
	}
	bad := admin.post("/ratings/blitz/options", url.Values{"initial": {"50"}, "point_share": {"on"}})
	if text := pageText(bad); bad.Code != http.StatusBadRequest || !strings.Contains(text, ruF("the initial rating is %d; it is between %d and %d", 50, 100, 3000)) ||
		!strings.Contains(text, `name="initial" min="100" max="3000" value="50"`) {
		t.Errorf("an initial rating out of bounds: %d\n%s", bad.Code, text)
	}
	if rec := admin.post("/ratings/blitz/options", url.Values{"initial": {"1200"}, "point_share": {"on"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("set the options: %d\n%s", rec.Code, rec.Body.String())
	}
	shareOn := ruT("ratings.initial_is", "Initial", 1200) + " · " + ruT("ratings.point_share_on")
	page := pageText(admin.get("/ratings/blitz"))
	if !strings.Contains(page, `<p class="meta" data-options="next">`+ruT("ratings.next_with")+": "+shareOn) ||
		!strings.Contains(page, `value="1200"`) || !strings.Contains(page, `name="point_share" checked`) || strings.Count(page, "<li>") < 1 {
		t.Errorf("the list page after the options were set:\n%s", page)
	}
	if rec := admin.post("/ratings/blitz/periods", url.Values{"until": {"2026-10-31"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("close the period: %d", rec.Code)
	}
	list := pageText(s.anonymous().get("/ratings/blitz"))
	if !strings.Contains(list, `<p class="meta" data-options="period">`+ruT("ratings.rated_with")+": "+shareOn) || strings.Contains(list, `data-options="next"`) {
		t.Errorf("the list rated with the options:\n%s", list)
	}
	if rec := admin.post("/ratings/blitz/options", url.Values{"initial": {"1500"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("set the options back: %d", rec.Code)
	}
	report := regexp.MustCompile(`href="(/ratings/blitz/periods/\d+)"`).FindStringSubmatch(list)
	if report == nil {
		t.Fatal("the list does not link its period's report")
	}
	if body := pageText(s.anonymous().get(report[1])); !strings.Contains(body, ruT("ratings.rated_with")+": "+shareOn) {
		t.Errorf("the period's report does not keep the options it was rated with:\n%s", body)
	}
}

// An event's rating report: before its period the page says the games are
// not rated yet and the event's pages have no tab for it; after, the tab
// leads to each person's games of the event with the event's part of the
// change and a link to the period's report.
func TestEventRatingPage(t *testing.T) {
	t.Parallel()
	s := newWebServer(t)
	id := s.ratedBlitzEvent()
	path := fmt.Sprintf("/events/%d/rating", id)
	pending := pageText(s.anonymous().get(path))
	if !strings.Contains(pending, `data-state="pending"`) || !strings.Contains(pending, ruT("ratings.event_pending", "List", ruT("ratings.title.blitz"))) {
		t.Errorf("the report before the period:\n%s", pending)
	}
	if strings.Contains(s.anonymous().get(fmt.Sprintf("/events/%d/standings", id)).Body.String(), `href="`+path+`"`) {
		t.Error("the event's pages link a rating report before the period")
	}
	if rec := s.signIn(tournament.Admin).post("/ratings/blitz/periods", url.Values{"until": {"2026-10-31"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("close the period: %d", rec.Code)
	}
	if !strings.Contains(s.anonymous().get(fmt.Sprintf("/events/%d/standings", id)).Body.String(), `href="`+path+`"`) {
		t.Error("the event's pages do not link its rating report")
	}
	rec := s.anonymous().get(path)
	body := pageText(rec)
	if rec.Code != http.StatusOK || !strings.Contains(body, `data-state="rated"`) || strings.Count(body, `<section class="rating-change"`) != 4 ||
		strings.Count(body, `<p class="contribution">`) != 4 || !regexp.MustCompile(`href="/ratings/blitz/periods/\d+#person-\d+"`).MatchString(body) {
		t.Errorf("the event's rating report: %d\n%s", rec.Code, body)
	}
	if rec := s.anonymous().get("/events/999999/rating"); rec.Code != http.StatusNotFound {
		t.Errorf("the rating report of no event: %d", rec.Code)
	}
}
