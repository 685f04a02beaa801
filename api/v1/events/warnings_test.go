package events_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/store/storetest"
)

// TestWarningsInTheAnswersLanguage: a JSON answer's warnings are worded
// in the language its errors are (Accept-Language, English without one),
// with the catalogue's plural forms: «1 minute», not "1 minutes" (issue 60,
// item 6).
func TestWarningsInTheAnswersLanguage(t *testing.T) {
	t.Parallel()
	s := apitest.NewServer(t, storetest.SQLite(t))
	const gives = "%s gives %d minutes per player; the rules (%s) set %s for %s (recommended %s); allowed by the event's regulations (%s)"
	for _, tc := range []struct {
		acceptLanguage string
		lang           catalog.Lang
	}{{"ru", catalog.Russian}, {"en", catalog.English}, {"", catalog.English}} {
		req := httptest.NewRequest(http.MethodPost, "/api/v1/events", strings.NewReader(`{"name":"Блиц","discipline":"blitz","system":"round-robin","time_control":"1+0"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+s.Tokens[tournament.ArbiterRole])
		if tc.acceptLanguage != "" {
			req.Header.Set("Accept-Language", tc.acceptLanguage)
		}
		rec := httptest.NewRecorder()
		s.Handler.ServeHTTP(rec, req)
		var event struct {
			Warnings []struct{ Field, Message string }
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &event); err != nil || rec.Code != http.StatusCreated || len(event.Warnings) != 1 {
			t.Fatalf("Accept-Language %q: %d %s", tc.acceptLanguage, rec.Code, rec.Body)
		}
		l := catalog.For(tc.lang)
		lead, _, _ := strings.Cut(l.Sprintf(gives, "1+0", 1, "\x00", "", ""), "\x00")
		if got := event.Warnings[0].Message; !strings.HasPrefix(got, lead) {
			t.Errorf("Accept-Language %q: the warning reads %q, want it to begin %q", tc.acceptLanguage, got, lead)
		}
	}
	if lead := catalog.For(catalog.English).Sprintf(gives, "1+0", 1, "", "", ""); !strings.HasPrefix(lead, "1+0 gives 1 minute per player") {
		t.Errorf("the English warning counts %q", lead)
	}
}
