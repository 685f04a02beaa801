package api_test

import (
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"adiukh/api"
	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/entries"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

// instance is one server of a site: as cmd/adiukh wires it on its own
// connection to the site's database, sessions sealed with the site's one
// secret.
func instance(st *store.Store, accounts *account.Service, secret []byte) http.Handler {
	return apitest.NewRouter(api.Deps{DB: st, Events: tournament.NewService(st, engines.Options()), Accounts: accounts,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Secret: secret})
}

// Issue 64: a kept page is what a fresh page would be. Every page with a
// signed-in reader's parts, read by every kind of reader (anonymous, a
// signed-in stranger, a player of the event, its arbiter, an administrator,
// who manages it too) on two instances of one database, after each kind of
// write (a result in the event, the register's data no event owns, another
// event's result, the stranger's follow of the event, the player's report
// of their board and its rejection), with each kind of reader the first
// after the write in turn; and the player's own page and calendar (issue
// 65: a player's and a manager's pages are the kept page with their parts): the bytes served (plain, and compressed to an anonymous reader
// who takes gzip) are the bytes the site makes without the cache for that
// reader, under a Content-Length equal to the bytes sent. The pages
// hold nothing that differs from one making to the next (no CSRF token:
// forms are checked by their origin), so the whole bodies are compared.
// The first instance keeps the versions in memory (issue 65), as
// cmd/adiukh serve keeps them, the second reads them from the database at
// every page: the keeping instance serves the fresh page at once after its
// own write and from store.VersionsStaleness after the other's at the
// latest, the reading one at once after either's. The databases tell a
// keeping instance of every write, whoever made it (PostgreSQL's
// notifications, SQLite's poll), so the pair meets each way a page is
// read after a write that two keeping and two reading instances would,
// at half their cost.
func TestKeptPagesAreWhatAFreshPageWouldBe(t *testing.T) {
	t.Parallel()
	const keeping = 0 // the instance that keeps the versions
	for _, db := range []string{"sqlite", "postgres"} {
		t.Run(db, func(t *testing.T) {
			t.Parallel()
			dsn, ok := storetest.MigratedDSNs(t)[db]
			if !ok {
				storetest.SkipWithoutPostgres(t)
			}
			stores := storetest.TwoInstances(t, dsn)
			keepVersions(t, stores[keeping])
			ctx := context.Background()
			accounts := apitest.Accounts(stores[0], account.Options{})
			t.Cleanup(func() { _ = accounts.Close(ctx) })
			users := map[tournament.Role]*tournament.User{}
			for _, role := range []tournament.Role{tournament.ArbiterRole, tournament.PlayerRole, tournament.Admin, "stranger"} {
				r := role
				if r == "stranger" {
					r = tournament.PlayerRole
				}
				u, err := accounts.AddUser(ctx, account.NewUser{Email: string(role) + "@example.org", Role: string(r), Password: "пароль судьи"})
				if err != nil {
					t.Fatal(err)
				}
				users[role] = u
			}
			token, _, err := accounts.CreateToken(ctx, account.NewToken{Email: "arbiter@example.org"})
			if err != nil {
				t.Fatal(err)
			}
			secret := []byte("the site's one secret of 32 bytes")
			other := apitest.Accounts(stores[1], account.Options{})
			t.Cleanup(func() { _ = other.Close(ctx) })
			instances := [2]http.Handler{instance(stores[0], accounts, secret), instance(stores[1], other, secret)}
			withoutCache := apitest.WithServices(api.Deps{Events: tournament.NewService(stores[0], engines.Options()), Accounts: accounts,
				Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Secret: secret}, stores[0])
			withoutCache.DB = database{stores[0]}
			fresh := api.NewRouter(withoutCache)

			s := &apitest.Server{T: t, Handler: instances[0], Tokens: map[tournament.Role]string{tournament.ArbiterRole: token}}
			const arbiter = tournament.ArbiterRole
			id, elsewhere := s.RoundRobin(6), s.RoundRobin(4)
			// The player plays board 1 of round 1, and reports its result:
			// the other results are entered from the last board up.
			game := s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)["games"].([]any)[0].(map[string]any)
			player := apitest.PlayerByStartNo(t, &apitest.WebServer{Server: s}, id, apitest.Num(game["white"]))
			s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/players/%d/account", id, player), map[string]any{"email": "player@example.org"})
			s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/submissions/open", id), map[string]any{"open": true})
			feed, err := entries.NewService(stores[0].Entries(), entries.Options{}).NewFeedToken(tournament.NewContextWithUser(ctx, users[tournament.PlayerRole]))
			if err != nil {
				t.Fatal(err)
			}

			readers := []pageReader{{name: "anonymous"}}
			for _, who := range []string{"stranger", "player", "arbiter", "admin"} {
				readers = append(readers, pageReader{who, s.SignInAs(who + "@example.org").Cookie})
			}
			stranger := &apitest.Page{Server: s, Cookie: readers[1].cookie}
			playing := &apitest.Page{Server: s, Cookie: readers[2].cookie}
			pages := []string{
				fmt.Sprintf("/events/%d", id), fmt.Sprintf("/events/%d/standings", id),
				fmt.Sprintf("/events/%d/crosstable", id), fmt.Sprintf("/events/%d/rating", id), fmt.Sprintf("/events/%d/openings", id),
				fmt.Sprintf("/events/%d/rounds/1/boards/1", id),
				fmt.Sprintf("/events/%d/players/%d", id, player), fmt.Sprintf("/events/%d?round=1", id),
				"/my", "/my.ics?token=" + feed,
			}

			// result writes the next result of an event's round 1, each on a
			// board without one, from the last board up.
			results := map[int]int{id: 3, elsewhere: 2}
			result := func(event int) {
				s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/1/games/%d/result", event, results[event]),
					map[string]any{"score": "17:7", "end_reason": "final_position", "version": 1})
				results[event]--
			}
			reported := false
			person := 0
			following := false
			writes := []struct {
				name  string
				write func(on http.Handler)
			}{
				{"a result in the event", func(http.Handler) { result(id) }},
				{"a person added to the register", func(on http.Handler) {
					person++
					s.Handler = on
					s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/people", map[string]any{"surname": "Хуажев", "given_names": fmt.Sprintf("Аслан %d", person)})
				}},
				{"a result in another event", func(http.Handler) { result(elsewhere) }},
				{"the stranger's follow of the event", func(on http.Handler) {
					following = !following
					stranger.Server = &apitest.Server{T: t, Handler: on}
					form := url.Values{}
					if following {
						form.Set("follow", "1")
					}
					if rec := stranger.Post(fmt.Sprintf("/events/%d/follow", id), form); rec.Code != http.StatusSeeOther {
						t.Fatalf("follow: %d\n%s", rec.Code, rec.Body)
					}
				}},
				{"the player's report of their board, then its rejection", func(on http.Handler) {
					reported = !reported
					if !reported {
						s.Handler = on
						list := s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/submissions", id), nil)["submissions"].([]any)
						s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/submissions/%d/reject", id, apitest.Num(list[0].(map[string]any)["id"])),
							map[string]any{"reason": "the sheet says otherwise"})
						return
					}
					playing.Server = &apitest.Server{T: t, Handler: on}
					if rec := playing.Post(fmt.Sprintf("/events/%d/rounds/1/boards/1/report", id), url.Values{"score": {"17:7"}, "end_reason": {"final_position"}}); rec.Code != http.StatusSeeOther {
						t.Fatalf("the player's report: %d\n%s", rec.Code, rec.Body)
					}
				}},
			}
			// Each kind of write is made twice, on each instance once; each
			// instance has its own first reader after it, so that every kind
			// of reader is the first after every kind of write once. The
			// pages are read side by side after each write, each by its
			// readers in their order: a page's kept copy is its own, and
			// the reads wait on the database far more than they compute.
			var compressed atomic.Int32
			for round := range 2 {
				for w, write := range writes {
					on := (round + w) % 2 // the write's instance; the other reads after it as well
					s.Handler = instances[on]
					write.write(instances[on])
					wrote := time.Now()
					t.Run(fmt.Sprintf("after %s, round %d", write.name, round+1), func(t *testing.T) {
						for _, page := range pages {
							t.Run(page, func(t *testing.T) {
								t.Parallel()
								readPage(t, pageRead{page: page, write: write.name, on: on, turn: w + round, wrote: wrote, keeping: keeping}, readers, fresh, instances, &compressed)
							})
						}
					})
				}
			}
			if compressed.Load() == 0 {
				t.Error("no page was sent compressed: the test no longer compares a compressed page")
			}
		})
	}
}

