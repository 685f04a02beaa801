package api_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"adiukh/api"
	"adiukh/api/apitest"
)

// Over a real connection, as `adiukh serve` answers (api.ConnContext): a
// kept page is sent whole to GET, plain and compressed, and its head alone
// to HEAD, as the router answers them in the tests.
func TestKeptPagesOverTheNetwork(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(4)
	srv := httptest.NewUnstartedServer(s.Handler)
	srv.Config.ConnContext = api.ConnContext
	srv.Start()
	defer srv.Close()
	client := srv.Client()
	client.Transport.(*http.Transport).DisableCompression = true // "" asks for the plain page
	ask := func(method, path, encoding string) (*http.Response, []byte) {
		req, _ := http.NewRequest(method, srv.URL+path, nil)
		if encoding != "" {
			req.Header.Set("Accept-Encoding", encoding)
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		return resp, body
	}
	corked := false
	for _, path := range []string{fmt.Sprintf("/events/%d", id), fmt.Sprintf("/events/%d/players/1", id), fmt.Sprintf("/api/v1/events/%d/standings", id)} {
		for _, encoding := range []string{"", "gzip"} {
			want := fetch(s.Handler, path, "Accept-Encoding", encoding)
			for range 2 { // made, then kept
				resp, body := ask(http.MethodGet, path, encoding)
				if resp.StatusCode != http.StatusOK || string(body) != want.Body.String() || resp.Header.Get("ETag") != want.Header().Get("ETag") ||
					resp.Header.Get("Content-Encoding") != want.Header().Get("Content-Encoding") {
					t.Errorf("GET %s (%q): %d, %d bytes, head %v; want %d bytes, head %v", path, encoding, resp.StatusCode, len(body), resp.Header, want.Body.Len(), want.Header())
				}
				corked = corked || len(body) >= 3<<10 && len(body) <= 32<<10
			}
			resp, body := ask(http.MethodHead, path, encoding)
			if resp.StatusCode != http.StatusOK || len(body) != 0 || resp.Header.Get("Content-Length") != want.Header().Get("Content-Length") {
				t.Errorf("HEAD %s (%q): %d, %d bytes, Content-Length %q; want 200, none, %q", path, encoding, resp.StatusCode, len(body),
					resp.Header.Get("Content-Length"), want.Header().Get("Content-Length"))
			}
		}
	}
	if !corked {
		t.Error("no page of 3–32 KB was asked for: the test no longer sends one in one piece")
	}
}
