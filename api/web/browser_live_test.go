package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"adiukh/api"
	"adiukh/api/apitest"
	"adiukh/rules"
	"adiukh/rules/adiukh"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

// A reader's open pairings page of a running round shows a result the
// arbiter enters, in place: no reload (a mark left on the window stays).
func TestBrowserLivePairings(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	s.Handler = apitest.NewRouter(api.Deps{
		DB: s.Store, Events: tournament.NewService(s.Store, engines.Options()), Accounts: s.Accounts,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), LiveEvery: 200 * time.Millisecond,
	})
	id := s.RoundRobin(4)
	at, run := apitest.BrowserOn(t, s.Handler)

	var live string
	run("open the pairings",
		chromedp.Navigate(at(fmt.Sprintf("/events/%d", id))),
		chromedp.WaitVisible(`main`),
		chromedp.AttributeValue(`main`, "data-live", &live, nil),
		chromedp.Evaluate(`window.adiukhMark = "kept"`, nil),
	)
	if live != "200" {
		t.Fatalf("the pairings of a running round have data-live=%q, want 200", live)
	}
	apitest.PlayRound(s.Server, id, 1, "17:7")
	var shown bool
	var mark string
	run("the result appears in place",
		chromedp.Poll(`document.querySelector("main").textContent.includes("17:7")`, &shown, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(`window.adiukhMark || ""`, &mark),
	)
	if !shown || mark != "kept" {
		t.Errorf("the result shown %v; the page's mark %q, want kept (no reload)", shown, mark)
	}

	var calendarLive bool
	run("a page of no running round is not live",
		chromedp.Navigate(at("/calendar")),
		chromedp.WaitVisible(`main`),
		chromedp.Evaluate(`document.querySelector("main").hasAttribute("data-live")`, &calendarLive),
	)
	if calendarLive {
		t.Error("the calendar looks for news")
	}
}

// The games tab of an event played live on the site follows its games
// without a reload, for its arbiter too: the clock of each side to move
// runs, and a move played shows within seconds. Its standings look for
// news every 3 s, not every 20, so a game's end shows at once.
func TestBrowserLiveGamesTab(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	s := apitest.NewCorrServer(t, st, time.Date(2026, 12, 5, 15, 0, 0, 0, time.UTC), nil)
	arbiter := s.User("arbiter@example.org", tournament.ArbiterRole)
	sec := apitest.StartLiveEvent(t, s, arbiter, map[string]any{"name": "Блиц онлайн", "discipline": "blitz", "system": "round-robin", "time_control": "3+2", "online": true},
		map[string]string{}, "anna@example.org", "boris@example.org")
	g := sec.Games(s)[0]
	cookie := s.Session("arbiter@example.org")

	srv := httptest.NewServer(s.Handler)
	t.Cleanup(srv.Close)
	ctx := apitest.Browser(t)
	var live, before, after string
	err := chromedp.Run(ctx,
		network.SetCookie(cookie.Name, cookie.Value).WithURL(srv.URL),
		chromedp.Navigate(srv.URL+sec.Ev[len("/api/v1"):]+"/games"),
		chromedp.WaitVisible(`table.corr-list`),
		chromedp.Evaluate(`window.adiukhMark = "kept"`, nil),
		chromedp.AttributeValue(`main`, "data-live", &live, nil),
		chromedp.Text(`td[data-tick-ms]`, &before),
		chromedp.Sleep(1500*time.Millisecond),
		chromedp.Text(`td[data-tick-ms]`, &after),
	)
	if err != nil {
		t.Fatal(err)
	}
	if live != "3000" {
		t.Errorf("the arbiter's games tab of a live event has data-live=%q, want 3000", live)
	}
	if before == after {
		t.Errorf("the clock of the side to move reads %q, then %q 1.5 s later", before, after)
	}
	white := sec.Tokens[int(apitest.Num(g["white"]))]
	s.Must(http.StatusOK, white, "POST", fmt.Sprintf("/api/v1/games/%d/moves", int(apitest.Num(g["id"]))), map[string]any{"move": "c3-d4", "ply": 0})
	var moved bool
	var mark string
	if err := chromedp.Run(ctx,
		chromedp.Poll(`document.querySelector("table.corr-list tbody tr td:last-child").textContent.trim() === "1"`, &moved, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(`window.adiukhMark || ""`, &mark),
	); err != nil {
		t.Fatalf("the move on the games tab: %v", err)
	}
	if mark != "kept" {
		t.Error("the games tab was loaded anew")
	}

	rec := httptest.NewRecorder()
	s.Handler.ServeHTTP(rec, httptest.NewRequest("GET", sec.Ev[len("/api/v1"):]+"/standings", nil))
	if !strings.Contains(rec.Body.String(), `data-live="3000"`) {
		t.Errorf("the standings of a live event do not look for news every 3 s")
	}
}

// Two players in two Chromium windows play a live blitz game against each
// other: White types a move, Black's page redraws the board by itself with
// Black's clock running, Black answers by tapping the squares, and White's
// page shows the answer; neither page is reloaded by hand. On both
// databases: the moves reach the other page through the store's versions.
func TestBrowserLiveGame(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			liveGameInBrowsers(t, apitest.NewWebServerOn(t, st))
		})
	}
}

