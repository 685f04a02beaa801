package api_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
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

// database is the store seen as a database without versions: a site on
// it keeps no page, and makes every page for its reader.
type database struct{ st *store.Store }

func (d database) Ping(ctx context.Context) error { return d.st.Ping(ctx) }

// sites are two sites on s's database that share their session cookies':
// one as cmd/adiukh wires it, and one without the page cache, which makes
// every page for its reader.
func sites(s *apitest.WebServer) (cached, uncached *apitest.Server) {
	secret := []byte("the sites' one secret of 32 bytes")
	events := tournament.NewService(s.Store, engines.Options())
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	cached = &apitest.Server{T: s.T, Handler: apitest.NewRouter(api.Deps{DB: s.Store, Events: events, Accounts: s.Accounts, Log: log, Secret: secret})}
	withoutCache := apitest.WithServices(api.Deps{Events: events, Accounts: s.Accounts, Log: log, Secret: secret}, s.Store)
	withoutCache.DB = database{s.Store}
	uncached = &apitest.Server{T: s.T, Handler: api.NewRouter(withoutCache)}
	return cached, uncached
}

// Issue 59.3: a signed-in reader of an event's pages gets the page kept
// for anonymous readers with their own parts filled in (the account's
// links, the follow buttons, their entry), byte for byte the page made for
// them, and makes nothing new; an arbiter of the event still gets a page
// of their own with their links, which no one else gets.
func TestSignedInReadersGetTheKeptPageWithTheirParts(t *testing.T) {
	t.Parallel()
	site := apitest.NewWebServer(t)
	id := site.RoundRobin(6)
	if _, err := site.Accounts.AddUser(context.Background(), account.NewUser{Email: "reader@example.org", Role: string(tournament.PlayerRole), Password: "пароль судьи"}); err != nil {
		t.Fatal(err)
	}
	s, uncached := sites(site)
	pages := append(junkedPages(t, s.Handler, id)[:4], fmt.Sprintf("/events/%d/rounds/1/boards/1", id), fmt.Sprintf("/events/%d?round=1", id),
		fmt.Sprintf("/events/%d/rating", id))
	player := strings.TrimPrefix(pages[3], fmt.Sprintf("/events/%d/players/", id))
	reader := s.SignInAs("reader@example.org")
	for _, follow := range []string{fmt.Sprintf("/events/%d/follow", id), fmt.Sprintf("/events/%d/players/%s/follow", id, player)} {
		if rec := reader.Post(follow, url.Values{"follow": {"1"}}); rec.Code != http.StatusSeeOther {
			t.Fatalf("%s: %d", follow, rec.Code)
		}
	}
	madeForThem := &apitest.Page{Server: uncached, Cookie: reader.Cookie}
	for _, p := range pages {
		public := fetch(s.Handler, p)
		before := apitest.CacheAnswers(t, s.Handler)
		got := reader.Get(p)
		after := apitest.CacheAnswers(t, s.Handler)
		if made, kept := after["made"]-before["made"], after["kept"]-before["kept"]; made != 0 || kept != 1 {
			t.Errorf("%s: a signed-in reader's request made %v pages and was served %v kept; want the kept one", p, made, kept)
		}
		want := madeForThem.Get(p)
		if got.Code != http.StatusOK || got.Body.String() != want.Body.String() {
			t.Errorf("%s: the signed-in reader got (%d)\n%s\nwant the page made for them (%d)\n%s", p, got.Code, got.Body, want.Code, want.Body)
		}
		if got.Body.String() == public.Body.String() || !strings.Contains(got.Body.String(), "reader@example.org") {
			t.Errorf("%s: the signed-in reader got the stranger's page", p)
		}
	}

	arbiter := s.SignIn(tournament.ArbiterRole)
	manage := fmt.Sprintf(`href="/events/%d/manage"`, id)
	for _, p := range pages {
		if body := arbiter.Get(p).Body.String(); !strings.Contains(body, manage) || !strings.Contains(body, "arbiter@example.org") {
			t.Errorf("%s: the arbiter's page has no link to manage the event", p)
		}
		for who, body := range map[string]string{"a stranger": fetch(s.Handler, p).Body.String(), "a reader": reader.Get(p).Body.String()} {
			if strings.Contains(body, manage) || strings.Contains(body, "arbiter@example.org") {
				t.Errorf("%s: %s got the arbiter's page", p, who)
			}
		}
	}
}

