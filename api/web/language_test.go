package web_test

import (
	"adiukh/api/apitest"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

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

// The language chosen by ?lang= is remembered in a cookie.
func TestLanguageRemembered(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	rec := s.Anonymous().Get("/?lang=en")
	var lang *http.Cookie
	for _, c := range rec.Result().Cookies() {
		if c.Name == "adiukh_lang" {
			lang = c
		}
	}
	if lang == nil || lang.Value != "en" {
		t.Fatalf("?lang=en set no language cookie")
	}
	if !strings.Contains(rec.Body.String(), `<html lang="en">`) {
		t.Error("?lang=en did not render in English")
	}
	p := &apitest.Page{Server: s.Server, Cookie: lang}
	if body := p.Get("/").Body.String(); !strings.Contains(body, "Events") {
		t.Error("the language cookie is not honoured")
	}
	if body := apitest.PageText(s.Anonymous().Get("/")); !strings.Contains(body, `<html lang="ru">`) || !strings.Contains(body, apitest.RuT("events.title")) {
		t.Error("the default language is not Russian")
	}
}
