package events_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/ical/icaltest"
	"adiukh/tournament/store/storetest"
)

func TestCalendarPageFilters(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	cup := apitest.CalendarEvent(s.Server, "Кубок Адыгеи", "rapid", "2026-12-05", "2026-12-07", "Майкоп")
	blitz := apitest.CalendarEvent(s.Server, "Блиц Адыгейска", "blitz", "2027-01-10", "2027-01-10", "Адыгейск")
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
	id := apitest.CalendarEvent(s.Server, name, "rapid", "2026-12-05", "2026-12-07", "Майкоп")
	apitest.CalendarEvent(s.Server, "Без дат", "rapid", "", "", "")
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

// feedEvent reads an iCalendar answer back as a calendar program would
// and returns the entry of the event's UID, nil without one.
func feedEvent(t *testing.T, p *apitest.Page, path string, id int) icaltest.Event {
	t.Helper()
	rec := p.Get(path)
	if rec.Code != http.StatusOK {
		t.Fatalf("%s: %d\n%s", path, rec.Code, rec.Body)
	}
	_, events := icaltest.Parse(t, rec.Body.Bytes())
	for _, e := range events {
		if e.Get("UID") == fmt.Sprintf("event-%d@example.com", id) {
			return e
		}
	}
	return nil
}

// A calendar that subscribed to the feed updates its copy: an event's
// entry names the site's host in its UID and links to the event's page,
// and a change the calendar shows raises its SEQUENCE, while one it does
// not show leaves the entry as it was.
func TestCalendarICSRevisions(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := apitest.NewServer(t, st)
			id := apitest.CalendarEvent(s, "Кубок Адыгеи", "rapid", "2026-12-05", "2026-12-07", "Майкоп")
			anon := s.Anonymous()
			for _, path := range []string{"/calendar.ics", fmt.Sprintf("/events/%d.ics", id)} {
				ev := feedEvent(t, anon, path, id)
				if ev == nil {
					t.Fatalf("%s has no entry for event %d", path, id)
				}
				for prop, want := range map[string]string{"SEQUENCE": "0", "STATUS": "CONFIRMED", "URL": fmt.Sprintf("http://example.com/events/%d", id)} {
					if got := ev.Get(prop); got != want {
						t.Errorf("%s: %s %q, want %q", path, prop, got, want)
					}
				}
				if ev.Get("LAST-MODIFIED") != ev.Get("DTSTAMP") {
					t.Errorf("%s: LAST-MODIFIED %q, DTSTAMP %q: both are the revision's time", path, ev.Get("LAST-MODIFIED"), ev.Get("DTSTAMP"))
				}
			}
			path := fmt.Sprintf("/api/v1/events/%d", id)
			for _, step := range []struct {
				change   map[string]any
				sequence string
				summary  string
			}{
				{map[string]any{"name": "Кубок Республики Адыгея"}, "1", "Кубок Республики Адыгея"},
				{map[string]any{"tiebreaks": []string{"buchholz"}}, "1", "Кубок Республики Адыгея"},
				{map[string]any{"start_date": "2026-12-06"}, "2", "Кубок Республики Адыгея"},
			} {
				out := s.Must(http.StatusOK, tournament.ArbiterRole, "PATCH", path, step.change)
				ev := feedEvent(t, anon, "/calendar.ics", id)
				if ev.Get("SEQUENCE") != step.sequence || ev.Get("SUMMARY") != step.summary || fmt.Sprint(apitest.Num(out["sequence"])) != step.sequence {
					t.Errorf("after %v: SEQUENCE %s (API %v), SUMMARY %q; want %s, %q", step.change, ev.Get("SEQUENCE"), out["sequence"], ev.Get("SUMMARY"), step.sequence, step.summary)
				}
			}
		})
	}
}

