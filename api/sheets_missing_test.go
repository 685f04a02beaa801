package api_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"adiukh/tournament"
)

// A standard game's result comes in on a slip and its sheet later: the
// result is accepted with a warning, the desk lists the missing sheet, and
// an event that requires sheets waits for it before pairing the next round
// or finishing; the sheet that comes in later is checked against the
// result.
func TestResultsWithoutSheets(t *testing.T) {
	s := newWebServer(t)
	ev := s.must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", map[string]any{
		"name": "Клубный турнир", "discipline": "standard", "system": "round-robin", "time_control": "60+30", "sheets_required": true})
	id := num(ev["id"])
	if ev["sheets_required"] != true {
		t.Fatalf("sheets_required not kept: %v", ev)
	}
	for i := 1; i <= 3; i++ {
		s.must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": fmt.Sprintf("Игрок %d", i)})
	}
	s.must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	s.must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), nil)

	result := fmt.Sprintf("/api/v1/events/%d/rounds/1/games/1/result", id)
	out := s.must(http.StatusOK, tournament.ArbiterRole, "PUT", result, map[string]any{"score": "17:7", "end_reason": "final_position", "version": 1})
	warnings := fmt.Sprint(out["warnings"])
	if out["score"] != "17:7" || !strings.Contains(warnings, "without its score sheet") || !strings.Contains(warnings, "round 1 waits") {
		t.Fatalf("a result without its sheet: %v", out)
	}
	arbiter := s.signIn(tournament.ArbiterRole)
	desk := arbiter.get(fmt.Sprintf("/events/%d/manage", id)).Body.String()
	if !strings.Contains(desk, `id="missing-sheets"`) || !strings.Contains(desk, fmt.Sprintf("/events/%d/rounds/1/boards/1/edit", id)) {
		t.Errorf("the desk does not list the missing sheet")
	}
	if page := arbiter.get(fmt.Sprintf("/events/%d/rounds/1/results", id)).Body.String(); !strings.Contains(page, "нет бланка") {
		t.Errorf("the results page does not mark the board without its sheet")
	}
	code, refused := s.do(tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	if code != http.StatusConflict || refused["field"] != "sheets" || !strings.Contains(fmt.Sprint(refused["message"]), "board 1") {
		t.Errorf("pairing round 2 while a sheet is missing: %d %v", code, refused)
	}

	// The sheet arrives: checked against the stored result (a wrong one
	// is refused), then the next round can be paired.
	code, wrong := s.do(tournament.ArbiterRole, "PUT", result, map[string]any{"score": "17:7", "end_reason": "final_position", "version": 2, "sheet": "1. c3-b4 b6-c5"})
	if code != http.StatusBadRequest {
		t.Errorf("a sheet that stops early: %d %v", code, wrong)
	}
	s.must(http.StatusOK, tournament.ArbiterRole, "PUT", result, map[string]any{"score": "17:7", "end_reason": "final_position", "version": 2, "sheet": sampleGame})
	s.must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	if desk := arbiter.get(fmt.Sprintf("/events/%d/manage", id)).Body.String(); strings.Contains(desk, `id="missing-sheets"`) {
		t.Errorf("the desk still lists a sheet that came in")
	}

	// The setting is on the event form and off by default.
	rec := arbiter.post(fmt.Sprintf("/events/%d/settings", id), url.Values{"name": {"Клубный турнир"}, "discipline": {"standard"}, "system": {"round-robin"}, "time_control": {"60+30"}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("save the settings: %d", rec.Code)
	}
	_, e := s.do("", "GET", fmt.Sprintf("/api/v1/events/%d", id), nil)
	if e["sheets_required"] != false {
		t.Errorf("unticking the box left sheets_required %v", e["sheets_required"])
	}
}