// Issue 65: a player of the event and its managers are served the kept
// page with their parts too, none made for them: the player's board marked
// and their report listed on the pairings, the managers' page (its forms,
// the reports to decide) made once for all of them.
func TestPlayersAndManagersGetTheKeptPageWithTheirParts(t *testing.T) {
	t.Parallel()
	site := apitest.NewWebServer(t)
	id := site.RoundRobin(6)
	if _, err := site.Accounts.AddUser(context.Background(), account.NewUser{Email: "board1@example.org", Role: string(tournament.PlayerRole), Password: "пароль судьи"}); err != nil {
		t.Fatal(err)
	}
	game := site.Must(http.StatusOK, tournament.ArbiterRole, "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)["games"].([]any)[0].(map[string]any)
	white := apitest.PlayerByStartNo(t, site, id, apitest.Num(game["white"]))
	site.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/players/%d/account", id, white), map[string]any{"email": "board1@example.org"})
	site.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/submissions/open", id), map[string]any{"open": true})
	s, uncached := sites(site)
	pairings := fmt.Sprintf("/events/%d?round=1", id)
	player := s.SignInAs("board1@example.org")
	report := fmt.Sprintf("/events/%d/rounds/1/boards/1/report", id)
	if body := player.Get(pairings).Body.String(); !strings.Contains(body, `<tr class="mine">`) || !strings.Contains(body, `href="`+report+`"`) {
		t.Fatalf("the player's pairings mark no board of theirs, or offer no report:\n%s", body)
	}
	if rec := player.Post(report, url.Values{"score": {"17:7"}, "end_reason": {"final_position"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("the player's report: %d\n%s", rec.Code, rec.Body)
	}
	pages := []string{pairings, fmt.Sprintf("/events/%d/standings", id), fmt.Sprintf("/events/%d/crosstable", id),
		fmt.Sprintf("/events/%d/players/%d", id, white), fmt.Sprintf("/events/%d/rounds/1/boards/1", id)}
	// served tells what the reader got of page: the kept page with their
	// parts (no page made) or not, and whether it is the page made for
	// them.
	served := func(reader *apitest.Page, p string) (body string, made float64) {
		t.Helper()
		before := apitest.CacheAnswers(t, s.Handler)
		got := reader.Get(p)
		after := apitest.CacheAnswers(t, s.Handler)
		if kept := after["kept"] - before["kept"] + after["made"] - before["made"]; kept != 1 {
			t.Errorf("%s: the reader was served no kept page (%v kept, %v made)", p, after["kept"]-before["kept"], after["made"]-before["made"])
		}
		if want := (&apitest.Page{Server: uncached, Cookie: reader.Cookie}).Get(p); got.Code != http.StatusOK || got.Body.String() != want.Body.String() {
			t.Errorf("%s: the reader got (%d)\n%s\nwant the page made for them (%d)\n%s", p, got.Code, got.Body, want.Code, want.Body)
		}
		return got.Body.String(), after["made"] - before["made"]
	}
	arbiter, admin := s.SignIn(tournament.ArbiterRole), s.SignIn(tournament.Admin)
	manage := fmt.Sprintf(`href="/events/%d/manage"`, id)
	for _, p := range pages {
		fetch(s.Handler, p)
		if body, made := served(player, p); made != 0 || strings.Contains(body, manage) {
			t.Errorf("%s: the player's request made %v pages, or shows the managers' links", p, made)
		}
		// The first manager's request makes the managers' page; the
		// other manager is served it, their own parts filled in.
		if body, _ := served(arbiter, p); !strings.Contains(body, manage) || !strings.Contains(body, "arbiter@example.org") {
			t.Errorf("%s: the arbiter's page has no link to manage the event", p)
		}
		body, made := served(admin, p)
		if made != 0 || !strings.Contains(body, manage) || strings.Contains(body, "arbiter@example.org") {
			t.Errorf("%s: the second manager's request made %v pages, or got the first manager's parts", p, made)
		}
	}
	for who, reader := range map[string]*apitest.Page{"the player": player, "the arbiter": arbiter} {
		if body := reader.Get(pairings).Body.String(); !strings.Contains(body, `<section id="mine">`) || strings.Contains(body, `href="`+report+`"`) {
			t.Errorf("%s: the pairings list no report, or offer a second one", who)
		}
	}
	if body := fetch(s.Handler, pairings).Body.String(); strings.Contains(body, `<section id="mine">`) || strings.Contains(body, `class="mine"`) {
		t.Errorf("an anonymous reader's pairings show a player's parts:\n%s", body)
	}
}

// onTheNetwork serves h over a real connection, as `adiukh serve` does
// (api.ConnContext): unlike a recorder, net/http sends no more of a body
// than its Content-Length, and a longer body not at all. A reader that
// takes gzip (encoding) gets the bytes sent, compressed.
func onTheNetwork(t *testing.T, h http.Handler) (get func(path string, cookie *http.Cookie, encoding string) (status int, header http.Header, body string)) {
	t.Helper()
	srv := httptest.NewUnstartedServer(h)
	srv.Config.ConnContext = api.ConnContext
	srv.Start()
	t.Cleanup(srv.Close)
	client := srv.Client()
	client.Transport.(*http.Transport).DisableCompression = true // the bytes sent, with their Content-Length
	// A redirect is the answer compared, not the page it leads to.
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return func(path string, cookie *http.Cookie, encoding string) (int, http.Header, string) {
		t.Helper()
		req, err := http.NewRequest(http.MethodGet, srv.URL+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		// The site's own address, which a calendar's links carry, is the
		// one of a request made in the test (httptest.NewRequest).
		req.Host = "example.com"
		if cookie != nil {
			req.AddCookie(cookie)
		}
		if encoding != "" {
			req.Header.Set("Accept-Encoding", encoding)
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Errorf("GET %s: %d bytes of the body, then %v (Content-Length %q)", path, len(body), err, resp.Header.Get("Content-Length"))
		}
		return resp.StatusCode, resp.Header, string(body)
	}
}

// Issue 64: the first reader of a page after a write may be signed in.
// Their request makes the public page, whose Content-Length the handler
// leaves in the header; their own page, longer, must not be sent under
// it (net/http then sent no body at all: a blank page).
func TestSignedInReaderFirstAfterAWriteGetsTheWholePage(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			site := apitest.NewWebServerOn(t, st)
			id := site.RoundRobin(4)
			if _, err := site.Accounts.AddUser(context.Background(), account.NewUser{Email: "reader@example.org", Role: string(tournament.PlayerRole), Password: "пароль судьи"}); err != nil {
				t.Fatal(err)
			}
			cached, uncached := sites(site)
			reader := cached.SignInAs("reader@example.org")
			get := onTheNetwork(t, cached.Handler)
			madeForThem := &apitest.Page{Server: uncached, Cookie: reader.Cookie}
			page := fmt.Sprintf("/events/%d/standings", id)
			for board := 1; board <= 2; board++ {
				site.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/1/games/%d/result", id, board),
					map[string]any{"score": "17:7", "end_reason": "final_position", "version": 1})
				for _, reading := range []string{"first", "later"} {
					status, header, body := get(page, reader.Cookie, "")
					want := madeForThem.Get(page).Body.String()
					if status != http.StatusOK || body != want || header.Get("Content-Length") != strconv.Itoa(len(body)) {
						t.Errorf("after result %d, the %s reader: %d, %d bytes, Content-Length %q; want the %d bytes of the page made for them",
							board, reading, status, len(body), header.Get("Content-Length"), len(want))
					}
				}
			}
		})
	}
}
