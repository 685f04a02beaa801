package api_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"adiukh/api/apitest"
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

// An English browser reads English until the reader chooses a language.
func TestLanguageFollowsTheBrowserUntilChosen(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	get := func(path, accept string, cookie *http.Cookie) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		if accept != "" {
			req.Header.Set("Accept-Language", accept)
		}
		if cookie != nil {
			req.AddCookie(cookie)
		}
		return s.Anonymous().Do(req)
	}
	for _, tc := range []struct {
		accept, want string
	}{
		{"en-GB,en;q=0.9", `<html lang="en">`},
		{"ru-RU,ru;q=0.9,en;q=0.8", `<html lang="ru">`},
		{"de-DE", `<html lang="ru">`},
		{"", `<html lang="ru">`},
	} {
		if body := get("/", tc.accept, nil).Body.String(); !strings.Contains(body, tc.want) {
			t.Errorf("Accept-Language %q: want %s", tc.accept, tc.want)
		}
	}
	chose := get("/?lang=ru", "en", nil)
	var cookie *http.Cookie
	for _, c := range chose.Result().Cookies() {
		if c.Name == "adiukh_lang" {
			cookie = c
		}
	}
	if cookie == nil {
		t.Fatal("?lang=ru set no language cookie")
	}
	if body := get("/", "en", cookie).Body.String(); !strings.Contains(body, `<html lang="ru">`) {
		t.Error("the reader chose Russian, but an English browser still gets English")
	}
}