// liveTable is a live blitz game open in two Chromium windows, each
// signed in as one of its players.
type liveTable struct {
	gid          int64
	white, black context.Context
	// site is the address of the instance serving each window.
	site map[context.Context]string
	run  func(ctx context.Context, what string, actions ...chromedp.Action)
}

// openLiveGame starts a live blitz event of two players and opens their
// game's page in a window of each. With second (another connection to the
// same PostgreSQL database), the second player's window is served by
// another instance on it, and each instance hears the other's moves only
// through the store's change feed: its poll of the games' versions runs
// hourly.
func openLiveGame(t *testing.T, s *apitest.WebServer, second *store.Store) *liveTable {
	t.Helper()
	return openLiveGameOf(t, s, second, nil)
}

// openLiveGameOf is openLiveGame of an event with the fields of event
// beside the live blitz's own ("game": "russian").
func openLiveGameOf(t *testing.T, s *apitest.WebServer, second *store.Store, event map[string]any) *liveTable {
	t.Helper()
	return openLiveGameThrough(t, s, second, event, nil)
}

// openLiveGameThrough is openLiveGameOf with each instance's requests
// passed through through (nil: none), the test's eye on them or its hand
// in them.
func openLiveGameThrough(t *testing.T, s *apitest.WebServer, second *store.Store, event map[string]any, through func(http.Handler) http.Handler) *liveTable {
	t.Helper()
	other := http.Handler(nil)
	if second != nil {
		s.Handler, other = liveInstance(t, s.Store, s.Accounts), liveInstance(t, second, apitest.Accounts(second, account.Options{}))
	} else {
		corr := correspondence.NewService(s.Store.Correspondence(), correspondence.Options{Pairing: engines.Options().Pairing})
		opt := engines.Options()
		opt.LiveRound = corr.StartLiveRound
		s.Handler = apitest.NewRouter(api.Deps{
			DB: s.Store, Events: tournament.NewService(s.Store, opt), Accounts: s.Accounts, Correspondence: corr,
			Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		})
	}
	body := map[string]any{"name": "Блиц онлайн", "discipline": "blitz", "system": "round-robin", "time_control": "3+2", "online": true}
	maps.Copy(body, event)
	id := apitest.Num(s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", body)["id"])
	players := map[string]*apitest.Page{}
	for i, email := range []string{"anna@example.org", "boris@example.org"} {
		p := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": fmt.Sprintf("Игрок %d", i+1), "rating": 2000 - i})
		players[email] = s.AddUser(email, tournament.PlayerRole)
		s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/players/%d/account", id, apitest.Num(p["id"])), map[string]any{"email": email})
	}
	s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	s.Must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), nil)
	tbl := &liveTable{}
	{
		rec := httptest.NewRecorder()
		s.Handler.ServeHTTP(rec, httptest.NewRequest("GET", fmt.Sprintf("/api/v1/events/%d/games", id), nil))
		var games []struct {
			ID    int64 `json:"id"`
			White int64 `json:"white"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &games); err != nil || len(games) != 1 {
			t.Fatalf("the live games: %v %s", err, rec.Body.String())
		}
		tbl.gid = games[0].ID
	}

	if through == nil {
		through = func(h http.Handler) http.Handler { return h }
	}
	srv := httptest.NewServer(through(s.Handler))
	t.Cleanup(srv.Close)
	srv2 := srv
	if other != nil {
		srv2 = httptest.NewServer(through(other))
		t.Cleanup(srv2.Close)
	}
	// Each player has a Chromium of their own, with their own cookies.
	window := func(p *apitest.Page, site string) context.Context {
		ctx := apitest.Browser(t)
		if err := chromedp.Run(ctx, chromedp.ActionFunc(func(ctx context.Context) error {
			return network.SetCookie(p.Cookie.Name, p.Cookie.Value).WithURL(site).Do(ctx)
		})); err != nil {
			t.Fatal(err)
		}
		return ctx
	}
	tbl.run = func(ctx context.Context, what string, actions ...chromedp.Action) {
		t.Helper()
		if err := chromedp.Run(ctx, actions...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	path := fmt.Sprintf("/games/%d", tbl.gid)
	anna, boris := window(players["anna@example.org"], srv.URL), window(players["boris@example.org"], srv2.URL)
	// A mark on each window's page: it is gone if the page is loaded anew.
	tbl.run(anna, "Anna opens the game", chromedp.Navigate(srv.URL+path), chromedp.WaitVisible(`#live-game`), chromedp.Evaluate(`window.sameLoad = true`, nil))
	tbl.run(boris, "Boris opens the game", chromedp.Navigate(srv2.URL+path), chromedp.WaitVisible(`#live-game`), chromedp.Evaluate(`window.sameLoad = true`, nil))
	// Boris's arrival changed the game (his presence, his connection):
	// Anna's page hears it on the stream and puts its game section in
	// place anew. Both
	// pages are first let come to the game as the server has it (a
	// section's data-version is the version it shows, set once the new
	// section is in place), so that nothing is typed or dragged on a
	// section about to be replaced, or read from it.
	// Each page's stream, once open, connects its player (a change of
	// the game too): the game's version is read once both are.
	var code int
	var g map[string]any
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		code, g = s.Do(tournament.ArbiterRole, "GET", "/api/v1"+path, nil)
		if code != http.StatusOK {
			t.Fatalf("the live game: %d %v", code, g)
		}
		if g["white_connection"] == "connected" && g["black_connection"] == "connected" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the players' streams do not connect them: %v", g)
		}
	}
	version := fmt.Sprintf("%d", int64(apitest.Num(g["version"])))
	for who, ctx := range map[string]context.Context{"Anna": anna, "Boris": boris} {
		var settled bool
		tbl.run(ctx, who+"'s page comes to the game's version "+version,
			chromedp.Poll(fmt.Sprintf(`document.getElementById("live-game").dataset.version === %q`, version), &settled, chromedp.WithPollingTimeout(15*time.Second)))
	}
	tbl.white, tbl.black = anna, boris
	tbl.site = map[context.Context]string{anna: srv.URL, boris: srv2.URL}
	var annaMoves bool
	tbl.run(anna, "whose move", chromedp.Evaluate(`!document.getElementById("move-form").hidden`, &annaMoves))
	if !annaMoves {
		tbl.white, tbl.black = boris, anna
	}
	return tbl
}

