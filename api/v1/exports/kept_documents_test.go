package exports_test

import (
	"bytes"
	"fmt"
	"net/http"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/store/storetest"
)

// TestDocumentsAreKeptPerEventVersion reads each document of a played
// event twice anonymously and once with a token, which is made fresh for
// each request: the kept answer is the very answer made fresh (its
// headers too: the file name, the PDN's skipped games), a second
// anonymous request is answered from the kept one (its ETag answers 304),
// the language a reader's cookie chose does not leak to another reader,
// and a result entered makes the next read fresh (issue 65).
func TestDocumentsAreKeptPerEventVersion(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			s := newExportServer(t, st)
			id, sample, _ := playEvent(t, s, roundRobinEvent(nil), roundRobinNames)
			base := fmt.Sprintf("/api/v1/events/%d", id)
			same := func(path string, kept, fresh *http.Response, keptBody, freshBody []byte) {
				t.Helper()
				for _, h := range []string{"Content-Type", "Content-Disposition", "X-Adiukh-Skipped-Games"} {
					if kept.Header.Get(h) != fresh.Header.Get(h) {
						t.Errorf("%s: kept %s %q, made fresh %q", path, h, kept.Header.Get(h), fresh.Header.Get(h))
					}
				}
				if !bytes.Equal(keptBody, freshBody) {
					t.Errorf("%s: the kept answer (%d bytes) is not the one made fresh (%d bytes)", path, len(keptBody), len(freshBody))
				}
			}
			for _, doc := range []string{"/standings.csv", "/standings.csv?dialect=excel&round=2", "/standings.json", "/games.pdn", "/export.trf", "/standings.pdf?lang=en"} {
				path := base + doc
				first := s.Download("", path, nil)
				kept := s.Download("", path, nil)
				fresh := s.Download(tournament.PlayerRole, path, nil)
				if first.Code != http.StatusOK || kept.Code != http.StatusOK || fresh.Code != http.StatusOK {
					t.Fatalf("%s: status %d, %d, %d; want 200", path, first.Code, kept.Code, fresh.Code)
				}
				if doc == "/standings.pdf?lang=en" {
					continue // a PDF tells when it was made: its bytes differ each time
				}
				same(path, kept.Result(), fresh.Result(), kept.Body.Bytes(), fresh.Body.Bytes())
				etag := kept.Header().Get("Etag")
				if etag == "" {
					t.Errorf("%s: the second anonymous answer has no ETag: it was not kept", path)
				} else if again := s.Download("", path, map[string]string{"If-None-Match": etag}); again.Code != http.StatusNotModified {
					t.Errorf("%s: asked with its ETag, status %d; want 304 from the kept answer", path, again.Code)
				}
			}
			if s.Download("", base+"/games.pdn", nil).Header().Get("X-Adiukh-Skipped-Games") == "" {
				t.Error("the kept games.pdn lost the header naming the games it left out")
			}

			// A reader whose cookie chose English makes the document; a
			// reader whose browser asks for English without one gets the
			// same document, and one asking for Russian gets Russian.
			// (The CSV for Excel has its header in the reader's language.)
			csv := base + "/standings.csv?dialect=excel"
			english := s.Download("", csv, map[string]string{"Cookie": "adiukh_lang=en", "Accept-Language": "ru"})
			browser := s.Download("", csv, map[string]string{"Accept-Language": "en"})
			asked := s.Download(tournament.PlayerRole, csv+"&lang=en", nil)
			russian := s.Download(tournament.PlayerRole, csv+"&lang=ru", nil)
			if bytes.Equal(asked.Body.Bytes(), russian.Body.Bytes()) {
				t.Fatal("the English and Russian standings.csv are the same: the test shows nothing")
			}
			same(csv+" (cookie en)", english.Result(), asked.Result(), english.Body.Bytes(), asked.Body.Bytes())
			same(csv+" (Accept-Language en)", browser.Result(), asked.Result(), browser.Body.Bytes(), asked.Body.Bytes())

			// A result changed makes the next read fresh.
			before := s.Download("", csv, nil).Body.Bytes()
			var version int
			for _, g := range s.Must(http.StatusOK, tournament.ArbiterRole, "GET", fmt.Sprintf("%s/rounds/%d", base, sample.round), nil)["games"].([]any) {
				if g := g.(map[string]any); apitest.Num(g["board"]) == sample.board {
					version = apitest.Num(g["version"])
				}
			}
			s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("%s/rounds/%d/games/%d/result", base, sample.round, sample.board), map[string]any{
				"score": "0:24", "end_reason": "resignation", "version": version, "override_reason": "судья исправил результат",
			})
			after := s.Download("", csv, nil)
			fresh := s.Download(tournament.PlayerRole, csv, nil)
			if bytes.Equal(before, after.Body.Bytes()) {
				t.Error("after a result changed, the anonymous standings.csv is the one kept before it")
			}
			same(csv+" after a write", after.Result(), fresh.Result(), after.Body.Bytes(), fresh.Body.Bytes())
		})
	}
}
