package api_test

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

// The audit log's JSON gives a reason the server wrote itself in the
// client's language (English when it asks for none), and an arbiter's own
// reason as it was typed — never the stored form of a note.
func TestAuditReasonInTheClientsLanguage(t *testing.T) {
	t.Parallel()
	s := apitest.NewServer(t, storetest.SQLite(t))
	const arbiter = tournament.ArbiterRole
	id := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Кубок", "discipline": "rapid", "system": "swiss", "rounds": 5})["id"])
	s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players/bulk", id), map[string]any{"players": []map[string]any{{"name": "Хуаде Аслан"}, {"name": "Тлехас Мурат"}}})
	s.Must(http.StatusOK, arbiter, "PATCH", fmt.Sprintf("/api/v1/events/%d", id), map[string]any{"city": "Майкоп", "reason": "уточнили город"})
	reasons := func(lang string) map[string]string {
		req := httptest.NewRequest("GET", fmt.Sprintf("/api/v1/events/%d/audit", id), nil)
		req.Header.Set("Authorization", "Bearer "+s.Tokens[arbiter])
		if lang != "" {
			req.Header.Set("Accept-Language", lang)
		}
		rec := httptest.NewRecorder()
		s.Handler.ServeHTTP(rec, req)
		var out struct {
			Entries []struct{ Action, Reason string }
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
			t.Fatalf("%d %s", rec.Code, rec.Body.String())
		}
		got := map[string]string{}
		for _, e := range out.Entries {
			got[e.Action] = e.Reason
		}
		return got
	}
	for lang, want := range map[string]string{"": "a list of 2 players", "ru": apitest.RuF("note.players.list", 2)} {
		got := reasons(lang)
		if got[tournament.ActionPlayerCreate] != want || got[tournament.ActionEventUpdate] != "уточнили город" {
			t.Errorf("Accept-Language %q: reasons %q, want %q for the players and the typed reason as it was", lang, got, want)
		}
	}
}

// A game's stored sheet report gives its problems in the client's language
// (English when it asks for none), read from the problems' keys.
func TestSheetReportInTheClientsLanguage(t *testing.T) {
	t.Parallel()
	s := apitest.NewServer(t, storetest.SQLite(t))
	const arbiter = tournament.ArbiterRole
	id := newStandardEvent(t, s, nil)
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
