package api_test

import (
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"runtime"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// multipartUpload is a form with one file field.
func multipartUpload(t *testing.T, field string, size int) (body *bytes.Buffer, contentType string) {
	t.Helper()
	body = &bytes.Buffer{}
	w := multipart.NewWriter(body)
	f, err := w.CreateFormFile(field, "event.trf")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(bytes.Repeat([]byte("012 Event\n"), size/10)); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return body, w.FormDataContentType()
}

// An upload leaves no temporary file behind, whoever sends it and whatever
// the answer: the server removes a parsed form when the request ends.
func TestUploadsLeaveNoTemporaryFiles(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	s := apitest.NewWebServer(t)
	for _, tc := range []struct {
		name    string
		who     *apitest.Page
		size    int
		chunked bool
		want    int
	}{
		{"a player, refused", s.SignIn(tournament.PlayerRole), 3 << 20, false, http.StatusBadRequest},
		{"an arbiter, a file that is not TRF", s.SignIn(tournament.ArbiterRole), 3 << 20, false, http.StatusBadRequest},
		{"over the limit, declared", s.SignIn(tournament.ArbiterRole), 5 << 20, false, http.StatusRequestEntityTooLarge},
		{"over the limit, chunked", s.SignIn(tournament.ArbiterRole), 5 << 20, true, http.StatusRequestEntityTooLarge},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body, ct := multipartUpload(t, "file", tc.size)
			var r io.Reader = body
			if tc.chunked {
				r = io.MultiReader(body) // hides the length
			}
			req := httptest.NewRequest(http.MethodPost, "/manage/events/import.trf", r)
			if tc.chunked {
				req.ContentLength = -1
			}
			req.Header.Set("Content-Type", ct)
			req.Header.Set("Sec-Fetch-Site", "same-origin")
			rec := tc.who.Do(req)
			if rec.Code != tc.want {
				t.Fatalf("status %d, want %d\n%.500s", rec.Code, tc.want, rec.Body.String())
			}
			if tc.want == http.StatusRequestEntityTooLarge && !strings.Contains(rec.Body.String(), "4 MB") {
				t.Errorf("the refusal does not name the limit of 4 MB:\n%.2000s", rec.Body.String())
			}
			left, err := os.ReadDir(tmp)
			if err != nil {
				t.Fatal(err)
			}
			if len(left) != 0 {
				t.Errorf("%d temporary files left behind, first %s", len(left), left[0].Name())
			}
		})
	}
}

func TestFormBodyLimit(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	arbiter := s.SignIn(tournament.ArbiterRole)
	rec := arbiter.Post("/manage/events", url.Values{"name": {strings.Repeat("я", 200<<10)}})
	if rec.Code != http.StatusRequestEntityTooLarge || !strings.Contains(rec.Body.String(), "256 KB") {
		t.Errorf("a 400 KB form: status %d, want 413 naming 256 KB\n%.1000s", rec.Code, rec.Body.String())
	}
	rec = arbiter.Post("/manage/events", url.Values{"name": {"Кубок\x00"}, "discipline": {"rapid"}})
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "NUL") {
		t.Errorf("a NUL in a form field: status %d, want 400 naming it\n%.1000s", rec.Code, rec.Body.String())
	}
}

// JSON bodies are read strictly: one value, valid UTF-8, each key once, no
// NUL, within the limit, and every refusal says what is wrong.
func TestJSONBodiesAreStrict(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		event := `"discipline":"rapid","system":"round-robin","time_control":"8+4"`
		for _, tc := range []struct {
			name, body string
			status     int
			field      string
			message    string
		}{
			{"duplicate key", `{"name":"Кубок","name":"Другой",` + event + `}`, 400, "name", "appears twice"},
			{"duplicate key inside", `{"name":"Кубок",` + event + `,"tiebreaks":[{"a":1,"a":2}]}`, 400, "a", "appears twice"},
			{"trailing garbage", `{"name":"Кубок",` + event + `} {"x":1}`, 400, "body", "more after the JSON value"},
			{"invalid UTF-8", "{\"name\":\"Куб\xffок\"," + event + "}", 400, "body", "not valid UTF-8 (at byte"},
			{"NUL in a name", `{"name":"Кубок\u0000",` + event + `}`, 400, "name", "NUL"},
			{"too large", `{"name":"` + strings.Repeat("x", 300<<10) + `",` + event + `}`, 413, "body", "256 KB"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				code, out := s.Do(tournament.ArbiterRole, "POST", "/api/v1/events", tc.body)
				if code != tc.status || out["field"] != tc.field || !strings.Contains(fmt.Sprint(out["message"]), tc.message) {
					t.Errorf("status %d %v; want %d on field %q saying %q", code, out, tc.status, tc.field, tc.message)
				}
			})
		}
		s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", `{"name":"Кубок",`+event+`}`)
	})
}