// liveInstance is one instance of the application on st for live play,
// listening to the store's change feed for the moves made on others: its
// poll of the watched games' versions, the feed's backstop, runs hourly.
// Every instance has the site's secret, which signs the session cookies.
func liveInstance(t *testing.T, st *store.Store, accounts *account.Service) http.Handler {
	t.Helper()
	h, _ := liveInstanceOf(t, st, accounts, true)
	return h
}

// liveInstanceOf is liveInstance, listening to the change feed when
// listen is set (SQLite has none: its instance polls), with its live
// service, whose sweep a test may run as the live clock does.
func liveInstanceOf(t *testing.T, st *store.Store, accounts *account.Service, listen bool) (http.Handler, *correspondence.Service) {
	t.Helper()
	corr := correspondence.NewService(st.Correspondence(), correspondence.Options{Pairing: engines.Options().Pairing, Backstop: time.Hour})
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	go corr.ListenForChanges(ctx, func(err error) { t.Errorf("the change feed: %v", err) })
	for try := 0; listen && !corr.Listening(); try++ {
		if try == 500 {
			t.Fatal("the instance's change feed does not listen")
		}
		time.Sleep(10 * time.Millisecond)
	}
	opt := engines.Options()
	opt.LiveRound = corr.StartLiveRound
	return apitest.NewRouter(api.Deps{
		DB: st, Events: tournament.NewService(st, opt), Accounts: accounts, Correspondence: corr,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Secret: []byte("the site's secret, which every instance shares"),
	}), corr
}

// afterMove says, for a failure that follows it, what the server has of
// the game after the first move: whether the move was made (the server's
// ply), so that a page that did not show it is told apart from a move that
// was never sent.
func (tbl *liveTable) afterMove(s *apitest.WebServer) string {
	code, g := s.Do(tournament.ArbiterRole, "GET", fmt.Sprintf("/api/v1/games/%d", tbl.gid), nil)
	return fmt.Sprintf("the server's game then: status %d, ply %v, version %v", code, g["ply"], g["version"])
}

// stayed checks that a window's page was never loaded anew.
func (tbl *liveTable) stayed(t *testing.T, ctx context.Context, who string) {
	t.Helper()
	var same bool
	tbl.run(ctx, who+"'s page stayed", chromedp.Evaluate(`window.sameLoad === true`, &same))
	if !same {
		t.Errorf("%s's page was loaded anew", who)
	}
}

