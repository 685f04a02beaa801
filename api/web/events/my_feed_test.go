package events_test

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
	"adiukh/tournament/store/storetest"
)

// A player makes the address of their own calendar on the account page,
// shown once; calendar programs fetch it without signing in and find the
// followed event and the player's game of the published round. A new
// address replaces the old one; a revoked one answers 404.
func TestMyICS(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := apitest.NewWebServerOn(t, st)
			played := apitest.PlayersRoundRobin(s.Server)
			// The followed event takes entries until a day before it starts.
			followed, deadline := cupTakingEntries(s.Server)
			moscow := deadline.Location()
			player := s.SignIn(tournament.PlayerRole)
			if rec := player.Post(fmt.Sprintf("/events/%d/follow", followed), url.Values{"follow": {"1"}}); rec.Code != http.StatusSeeOther {
				t.Fatalf("follow: %d", rec.Code)
			}
			address := regexp.MustCompile(`http://example\.com/my\.ics\?token=[A-Za-z0-9_-]+`)
			newAddress := func() string {
				t.Helper()
				rec := player.Post("/account/calendar", url.Values{})
				feed := address.FindString(rec.Body.String())
				if rec.Code != http.StatusCreated || feed == "" {
					t.Fatalf("making the address: %d\n%s", rec.Code, rec.Body)
				}
				return strings.TrimPrefix(feed, "http://example.com")
			}
			old, feed := newAddress(), newAddress()
			anon := s.Anonymous()
			if rec := anon.Get(old); rec.Code != http.StatusNotFound {
				t.Errorf("the replaced address: %d, want 404", rec.Code)
			}
			rec := anon.Get(feed)
			if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/calendar") {
				t.Fatalf("%s: %d %s", feed, rec.Code, rec.Header().Get("Content-Type"))
			}
			cal, events := icaltest.Parse(t, rec.Body.Bytes())
			// An account without a name is named by its address.
			if name := cal.Get("X-WR-CALNAME"); name != apitest.RuT("calendar.mine", "Name", "player@example.org") || cal.Get("REFRESH-INTERVAL") != "PT1H" {
				t.Errorf("calendar name %q, refresh %q", name, cal.Get("REFRESH-INTERVAL"))
			}
			today := time.Now().In(moscow).Format("20060102")
			wantDeadline := apitest.RuT("calendar.entries_deadline", "Deadline", apitest.Ru.Time(deadline, moscow))
			var sawEvent, sawGame bool
			for _, e := range events {
				switch {
				case e.Get("UID") == fmt.Sprintf("event-%d@example.com", followed):
					sawEvent = true
					if e.Get("SUMMARY") != "Кубок Адыгеи" || !strings.HasSuffix(e.Get("DESCRIPTION"), "\n"+wantDeadline) {
						t.Errorf("the followed event: %q, %q; want its deadline %q", e.Get("SUMMARY"), e.Get("DESCRIPTION"), wantDeadline)
					}
				case strings.HasPrefix(e.Get("UID"), "game-"):
					sawGame = true
					// The round published today is played today.
					for name, want := range map[string]string{
						"SUMMARY": "Тур 1, доска 1: Игрок 1 (белые) — Игрок 2 · Первенство Майкопа",
						"DTSTART": today, "URL": fmt.Sprintf("http://example.com/events/%d?round=1", played), "SEQUENCE": "0",
					} {
						if got := e.Get(name); got != want || name == "DTSTART" && e[name].Params != "VALUE=DATE" {
							t.Errorf("the game's %s is %q, want %q", name, got, want)
						}
					}
				}
			}
			if !sawEvent || !sawGame {
				t.Errorf("the feed lacks the followed event (%v) or the player's game (%v):\n%s", sawEvent, sawGame, rec.Body)
			}
			if !strings.Contains(player.Get("/account").Body.String(), "Адрес сделан") {
				t.Errorf("the account page does not tell the address is made")
			}
			if rec := player.Post("/account/calendar/revoke", url.Values{}); rec.Code != http.StatusSeeOther {
				t.Fatalf("revoke: %d", rec.Code)
			}
			for _, path := range []string{feed, "/my.ics", "/my.ics?token=adkcal_nothing"} {
				if rec := anon.Get(path); rec.Code != http.StatusNotFound {
					t.Errorf("%s: %d, want 404", path, rec.Code)
				}
			}
		})
	}
}

// A withdrawn entry is cancelled in the player's own calendar, one
// revision on, so that the calendar that took the event with the entry
// drops its copy; following the event brings it back (issue 64: withdrawn
// and lapsed entries stayed CONFIRMED).
func TestMyICSCancelsAWithdrawnEntry(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	cup, _ := cupTakingEntries(s.Server)
	s.Must(http.StatusOK, tournament.PlayerRole, "PUT", "/api/v1/me/name", map[string]any{"name": "Аслан Хуаде"})
	entry := s.Must(http.StatusCreated, tournament.PlayerRole, "POST", fmt.Sprintf("/api/v1/events/%d/entries", cup), map[string]any{"note": "буду"})
	player := s.SignIn(tournament.PlayerRole)
	rec := player.Post("/account/calendar", url.Values{})
	feed := strings.TrimPrefix(regexp.MustCompile(`http://example\.com/my\.ics\?token=[A-Za-z0-9_-]+`).FindString(rec.Body.String()), "http://example.com")
	if rec.Code != http.StatusCreated || feed == "" {
		t.Fatalf("making the address: %d\n%s", rec.Code, rec.Body)
	}
	cupIn := func() icaltest.Event {
		t.Helper()
		_, events := icaltest.Parse(t, s.Anonymous().Get(feed).Body.Bytes())
		for _, e := range events {
			if e.Get("UID") == fmt.Sprintf("event-%d@example.com", cup) {
				return e
			}
		}
		t.Fatalf("the feed lacks the entered event")
		return nil
	}
	entered := cupIn()
	if entered.Get("STATUS") != "CONFIRMED" || entered.Get("SUMMARY") != "Кубок Адыгеи" {
		t.Fatalf("the entered event: %s, %q", entered.Get("STATUS"), entered.Get("SUMMARY"))
	}
	s.Must(http.StatusOK, tournament.PlayerRole, "POST", fmt.Sprintf("/api/v1/events/%d/entries/%d/withdraw", cup, apitest.Num(entry["id"])), map[string]any{"reason": "не успеваю"})
	withdrawn := cupIn()
	if withdrawn.Get("STATUS") != "CANCELLED" || withdrawn.Get("SUMMARY") != apitest.RuT("calendar.left_summary", "Event", "Кубок Адыгеи") ||
		withdrawn.Get("SEQUENCE") <= entered.Get("SEQUENCE") {
		t.Errorf("the withdrawn entry's event: %s, %q, sequence %s after %s; want it cancelled, one revision on",
			withdrawn.Get("STATUS"), withdrawn.Get("SUMMARY"), withdrawn.Get("SEQUENCE"), entered.Get("SEQUENCE"))
	}
	if rec := player.Post(fmt.Sprintf("/events/%d/follow", cup), url.Values{"follow": {"1"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("follow: %d", rec.Code)
	}
	if followed := cupIn(); followed.Get("STATUS") != "CONFIRMED" {
		t.Errorf("the followed event after the withdrawn entry: %s, want CONFIRMED", followed.Get("STATUS"))
	}
}