// A sheet over the limit is refused by the service, whichever way it comes.
func TestSheetSizeLimit(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		id := s.RoundRobin(4)
		sheet := strings.Repeat("1. c3-d4 f6-g5 ", 5000)
		code, out := s.Do(tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/1/games/1/result", id),
			map[string]any{"score": "24:0", "end_reason": "resignation", "sheet": sheet, "version": 1})
		if code != http.StatusBadRequest || out["field"] != "sheet" || !strings.Contains(fmt.Sprint(out["message"]), "at most 65536") {
			t.Errorf("a 75 KB sheet: %d %v, want 400 on the sheet naming the limit", code, out)
		}
	})
}

// Size before work (second security pass, item 3): every input kind —
// a TRF file, a pasted players' CSV, a batch of sheets, an uploaded sheet,
// a JSON body — sent over its route's limit is answered 413 before
// anything parses it, whether the client declares its length or streams
// it, and the server allocates little beyond the limit to say so.
func TestEveryInputKindIsMeasuredBeforeItIsParsed(t *testing.T) {
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(4)
	arbiter := s.SignIn(tournament.ArbiterRole)
	const over = 1 << 20 // past the limit by a megabyte
	for _, tc := range []struct {
		name, path string
		limit      int
		multipart  string // the file field of an upload form; "" for a plain body
		api        bool
	}{
		{"TRF through the API", "/api/v1/events/import.trf", 4 << 20, "", true},
		{"TRF uploaded", "/manage/events/import.trf", 4 << 20, "file", false},
		{"players' CSV pasted", fmt.Sprintf("/events/%d/players/csv", id), 1 << 20, "", false},
		{"sheets through the API", fmt.Sprintf("/api/v1/events/%d/rounds/1/sheets", id), 4 << 20, "", true},
		{"sheets pasted", fmt.Sprintf("/events/%d/rounds/1/sheets", id), 4 << 20, "", false},
		{"a sheet uploaded", fmt.Sprintf("/events/%d/rounds/1/boards/1/edit", id), 64 << 10, "sheet_file", false},
		{"a JSON body", "/api/v1/events", 256 << 10, "", true},
		{"regulations uploaded", fmt.Sprintf("/events/%d/regulations", id), 5 << 20, "file", false},
		{"regulations through the API", fmt.Sprintf("/api/v1/events/%d/regulations", id), 5 << 20, "", true},
		{"a photo uploaded", "/people/1/photo", 8 << 20, "photo", false},
		{"a photo through the API", "/api/v1/people/1/photo", 8 << 20, "", true},
	} {
		for _, streamed := range []bool{false, true} {
			var body *bytes.Buffer
			contentType := "application/x-www-form-urlencoded"
			switch {
			case tc.multipart != "":
				body, contentType = multipartUpload(t, tc.multipart, tc.limit+over)
			case tc.api:
				body, contentType = bytes.NewBufferString(`{"text":"`+strings.Repeat("x", tc.limit+over)+`"}`), "application/json"
			default:
				body = bytes.NewBufferString("sheets=" + strings.Repeat("x", tc.limit+over))
			}
			size := body.Len()
			method := http.MethodPost
			if (strings.HasSuffix(tc.path, "/regulations") || strings.HasSuffix(tc.path, "/photo")) && tc.api {
				method = http.MethodPut
			}
			req := httptest.NewRequest(method, tc.path, body)
			req.Header.Set("Content-Type", contentType)
			req.Header.Set("Sec-Fetch-Site", "same-origin")
			if streamed {
				req.ContentLength = -1
			}
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			var rec *httptest.ResponseRecorder
			if tc.api {
				req.Header.Set("Authorization", "Bearer "+s.Tokens[tournament.ArbiterRole])
				rec = httptest.NewRecorder()
				s.Handler.ServeHTTP(rec, req)
			} else {
				rec = arbiter.Do(req)
			}
			runtime.ReadMemStats(&after)
			if rec.Code != http.StatusRequestEntityTooLarge {
				t.Errorf("%s (streamed %v): status %d, want 413\n%.300s", tc.name, streamed, rec.Code, rec.Body.String())
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > uint64(4*tc.limit+8<<20) {
				t.Errorf("%s (streamed %v): %d bytes sent, %d allocated", tc.name, streamed, size, alloc)
			}
		}
	}
}

// A file sent to the API as curl's --data-binary sends it, declared a
// form, reaches its handler whole: docs/api.md imports a TRF file so.
func TestAPIFileDeclaredAForm(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	file := "012 Открытый турнир\n" +
		"001    1      Хуаде Аслан                       1900                             1.0    1     2 w 1\n" +
		"001    2      Тлехас Мурат                      1850                             0.0    2     1 b 0\n"
	req := httptest.NewRequest(http.MethodPost, "/api/v1/events/import.trf", strings.NewReader(file))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Authorization", "Bearer "+s.Tokens[tournament.ArbiterRole])
	rec := httptest.NewRecorder()
	s.Handler.ServeHTTP(rec, req)
	if rec.Code != http.StatusCreated {
		t.Errorf("a TRF file declared a form: %d %s, want 201", rec.Code, rec.Body.String())
	}
}
