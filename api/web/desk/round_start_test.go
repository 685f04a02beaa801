package desk_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/ical/icaltest"
)

// Issue 60, item 6: a round played over the board starts at the hour its
// arbiter sets at the desk; the pairings page and PDF say it, and the
// player's calendar has the game at that hour (no longer an all-day item),
// a new revision when the hour moves. A live event's round starts when it
// is published, so its desk offers no such form.
func TestRoundStartAtTheBoards(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := apitest.PlayersRoundRobin(s.Server)
	player := s.SignIn(tournament.PlayerRole)
	rec := player.Post("/account/calendar", url.Values{})
	feed := strings.TrimPrefix(regexp.MustCompile(`http://example\.com/my\.ics\?token=[A-Za-z0-9_-]+`).FindString(rec.Body.String()), "http://example.com")
	if rec.Code != http.StatusCreated || feed == "" {
		t.Fatalf("making the calendar's address: %d", rec.Code)
	}
	game := func() icaltest.Event {
		t.Helper()
		_, events := icaltest.Parse(t, s.Anonymous().Get(feed).Body.Bytes())
		for _, e := range events {
			if strings.HasPrefix(e.Get("UID"), "game-") {
				return e
			}
		}
		t.Fatalf("the calendar has no game")
		return nil
	}
	if g := game(); g["DTSTART"].Params != "VALUE=DATE" {
		t.Fatalf("before the arbiter sets the hour the game is all day: DTSTART;%s:%s", g["DTSTART"].Params, g.Get("DTSTART"))
	}

	arbiter := s.SignIn(tournament.ArbiterRole)
	manage := fmt.Sprintf("/events/%d/manage", id)
	if desk := arbiter.Get(manage).Body.String(); !strings.Contains(desk, fmt.Sprintf(`action="/events/%d/rounds/1/start"`, id)) {
		t.Fatalf("the desk has no form for the round's start")
	}
	start := fmt.Sprintf("/events/%d/rounds/1/start", id)
	if rec := arbiter.Post(start, url.Values{"date": {"2026-12-07"}, "time": {"25:00"}}); rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), apitest.RuF("%q is not an hour; write it as 10:00", "25:00")) {
		t.Errorf("a wrong hour: %d, want 400 saying so", rec.Code)
	}
	if rec := arbiter.Post(start, url.Values{"date": {"2026-12-07"}, "time": {"10:00"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("setting the start: %d\n%s", rec.Code, rec.Body)
	}
	moscow, err := time.LoadLocation(tournament.DefaultTimeZone)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 12, 7, 10, 0, 0, 0, moscow)
	if desk := arbiter.Get(manage).Body.String(); !strings.Contains(desk, `value="2026-12-07"`) || !strings.Contains(desk, `value="10:00"`) {
		t.Errorf("the desk does not show the start it keeps")
	}
	if page := apitest.PageText(s.Anonymous().Get(fmt.Sprintf("/events/%d?round=1", id))); !strings.Contains(page, apitest.RuT("round.starts", "Time", apitest.Ru.Time(at, moscow))) {
		t.Errorf("the pairings page does not say the start %s:\n%s", apitest.Ru.Time(at, moscow), page)
	}
	pdf := apitest.Spaced(apitest.PDFToText(t, "round-start-pairings", s.MustDownload(fmt.Sprintf("/api/v1/events/%d/rounds/1/pairings.pdf", id), "application/pdf")))
	if !strings.Contains(pdf, "Начало: 07.12.2026 10:00") {
		t.Errorf("the pairings PDF does not print the start:\n%s", pdf)
	}
	g := game()
	if g.Get("DTSTART") != "20261207T070000Z" || g["DTSTART"].Params != "" || g.Get("SEQUENCE") != "1" {
		t.Errorf("the game: DTSTART;%s:%s SEQUENCE %s, want 20261207T070000Z (10:00 in Moscow), revised once", g["DTSTART"].Params, g.Get("DTSTART"), g.Get("SEQUENCE"))
	}
	r := s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/1/start", id), map[string]any{"date": "2026-12-07", "time": "11:30"})
	if r["starts_at"] != "2026-12-07T08:30:00Z" {
		t.Errorf("the API's round starts at %v, want 2026-12-07T08:30:00Z", r["starts_at"])
	}
	if g := game(); g.Get("DTSTART") != "20261207T083000Z" || g.Get("SEQUENCE") != "2" {
		t.Errorf("the moved game: DTSTART %s SEQUENCE %s, want 20261207T083000Z, revised again", g.Get("DTSTART"), g.Get("SEQUENCE"))
	}
}
