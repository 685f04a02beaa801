package events_test

import (
	"fmt"
	"net/http"
	"strings"
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

// TestFinishedEventFinalThroughTheAPI: PATCH of a finished event's scoring,
// tie-breaks or rounds, of a player's rating or withdrawal, and a team's
// or player's arrival are refused with 409 at the field, saying how to
// reopen, and change nothing; the name still changes. Reopened with a
// reason, the scoring goes through (issue 64).
func TestFinishedEventFinalThroughTheAPI(t *testing.T) {
	t.Parallel()
	s := apitest.NewServer(t, storetest.SQLite(t))
	id := s.RoundRobin(2)
	apitest.PlayRound(s, id, 1, "17:7")
	event := fmt.Sprintf("/api/v1/events/%d", id)
	s.Must(http.StatusOK, tournament.ArbiterRole, "PATCH", event, map[string]any{"status": "finished"})
	_, list := s.Do("", "GET", event+"/players", nil)
	player := fmt.Sprintf("%s/players/%d", event, apitest.Num(list["players"].([]any)[0].(map[string]any)["id"]))
	scoring := map[string]any{"scoring": map[string]any{"win": 3, "draw": 1, "loss": 0, "bye": 0, "forfeit_win": 3}, "reason": "по положению"}
	before := s.Snapshot(id)
	for _, door := range []struct {
		name, method, path, field string
		body                      map[string]any
	}{
		{"3/1/0 scoring", "PATCH", event, "scoring", scoring},
		{"tie-breaks", "PATCH", event, "tiebreaks", map[string]any{"tiebreaks": []string{"wins"}}},
		{"rounds", "PATCH", event, "rounds", map[string]any{"rounds": 3}},
		{"a rating", "PATCH", player, "rating", map[string]any{"rating": 2100}},
		{"a withdrawal", "PATCH", player, "withdraw_from_round", map[string]any{"withdraw_from_round": 2, "reason": "заболел"}},
		{"a removal", "DELETE", player + "?reason=ошибка", "", nil},
		{"a new player", "POST", event + "/players", "", map[string]any{"name": "Игрок 3"}},
		{"a round", "POST", event + "/rounds", "", nil},
	} {
		code, out := s.Do(tournament.ArbiterRole, door.method, door.path, door.body)
		message, _ := out["message"].(string)
		if code != http.StatusConflict || out["field"] != nilIfEmpty(door.field) || !strings.Contains(message, fmt.Sprintf(`reopen the event first with the reason (“Reopen the event” on its desk, or PATCH /api/v1/events/%d with "status": "running"`, id)) {
			t.Errorf("%s on a finished event: %d %v, want 409 at %q saying how to reopen", door.name, code, out, door.field)
		}
	}
	if after := s.Snapshot(id); after != before {
		t.Errorf("the refused requests changed the event:\n%s\nwas\n%s", after, before)
	}
	if renamed := s.Must(http.StatusOK, tournament.ArbiterRole, "PATCH", event, map[string]any{"name": "Первенство Адыгеи", "venue": "Шахматный клуб"}); renamed["name"] != "Первенство Адыгеи" || renamed["status"] != "finished" {
		t.Errorf("the renamed finished event: %v", renamed)
	}
	s.Must(http.StatusOK, tournament.ArbiterRole, "PATCH", event, map[string]any{"status": "running", "reason": "положение: 3 очка за победу"})
	if ev := s.Must(http.StatusOK, tournament.ArbiterRole, "PATCH", event, scoring); fmt.Sprint(ev["scoring"].(map[string]any)["win"]) != "3" {
		t.Errorf("the scoring once reopened: %v", ev["scoring"])
	}
}

// nilIfEmpty is a field as the error's JSON gives it: absent when empty.
func nilIfEmpty(field string) any {
	if field == "" {
		return nil
	}
	return field
}

// TestFinishedTeamEventKeepsItsSettings: a finished team competition's
// team settings (how teams rank), its teams' withdrawals and removals,
// its line-ups and its players' moves are refused with the advice to
// reopen; reopened, the ranking changes (issue 64).
func TestFinishedTeamEventKeepsItsSettings(t *testing.T) {
	t.Parallel()
	s := apitest.NewServer(t, storetest.SQLite(t))
	te := apitest.NewTeamEvent(t, s, "round-robin", 0, 2, []int{2, 2})
	s.Must(http.StatusCreated, apitest.Arbiter, "POST", te.Path("/rounds"), nil)
	s.Must(http.StatusOK, apitest.Arbiter, "POST", te.Path("/rounds/1/publish"), nil)
	round := s.Must(http.StatusOK, "", "GET", te.Path("/rounds/1"), nil)
	for i, b := range round["matches"].([]any)[0].(map[string]any)["games"].([]any) {
		s.Must(http.StatusOK, apitest.Arbiter, "PUT", te.Path(fmt.Sprintf("/rounds/1/matches/1/boards/%d/result", i+1)),
			map[string]any{"score": "17:7", "end_reason": "final_position", "version": apitest.Num(b.(map[string]any)["version"])})
	}
	s.Must(http.StatusOK, apitest.Arbiter, "PATCH", te.Path(""), map[string]any{"status": "finished"})
	advice := fmt.Sprintf(`reopen the event first with the reason (“Reopen the event” on its desk, or PATCH /api/v1/events/%d`, te.ID)
	for _, door := range []struct {
		name, method, path string
		body               map[string]any
	}{
		{"the ranking", "PUT", te.Path("/team-settings"), map[string]any{"ranking": "game_points"}},
		{"a team's withdrawal", "PATCH", te.Path("/teams/1"), map[string]any{"withdraw_from_round": 2, "reason": "не приехали"}},
		{"a team removed", "DELETE", te.Path("/teams/2?reason=ошибка"), nil},
		{"a line-up", "PUT", te.Path("/rounds/1/lineups/1"), map[string]any{"players": []int{te.Roster[1][1], te.Roster[1][0]}, "reason": "перепутали доски"}},
		{"a player moved", "PUT", te.Path(fmt.Sprintf("/players/%d/team", te.Roster[1][0])), map[string]any{"team": 2, "reason": "ошибка"}},
	} {
		if code, out := s.Do(apitest.Arbiter, door.method, door.path, door.body); code != http.StatusConflict || !strings.Contains(fmt.Sprint(out["message"]), advice) {
			t.Errorf("%s of a finished team competition: %d %v, want 409 saying how to reopen", door.name, code, out)
		}
	}
	s.Must(http.StatusOK, apitest.Arbiter, "PATCH", te.Path(""), map[string]any{"status": "running", "reason": "по положению считаются очки партий"})
	if st := s.Must(http.StatusOK, apitest.Arbiter, "PUT", te.Path("/team-settings"), map[string]any{"ranking": "game_points"}); st["ranking"] != "game_points" {
		t.Errorf("the ranking once reopened: %v", st)
	}
}