func liveGameInBrowsers(t *testing.T, s *apitest.WebServer) {
	tbl := openLiveGame(t, s, nil)
	white, black, run, gid := tbl.white, tbl.black, tbl.run, tbl.gid

	// What the pages fetched to come to the game's version (the players'
	// connections) is forgotten: from here, the move.
	run(black, "Black's page forgets its fetches", chromedp.Evaluate(`performance.clearResourceTimings()`, nil))
	// Black's moves box is made low enough for one move to overflow it.
	run(black, "Black's moves box is low", chromedp.Evaluate(`document.getElementById("moves-box").style.maxHeight = "2.5rem"`, nil))
	run(white, "White types a move and confirms it",
		chromedp.SendKeys(`#move-input`, "c3-d4"),
		chromedp.Click(`#move-confirm`),
	)
	var redrawn, fetched bool
	if err := chromedp.Run(black,
		chromedp.Poll(`!document.getElementById("move-form").hidden && document.getElementById("wait-hint").hidden && document.querySelector("#live-game .corr-moves").textContent.includes("c3-d4") &&
			document.querySelector('#tap-board g[data-tower="d4"] circle.c-w') !== null && document.querySelector('#tap-board g[data-tower="c3"]').childElementCount === 0 &&
			document.querySelector('#tap-board rect[data-sq="d4"]').classList.contains("mark") && document.querySelector("#tap-board").dataset.legal.includes("=f6-e5")`,
			&redrawn, chromedp.WithPollingTimeout(15*time.Second)),
		// The move is drawn from the pushed event: the page is not asked
		// for again.
		chromedp.Evaluate(fmt.Sprintf(`performance.getEntriesByType("resource").some(function (e) { return e.name.endsWith("/games/%d"); })`, gid), &fetched),
	); err != nil {
		t.Fatalf("Black's page shows the move and the move form, by itself, from the stream: %v; %s", err, tbl.afterMove(s))
	}
	if fetched {
		t.Error("Black's page fetched the game's page again after White's move, instead of drawing it from the stream")
	}
	// The moves are scrolled to the last (issue 64).
	var box []float64
	run(black, "Black's moves box", chromedp.Evaluate(`(function () { var b = document.getElementById("moves-box"); return [b.scrollTop, b.clientHeight, b.scrollHeight]; })()`, &box))
	if box[2] <= box[1] || box[0]+box[1] < box[2]-1 {
		t.Errorf("Black's moves box (scrolled, shown, whole height) %v: not scrolled to White's move", box)
	}
	var pushed bool
	run(white, "White's ping is the push channel's round trip, their move's there and back",
		chromedp.Poll(`document.getElementById("live-ping").dataset.measured === "push"`, &pushed, chromedp.WithPollingTimeout(15*time.Second)))
	var drawn string
	run(black, "how long the move took to draw", chromedp.Evaluate(`document.getElementById("live-game").dataset.drawnMs || ""`, &drawn))
	// The time is the page's to measure, not this test's to bound: on a
	// quiet machine a few milliseconds, on the loaded suite's Chromium
	// over a hundred.
	if ms, err := strconv.ParseFloat(drawn, 64); err != nil {
		t.Errorf("Black's page did not measure how long it took to draw White's move: %q", drawn)
	} else {
		t.Logf("Black's page drew White's move %.1f ms after its event arrived", ms)
	}
	var before, after string
	run(black, "Black's clock runs",
		chromedp.Text(`#live-game .live-clock[data-running]`, &before),
		chromedp.Sleep(1500*time.Millisecond),
		chromedp.Text(`#live-game .live-clock[data-running]`, &after),
	)
	run(black, "a screenshot", apitest.Shot("live-game"))
	if before == after || !strings.HasPrefix(before, "3:") && !strings.HasPrefix(before, "2:") {
		t.Errorf("Black's clock read %q, then %q 1.5 s later; want it running down from 3:00", before, after)
	}
	// White's move sounded on Black's page (the move sound is on unless
	// switched off). With Black's own clock under 10 s the tab's title
	// flashes the time left, until Black switches the warning off.
	var beeps int
	var flashed, quiet bool
	run(black, "the move sound and the low-time warning",
		chromedp.Evaluate(`Number(document.getElementById("live-game").dataset.beeps || 0)`, &beeps),
		chromedp.Evaluate(`document.querySelectorAll("#live-game .live-clock")[1].dataset.ms = "9000"`, nil),
		chromedp.Poll(`document.title.startsWith("⏱ 0:0")`, &flashed, chromedp.WithPollingTimeout(5*time.Second)),
		chromedp.Click(`input[data-setting="lowtime"]`),
		chromedp.Poll(`!document.title.startsWith("⏱") && localStorage.getItem("adiukh.lowtime") === "off"`, &quiet, chromedp.WithPollingTimeout(5*time.Second)),
	)
	if beeps < 1 {
		t.Errorf("White's move made %d sounds on Black's page", beeps)
	}
	// Live, a move is sent as soon as it is whole: no confirmation.
	run(black, "Black taps f6 and e5",
		chromedp.Click(`#tap-board rect[data-sq="f6"]`),
		chromedp.Click(`#tap-board rect[data-sq="e5"]`),
	)
	var answered bool
	run(white, "White's page shows the answer",
		chromedp.Poll(`document.querySelector("#live-game .corr-moves").textContent.includes("f6-e5") && !document.getElementById("move-form").hidden && document.querySelector('#move-form input[name=ply]').value === "2"`,
			&answered, chromedp.WithPollingTimeout(15*time.Second)),
	)
	g := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/games/%d", gid), nil)
	if apitest.Num(g["ply"]) != 2 || g["live"] != true {
		t.Errorf("the game after two moves in the browsers: %v", g)
	}
	tbl.stayed(t, white, "White")
	tbl.stayed(t, black, "Black")
}

