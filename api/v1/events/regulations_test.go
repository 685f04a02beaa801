package events_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// An event's regulations through the API: only its arbiters attach them,
// a file that is not a PDF is refused at its field, anyone who may read the
// event downloads them, removing them is audited.
func TestRegulationsAPI(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		id := s.RoundRobin(4)
		path := fmt.Sprintf("/api/v1/events/%d/regulations", id)
		put := func(role tournament.Role, body string) *httptest.ResponseRecorder {
			req := httptest.NewRequest(http.MethodPut, path+"?file=Положение.pdf", strings.NewReader(body))
			req.Header.Set("Content-Type", "application/pdf")
			if role != "" {
				req.Header.Set("Authorization", "Bearer "+s.Tokens[role])
			}
			rec := httptest.NewRecorder()
			s.Handler.ServeHTTP(rec, req)
			return rec
		}
		if rec := put(tournament.PlayerRole, apitest.MinimalPDF); rec.Code != http.StatusForbidden {
			t.Errorf("a player attaches regulations: %d, want 403", rec.Code)
		}
		if rec := put(tournament.ArbiterRole, "<html>not a pdf</html>"); rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), `"field":"file"`) {
			t.Errorf("an HTML file: %d %s, want 400 at file", rec.Code, rec.Body.String())
		}
		if rec := s.Download("", path+".pdf", nil); rec.Code != http.StatusNotFound {
			t.Errorf("no regulations yet: %d, want 404", rec.Code)
		}
		rec := put(tournament.ArbiterRole, apitest.MinimalPDF)
		if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"file":"Положение.pdf"`) {
			t.Fatalf("attach: %d %s", rec.Code, rec.Body.String())
		}
		got := s.Download("", path+".pdf", nil)
		if got.Code != http.StatusOK || got.Body.String() != apitest.MinimalPDF || got.Header().Get("Content-Type") != "application/pdf" {
			t.Errorf("download: %d %q %q", got.Code, got.Header().Get("Content-Type"), got.Body.String())
		}
		s.Must(http.StatusOK, tournament.ArbiterRole, "DELETE", path, nil)
		if rec := s.Download("", path+".pdf", nil); rec.Code != http.StatusNotFound {
			t.Errorf("after removal: %d, want 404", rec.Code)
		}
		audit := fmt.Sprint(s.Must(http.StatusOK, tournament.ArbiterRole, "GET", fmt.Sprintf("/api/v1/events/%d/audit", id), nil))
		if !strings.Contains(audit, "regulations.set") || !strings.Contains(audit, "regulations.remove") {
			t.Errorf("the audit log lacks the regulations: %s", audit)
		}
	})
}
