package api_test

import (
	"bytes"
	"compress/gzip"
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

// fetch asks as an anonymous reader, with the headers given as pairs.
func fetch(h http.Handler, path string, headers ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// secondInstance is another server on the same database, as a second
// instance behind a load balancer.
func secondInstance(st *store.Store) http.Handler {
	return apitest.NewRouter(api.Deps{DB: st, Events: tournament.NewService(st, engines.Options()), Accounts: apitest.Accounts(st, account.Options{}),
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
}

// The public pages and their JSON are kept per data version: never stale
// on any instance, 304 for a reader who has the page, compressed for one
// who takes it, and never a signed-in or private view to anyone else.
func TestPublicPagesCachedNeverStale(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel() // each database's half waits on its database
			s := apitest.NewServer(t, st)
			other := secondInstance(st)
			// The versions kept in memory, as cmd/adiukh serve keeps them:
			// a write is on the next page all the same.
			keepVersions(t, st)
			id := s.RoundRobin(4)
			players := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/players", id), nil)["players"].([]any)
			card := fmt.Sprintf("/events/%d/players/%d", id, apitest.Num(players[0].(map[string]any)["id"]))
			paths := []string{
				fmt.Sprintf("/events/%d", id), fmt.Sprintf("/events/%d/standings", id), fmt.Sprintf("/events/%d/crosstable", id),
				fmt.Sprintf("/api/v1/events/%d/standings", id), fmt.Sprintf("/api/v1/events/%d/rounds/1", id),
			}
			cardBefore := fetch(other, card).Body.String()
			before := map[string]string{}
			for _, p := range paths {
				for _, h := range []http.Handler{s.Handler, other} {
					first, again := fetch(h, p), fetch(h, p)
					if first.Code != http.StatusOK || first.Body.String() != again.Body.String() || first.Header().Get("ETag") == "" ||
						first.Header().Get("ETag") != again.Header().Get("ETag") {
						t.Fatalf("%s: %d, ETags %q and %q", p, first.Code, first.Header().Get("ETag"), again.Header().Get("ETag"))
					}
					if nm := fetch(h, p, "If-None-Match", first.Header().Get("ETag")); nm.Code != http.StatusNotModified || nm.Body.Len() != 0 {
						t.Errorf("%s with its ETag: %d, %d bytes; want 304 without a body", p, nm.Code, nm.Body.Len())
					}
					before[p] = first.Body.String()
				}
			}

			// The results of the round entered on the first instance are on
			// the next request of every page, on both.
			for board := 1; board <= 2; board++ {
				s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/1/games/%d/result", id, board),
					map[string]any{"score": "17:7", "end_reason": "final_position", "version": 1})
			}
			for _, p := range paths {
				for i, h := range []http.Handler{s.Handler, other} {
					after := fetch(h, p)
					if after.Body.String() == before[p] || !strings.Contains(after.Body.String(), "17") {
						t.Errorf("instance %d, %s: the page did not change after the result", i+1, p)
					}
				}
			}
			if fetch(other, card).Body.String() == cardBefore {
				t.Errorf("%s: the player card did not change after the results", card)
			}

			// Compressed for a reader who takes it, the same bytes.
			p := paths[1]
			plain := fetch(s.Handler, p)
			zipped := fetch(s.Handler, p, "Accept-Encoding", "gzip, deflate, br")
			if zipped.Header().Get("Content-Encoding") != "gzip" || !strings.Contains(zipped.Header().Get("Vary"), "Accept-Encoding") {
				t.Fatalf("gzip: headers %v", zipped.Header())
			}
			zr, err := gzip.NewReader(zipped.Body)
			if err != nil {
				t.Fatal(err)
			}
			unzipped, err := io.ReadAll(zr)
			if err != nil || !bytes.Equal(unzipped, plain.Body.Bytes()) || zipped.Body.Len() >= plain.Body.Len() {
				t.Errorf("gzip: %v; %d bytes unzip to %d, plain %d", err, zipped.Body.Len(), len(unzipped), plain.Body.Len())
			}
			if fetch(s.Handler, p, "Accept-Encoding", "gzip;q=0").Header().Get("Content-Encoding") != "" {
				t.Errorf("gzip;q=0 got gzip")
			}

			// The reader's language is part of the key.
			ru, en := fetch(s.Handler, p), fetch(s.Handler, p, "Accept-Language", "en")
			if ru.Body.String() == en.Body.String() || !strings.Contains(en.Body.String(), "Standings") {
				t.Errorf("an English reader got the Russian page")
			}
		})
	}
}

// A private event and a signed-in view never reach an anonymous reader
// through the cache.
func TestPageCacheKeepsPrivateViewsPrivate(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		id := s.RoundRobin(4)
		path := fmt.Sprintf("/api/v1/events/%d/standings", id)
		if code := fetch(s.Handler, path).Code; code != http.StatusOK {
			t.Fatalf("public standings: %d", code)
		}
		s.Must(http.StatusOK, tournament.ArbiterRole, "PATCH", fmt.Sprintf("/api/v1/events/%d", id), map[string]any{"visibility": "private"})
		owner, _ := s.Do(tournament.ArbiterRole, "GET", path, nil)
		if owner != http.StatusOK {
			t.Fatalf("the owner reads his private standings: %d", owner)
		}
		for _, p := range []string{path, fmt.Sprintf("/events/%d/standings", id)} {
			if code := fetch(s.Handler, p).Code; code != http.StatusNotFound {
				t.Errorf("%s of a private event to an anonymous reader: %d, want 404", p, code)
			}
		}
	})
}

// A result entered through the service itself (as the command line or a
// third instance would, without either router seeing the write) is on the
// next request of the cached pages of both instances.
func TestPageCacheSeesServiceWrites(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel() // each database's half waits on its database
			s := apitest.NewServer(t, st)
			other := secondInstance(st)
			keepVersions(t, st) // as in TestPublicPagesCachedNeverStale
			id := s.RoundRobin(4)
			paths := []string{fmt.Sprintf("/events/%d", id), fmt.Sprintf("/events/%d/standings", id), fmt.Sprintf("/api/v1/events/%d/standings", id)}
			before := map[string]string{}
			for _, p := range paths {
				before[p] = fetch(s.Handler, p).Body.String()
				fetch(other, p)
			}
			arbiter, err := apitest.Accounts(st, account.Options{}).User(context.Background(), "arbiter@example.org")
			if err != nil {
				t.Fatal(err)
			}
			ctx := tournament.NewContextWithUser(context.Background(), arbiter)
			svc := tournament.NewService(st, engines.Options())
			for board := 1; board <= 2; board++ {
				in := tournament.ResultInput{EventID: int64(id), Round: 1, Board: board, Score: "17:7", EndReason: "final_position", Version: 1}
				if _, err := svc.RecordResult(ctx, in); err != nil {
					t.Fatal(err)
				}
			}
			for _, p := range paths {
				for i, h := range []http.Handler{s.Handler, other} {
					if fetch(h, p).Body.String() == before[p] {
						t.Errorf("instance %d, %s: the page did not change after a result entered through the service", i+1, p)
					}
				}
			}
		})
	}
}
