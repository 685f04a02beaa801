package desk_test

import (
	"encoding/csv"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// The audit log reads as sentences with the players' names, at the event's
// local time, filters by round and player, and downloads its raw entries.
func TestAuditLogReadsAsSentences(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(4)
	result := fmt.Sprintf("/api/v1/events/%d/rounds/1/games/1/result", id)
	s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", result, map[string]any{"score": "24:0", "end_reason": "resignation", "version": 1})
	s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", result, map[string]any{"score": "0:24", "end_reason": "resignation", "version": 2, "override_reason": "перепутаны цвета"})
	round := s.Must(http.StatusOK, tournament.ArbiterRole, "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)
	board := round["games"].([]any)[0].(map[string]any)
	white, black := playerName(s, id, apitest.Num(board["white"])), playerName(s, id, apitest.Num(board["black"]))

	arbiter := s.SignIn(tournament.ArbiterRole)
	body := arbiter.Get(fmt.Sprintf("/events/%d/audit", id)).Body.String()
	game, resigned := white+" – "+black, func(score string) string { return score + " (" + apitest.RuT("reason.resignation") + ")" }
	for _, want := range []string{
		apitest.RuT("audit.sentence.game", "Game", game, "Round", 1, "Change", resigned("24:0")),
		apitest.RuT("audit.sentence.game", "Game", game, "Round", 1, "Change", resigned("24:0")+" → "+resigned("0:24")) + ", " + apitest.RuT("audit.sentence.reason", "Reason", "перепутаны цвета"),
		apitest.RuT("audit.zone", "Zone", "Europe/Moscow"), "MSK",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the audit page lacks %q", want)
		}
	}
	if strings.Contains(body, "EventID") || strings.Contains(body, `"score"`) {
		t.Error("the audit page shows raw JSON")
	}

	filtered := arbiter.Get(fmt.Sprintf("/events/%d/audit?round=1&player=%d", id, playerID(s, id, apitest.Num(board["white"])))).Body.String()
	if !strings.Contains(filtered, "перепутаны цвета") || strings.Contains(filtered, apitest.RuT("audit.player.create")) {
		t.Error("the filter by round and player keeps other entries or loses the player's")
	}
	if rec := arbiter.Get(fmt.Sprintf("/events/%d/audit?round=x", id)); rec.Code != http.StatusBadRequest {
		t.Errorf("?round=x: %d, want 400", rec.Code)
	}

	rec := arbiter.Get(fmt.Sprintf("/events/%d/audit.csv?round=1", id))
	records, err := csv.NewReader(rec.Body).ReadAll()
	if err != nil || rec.Code != http.StatusOK {
		t.Fatalf("audit.csv: %d %v", rec.Code, err)
	}
	last := records[len(records)-1]
	if records[0][0] != apitest.RuT("report.audit_at") || last[3] != "result.correct" || !strings.Contains(last[10], `"score":"0:24"`) ||
		!strings.Contains(last[7], apitest.RuT("audit.sentence.reason", "Reason", "перепутаны цвета")) {
		t.Errorf("audit.csv: header %v, last %v", records[0], last)
	}
	if rec := arbiter.Get(fmt.Sprintf("/events/%d/audit.json", id)); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"time_zone": "Europe/Moscow"`) {
		t.Errorf("audit.json: %d %s", rec.Code, rec.Body.String())
	}
	if rec := s.Anonymous().Get(fmt.Sprintf("/events/%d/audit.csv", id)); rec.Code != http.StatusSeeOther {
		t.Errorf("anonymous audit.csv: %d, want the sign-in page", rec.Code)
	}
}

func playerName(s *apitest.WebServer, event, startNo int) string {
	return findPlayer(s, event, startNo)["name"].(string)
}

func playerID(s *apitest.WebServer, event, startNo int) int {
	return apitest.Num(findPlayer(s, event, startNo)["id"])
}

func findPlayer(s *apitest.WebServer, event, startNo int) map[string]any {
	s.T.Helper()
	for _, p := range s.Must(http.StatusOK, tournament.ArbiterRole, "GET", fmt.Sprintf("/api/v1/events/%d/players", event), nil)["players"].([]any) {
		if p := p.(map[string]any); apitest.Num(p["start_no"]) == startNo {
			return p
		}
	}
	s.T.Fatalf("no player %d in event %d", startNo, event)
	return nil
}
