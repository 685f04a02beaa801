package exports_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"adiukh/api"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

// TestDocumentsAreKeptPerEventVersion reads each document of a played
// event twice anonymously and once with a token from a site without the
// page cache, which makes it fresh: the kept answer is the very answer
// made fresh (its headers too: the file name, the PDN's skipped games), a second
// anonymous request is answered from the kept one (its ETag answers 304),
// the language a reader's cookie chose does not leak to another reader,
// and a result entered makes the next read fresh (issue 65).
func TestDocumentsAreKeptPerEventVersion(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			s := newExportServer(t, st)
			uncached := uncachedSite(t, s, st)
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
				fresh := uncached.Download(tournament.PlayerRole, path, nil)
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
			asked := uncached.Download(tournament.PlayerRole, csv+"&lang=en", nil)
			russian := uncached.Download(tournament.PlayerRole, csv+"&lang=ru", nil)
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
			fresh := uncached.Download(tournament.PlayerRole, csv, nil)
			if bytes.Equal(before, after.Body.Bytes()) {
				t.Error("after a result changed, the anonymous standings.csv is the one kept before it")
			}
			same(csv+" after a write", after.Result(), fresh.Result(), after.Body.Bytes(), fresh.Body.Bytes())
		})
	}
}

// Issue 65: a reader signed in who may not manage the event, a player's
// script with a token or a player's browser with a session, is sent each
// document as kept for anonymous readers (their headers too), made by no
// one anew, byte for byte what a site without the cache makes for them;
// a document the reader asks for first is made once and kept for the
// anonymous readers after them; the event's arbiter, who reads more (draft
// rounds), still gets theirs made for them. On both databases.
func TestSignedInReadersGetTheKeptDocuments(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			s := newExportServer(t, st)
			uncached := uncachedSite(t, s, st)
			id, sample, _ := playEvent(t, s, roundRobinEvent(nil), roundRobinNames)
			base := fmt.Sprintf("/api/v1/events/%d", id)
			session := s.SignIn(tournament.PlayerRole).Cookie
			for _, doc := range []string{"/standings.csv", "/standings.json?round=2", "/games.pdn", "/export.trf", "/crosstable.pdf",
				fmt.Sprintf("/rounds/%d/pairings.pdf", sample.round), fmt.Sprintf("/rounds/%d/games/%d/record.pdf", sample.round, sample.board)} {
				path := base + doc
				for _, reader := range []struct {
					name   string
					role   tournament.Role
					header map[string]string
				}{
					{"a player's token", tournament.PlayerRole, nil},
					{"a player's session", "", map[string]string{"Cookie": session.Name + "=" + session.Value}},
				} {
					before := cacheAnswers(t, s)
					got := s.Download(reader.role, path, reader.header)
					after := cacheAnswers(t, s)
					if got.Code != http.StatusOK {
						t.Fatalf("%s by %s: status %d", path, reader.name, got.Code)
					}
					if reader.name == "a player's token" {
						if after["made"] != before["made"]+1 {
							t.Errorf("%s asked first by %s: %v made, want it made once", path, reader.name, after["made"]-before["made"])
						}
						if anonymous := cacheAnswers(t, s); s.Download("", path, nil).Code != http.StatusOK || cacheAnswers(t, s)["kept"] != anonymous["kept"]+1 {
							t.Errorf("%s: the document %s made was not kept for an anonymous reader", path, reader.name)
						}
						continue
					}
					if after["kept"] != before["kept"]+1 || after["made"] != before["made"] {
						t.Errorf("%s by %s: %v kept and %v made; want the kept document", path, reader.name, after["kept"]-before["kept"], after["made"]-before["made"])
					}
					if strings.HasSuffix(doc, ".pdf") {
						continue // a PDF tells when it was made: its bytes differ each time
					}
					fresh := uncached.Download(tournament.PlayerRole, path, nil)
					for _, h := range []string{"Content-Type", "Content-Disposition", "X-Adiukh-Skipped-Games"} {
						if got.Header().Get(h) != fresh.Header().Get(h) {
							t.Errorf("%s by %s: kept %s %q, made for them %q", path, reader.name, h, got.Header().Get(h), fresh.Header().Get(h))
						}
					}
					if !bytes.Equal(got.Body.Bytes(), fresh.Body.Bytes()) {
						t.Errorf("%s by %s: the kept document (%d bytes) is not the one made for them (%d bytes)", path, reader.name, got.Body.Len(), fresh.Body.Len())
					}
				}
				before := cacheAnswers(t, s)
				if got := s.Download(tournament.ArbiterRole, path, nil); got.Code != http.StatusOK {
					t.Errorf("%s by the event's arbiter: status %d", path, got.Code)
				}
				if after := cacheAnswers(t, s); after["kept"] != before["kept"] || after["made"] != before["made"] {
					t.Errorf("%s by the event's arbiter: %v kept, %v made; want one made for them alone", path, after["kept"]-before["kept"], after["made"]-before["made"])
				}
			}
		})
	}
}

// uncachedSite is a site on st without the page cache, on which s's
// tokens and sessions sign in: it makes every answer for its reader.
func uncachedSite(t *testing.T, s *apitest.Server, st *store.Store) *apitest.Server {
	d := apitest.WithServices(api.Deps{PublicURL: publicURL + "/", Events: tournament.NewService(st, engines.Options()),
		Accounts: apitest.Accounts(st, account.Options{}), Log: slog.New(slog.NewTextHandler(io.Discard, nil))}, st)
	d.DB = database{st}
	return &apitest.Server{T: t, Handler: api.NewRouter(d), Tokens: s.Tokens}
}

// database is the store seen as a database without versions: a site on
// it keeps no answer.
type database struct{ st *store.Store }

func (d database) Ping(ctx context.Context) error { return d.st.Ping(ctx) }

// cacheAnswers reads the page cache's answers by how they came about from
// s's /metrics.
func cacheAnswers(t *testing.T, s *apitest.Server) map[string]float64 {
	t.Helper()
	answers := map[string]float64{}
	for _, line := range strings.Split(s.Download("", "/metrics", nil).Body.String(), "\n") {
		how, ok := strings.CutPrefix(line, `adiukh_page_cache_answers_total{how="`)
		if !ok {
			continue
		}
		how, count, _ := strings.Cut(how, `"} `)
		n, err := strconv.ParseFloat(count, 64)
		if err != nil {
			t.Fatalf("/metrics: %q", line)
		}
		answers[how] = n
	}
	if len(answers) != 4 {
		t.Fatalf("/metrics has the page cache's answers %v; want kept, made, waited and uncached", answers)
	}
	return answers
}
