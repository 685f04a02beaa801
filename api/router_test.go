package api_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// HEAD answers every page, API read and document as GET does, with no body.
func TestHeadOnEveryPage(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(4)
	for _, path := range []string{
		"/", "/search?q=Игрок", "/login",
		fmt.Sprintf("/events/%d", id), fmt.Sprintf("/events/%d/standings", id), fmt.Sprintf("/events/%d/crosstable", id),
		"/api/v1/events", fmt.Sprintf("/api/v1/events/%d/rounds", id),
		fmt.Sprintf("/api/v1/events/%d/standings.pdf", id),
	} {
		get := s.Anonymous().Get(path)
		rec := s.Anonymous().Do(httptest.NewRequest(http.MethodHead, path, nil))
		if rec.Code != get.Code || get.Code != http.StatusOK {
			t.Errorf("HEAD %s: %d, GET %d; want 200 for both", path, rec.Code, get.Code)
		}
		if rec.Body.Len() != 0 {
			t.Errorf("HEAD %s: a body of %d bytes", path, rec.Body.Len())
		}
		if got, want := rec.Header().Get("Content-Type"), get.Header().Get("Content-Type"); got != want {
			t.Errorf("HEAD %s: Content-Type %q, GET %q", path, got, want)
		}
	}
	if rec := s.Anonymous().Do(httptest.NewRequest(http.MethodHead, "/no/such/page", nil)); rec.Code != http.StatusNotFound {
		t.Errorf("HEAD of a missing page: %d, want 404", rec.Code)
	}
}

func TestSecurityHeaders(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(4)
	for _, path := range []string{"/", "/login", fmt.Sprintf("/events/%d", id), "/no-such-page/events/1/standings"} {
		t.Run(path, func(t *testing.T) {
			rec := s.Anonymous().Get(path)
			if path == "/no-such-page/events/1/standings" && rec.Code != http.StatusNotFound {
				t.Fatalf("status %d, want 404", rec.Code)
			}
			h := rec.Header()
			csp := h.Get("Content-Security-Policy")
			for _, want := range []string{"script-src 'self'", "frame-ancestors 'none'", "object-src 'none'"} {
				if !strings.Contains(csp, want) {
					t.Errorf("Content-Security-Policy %q lacks %q", csp, want)
				}
			}
			if strings.Contains(csp, "unsafe-inline") {
				t.Errorf("Content-Security-Policy allows inline code: %q", csp)
			}
			if got := h.Get("X-Content-Type-Options"); got != "nosniff" {
				t.Errorf("X-Content-Type-Options = %q", got)
			}
			if got := h.Get("Referrer-Policy"); got == "" {
				t.Error("no Referrer-Policy")
			}
			if strings.Contains(rec.Body.String(), "<script>") {
				t.Error("the page has an inline script")
			}
		})
	}
}

// A form posted from another site is refused before any handler runs.
func TestCrossOriginFormRefused(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(4)
	arbiter := s.SignIn(tournament.ArbiterRole)
	before := s.Snapshot(id)
	for _, tc := range []struct {
		name    string
		headers map[string]string
	}{
		{"Sec-Fetch-Site cross-site", map[string]string{"Sec-Fetch-Site": "cross-site"}},
		{"foreign Origin", map[string]string{"Origin": "https://evil.example"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			form := url.Values{"name": {"Злоумышленник"}}
			req := httptest.NewRequest(http.MethodPost, fmt.Sprintf("/events/%d/players", id), strings.NewReader(form.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			for k, v := range tc.headers {
				req.Header.Set(k, v)
			}
			rec := arbiter.Do(req)
			if rec.Code != http.StatusForbidden {
				t.Fatalf("status %d, want 403", rec.Code)
			}
			// A page in the reader's language, with the site's headers.
			if body := rec.Body.String(); !strings.Contains(apitest.PageText(rec), apitest.RuF("a form sent from another site is refused; open the page on this site and send it again")) || !strings.Contains(body, "<html") || rec.Header().Get("X-Content-Type-Options") != "nosniff" {
				t.Errorf("the refusal is not the site's page: %s\n%.300s", rec.Header(), body)
			}
		})
	}
	if after := s.Snapshot(id); after != before {
		t.Error("a refused cross-origin post changed the event")
	}
}
