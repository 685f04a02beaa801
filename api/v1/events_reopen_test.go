package v1_test

import (
	"fmt"
	"net/http"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/store/storetest"
)

// TestFinishedEventReopened: through the JSON API too a finished event's
// result changes only once the event is reopened with a reason (PATCH
// status "running"), which the event then carries (issue 60, item 5).
func TestFinishedEventReopened(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			s := apitest.NewServer(t, st)
			id := s.RoundRobin(2)
			apitest.PlayRound(s, id, 1, "17:7")
			event := fmt.Sprintf("/api/v1/events/%d", id)
			s.Must(http.StatusOK, tournament.ArbiterRole, "PATCH", event, map[string]any{"status": "finished"})
			_, round := s.Do("", "GET", event+"/rounds/1", nil)
			version := apitest.Num(round["games"].([]any)[0].(map[string]any)["version"])
			result := event + "/rounds/1/games/1/result"
			correction := map[string]any{"score": "7:17", "end_reason": "final_position", "version": version, "reason": "перепутан счёт"}
			if code, out := s.Do(tournament.ArbiterRole, "PUT", result, correction); code != http.StatusConflict {
				t.Fatalf("a correction of a finished event: %d %v", code, out)
			}
			if code, out := s.Do(tournament.ArbiterRole, "PATCH", event, map[string]any{"status": "running"}); code != http.StatusBadRequest || out["field"] != "reason" {
				t.Errorf("a reopening without a reason: %d %v", code, out)
			}
			reopened := s.Must(http.StatusOK, tournament.ArbiterRole, "PATCH", event, map[string]any{"status": "running", "reason": "перепутан счёт"})
			if reopened["status"] != "running" || reopened["reopen_reason"] != "перепутан счёт" || reopened["reopened_at"] == nil {
				t.Errorf("the reopened event: %v", reopened)
			}
			s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", result, correction)
			s.Must(http.StatusOK, tournament.ArbiterRole, "PATCH", event, map[string]any{"status": "finished"})
			if _, public := s.Do("", "GET", event, nil); public["reopen_reason"] != "перепутан счёт" {
				t.Errorf("the finished event's public JSON forgets it was reopened: %v", public)
			}
		})
	}
}
