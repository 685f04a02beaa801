package desk_test

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// An arbiter who types the score and a reason for a sheet with an illegal
// move, leaving the ending "as the sheet says", is asked for the ending —
// not again for the reason just given; with it, the result is saved.
func TestIllegalSheetOverrideOnTheSheetPage(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	a := s.SignIn(tournament.ArbiterRole)
	id := s.RoundRobin(4)
	edit := fmt.Sprintf("/events/%d/rounds/1/boards/1/edit", id)
	bad := strings.Replace(apitest.SampleGame, "4. a3:a7", "4. c3-d4", 1)
	form := url.Values{"score": {"17:7"}, "end_reason": {""}, "version": {"1"}, "sheet": {bad}, "reason": {"счёт подписан обоими"}}
	rec := a.Post(edit, form)
	apitest.MustStatus(t, "override without the ending", rec.Code, http.StatusBadRequest, rec.Body.String())
	body := apitest.PageText(rec)
	if !strings.Contains(body, apitest.RuF("the sheet does not say how the game ended before a final position; choose the end reason")) {
		t.Errorf("the page does not ask for the ending:\n%s", body)
	}
	if _, override, _ := strings.Cut(apitest.RuF("%s; correct the score or the sheet, or override with a reason", "\x00"), "\x00"); strings.Contains(body, override) {
		t.Errorf("the page asks again for the reason the arbiter gave")
	}
	if !strings.Contains(body, apitest.RuT("sheet.move", "N", 4, "Ply", 7)) {
		t.Errorf("the sheet's illegal move is no longer shown")
	}
	form.Set("end_reason", "final_position")
	rec = a.Post(edit, form)
	// Saved, and the page says it was saved against the sheet rather than
	// accept an illegal sheet silently.
	apitest.MustStatus(t, "override with the ending", rec.Code, http.StatusOK, rec.Body.String())
	if _, against, _ := strings.Cut(apitest.RuF("the result of board %d is stored against its score sheet (%s): the reason given is kept as the arbiter's override", 1, "\x00"), "\x00"); !strings.Contains(apitest.PageText(rec), against) {
		t.Errorf("the page does not say the result was stored against the sheet:\n%s", apitest.PageText(rec))
	}
}

// Saving the sheet page says so: the arbiter comes back to the same form
// and would otherwise not know whether the result was taken.
func TestSheetPageSaysSaved(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	a := s.SignIn(tournament.ArbiterRole)
	id := s.RoundRobin(4)
	edit := fmt.Sprintf("/events/%d/rounds/1/boards/1/edit", id)
	if body := apitest.PageText(a.Get(edit)); strings.Contains(body, apitest.RuT("results.saved", "Board", 1)) {
		t.Fatalf("the sheet page says saved before anything is saved")
	}
	rec := a.Post(edit, url.Values{"score": {"17:7"}, "end_reason": {"final_position"}, "version": {"1"}, "sheet": {apitest.SampleGame}})
	apitest.MustStatus(t, "sheet", rec.Code, http.StatusSeeOther, rec.Body.String())
	loc := rec.Header().Get("Location")
	if !strings.HasPrefix(loc, edit) {
		t.Fatalf("saved sheet goes to %q, want the sheet page", loc)
	}
	for lang, want := range map[string]string{"ru": "✓ " + apitest.RuT("results.saved", "Board", 1), "en": "✓ Board 1: result saved."} {
		body := a.Get(loc + "&lang=" + lang).Body.String()
		if !strings.Contains(body, want) {
			t.Errorf("%s: the sheet page after saving lacks %q", lang, want)
		}
	}
}

// A photo uploaded as the score-sheet file is refused, reason or none, and
// nothing of it is stored or typed back into the form: the board keeps no
// sheet and its viewer prints no bytes (issue 60, item 5).
func TestPhotoUploadedAsSheetRefused(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	a := s.SignIn(tournament.ArbiterRole)
	id := s.RoundRobin(4)
	edit := fmt.Sprintf("/events/%d/rounds/1/boards/1/edit", id)
	photo := "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x04\x00"
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	for k, v := range map[string]string{"score": "17:7", "end_reason": "final_position", "version": "1", "sheet": "", "reason": "бланк сфотографирован"} {
		w.WriteField(k, v)
	}
	part, err := w.CreateFormFile("sheet_file", "IMG_2041.png")
	if err != nil {
		t.Fatal(err)
	}
	part.Write([]byte(photo))
	w.Close()
	req := httptest.NewRequest(http.MethodPost, edit, &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("Origin", "http://example.com")
	rec := a.Do(req)
	apitest.MustStatus(t, "a photo as the sheet", rec.Code, http.StatusBadRequest, rec.Body.String())
	page := apitest.PageText(rec)
	if !strings.Contains(page, apitest.RuF("the game sheet is not text: line %d has bytes that are not UTF-8 (is it a photo or a document?); send the sheet as a text or PDN file", 1)) {
		t.Errorf("the page does not say the file is not a sheet:\n%s", page)
	}
	if strings.Contains(page, "IHDR") {
		t.Errorf("the refused photo's bytes are typed back into the form")
	}
	_, round := s.Do("", "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)
	if g := round["games"].([]any)[0].(map[string]any); g["result"] != nil || apitest.Num(g["version"]) != 1 {
		t.Errorf("board 1 after the refused photo: %v", g)
	}
}