// The clock a player sees on a slow line is at most the server's count
// now: a reading that answers a request is run from the latest moment the
// server can have made it, the request's sending, and the page shows the
// round trip. With 2.5 s of latency and the server's clock standing still
// at the game's start, White's 3:00 shows at most 2:58 (3:00 less the
// round trip and what the page took to load), where a clock run from the
// reading's arrival would show 2:59.
func TestBrowserLiveClockLag(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	s := apitest.NewCorrServer(t, st, time.Date(2026, 12, 5, 15, 0, 0, 0, time.UTC), nil)
	arbiter := s.User("arbiter@example.org", tournament.ArbiterRole)
	sec := apitest.StartLiveEvent(t, s, arbiter, map[string]any{"name": "Блиц онлайн", "discipline": "blitz", "system": "round-robin", "time_control": "3+2", "online": true},
		map[string]string{}, "anna@example.org", "boris@example.org")
	g := sec.Games(s)[0]
	cookie := s.Session(sec.Emails[int(apitest.Num(g["white"]))])

	srv := httptest.NewServer(s.Handler)
	t.Cleanup(srv.Close)
	ctx := apitest.Browser(t)
	var shown string
	var rtt int
	err := chromedp.Run(ctx,
		network.Enable(),
		network.SetCookie(cookie.Name, cookie.Value).WithURL(srv.URL),
		network.EmulateNetworkConditions(false, 2500, -1, -1),
		chromedp.Navigate(fmt.Sprintf("%s/games/%d", srv.URL, int(apitest.Num(g["id"])))),
		chromedp.WaitVisible(`#live-ping`),
		chromedp.Sleep(300*time.Millisecond),
		chromedp.Evaluate(`Number(document.getElementById("live-ping").dataset.rtt)`, &rtt),
		chromedp.Text(`#live-game .live-clock[data-running]`, &shown),
	)
	if err != nil {
		t.Fatal(err)
	}
	if rtt < 2500 {
		t.Errorf("the page measured a round trip of %d ms over a line of 2.5 s", rtt)
	}
	var m, ss int
	if _, err := fmt.Sscanf(shown, "%d:%d", &m, &ss); err != nil || m*60+ss > 178 || m*60+ss < 160 {
		t.Errorf("White's clock shows %s with the server's at 3:00 and a reading over 1.25 s old, want 2:58 or a little less", shown)
	}
}

// Two players play a live blitz game by dragging their pieces, Black's
// board turned round (rank 8 at the bottom, files h..a). Each move is sent
// as soon as it is dropped, without leaving the page, and shows on the
// other page from the stream. Black also drags a premove while White
// thinks: it is shown on the board and played as soon as White has moved.
// On both databases.
func TestBrowserLiveGameByDrag(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dragGameInBrowsers(t, apitest.NewWebServerOn(t, st), nil)
		})
	}
}

// The same game by drag, each player's page served by another instance
// over one PostgreSQL database: a move made on one instance reaches the
// page on the other through LISTEN/NOTIFY, as when a load balancer sends
// the two players to two servers.
func TestBrowserLiveGameOnTwoInstances(t *testing.T) {
	t.Parallel()
	storetest.SkipWithoutPostgres(t)
	dsn := storetest.MigratedDSNs(t)["postgres"]
	stores := storetest.TwoInstances(t, dsn)
	dragGameInBrowsers(t, apitest.NewWebServerOn(t, stores[0]), stores[1])
}

// drag presses the mouse on one square of the board, moves it in steps
// and lets go on another.
func drag(from, to string) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		var at []float64
		if err := chromedp.Evaluate(fmt.Sprintf(`(function () {
			document.querySelector("#tap-board svg").scrollIntoView({block: "center"});
			var a = document.querySelector('#tap-board rect[data-sq="%s"]').getBoundingClientRect();
			var b = document.querySelector('#tap-board rect[data-sq="%s"]').getBoundingClientRect();
			return [a.x + a.width / 2, a.y + a.height / 2, b.x + b.width / 2, b.y + b.height / 2];
		})()`, from, to), &at).Do(ctx); err != nil {
			return err
		}
		if err := input.DispatchMouseEvent(input.MousePressed, at[0], at[1]).WithButton(input.Left).WithButtons(1).WithClickCount(1).Do(ctx); err != nil {
			return err
		}
		for i := 1; i <= 6; i++ {
			x, y := at[0]+(at[2]-at[0])*float64(i)/6, at[1]+(at[3]-at[1])*float64(i)/6
			if err := input.DispatchMouseEvent(input.MouseMoved, x, y).WithButton(input.Left).WithButtons(1).Do(ctx); err != nil {
				return err
			}
		}
		return input.DispatchMouseEvent(input.MouseReleased, at[2], at[3]).WithButton(input.Left).WithClickCount(1).Do(ctx)
	})
}

// aMove picks a legal move of side that no other legal move starts and
// ends on the same squares as, so a drop tells it.
func aMove(t *testing.T, p adiukh.Position, side rules.Color, skip int) adiukh.Move {
	t.Helper()
	moves := p.LegalMoves(side)
	ends := map[[2]rules.Square]int{}
	for _, m := range moves {
		path := m.Path()
		ends[[2]rules.Square{path[0], path[len(path)-1]}]++
	}
	for _, m := range moves {
		path := m.Path()
		if ends[[2]rules.Square{path[0], path[len(path)-1]}] == 1 {
			if skip == 0 {
				return m
			}
			skip--
		}
	}
	t.Fatalf("no move of %s to pick in %v", side, moves)
	return adiukh.Move{}
}