// PATCH /events/{id} with the status cancelled and a reason calls the
// event off: the calendar shows it, the feed says STATUS:CANCELLED, and
// nothing of it changes after.
func TestCancelEventThroughAPI(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := apitest.CalendarEvent(s.Server, "Кубок Адыгеи", "rapid", "2026-12-05", "2026-12-07", "Майкоп")
	path := fmt.Sprintf("/api/v1/events/%d", id)
	for _, bad := range []struct {
		role  tournament.Role
		body  map[string]any
		code  int
		field string
	}{
		{tournament.ArbiterRole, map[string]any{"status": "cancelled"}, http.StatusBadRequest, "reason"},
		{tournament.ArbiterRole, map[string]any{"status": "cancelled", "reason": "нет зала", "name": "Другой"}, http.StatusBadRequest, "status"},
		{tournament.PlayerRole, map[string]any{"status": "cancelled", "reason": "нет зала"}, http.StatusForbidden, ""},
	} {
		code, out := s.Do(bad.role, "PATCH", path, bad.body)
		if code != bad.code || bad.field != "" && !strings.Contains(fmt.Sprint(out), bad.field) {
			t.Errorf("PATCH %v as %s: %d %v, want %d on %q", bad.body, bad.role, code, out, bad.code, bad.field)
		}
	}
	out := s.Must(http.StatusOK, tournament.ArbiterRole, "PATCH", path, map[string]any{"status": "cancelled", "reason": "зал закрыт на ремонт"})
	if out["status"] != "cancelled" || out["cancel_reason"] != "зал закрыт на ремонт" || apitest.Num(out["sequence"]) != 1 {
		t.Errorf("the cancelled event: %v", out)
	}
	anon := s.Anonymous()
	ev := feedEvent(t, anon, "/calendar.ics", id)
	if ev.Get("STATUS") != "CANCELLED" || ev.Get("SEQUENCE") != "1" || ev.Get("SUMMARY") != "Отменён: Кубок Адыгеи" ||
		!strings.Contains(ev.Get("DESCRIPTION"), "зал закрыт на ремонт") {
		t.Errorf("the feed's entry of the cancelled event: %v", ev)
	}
	if page := anon.Get("/calendar").Body.String(); !strings.Contains(page, `class="badge cancelled" title="зал закрыт на ремонт">отменён<`) {
		t.Errorf("the calendar does not show the event cancelled:\n%s", page)
	}
	s.Must(http.StatusConflict, tournament.ArbiterRole, "PATCH", path, map[string]any{"name": "Кубок"})
	s.Must(http.StatusConflict, tournament.ArbiterRole, "PATCH", path, map[string]any{"status": "cancelled", "reason": "ещё раз"})
}

// An event made private after it was public stays in the feeds as a
// cancelled entry without its name or place, so that the calendars that
// had it learn it is off; one never public is in no feed. Made public
// again, it is back under a higher SEQUENCE.
func TestCalendarICSHiddenEvent(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := apitest.CalendarEvent(s.Server, "Кубок Адыгеи", "rapid", "2026-12-05", "2026-12-07", "Майкоп")
	draft := apitest.Num(s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", map[string]any{
		"name": "Черновик", "discipline": "rapid", "system": "swiss", "rounds": 5, "start_date": "2026-12-10", "visibility": "private"})["id"])
	path := fmt.Sprintf("/api/v1/events/%d", id)
	s.Must(http.StatusOK, tournament.ArbiterRole, "PATCH", path, map[string]any{"visibility": "private"})
	anon := s.Anonymous()
	for _, feed := range []string{"/calendar.ics", fmt.Sprintf("/events/%d.ics", id)} {
		rec := anon.Get(feed)
		if body := rec.Body.String(); strings.Contains(body, "Кубок") || strings.Contains(body, "Майкоп") || strings.Contains(body, "Черновик") {
			t.Errorf("%s tells what is private:\n%s", feed, body)
		}
		ev := feedEvent(t, anon, feed, id)
		if ev == nil || ev.Get("STATUS") != "CANCELLED" || ev.Get("SEQUENCE") != "1" || ev.Get("SUMMARY") != "Турнир снят с публикации" || ev.Get("DTSTART") != "20261205" {
			t.Errorf("%s: the hidden event's entry %v", feed, ev)
		}
	}
	if rec := anon.Get(fmt.Sprintf("/events/%d.ics", draft)); rec.Code != http.StatusNotFound {
		t.Errorf("the never public event's file: %d, want 404", rec.Code)
	}
	if page := anon.Get("/calendar").Body.String(); strings.Contains(page, fmt.Sprintf("/events/%d", id)) {
		t.Errorf("the calendar page lists the private event")
	}
	s.Must(http.StatusOK, tournament.ArbiterRole, "PATCH", path, map[string]any{"visibility": "public"})
	if ev := feedEvent(t, anon, "/calendar.ics", id); ev.Get("STATUS") != "CONFIRMED" || ev.Get("SEQUENCE") != "2" || ev.Get("SUMMARY") != "Кубок Адыгеи" {
		t.Errorf("public again: %v", ev)
	}
}

