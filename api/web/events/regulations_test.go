package events_test

import (
	"bytes"
	"fmt"
	"html"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// At the desk: the arbiter uploads the regulations, the calendar and the
// event's pages link them; a file that is not a PDF is shown at the desk's
// form. «Положение о турнире (PDF)» is the regulations and nothing else:
// the standings' documents are «Турнирное положение» (issues 50.7, 60).
func TestRegulationsPages(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := apitest.CalendarEvent(s.Server, "Кубок Адыгеи", "rapid", "2026-12-10", "2026-12-11", "Майкоп")
	arbiter := s.SignIn(tournament.ArbiterRole)
	upload := func(name, content string) *httptest.ResponseRecorder {
		var body bytes.Buffer
		w := multipart.NewWriter(&body)
		part, _ := w.CreateFormFile("file", name)
		part.Write([]byte(content))
		w.Close()
		req := httptest.NewRequest(http.MethodPost, fmt.Sprintf("/events/%d/regulations", id), &body)
		req.Header.Set("Content-Type", w.FormDataContentType())
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		return arbiter.Do(req)
	}
	eventPage := func() string { return s.Anonymous().Get(fmt.Sprintf("/events/%d", id)).Body.String() }
	link := fmt.Sprintf(`href="/events/%d/regulations.pdf"`, id)
	if page := eventPage(); strings.Contains(page, link) {
		t.Error("the event page links regulations it does not have")
	}
	bad := upload("положение.docx", "PK\x03\x04 a word file")
	if bad.Code != http.StatusBadRequest || !strings.Contains(bad.Body.String(), "field-error") || !strings.Contains(bad.Body.String(), `id="regulations"`) {
		t.Errorf("a Word file: %d, want 400 shown at the desk", bad.Code)
	}
	if rec := upload("положение", apitest.MinimalPDF); rec.Code != http.StatusSeeOther {
		t.Fatalf("upload: %d\n%s", rec.Code, rec.Body.String())
	}
	desk := html.UnescapeString(arbiter.Get(fmt.Sprintf("/events/%d/manage", id)).Body.String())
	if !strings.Contains(desk, fmt.Sprintf(`href="/events/%d/regulations.pdf">положение.pdf</a>`, id)) {
		t.Error("the desk does not show the regulations")
	}
	// The limit stands beside the field, and a larger file is refused there.
	if !strings.Contains(desk, `<small id="regulations-limit" class="hint">PDF, не больше 5 МБ</small></label>`) {
		t.Error("the desk does not state the regulations' limit beside the file field")
	}
	large := upload("большое.pdf", apitest.MinimalPDF+strings.Repeat(" ", 5<<20))
	if large.Code != http.StatusBadRequest || !strings.Contains(apitest.PageText(large), "файл больше 5 МБ") {
		t.Errorf("a file over 5 MB: %d, want 400 naming the limit\n%s", large.Code, apitest.PageText(large))
	}
	// A file far over the limit is refused before it is read, and still
	// the arbiter stays at the desk, told at the form (issue 60: a 6 MB
	// PDF led to a bare 413 page).
	huge := upload("огромное.pdf", apitest.MinimalPDF+strings.Repeat(" ", 6<<20))
	if body := huge.Body.String(); huge.Code != http.StatusRequestEntityTooLarge || !strings.Contains(body, `id="regulations"`) || !strings.Contains(body, "field-error") || !strings.Contains(apitest.PageText(huge), "файл больше 5 МБ") {
		t.Errorf("a 6 MB file: %d, want 413 shown at the desk's regulations form\n%s", huge.Code, apitest.PageText(huge))
	}
	cal := s.Anonymous().Get("/calendar").Body.String()
	if !strings.Contains(cal, fmt.Sprintf(`href="/events/%d/regulations.pdf"`, id)) {
		t.Error("the calendar does not link the regulations")
	}
	page := eventPage()
	if !strings.Contains(page, link+`>`+apitest.RuT("regulations.link")+`</a>`) {
		t.Errorf("the event page does not link the regulations as %q", apitest.RuT("regulations.link"))
	}
	if n := strings.Count(page, apitest.RuT("regulations.link")); n != 1 {
		t.Errorf("%q is on the event page %d times, want once: the regulations' link", apitest.RuT("regulations.link"), n)
	}
	if rec := s.Anonymous().Get(fmt.Sprintf("/events/%d/regulations.pdf", id)); rec.Code != http.StatusOK || rec.Body.String() != apitest.MinimalPDF {
		t.Errorf("the regulations for a reader: %d", rec.Code)
	}
}
