package api_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"adiukh/tournament"
)

// TestEntriesPages follows entries through the pages: the arbiter opens
// them on the entries page, a signed-in player finds the tab, is refused
// with the reason next to the field, enters, and the arbiter accepts all
// who meet the conditions; the player then reads the decision.
func TestEntriesPages(t *testing.T) {
	t.Parallel()
	s := newWebServer(t)
	arbiter := s.signIn(tournament.ArbiterRole)
	id := s.calendarEvent("Кубок Майкопа", "rapid", "2026-12-05", "2026-12-07", "Майкоп")
	entries := fmt.Sprintf("/events/%d/entries", id)

	deadline := time.Now().Add(72 * time.Hour).Format("2006-01-02T15:04")
	if rec := arbiter.post(entries+"/settings", url.Values{"open": {"on"}, "deadline": {deadline}, "max": {"x"}}); rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "field-error") {
		t.Errorf("places that are not a number: %d", rec.Code)
	}
	if rec := arbiter.post(entries+"/settings", url.Values{"open": {"on"}, "deadline": {deadline}, "max": {"20"}, "min_birth_year": {"2000"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("open entries: %d\n%s", rec.Code, rec.Body)
	}

	player := s.addUser("ann@example.org", tournament.PlayerRole)
	player.post("/account/name", url.Values{"surname": {"Тлехас"}, "given_names": {"Анна"}})
	page := player.get(fmt.Sprintf("/events/%d", id)).Body.String()
	if !strings.Contains(page, `href="`+entries+`"`) {
		t.Errorf("the event page shows a signed-in player no entries tab")
	}
	if rec := s.anonymous().get(fmt.Sprintf("/events/%d", id)); strings.Contains(rec.Body.String(), `href="`+entries+`"`) {
		t.Errorf("the cached page for anonymous readers links the entries")
	}
	form := player.get(entries).Body.String()
	if !strings.Contains(form, `action="`+entries+`"`) {
		t.Fatalf("no entry form for the player:\n%s", form)
	}
	rec := player.post(entries, url.Values{"birth_year": {"1990"}, "note": {"приеду"}})
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "2000") {
		t.Errorf("an entry not meeting the age condition: %d", rec.Code)
	}
	if rec := player.post(entries, url.Values{"birth_year": {"2004"}, "note": {"приеду"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("enter: %d\n%s", rec.Code, rec.Body)
	}
	if body := player.get(entries).Body.String(); !strings.Contains(body, "<strong>"+ruT("entries.mine")+": "+ruT("entries.status.pending")+"</strong>") || strings.Contains(body, `action="`+entries+`"`) {
		t.Errorf("after entering the player does not see the pending entry, or still the form")
	}
	desk := arbiter.get(entries).Body.String()
	if !strings.Contains(desk, "Тлехас Анна") || !strings.Contains(desk, "приеду") {
		t.Errorf("the arbiter's list lacks the entry")
	}
	if rec := arbiter.post(entries+"/accept", nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("accept all: %d\n%s", rec.Code, rec.Body)
	}
	if body := player.get(entries).Body.String(); !strings.Contains(body, "<strong>"+ruT("entries.mine")+": "+ruT("entries.status.accepted")+"</strong>") {
		t.Errorf("the player does not see the entry accepted")
	}
	if body := s.anonymous().get(fmt.Sprintf("/events/%d/standings", id)).Body.String(); !strings.Contains(body, "Тлехас Анна") {
		t.Errorf("the accepted player is not in the event")
	}
	if body := s.anonymous().get("/calendar?open=1").Body.String(); !strings.Contains(body, "Кубок Майкопа") || !strings.Contains(body, ruN("calendar.entered", 1)) {
		t.Errorf("the calendar of open entries lacks the event with its player")
	}
}