func dragGameInBrowsers(t *testing.T, s *apitest.WebServer, second *store.Store) {
	tbl := openLiveGame(t, s, second)
	run := tbl.run
	window := map[rules.Color]context.Context{rules.White: tbl.white, rules.Black: tbl.black}

	// Black looks from their side: a1 top right, h8 bottom left.
	for side, want := range map[rules.Color]bool{rules.White: false, rules.Black: true} {
		var turned bool
		run(window[side], "the board's side", chromedp.Evaluate(`(function () {
			var a1 = document.querySelector('#tap-board rect[data-sq="a1"]'), h8 = document.querySelector('#tap-board rect[data-sq="h8"]');
			return Number(a1.getAttribute("x")) > Number(h8.getAttribute("x")) && Number(a1.getAttribute("y")) < Number(h8.getAttribute("y"));
		})()`, &turned))
		if turned != want {
			t.Errorf("%s's board turned round: %v, want %v", side, turned, want)
		}
	}
	run(tbl.black, "a screenshot", apitest.Shot("live-game-black"))

	position := func() (adiukh.Position, rules.Color, int) {
		g := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/games/%d", tbl.gid), nil)
		p, err := adiukh.ParsePosition(g["position"].(string))
		if err != nil {
			t.Fatal(err)
		}
		side := rules.White
		if g["to_move"] == "black" {
			side = rules.Black
		}
		return p, side, int(apitest.Num(g["ply"]))
	}
	// shown waits until a window's table of moves has the move, the page
	// having taken in ply moves.
	shown := func(ctx context.Context, who string, m adiukh.Move, ply int) {
		t.Helper()
		var ok bool
		err := chromedp.Run(ctx, chromedp.Poll(fmt.Sprintf(`document.getElementById("live-game").dataset.ply === "%d" && document.getElementById("corr-moves").textContent.includes(%q)`, ply, m.String()),
			&ok, chromedp.WithPollingTimeout(15*time.Second)))
		if err != nil {
			// Whether the move was lost on the way to the page or never
			// made: what the page holds, and the server's ply.
			var state string
			_ = chromedp.Run(ctx, chromedp.Evaluate(`JSON.stringify({ply: document.getElementById("live-game").dataset.ply, version: document.getElementById("live-game").dataset.version, moves: document.getElementById("corr-moves").textContent, ping: JSON.stringify(document.getElementById("live-ping") && document.getElementById("live-ping").dataset)})`, &state))
			_, _, serverPly := position()
			t.Fatalf("%s sees %s: %v; the page holds %s; the server is at ply %d", who, m, err, state, serverPly)
		}
	}
	for range 4 {
		p, side, ply := position()
		m := aMove(t, p, side, ply%3)
		path := m.Path()
		run(window[side], fmt.Sprintf("%s drags %s", side, m), drag(path[0].String(), path[len(path)-1].String()))
		shown(window[side.Opponent()], side.Opponent().String(), m, ply+1)
		shown(window[side], side.String(), m, ply+1)
	}

	// White to move again: Black drags a premove of an answer to the move
	// White is about to play.
	p, side, ply := position()
	if side != rules.White {
		t.Fatalf("%s to move after 4 plies", side)
	}
	m := aMove(t, p, rules.White, 0)
	answer := aMove(t, p.Play(m), rules.Black, 0)
	from, to := answer.Path()[0].String(), answer.Path()[len(answer.Path())-1].String()
	var queued bool
	run(tbl.black, "Black drags a premove", drag(from, to),
		chromedp.Evaluate(fmt.Sprintf(`document.querySelector('#tap-board rect[data-sq="%s"]').classList.contains("premove") && document.querySelector('#tap-board rect[data-sq="%s"]').classList.contains("premove") && document.getElementById("wait-hint").textContent.includes("%s→%s")`, from, to, from, to), &queued))
	if !queued {
		t.Errorf("Black's premove %s→%s is not shown on the board", from, to)
	}
	path := m.Path()
	run(tbl.white, "White drags "+m.String(), drag(path[0].String(), path[len(path)-1].String()))
	shown(tbl.white, "White", answer, ply+2)
	if _, _, after := position(); after != ply+2 {
		t.Errorf("the game at ply %d after White's move and Black's premove, want %d", after, ply+2)
	}
	tbl.stayed(t, tbl.white, "White")
	tbl.stayed(t, tbl.black, "Black")
}

// Two players in two Chromium windows play a live blitz game of Russian
// draughts (issue 51.6), Black's on a phone: each taps their moves on the
// board of flat pieces, a compulsory capture and the capture back
// included, and each move shows on the other page from the stream — the
// piece on its square, the piece taken gone, a man drawn as a man (no
// tower) — without a page loaded anew; Black's premove, tapped while White
// thinks, is played when White has moved. On both databases.
func TestBrowserLiveRussianGame(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			liveRussianGameInBrowsers(t, apitest.NewWebServerOn(t, st))
		})
	}
}

