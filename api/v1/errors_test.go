package v1_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

func TestAPIErrors(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		const arbiter, admin, player = tournament.ArbiterRole, tournament.Admin, tournament.PlayerRole
		id := apitest.StandardEvent(t, s, nil)
		private := apitest.StandardEvent(t, s, map[string]any{"visibility": "private"})
		swiss := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events",
			map[string]any{"name": "Швейцарка", "discipline": "blitz", "system": "swiss", "rounds": 5, "time_control": "3+2"})["id"])
		var swissPlayer int
		for _, name := range []string{"А", "Б"} {
			swissPlayer = apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", swiss), map[string]any{"name": name})["id"])
		}
		s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
		result := fmt.Sprintf("/api/v1/events/%d/rounds/1/games/1/result", id)

		// A federation is read in any case and kept in capitals (issue 64).
		if p := s.Must(http.StatusOK, arbiter, "PATCH", fmt.Sprintf("/api/v1/events/%d/players/%d", swiss, swissPlayer), map[string]any{"federation": "ned"}); p["federation"] != "NED" {
			t.Errorf("a player sent with federation «ned» answers %v; want NED", p["federation"])
		}

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
			{"bad federation", arbiter, "PATCH", fmt.Sprintf("/api/v1/events/%d/players/%d", swiss, swissPlayer), map[string]any{"federation": "Россия"}, 400, "EINVALID", "federation", `"Россия"`},
			{"TRF import of an unknown game", arbiter, "POST", "/api/v1/events/import.trf?game=chess", "001    1      A", 400, "EINVALID", "game", `"chess"`},
			{"TRF import with a bad line", arbiter, "POST", "/api/v1/events/import.trf", nil, 400, "EINVALID", "file", "no players"},
			{"result in a draft round", arbiter, "PUT", result, map[string]any{"score": "17:7", "end_reason": "final_position", "version": 1}, 409, "ECONFLICT", "", "not published"},
			{"late entry in a round robin", arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": "Опоздавший"}, 409, "ECONFLICT", "", "late entry"},
			{"start number after pairing", admin, "PATCH", fmt.Sprintf("/api/v1/events/%d/players/1", id), map[string]any{"start_no": 2}, 409, "ECONFLICT", "start_no", "fixed"},
			{"system after pairing", admin, "PATCH", fmt.Sprintf("/api/v1/events/%d", id), map[string]any{"system": "swiss"}, 409, "ECONFLICT", "system", "cannot change"},
			{"finish too early", arbiter, "PATCH", fmt.Sprintf("/api/v1/events/%d", id), map[string]any{"status": "finished"}, 409, "ECONFLICT", "status", "only 1 of 3 rounds is paired"},
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

// The JSON API's error messages follow Accept-Language; without one they
// stay English.
func TestJSONErrorInTheClientsLanguage(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	for accept, want := range map[string]string{
		"":   "event 999 not found",
		"en": "event 999 not found",
		"ru": apitest.RuF("event %d not found", 999),
	} {
		req := httptest.NewRequest(http.MethodGet, "/api/v1/events/999", nil)
		if accept != "" {
			req.Header.Set("Accept-Language", accept)
		}
		rec := s.Anonymous().Do(req)
		if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), want) {
			t.Errorf("Accept-Language %q: %d %s, want 404 with %q", accept, rec.Code, rec.Body.String(), want)
		}
	}
}

// A value of the wrong JSON kind is named in the client's language.
func TestJSONKindInTheClientsLanguage(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	for _, tc := range []struct{ accept, body, want string }{
		{"en", `{"name":"x","rounds":"seven"}`, "must be a whole number, not a JSON string"},
		{"ru", `{"name":"x","rounds":"seven"}`, "должно быть целым числом, а не строкой JSON"},
		{"ru", `{"name":"x","rounds":3.5}`, "должно быть целым числом, а не числом JSON 3.5"},
		{"ru", `{"name":"x","rounds":[3]}`, "должно быть целым числом, а не списком JSON"},
	} {
		req := httptest.NewRequest(http.MethodPost, "/api/v1/events", strings.NewReader(tc.body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+s.Tokens[apitest.Arbiter])
		req.Header.Set("Accept-Language", tc.accept)
		rec := s.Anonymous().Do(req)
		if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), tc.want) {
			t.Errorf("%s %s: %d %s, want 400 with %q", tc.accept, tc.body, rec.Code, rec.Body.String(), tc.want)
		}
	}
}
