package exports_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
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
			s, uncached, base, sample := keptDocumentsSite(t, st)
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
				sameDocument(t, path, kept, fresh)
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
			sameDocument(t, csv+" (cookie en)", english, asked)
			sameDocument(t, csv+" (Accept-Language en)", browser, asked)

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
			sameDocument(t, csv+" after a write", after, fresh)
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
			s, uncached, base, sample := keptDocumentsSite(t, st)
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
					before := apitest.CacheAnswers(t, s.Handler)
					got := s.Download(reader.role, path, reader.header)
					after := apitest.CacheAnswers(t, s.Handler)
					if got.Code != http.StatusOK {
						t.Fatalf("%s by %s: status %d", path, reader.name, got.Code)
					}
					if reader.name == "a player's token" {
						if after["made"] != before["made"]+1 {
							t.Errorf("%s asked first by %s: %v made, want it made once", path, reader.name, after["made"]-before["made"])
						}
						if anonymous := apitest.CacheAnswers(t, s.Handler); s.Download("", path, nil).Code != http.StatusOK || apitest.CacheAnswers(t, s.Handler)["kept"] != anonymous["kept"]+1 {
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
					sameDocument(t, path+" by "+reader.name, got, uncached.Download(tournament.PlayerRole, path, nil))
				}
				before := apitest.CacheAnswers(t, s.Handler)
				if got := s.Download(tournament.ArbiterRole, path, nil); got.Code != http.StatusOK {
					t.Errorf("%s by the event's arbiter: status %d", path, got.Code)
				}
				if after := apitest.CacheAnswers(t, s.Handler); after["kept"] != before["kept"] || after["made"] != before["made"] {
					t.Errorf("%s by the event's arbiter: %v kept, %v made; want one made for them alone", path, after["kept"]-before["kept"], after["made"]-before["made"])
				}
			}
		})
	}
}

// keptDocumentsSite is a played round robin on st (playEvent) on a site
// with the page cache and on one without it (uncachedSite), the event's
// API address and a game played.
func keptDocumentsSite(t *testing.T, st *store.Store) (s, uncached *apitest.Server, base string, sample playedGame) {
	t.Helper()
	s = newExportServer(t, st)
	id, sample, _ := playEvent(t, s, roundRobinEvent(nil), roundRobinNames)
	return s, uncachedSite(t, s, st), fmt.Sprintf("/api/v1/events/%d", id), sample
}

// sameDocument fails the test unless the kept document is, headers and
// bytes, the one made fresh for its reader.
func sameDocument(t *testing.T, what string, kept, fresh *httptest.ResponseRecorder) {
	t.Helper()
	for _, h := range []string{"Content-Type", "Content-Disposition", "X-Adiukh-Skipped-Games"} {
		if kept.Header().Get(h) != fresh.Header().Get(h) {
			t.Errorf("%s: kept %s %q, made fresh %q", what, h, kept.Header().Get(h), fresh.Header().Get(h))
		}
	}
	if !bytes.Equal(kept.Body.Bytes(), fresh.Body.Bytes()) {
		t.Errorf("%s: the kept document (%d bytes) is not the one made fresh (%d bytes)", what, kept.Body.Len(), fresh.Body.Len())
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
