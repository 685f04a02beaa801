package events_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
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