// The desk cancels the event after asking for the reason; the event's
// page shows it cancelled with the reason, the audit log keeps it, and the
// desk offers no second cancellation.
func TestCancelEventAtTheDesk(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := apitest.CalendarEvent(s.Server, "Кубок Адыгеи", "rapid", "2026-12-05", "2026-12-07", "Майкоп")
	arbiter := s.SignIn(tournament.ArbiterRole)
	desk := fmt.Sprintf("/events/%d/manage", id)
	action := fmt.Sprintf(`action="/events/%d/cancel"`, id)
	if body := arbiter.Get(desk).Body.String(); !strings.Contains(body, action) {
		t.Fatalf("the desk offers no cancellation:\n%s", body)
	}
	cancel := fmt.Sprintf("/events/%d/cancel", id)
	ask := arbiter.Post(cancel, url.Values{})
	if ask.Code != http.StatusOK || !strings.Contains(ask.Body.String(), "Отменить турнир «Кубок Адыгеи»?") {
		t.Fatalf("the confirmation: %d\n%s", ask.Code, ask.Body)
	}
	if rec := arbiter.Post(cancel, url.Values{"confirm": {"1"}, "reason": {" "}}); rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "укажите, почему турнир отменён") {
		t.Errorf("a cancellation without a reason: %d\n%s", rec.Code, rec.Body)
	}
	if rec := arbiter.Post(cancel, url.Values{"confirm": {"1"}, "reason": {"зал закрыт на ремонт"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("the cancellation: %d\n%s", rec.Code, rec.Body)
	}
	page := s.Anonymous().Get(fmt.Sprintf("/events/%d", id)).Body.String()
	if !strings.Contains(page, "Турнир отменён. Причина: зал закрыт на ремонт") || !strings.Contains(page, ">Отменён<") {
		t.Errorf("the event's page does not show it cancelled:\n%s", page)
	}
	if audit := arbiter.Get(fmt.Sprintf("/events/%d/audit", id)).Body.String(); !strings.Contains(audit, "Турнир отменён") || !strings.Contains(audit, "зал закрыт на ремонт") {
		t.Errorf("the audit log does not tell the cancellation and its reason:\n%s", audit)
	}
	if body := arbiter.Get(desk).Body.String(); strings.Contains(body, action) || strings.Contains(body, fmt.Sprintf(`action="/events/%d/finish"`, id)) {
		t.Errorf("the desk of a cancelled event offers to cancel or finish it")
	}
}

// cupTakingEntries is a rapid event in Maikop ten days from now that takes
// entries until 18:00 Moscow time the day before it starts: the event and
// the deadline.
func cupTakingEntries(s *apitest.Server) (int, time.Time) {
	s.T.Helper()
	moscow, err := time.LoadLocation("Europe/Moscow")
	if err != nil {
		s.T.Fatal(err)
	}
	start := time.Now().In(moscow).AddDate(0, 0, 10)
	cup := apitest.CalendarEvent(s, "Кубок Адыгеи", "rapid", start.Format(time.DateOnly), start.AddDate(0, 0, 2).Format(time.DateOnly), "Майкоп")
	deadline := time.Date(start.Year(), start.Month(), start.Day()-1, 18, 0, 0, 0, moscow)
	s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/entries", cup),
		map[string]any{"open": true, "deadline": deadline.Format("2006-01-02T15:04")})
	return cup, deadline
}

// TestCalendarFeedNamesItsChoice: a subscribed feed is named by the site
// and the choice it was made with, not «Календарь», so that two
// subscriptions read apart on a phone; an event taking entries gives
// their deadline in the feed as in the personal calendar (issue 60: the
// calendar's name is generic and has no entry deadline).
func TestCalendarFeedNamesItsChoice(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	_, deadline := cupTakingEntries(s.Server)
	moscow := deadline.Location()
	anon := s.Anonymous()
	for path, want := range map[string]string{
		"/calendar.ics": apitest.RuT("calendar.feed_name"),
		"/calendar.ics?game=adiukh&discipline=rapid&city=Майкоп&open=1": apitest.RuT("calendar.feed_name_chosen",
			"Choice", strings.Join([]string{apitest.RuT(tournament.DefaultGame.Key()), apitest.RuT("discipline.rapid"), "Майкоп", apitest.RuT("calendar.entries_open")}, ", ")),
	} {
		rec := anon.Get(path)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: %d", path, rec.Code)
		}
		cal, events := icaltest.Parse(t, rec.Body.Bytes())
		if name := cal.Get("X-WR-CALNAME"); name != want {
			t.Errorf("%s is named %q, want %q", path, name, want)
		}
		wantDeadline := apitest.RuT("calendar.entries_deadline", "Deadline", apitest.Ru.Time(deadline, moscow))
		if len(events) != 1 || !strings.HasSuffix(events[0].Get("DESCRIPTION"), "\n"+wantDeadline) {
			t.Errorf("%s: want the cup with its deadline %q:\n%s", path, wantDeadline, rec.Body)
		}
	}
}