func liveRussianGameInBrowsers(t *testing.T, s *apitest.WebServer) {
	tbl := openLiveGameOf(t, s, nil, map[string]any{"game": "russian"})
	white, black, run, gid := tbl.white, tbl.black, tbl.run, tbl.gid
	run(black, "Black plays on a phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)),
		chromedp.Reload(), chromedp.WaitVisible(`#tap-board svg`), chromedp.Evaluate(`window.sameLoad = true`, nil))
	var flat bool
	run(white, "White's board has flat men",
		chromedp.Evaluate(`document.querySelector('#tap-board g[data-tower="c3"] circle.rim-w') !== null && document.querySelector('#tap-board g[data-tower="f6"] circle.rim-b') !== null && document.querySelector("#tap-board g[data-tower] text") === null`, &flat))
	if !flat {
		t.Fatal("White's board does not draw Russian draughts' men")
	}
	window := func(who string) context.Context {
		if who == "Black" {
			return black
		}
		return white
	}
	// shows waits until a player's page shows the moves and the move form
	// for the ply.
	shows := func(who, moves string, ply int) {
		t.Helper()
		var ok bool
		run(window(who), who+"'s page shows "+moves, chromedp.Poll(fmt.Sprintf(`document.querySelector("#live-game .corr-moves").textContent.includes(%q) && !document.getElementById("move-form").hidden && document.querySelector('#move-form input[name=ply]').value === "%d"`, moves, ply),
			&ok, chromedp.WithPollingTimeout(15*time.Second)))
	}
	tap := func(who string, squares ...string) {
		t.Helper()
		for _, sq := range squares {
			run(window(who), who+" taps "+sq, chromedp.Click(fmt.Sprintf(`#tap-board rect[data-sq="%s"]`, sq)))
		}
	}
	tap("White", "c3", "d4")
	shows("Black", "c3-d4", 1)
	var drawn bool
	run(black, "Black's page draws White's man on d4",
		chromedp.Evaluate(`document.querySelector('#tap-board g[data-tower="d4"] circle.rim-w') !== null && document.querySelector('#tap-board g[data-tower="c3"]').childElementCount === 0`, &drawn))
	if !drawn {
		t.Error("Black's page does not show White's man on d4")
	}
	tap("Black", "f6", "g5")
	shows("White", "f6-g5", 2)
	tap("White", "g3", "h4")
	shows("Black", "g3-h4", 3)
	tap("Black", "g5", "f4")
	shows("White", "g5-f4", 4)
	// White must take: the only move offered is e3:g5.
	var legal string
	run(white, "White's legal moves", chromedp.Evaluate(`document.getElementById("tap-board").dataset.legal`, &legal))
	if legal != "e3 g5=e3:g5" {
		t.Errorf("White's legal moves with a capture to make: %q", legal)
	}
	tap("White", "e3", "g5")
	shows("Black", "e3:g5", 5)
	run(black, "Black's page has the taken man gone",
		chromedp.Evaluate(`document.querySelector('#tap-board g[data-tower="f4"]').childElementCount === 0 && document.querySelector('#tap-board g[data-tower="g5"] circle.rim-w') !== null`, &drawn))
	if !drawn {
		t.Error("Black's page does not show the capture")
	}
	tap("Black", "h6", "f4")
	shows("White", "h6:f4", 6)
	run(white, "a screenshot", apitest.Shot("live-russian-game"))
	run(black, "a screenshot", apitest.Shot("live-russian-game-phone"))
	g := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/games/%d", gid), nil)
	if apitest.Num(g["ply"]) != 6 || g["game"] != "russian" || !strings.Contains(g["towers"].(string), "f4:bm") || strings.Contains(g["towers"].(string), "g5:") {
		t.Errorf("the game after six moves in the browsers: %v", g)
	}
	// While White thinks, Black taps a premove with the man on f4 (a flat
	// piece is theirs as a tower's top is): it is played as soon as White
	// has moved.
	var queued bool
	tap("Black", "f4", "g3")
	run(black, "Black's premove is shown",
		chromedp.Evaluate(`document.querySelector('#tap-board rect[data-sq="f4"]').classList.contains("premove") && document.querySelector('#tap-board rect[data-sq="g3"]').classList.contains("premove")`, &queued))
	if !queued {
		t.Error("Black's premove f4→g3 is not shown on the board")
	}
	tap("White", "a3", "b4")
	shows("White", "f4-g3", 8)
	tbl.stayed(t, white, "White")
	tbl.stayed(t, black, "Black")
}