// pageRead is a page read after a write on instance on: the reader
// first on each instance is the turn's; the instance keeping the versions,
// when it did not write, may serve the page as before until it hears of
// the write, store.VersionsStaleness after wrote at the latest.
type pageRead struct {
	page, write       string
	on, turn, keeping int
	wrote             time.Time
}

// readPage reads a page after a write by every reader on both instances,
// each compared with the page made for them without the cache.
func readPage(t *testing.T, r pageRead, readers []pageReader, fresh http.Handler, instances [2]http.Handler, compressed *atomic.Int32) {
	gets := [2]func(string, *http.Cookie, string) (int, http.Header, string){onTheNetwork(t, instances[0]), onTheNetwork(t, instances[1])}
	want := map[string]*httptest.ResponseRecorder{}
	for i := range readers {
		for n, get := range gets {
			reader := readers[(r.turn+2*n+i)%len(readers)]
			if want[reader.name] == nil {
				freshly := &apitest.Page{Server: &apitest.Server{T: t, Handler: fresh}, Cookie: reader.cookie}
				if r.page == "/my" {
					// The page marks the notices it shows read: it is
					// compared as read again.
					freshly.Get(r.page)
				}
				want[reader.name] = freshly.Get(r.page)
			}
			// An anonymous reader may take the page compressed too.
			encodings := []string{""}
			if reader.cookie == nil {
				encodings = append(encodings, "gzip")
			}
			for _, encoding := range encodings {
				status, header, sent := get(r.page, reader.cookie, encoding)
				body := sent
				if header.Get("Content-Encoding") == "gzip" {
					body = gunzip(t, sent)
				}
				fresh := want[reader.name]
				for n == r.keeping && n != r.on && (status != fresh.Code || body != fresh.Body.String()) && time.Since(r.wrote) <= store.VersionsStaleness {
					time.Sleep(5 * time.Millisecond)
					status, header, sent = get(r.page, reader.cookie, encoding)
					body = sent
					if header.Get("Content-Encoding") == "gzip" {
						body = gunzip(t, sent)
					}
				}
				if header.Get("Content-Encoding") == "gzip" {
					compressed.Add(1)
				}
				if status != fresh.Code || body != fresh.Body.String() || header.Get("Content-Length") != strconv.Itoa(len(sent)) {
					t.Errorf("after %s on instance %d, %s read by the %s reader (reader %d after the write, %q) on instance %d: %d, %d bytes (%d sent), Content-Length %q; want %d, the %d bytes of the page made without the cache",
						r.write, r.on+1, r.page, reader.name, i+1, encoding, n+1, status, len(body), len(sent), header.Get("Content-Length"), fresh.Code, fresh.Body.Len())
				}
			}
		}
	}
}

// pageReader is a kind of reader of the pages: anonymous, or signed in
// with the session's cookie.
type pageReader struct {
	name   string
	cookie *http.Cookie
}

// Issue 64: a kept file is sent as the file made fresh is: the rating
// list's CSV and spreadsheet as attachments with their names, to the
// reader who made them and to every reader after.
func TestKeptFilesKeepTheirNames(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	for _, file := range []string{"/ratings/blitz/list.csv", "/ratings/blitz/list.xlsx"} {
		for _, reading := range []string{"made", "kept"} {
			rec := fetch(s.Handler, file)
			if got := rec.Header().Get("Content-Disposition"); rec.Code != http.StatusOK || !strings.HasPrefix(got, "attachment; filename=") {
				t.Errorf("%s, %s: %d, Content-Disposition %q; want the attachment's name", file, reading, rec.Code, got)
			}
		}
	}
}

// gunzip is the text of a compressed answer.
func gunzip(t *testing.T, compressed string) string {
	t.Helper()
	r, err := gzip.NewReader(strings.NewReader(compressed))
	if err != nil {
		t.Fatalf("a compressed answer: %v", err)
	}
	plain, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("a compressed answer: %v", err)
	}
	return string(plain)
}
