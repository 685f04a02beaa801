package api_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// sampleGame is the game of rules §7.2: a final position at 17:7.
const sampleGame = `1. c3-b4 b6-c5 2. b4-a5 a7-b6 3. b2-c3 c5-b4 4. a3:a7 c7-b6 5. a5:e5 f6:b2
6. a1:c3 d8-c7 7. g3-f4 e5:g3 8. h2:f4 g3:e5 9. e3:g5 h6:f4 10. d2-e3 f4:b4
11. b2:h6 g7-f6 12. e5:g7 h8:f6 13. g7:e5 f8-e7 14. f6:d8 b8-c7 15. d8:a5.`

// newStandardEvent creates a standard round robin of three players and
// pairs and publishes round 1: board 1 is a game, board 2 the bye.
func newStandardEvent(t *testing.T, s *apitest.Server, extra map[string]any) int {
	t.Helper()
	body := map[string]any{"name": "Кубок", "discipline": "standard", "system": "round-robin", "time_control": "30+30"}
	for k, v := range extra {
		body[k] = v
	}
	id := apitest.Num(s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", body)["id"])
	for _, name := range []string{"Хуаде", "Тлехас", "Нехай"} {
		s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": name})
	}
	return id
}

func TestAPIErrors(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		const arbiter, admin, player = tournament.ArbiterRole, tournament.Admin, tournament.PlayerRole
		id := newStandardEvent(t, s, nil)
		private := newStandardEvent(t, s, map[string]any{"visibility": "private"})
		swiss := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events",
			map[string]any{"name": "Швейцарка", "discipline": "blitz", "system": "swiss", "rounds": 5, "time_control": "3+2"})["id"])
		var swissPlayer int
		for _, name := range []string{"А", "Б"} {
			swissPlayer = apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", swiss), map[string]any{"name": name})["id"])
		}
		s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
		result := fmt.Sprintf("/api/v1/events/%d/rounds/1/games/1/result", id)

		for _, tc := range []struct {
			name         string
			role         tournament.Role
			method, path string
			body         any
			status       int
			code, field  string
			message      string
		}{
			{"write without token", "", "POST", "/api/v1/events", map[string]any{"name": "x"}, 401, "EUNAUTHORIZED", "", "changes data: send an API token"},
			{"audit log without token", "", "GET", fmt.Sprintf("/api/v1/events/%d/audit", id), nil, 401, "EUNAUTHORIZED", "", "needs an account: send an API token"},
			{"player creates event", player, "POST", "/api/v1/events", map[string]any{"name": "x", "discipline": "standard", "system": "swiss", "rounds": 5}, 403, "EFORBIDDEN", "", "administrators and arbiters"},
			{"missing name", arbiter, "POST", "/api/v1/events", map[string]any{"discipline": "standard", "system": "swiss"}, 400, "EINVALID", "name", "required"},
			{"unknown discipline", arbiter, "POST", "/api/v1/events", map[string]any{"name": "x", "discipline": "chess", "system": "swiss", "rounds": 5}, 400, "EINVALID", "discipline", `"chess"`},
			{"unknown field", arbiter, "POST", "/api/v1/events", map[string]any{"name": "x", "disciplin": "standard"}, 400, "EINVALID", "disciplin", "unknown field"},
			{"wrong type", arbiter, "POST", "/api/v1/events", map[string]any{"name": "x", "rounds": "seven"}, 400, "EINVALID", "rounds", "must be a whole number, not a JSON string"},
			{"not JSON", arbiter, "POST", "/api/v1/events", "{name:", 400, "EINVALID", "body", "not valid JSON"},
			{"empty body", arbiter, "PATCH", fmt.Sprintf("/api/v1/events/%d", id), " ", 400, "EINVALID", "body", "needs a JSON body"},
			{"swiss without rounds", arbiter, "POST", "/api/v1/events", map[string]any{"name": "x", "discipline": "standard", "system": "swiss"}, 400, "EINVALID", "rounds", "number of rounds"},
			{"bad time control", arbiter, "POST", "/api/v1/events", map[string]any{"name": "x", "discipline": "standard", "system": "round-robin", "time_control": "fast"}, 400, "EINVALID", "time_control", `"30+30"`},
			{"unknown tie-break", arbiter, "POST", "/api/v1/events", map[string]any{"name": "x", "discipline": "standard", "system": "round-robin", "tiebreaks": []string{"wins", "koya"}}, 400, "EINVALID", "tiebreaks[1]", `"koya"`},
			{"missing event", "", "GET", "/api/v1/events/999", nil, 404, "ENOTFOUND", "", "event 999"},
			{"bad event id", "", "GET", "/api/v1/events/abc", nil, 400, "EINVALID", "id", `"abc"`},
			{"private event, anonymous", "", "GET", fmt.Sprintf("/api/v1/events/%d", private), nil, 404, "ENOTFOUND", "", "not found"},
			{"other arbiter's event, player", player, "PATCH", fmt.Sprintf("/api/v1/events/%d", id), map[string]any{"name": "y"}, 403, "EFORBIDDEN", "", "event's own arbiter"},
			{"requested bye in a round robin", arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/players/1/bye", id), map[string]any{"round": 3, "kind": "half"}, 400, "EINVALID", "system", "Swiss events"},
			{"unknown bye kind", arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/players/%d/bye", swiss, swissPlayer), map[string]any{"round": 1, "kind": "full"}, 400, "EINVALID", "kind", `"full"`},
			{"TRF import with a bad line", arbiter, "POST", "/api/v1/events/import.trf", nil, 400, "EINVALID", "file", "no players"},
			{"result in a draft round", arbiter, "PUT", result, map[string]any{"score": "17:7", "end_reason": "final_position", "version": 1}, 409, "ECONFLICT", "", "not published"},
			{"late entry in a round robin", arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": "Опоздавший"}, 409, "ECONFLICT", "", "late entry"},
			{"start number after pairing", admin, "PATCH", fmt.Sprintf("/api/v1/events/%d/players/1", id), map[string]any{"start_no": 2}, 409, "ECONFLICT", "start_no", "fixed"},
			{"system after pairing", admin, "PATCH", fmt.Sprintf("/api/v1/events/%d", id), map[string]any{"system": "swiss"}, 409, "ECONFLICT", "system", "cannot change"},
			{"finish too early", arbiter, "PATCH", fmt.Sprintf("/api/v1/events/%d", id), map[string]any{"status": "finished"}, 409, "ECONFLICT", "status", "rounds are paired"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				code, out := s.Do(tc.role, tc.method, tc.path, tc.body)
				field, _ := out["field"].(string)
				message, _ := out["message"].(string)
				if code != tc.status || out["code"] != tc.code || field != tc.field || !strings.Contains(message, tc.message) {
					t.Errorf("%s %s: %d %v; want %d %s field %q message containing %q", tc.method, tc.path, code, out, tc.status, tc.code, tc.field, tc.message)
				}
			})
		}
	})
}

