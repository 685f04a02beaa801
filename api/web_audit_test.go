package api_test

import (
	"encoding/csv"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"adiukh/tournament"
)

// The audit log reads as sentences with the players' names, at the event's
// local time, filters by round and player, and downloads its raw entries.
func TestAuditLogReadsAsSentences(t *testing.T) {
	t.Parallel()
	s := newWebServer(t)
	id := s.roundRobin(4)
	result := fmt.Sprintf("/api/v1/events/%d/rounds/1/games/1/result", id)
	s.must(http.StatusOK, tournament.ArbiterRole, "PUT", result, map[string]any{"score": "24:0", "end_reason": "resignation", "version": 1})
	s.must(http.StatusOK, tournament.ArbiterRole, "PUT", result, map[string]any{"score": "0:24", "end_reason": "resignation", "version": 2, "override_reason": "перепутаны цвета"})
	round := s.must(http.StatusOK, tournament.ArbiterRole, "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)
	board := round["games"].([]any)[0].(map[string]any)
	white, black := playerName(s, id, num(board["white"])), playerName(s, id, num(board["black"]))

	arbiter := s.signIn(tournament.ArbiterRole)
	body := arbiter.get(fmt.Sprintf("/events/%d/audit", id)).Body.String()
	game, resigned := white+" – "+black, func(score string) string { return score + " (" + ruT("reason.resignation") + ")" }
	for _, want := range []string{
		ruT("audit.sentence.game", "Game", game, "Round", 1, "Change", resigned("24:0")),
		ruT("audit.sentence.game", "Game", game, "Round", 1, "Change", resigned("24:0")+" → "+resigned("0:24")) + ", " + ruT("audit.sentence.reason", "Reason", "перепутаны цвета"),
		ruT("audit.zone", "Zone", "Europe/Moscow"), "MSK",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the audit page lacks %q", want)
		}
	}
	if strings.Contains(body, "EventID") || strings.Contains(body, `"score"`) {
		t.Error("the audit page shows raw JSON")
	}

	filtered := arbiter.get(fmt.Sprintf("/events/%d/audit?round=1&player=%d", id, playerID(s, id, num(board["white"])))).Body.String()
	if !strings.Contains(filtered, "перепутаны цвета") || strings.Contains(filtered, ruT("audit.player.create")) {
		t.Error("the filter by round and player keeps other entries or loses the player's")
	}
	if rec := arbiter.get(fmt.Sprintf("/events/%d/audit?round=x", id)); rec.Code != http.StatusBadRequest {
		t.Errorf("?round=x: %d, want 400", rec.Code)
	}

	rec := arbiter.get(fmt.Sprintf("/events/%d/audit.csv?round=1", id))
	records, err := csv.NewReader(rec.Body).ReadAll()
	if err != nil || rec.Code != http.StatusOK {
		t.Fatalf("audit.csv: %d %v", rec.Code, err)
	}
	last := records[len(records)-1]
	if records[0][0] != ruT("report.audit_at") || last[3] != "result.correct" || !strings.Contains(last[10], `"score":"0:24"`) ||
		!strings.Contains(last[7], ruT("audit.sentence.reason", "Reason", "перепутаны цвета")) {
		t.Errorf("audit.csv: header %v, last %v", records[0], last)
	}
	if rec := arbiter.get(fmt.Sprintf("/events/%d/audit.json", id)); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"time_zone": "Europe/Moscow"`) {
		t.Errorf("audit.json: %d %s", rec.Code, rec.Body.String())
	}
	if rec := s.anonymous().get(fmt.Sprintf("/events/%d/audit.csv", id)); rec.Code != http.StatusSeeOther {
		t.Errorf("anonymous audit.csv: %d, want the sign-in page", rec.Code)
	}
}

func playerName(s *webServer, event, startNo int) string {
	return findPlayer(s, event, startNo)["name"].(string)
}

func playerID(s *webServer, event, startNo int) int {
	return num(findPlayer(s, event, startNo)["id"])
}

func findPlayer(s *webServer, event, startNo int) map[string]any {
	s.t.Helper()
	for _, p := range s.must(http.StatusOK, tournament.ArbiterRole, "GET", fmt.Sprintf("/api/v1/events/%d/players", event), nil)["players"].([]any) {
		if p := p.(map[string]any); num(p["start_no"]) == startNo {
			return p
		}
	}
	s.t.Fatalf("no player %d in event %d", startNo, event)
	return nil
}
