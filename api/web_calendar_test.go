package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"unicode/utf8"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// calendarEvent creates an event through the JSON API with its dates and
// city.
func calendarEvent(s *apitest.Server, name, discipline, start, end, city string) int {
	s.T.Helper()
	ev := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", map[string]any{
		"name": name, "discipline": discipline, "system": "swiss", "rounds": 5,
		"start_date": start, "end_date": end, "city": city, "venue": "Дворец спорта, зал 2",
	})
	return apitest.Num(ev["id"])
}

func TestCalendarPageFilters(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	cup := calendarEvent(s.Server, "Кубок Адыгеи", "rapid", "2026-12-05", "2026-12-07", "Майкоп")
	blitz := calendarEvent(s.Server, "Блиц Адыгейска", "blitz", "2027-01-10", "2027-01-10", "Адыгейск")
	s.Must(http.StatusOK, tournament.ArbiterRole, "PATCH", fmt.Sprintf("/api/v1/events/%d", blitz), map[string]any{"game": "russian"})
	// The cup is held in Adygea, the region its place is in; the region is
	// set by PATCH as an arbiter would after creating the event.
	ev := s.Must(http.StatusOK, tournament.ArbiterRole, "PATCH", fmt.Sprintf("/api/v1/events/%d", cup), map[string]any{"region": "Республика Адыгея"})
	if ev["region"] != "Республика Адыгея" {
		t.Errorf("the event's region: %v", ev["region"])
	}
	anon := s.Anonymous()
	all := anon.Get("/calendar")
	if all.Code != http.StatusOK {
		t.Fatalf("/calendar: %d\n%s", all.Code, all.Body)
	}
	for _, want := range []string{"Кубок Адыгеи", "Блиц Адыгейска", "Майкоп", fmt.Sprintf(`href="/events/%d.ics"`, cup), "Дворец спорта, зал 2"} {
		if !strings.Contains(all.Body.String(), want) {
			t.Errorf("/calendar lacks %q", want)
		}
	}
	for query, want := range map[string]string{
		"discipline=blitz":         "Блиц Адыгейска",
		"city=майкоп":              "Кубок Адыгеи",
		"region=республика+адыгея": "Кубок Адыгеи",
		"game=adiukh":              "Кубок Адыгеи",
		"month=2026-12":            "Кубок Адыгеи",
		"month=2027-01":            "Блиц Адыгейска",
	} {
		body := anon.Get("/calendar?" + query).Body.String()
		other := "Кубок Адыгеи"
		if want == other {
			other = "Блиц Адыгейска"
		}
		if !strings.Contains(body, want) || strings.Contains(body, other) {
			t.Errorf("/calendar?%s: want %s and not %s", query, want, other)
		}
	}
	if rec := anon.Get("/calendar?month=December"); rec.Code != http.StatusBadRequest {
		t.Errorf("a month that is not one: %d, want 400", rec.Code)
	}
}

// readICS checks an iCalendar answer's physical lines and returns its
// unfolded content lines.
func readICS(t *testing.T, body string) []string {
	t.Helper()
	if !strings.HasSuffix(body, "\r\n") {
		t.Fatalf("does not end with CRLF:\n%s", body)
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimSuffix(body, "\r\n"), "\r\n") {
		if len(l) > 75 || !utf8.ValidString(l) || strings.ContainsAny(l, "\r\n") {
			t.Fatalf("bad physical line %q", l)
		}
		if strings.HasPrefix(l, " ") {
			lines[len(lines)-1] += l[1:]
			continue
		}
		lines = append(lines, l)
	}
	return lines
}

func TestCalendarICS(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	name := "Открытое первенство Республики Адыгея по быстрым шашкам адиюх, этап 1"
	id := calendarEvent(s.Server, name, "rapid", "2026-12-05", "2026-12-07", "Майкоп")
	calendarEvent(s.Server, "Без дат", "rapid", "", "", "")
	anon := s.Anonymous()
	for _, path := range []string{"/calendar.ics", fmt.Sprintf("/events/%d.ics", id)} {
		rec := anon.Get(path)
		if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/calendar") {
			t.Fatalf("%s: %d %s", path, rec.Code, rec.Header().Get("Content-Type"))
		}
		lines := readICS(t, rec.Body.String())
		text := strings.Join(lines, "\n")
		for _, want := range []string{"BEGIN:VCALENDAR", "VERSION:2.0", fmt.Sprintf("UID:event-%d@example.com", id),
			"DTSTART;VALUE=DATE:20261205", "DTEND;VALUE=DATE:20261208",
			`SUMMARY:Открытое первенство Республики Адыгея по быстрым шашкам адиюх\, этап 1`,
			`LOCATION:Дворец спорта\, зал 2\, Майкоп`, "END:VCALENDAR"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s lacks %q:\n%s", path, want, text)
			}
		}
		if strings.Count(text, "BEGIN:VEVENT") != 1 || !strings.Contains(text, "DTSTAMP:") {
			t.Errorf("%s: want one event with a DTSTAMP (the one without dates left out):\n%s", path, text)
		}
		// The same data gives the same file, from the page cache.
		again := anon.Get(path)
		if again.Body.String() != rec.Body.String() || again.Header().Get("ETag") == "" {
			t.Errorf("%s: not kept in the page cache", path)
		}
	}
	if rec := anon.Get("/events/999.ics"); rec.Code != http.StatusNotFound {
		t.Errorf("/events/999.ics: %d, want 404", rec.Code)
	}
	if rec := anon.Get(fmt.Sprintf("/events/%d", id)); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "<html") {
		t.Errorf("the event's page: %d", rec.Code)
	}
}