// On a phone a live game's board and both clocks fill the first screen:
// nothing of them is below the fold or beyond the screen's right edge, for
// White and for Black, and nothing is wider than the screen: on a 390 × 844
// phone, on a small one (375 × 667), and on the small one held sideways
// (667 × 375, issue 64), where the clocks stand beside the board.
func TestBrowserLiveGamePhone(t *testing.T) {
	t.Parallel()
	tbl := openLiveGame(t, apitest.NewWebServerOn(t, storetest.SQLite(t)), nil)
	for _, screen := range []struct {
		width, height int64
		shot          string // the screenshot's name, less the player
	}{{390, 844, "live-game-phone-"}, {375, 667, "live-game-phone-375x667-"}, {667, 375, "live-game-phone-sideways-"}} {
		shot := screen.shot
		for _, p := range []struct {
			who string
			ctx context.Context
		}{{"White", tbl.white}, {"Black", tbl.black}} {
			var boxes [][4]float64
			var width int64
			what := fmt.Sprintf("%s on a %d × %d phone", p.who, screen.width, screen.height)
			tbl.run(p.ctx, what, chromedp.EmulateViewport(screen.width, screen.height, chromedp.EmulateMobile, chromedp.EmulateScale(2)),
				chromedp.Reload(), chromedp.WaitVisible(`#tap-board svg`),
				chromedp.Evaluate(`[document.querySelector("#tap-board svg")].concat([...document.querySelectorAll("#live-game .live-clock")])
					.map(e => e.getBoundingClientRect()).map(r => [r.top, r.right, r.bottom, r.left])`, &boxes),
				chromedp.Evaluate(`document.documentElement.scrollWidth`, &width),
				apitest.Shot(shot+p.who))
			if len(boxes) != 3 {
				t.Fatalf("%s: the board and clocks are at %v", what, boxes)
			}
			for i, part := range []string{"the board", "the first clock", "the second clock"} {
				if b := boxes[i]; b[0] < 0 || b[2] > float64(screen.height) || b[3] < 0 || b[1] > float64(screen.width) {
					t.Errorf("%s: %s is at %.0f–%.0f px down, %.0f–%.0f px across, not all on the first screen", what, part, b[0], b[2], b[3], b[1])
				}
			}
			if width > screen.width {
				t.Errorf("%s: the page is %d px wide", what, width)
			}
		}
	}
}

// Issue 60: on a 1366 × 900 desktop screen a live game's whole board (its
// first rank too), both clocks and the move's field are on the first
// screen, for White and for Black.
func TestBrowserLiveGameDesktop(t *testing.T) {
	t.Parallel()
	tbl := openLiveGame(t, apitest.NewWebServerOn(t, storetest.SQLite(t)), nil)
	const width, height = 1366, 900
	for _, p := range []struct {
		who string
		ctx context.Context
	}{{"White", tbl.white}, {"Black", tbl.black}} {
		if p.who == "Black" {
			// Black's move field shows once White has moved.
			tbl.run(tbl.white, "White plays", chromedp.Click(`#tap-board rect[data-sq="c3"]`), chromedp.Click(`#tap-board rect[data-sq="d4"]`),
				chromedp.WaitVisible(`#wait-hint`))
		}
		var bottoms []float64
		tbl.run(p.ctx, p.who+" on a desktop", chromedp.EmulateViewport(width, height),
			chromedp.Reload(), chromedp.WaitVisible(`#move-input`),
			chromedp.Evaluate(`["#tap-board svg", "#live-game .clocks tr:first-child .live-clock", "#live-game .clocks tr:last-child .live-clock", "#move-input"]
				.map(sel => document.querySelector(sel)).map(e => e ? e.getBoundingClientRect().bottom : -1)`, &bottoms),
			apitest.Shot("live-game-desktop-"+p.who))
		t.Logf("%s's page: the board, the clocks and the move's field end at %v px", p.who, bottoms)
		for i, what := range []string{"the board", "the first clock", "the second clock", "the move's field"} {
			if bottoms[i] < 0 || bottoms[i] > height {
				t.Errorf("%s's page: %s ends at %.0f px (-1: not on the page), below the fold of a %d px screen", p.who, what, bottoms[i], height)
			}
		}
	}
}

// A move being typed survives a change that is not a move: the arbiter
// gives the opponent time while White types, White's page puts its game
// section anew from the stream, and what White typed stays in the field,
// with the cursor, so that White finishes the move and sends it.
func TestBrowserTypedMoveSurvivesTheArbitersChange(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	tbl := openLiveGame(t, s, nil)
	tbl.run(tbl.white, "White starts typing",
		chromedp.Evaluate(`document.getElementById("live-game").dataset.before = "yes"`, nil),
		chromedp.SendKeys(`#move-input`, "c3-d"))
	s.Must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/games/%d/time", tbl.gid),
		map[string]any{"side": "black", "seconds": 30, "reason": "сбой связи"})
	var replaced bool
	tbl.run(tbl.white, "White's page puts the game section anew",
		chromedp.Poll(`document.getElementById("live-game").dataset.before === undefined`, &replaced, chromedp.WithPollingTimeout(15*time.Second)))
	var typed string
	var focused bool
	tbl.run(tbl.white, "what White typed",
		chromedp.Value(`#move-input`, &typed),
		chromedp.Evaluate(`document.activeElement === document.getElementById("move-input")`, &focused))
	if typed != "c3-d" || !focused {
		t.Fatalf("after the arbiter's change White's field holds %q (focused %v); want c3-d, with the cursor", typed, focused)
	}
	tbl.run(tbl.white, "White finishes the move", chromedp.SendKeys(`#move-input`, "4"), chromedp.Click(`#move-confirm`))
	var shown bool
	tbl.run(tbl.black, "Black's page shows the move",
		chromedp.Poll(`document.querySelector("#live-game .corr-moves").textContent.includes("c3-d4")`, &shown, chromedp.WithPollingTimeout(15*time.Second)))
}
