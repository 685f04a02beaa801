package api_test

import (
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
