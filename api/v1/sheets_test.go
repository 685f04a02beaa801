package v1_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/store/storetest"
)

// A game's stored sheet report gives its problems in the client's language
// (English when it asks for none), read from the problems' keys.
func TestSheetReportInTheClientsLanguage(t *testing.T) {
	t.Parallel()
	s := apitest.NewServer(t, storetest.SQLite(t))
	const arbiter = tournament.ArbiterRole
	id := apitest.StandardEvent(t, s, nil)
	s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), nil)
	s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/1/games/1/result", id),
		map[string]any{"score": "24:0", "end_reason": "resignation", "version": 1, "sheet": "1. c3-b4 b6-c5 2. g3-e5", "override_reason": "бланк испорчен"})
	problem := func(lang string) string {
		req := httptest.NewRequest("GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)
		req.Header.Set("Authorization", "Bearer "+s.Tokens[arbiter])
		if lang != "" {
			req.Header.Set("Accept-Language", lang)
		}
		rec := httptest.NewRecorder()
		s.Handler.ServeHTTP(rec, req)
		var out struct {
			Games []struct {
				SheetReport *struct {
					Errors []struct {
						Ply     int
						Message string
					}
				} `json:"sheet_report"`
			}
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil || len(out.Games) == 0 || out.Games[0].SheetReport == nil || len(out.Games[0].SheetReport.Errors) == 0 {
			t.Fatalf("%d %s", rec.Code, rec.Body.String())
		}
		e := out.Games[0].SheetReport.Errors[0]
		if e.Ply != 3 {
			t.Errorf("the problem is at ply %d, want 3", e.Ply)
		}
		return e.Message
	}
	if en := problem(""); en != "g3-e5 is not a legal move for white" {
		t.Errorf("the problem reads %q in English", en)
	}
	if ru := problem("ru"); !strings.Contains(ru, "g3-e5") || strings.Contains(ru, "legal move") {
		t.Errorf("the problem reads %q in Russian", ru)
	}
}

// TestResultWithSheet follows one standard game through the sheet check:
// no sheet, a sheet that disagrees, a stale version, the arbiter's override,
// and the audit log that keeps it all.
func TestResultWithSheet(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		const arbiter = tournament.ArbiterRole
		id := apitest.StandardEvent(t, s, nil)
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
			{"sheet disagrees", map[string]any{"score": "15:9", "end_reason": "final_position", "version": 1, "sheet": apitest.SampleGame}, 400, "score", "final position scoring 17:7, but 15:9"},
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

		g := s.Must(http.StatusOK, arbiter, "PUT", result, map[string]any{"score": "17:7", "end_reason": "final_position", "version": 1, "sheet": apitest.SampleGame})
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

// A score sheet the API refuses is placed as the sheet page places it: by
// its line, then the move and ply.
func TestSheetErrorNamesTheLine(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(4)
	for accept, want := range map[string]string{
		"en": "the score sheet is not valid at line 2, move 2 (ply 3): ",
		"ru": apitest.Lead(apitest.RuF("the score sheet is not valid at line %d, move %d (ply %d): %s", 2, 2, 3, "\x00")),
	} {
		body := `{"score":"17:7","end_reason":"final_position","version":1,"sheet":"1. c3-b4 b6-c5\n2. b4-b5"}`
		req := httptest.NewRequest(http.MethodPut, fmt.Sprintf("/api/v1/events/%d/rounds/1/games/1/result", id), strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+s.Tokens[apitest.Arbiter])
		req.Header.Set("Accept-Language", accept)
		rec := s.Anonymous().Do(req)
		if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), want) {
			t.Errorf("Accept-Language %q: %d %s, want 400 with %q", accept, rec.Code, rec.Body.String(), want)
		}
	}
}
