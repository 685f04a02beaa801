package people_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/people"
)

// A person's photo: the administrator uploads one on the person's page (a
// file that is no picture comes back at the form), the page shows it at an
// address that changes with it, the picture is served as JPEG with its
// validator, the API gives its address and removes it.
func TestPersonPhotoPages(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	person := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/people", map[string]any{"surname": "Тлехас", "given_names": "Анна"})
	id := int(apitest.Num(person["id"]))
	admin := s.SignIn(tournament.Admin)
	page := fmt.Sprintf("/people/%d", id)
	if body := apitest.PageText(s.SignIn(tournament.ArbiterRole).Get(page)); strings.Contains(body, "/photo\"") {
		t.Error("an arbiter is offered to upload a photo")
	}
	if body := apitest.PageText(admin.Get(page)); !strings.Contains(body, apitest.RuT("people.photo_add")) || strings.Contains(body, "person-photo") {
		t.Errorf("the administrator's page of a person without a photo:\n%s", body)
	}

	bad := admin.Do(photoUpload(t, fmt.Sprintf("/people/%d/photo", id), []byte("not a picture")))
	if bad.Code != http.StatusBadRequest || !strings.Contains(apitest.PageText(bad), apitest.RuF("the photo must be a JPEG or PNG picture")) {
		t.Errorf("a file that is no picture: %d\n%s", bad.Code, apitest.PageText(bad))
	}
	// Far over the limit, refused before it is read: still at the form.
	huge := admin.Do(photoUpload(t, fmt.Sprintf("/people/%d/photo", id), bytes.Repeat([]byte{0}, 9<<20)))
	if huge.Code != http.StatusRequestEntityTooLarge || !strings.Contains(huge.Body.String(), `class="photo-form" open`) || !strings.Contains(apitest.PageText(huge), apitest.RuF("the file is larger than %d MB", 8)) {
		t.Errorf("a 9 MB photo: %d, want 413 at the person's photo form\n%s", huge.Code, apitest.PageText(huge))
	}
	var picture bytes.Buffer
	img := image.NewRGBA(image.Rect(0, 0, 600, 800))
	for i := range img.Pix {
		img.Pix[i] = 200
	}
	img.Set(0, 0, color.Black)
	if err := png.Encode(&picture, img); err != nil {
		t.Fatal(err)
	}
	if rec := admin.Do(photoUpload(t, fmt.Sprintf("/people/%d/photo", id), picture.Bytes())); rec.Code != http.StatusSeeOther {
		t.Fatalf("upload: %d\n%s", rec.Code, rec.Body.String())
	}
	src := regexp.MustCompile(`class="person-photo" src="([^"]+)"`).FindStringSubmatch(apitest.PageText(s.Anonymous().Get(page)))
	if src == nil {
		t.Fatal("the person's page shows no photo")
	}
	rec := s.Anonymous().Get(src[1])
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/jpeg" || rec.Header().Get("ETag") == "" {
		t.Fatalf("the photo: %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	if cfg, _, err := image.DecodeConfig(bytes.NewReader(rec.Body.Bytes())); err != nil || cfg.Height != people.PhotoSide || cfg.Width != people.PhotoSide*3/4 {
		t.Errorf("the served photo: %+v (%v)", cfg, err)
	}
	req := httptest.NewRequest("GET", src[1], nil)
	req.Header.Set("If-None-Match", rec.Header().Get("ETag"))
	if again := s.Anonymous().Do(req); again.Code != http.StatusNotModified {
		t.Errorf("the photo asked again with its validator: %d, want 304", again.Code)
	}

	got := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/people/%d", id), nil)
	if got["photo"] != src[1] {
		t.Errorf("the API's photo %v, the page's %s", got["photo"], src[1])
	}
	s.Must(http.StatusOK, tournament.Admin, "DELETE", fmt.Sprintf("/api/v1/people/%d/photo", id), nil)
	if rec := s.Anonymous().Get(src[1]); rec.Code != http.StatusNotFound {
		t.Errorf("the removed photo: %d", rec.Code)
	}
}

func photoUpload(t *testing.T, path string, content []byte) *http.Request {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	part, err := w.CreateFormFile("photo", "photo.png")
	if err != nil {
		t.Fatal(err)
	}
	part.Write(content)
	w.Close()
	req := httptest.NewRequest("POST", path, &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	return req
}

// brokenBody is an upload that breaks off after its first bytes.
type brokenBody struct{ sent bool }

func (b *brokenBody) Read(p []byte) (int, error) {
	if b.sent {
		return 0, errors.New("connection reset by peer")
	}
	b.sent = true
	return copy(p, "\xff\xd8\xff"), nil
}

// Issue 37: a photo whose upload breaks off is refused in the reader's
// words, not with the server's I/O error in English.
func TestPersonPhotoBrokenOff(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := apitest.Num(s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/people", map[string]any{"surname": "Тлехас", "given_names": "Анна"})["id"])
	req := httptest.NewRequest("PUT", fmt.Sprintf("/api/v1/people/%d/photo", id), &brokenBody{})
	req.Header.Set("Authorization", "Bearer "+s.Tokens[tournament.Admin])
	req.Header.Set("Accept-Language", "ru")
	rec := httptest.NewRecorder()
	s.Handler.ServeHTTP(rec, req)
	var answer map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &answer); err != nil || rec.Code != http.StatusBadRequest ||
		answer["message"] != apitest.RuF("the photo broke off before its end; send it again") {
		t.Errorf("a photo broken off: %d %s", rec.Code, rec.Body.String())
	}
}