// TestResultWithSheet follows one standard game through the sheet check:
// no sheet, a sheet that disagrees, a stale version, the arbiter's override,
// and the audit log that keeps it all.
func TestResultWithSheet(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		const arbiter = tournament.ArbiterRole
		id := newStandardEvent(t, s, nil)
		round := s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
		games := round["games"].([]any)
		bye := games[len(games)-1].(map[string]any)
		if bye["black"] != nil || bye["end_reason"] != "bye" {
			t.Errorf("last board of an odd round robin = %v, want the bye", bye)
		}
		s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), nil)
		result := fmt.Sprintf("/api/v1/events/%d/rounds/1/games/1/result", id)

		for _, tc := range []struct {
			name        string
			body        map[string]any
			status      int
			field, text string
		}{
			{"no version", map[string]any{"score": "17:7", "end_reason": "final_position"}, 400, "version", "required"},
			{"bad score", map[string]any{"score": "17:8", "end_reason": "final_position", "version": 1}, 400, "score", "add up to 24"},
			{"sheet disagrees", map[string]any{"score": "15:9", "end_reason": "final_position", "version": 1, "sheet": sampleGame}, 400, "score", "final position scoring 17:7, but 15:9"},
			{"illegal move", map[string]any{"score": "24:0", "end_reason": "resignation", "version": 1, "sheet": "1. c3-b4 b6-c5 2. b4-b5"}, 400, "sheet", "move 2 (ply 3)"},
			{"byes are fixed", map[string]any{"score": "", "end_reason": "bye", "version": 1}, 400, "end_reason", "only the pairing gives a bye"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				code, out := s.Do(arbiter, "PUT", result, tc.body)
				if code != tc.status || out["field"] != tc.field || !strings.Contains(fmt.Sprint(out["message"]), tc.text) {
					t.Errorf("PUT %v: %d %v; want %d field %q with %q", tc.body, code, out, tc.status, tc.field, tc.text)
				}
			})
		}

		g := s.Must(http.StatusOK, arbiter, "PUT", result, map[string]any{"score": "17:7", "end_reason": "final_position", "version": 1, "sheet": sampleGame})
		if apitest.Num(g["version"]) != 2 || g["score"] != "17:7" || g["sheet_report"].(map[string]any)["final_score"] != "17:7" {
			t.Errorf("accepted game = %v, want version 2, 17:7 with its sheet report", g)
		}
		code, out := s.Do(arbiter, "PUT", result, map[string]any{"score": "24:0", "end_reason": "arbiter", "version": 1})
		if code != http.StatusConflict || out["field"] != "version" {
			t.Errorf("update from version 1 after version 2: %d %v, want 409 on version", code, out)
		}
		// The sheet stays with the game; the arbiter overrides it.
		code, out = s.Do(arbiter, "PUT", result, map[string]any{"score": "24:0", "end_reason": "arbiter", "version": 2})
		if code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out["message"]), "reaches a final position scoring 17:7") {
			t.Errorf("result against the stored sheet: %d %v, want 400", code, out)
		}
		g = s.Must(http.StatusOK, arbiter, "PUT", result, map[string]any{"score": "24:0", "end_reason": "arbiter", "version": 2, "override_reason": "неспортивное поведение"})
		if g["override_reason"] != "неспортивное поведение" || g["score"] != "24:0" {
			t.Errorf("overridden game = %v", g)
		}

		audit := s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/audit", id), nil)["entries"].([]any)
		last := audit[len(audit)-1].(map[string]any)
		before, after := last["before"].(map[string]any), last["after"].(map[string]any)
		if last["action"] != "result.correct_override" || before["score"] != "17:7" || after["score"] != "24:0" ||
			!strings.Contains(last["reason"].(string), "неспортивное поведение") || last["user_email"] != "arbiter@example.org" {
			t.Errorf("last audit entry = %v, want the correction against the sheet from 17:7 to 24:0 with its reason", last)
		}
		code, _ = s.Do("", "GET", fmt.Sprintf("/api/v1/events/%d/audit", id), nil)
		if code != http.StatusUnauthorized {
			t.Errorf("anonymous audit read: %d, want 401", code)
		}
	})
}

// curl -d sends JSON as a form unless told otherwise: the answer says which
// Content-Type to send, as the body read as a form is empty by then.
func TestJSONSentAsForm(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		req := httptest.NewRequest("POST", "/api/v1/events", strings.NewReader(`{"name":"Кубок","discipline":"standard","system":"round-robin"}`))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Authorization", "Bearer "+s.Tokens[tournament.ArbiterRole])
		rec := httptest.NewRecorder()
		s.Handler.ServeHTTP(rec, req)
		want := "the request needs a JSON body sent as Content-Type: application/json; this one was sent as application/x-www-form-urlencoded"
		if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), want) {
			t.Fatalf("%d %s", rec.Code, rec.Body.String())
		}
	})
}
