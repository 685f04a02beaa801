package play_test

import (
	"context"
	"errors"
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

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"adiukh/api"
	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/engines"
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
	)
	if err != nil {
		t.Fatal(err)
	}
	after = ticked(t, ctx, `td[data-tick-ms]`, before)
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
	var before string
	run(black, "Black's clock", chromedp.Text(`#live-game .live-clock[data-running]`, &before))
	after := ticked(t, black, `#live-game .live-clock[data-running]`, before)
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

// A game section a page asked for before a move, arriving after the
// stream drew the move in place, does not take the move back: the arbiter
// gives time, each page asks for its section anew (held on its way back),
// White moves, both pages draw the move from the stream, and then the
// sections made before the move arrive. Black's page kept the move, its
// squares marked, and Black plays on (in CI the sections, late under
// load, left Black's page a move behind, its move field hidden).
func TestBrowserLateSectionKeepsTheMove(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	gate := &sectionGate{}
	tbl := openLiveGameThrough(t, s, nil, nil, gate.through)
	path := fmt.Sprintf("/games/%d", tbl.gid)
	fetched := fmt.Sprintf(`performance.getEntriesByType("resource").filter(function (e) { return e.initiatorType === "fetch" && e.name.endsWith(%q) && e.responseEnd > 0; }).length`, path)
	var before int
	tbl.run(tbl.black, "the sections Black's page fetched", chromedp.Evaluate(fetched, &before))
	release := gate.hold()
	defer release()
	s.Must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/games/%d/time", tbl.gid),
		map[string]any{"side": "black", "seconds": 30, "reason": "сбой связи"})
	gate.waitHeld(t, 2)
	tbl.run(tbl.white, "White plays c3-d4", chromedp.Click(`#tap-board rect[data-sq="c3"]`), chromedp.Click(`#tap-board rect[data-sq="d4"]`))
	marks := `[...document.querySelectorAll('#tap-board rect.mark')].map(function (r) { return r.dataset.sq; }).sort().join(" ")`
	drawn := `document.querySelector("#live-game .corr-moves").textContent.includes("c3-d4") && ` + marks + ` === "c3 d4"`
	var ok bool
	tbl.run(tbl.black, "Black's page draws the move", chromedp.Poll(drawn, &ok, chromedp.WithPollingTimeout(15*time.Second)))
	release()
	tbl.run(tbl.black, "the late section reaches Black's page",
		chromedp.Poll(fmt.Sprintf(`%s > %d`, fetched, before), &ok, chromedp.WithPollingTimeout(15*time.Second)))
	var state struct {
		Drawn, CanMove bool
		Marks          string
	}
	tbl.run(tbl.black, "Black's page after the late section", chromedp.Evaluate(fmt.Sprintf(`({drawn: %s, canMove: !document.getElementById("move-form").hidden, marks: %s})`, drawn, marks), &state))
	if !state.Drawn || !state.CanMove {
		t.Fatalf("after the section made before White's move arrived, Black's page shows the move %v (marks %q), its move field %v; want the move, c3 d4 marked, and the field", state.Drawn, state.Marks, state.CanMove)
	}
	tbl.run(tbl.black, "Black plays b6-a5", chromedp.Click(`#tap-board rect[data-sq="b6"]`), chromedp.Click(`#tap-board rect[data-sq="a5"]`))
	tbl.run(tbl.white, "White's page shows Black's move",
		chromedp.Poll(`document.querySelector("#live-game .corr-moves").textContent.includes("b6-a5")`, &ok, chromedp.WithPollingTimeout(15*time.Second)))
}

// sectionGate stands between the pages and their game's page: while it is
// shut, the sections a page fetches (GET, asking for text/html alone, as
// live.js does; a page loaded asks for more) are made at once and held on
// their way back until it opens.
type sectionGate struct {
	gate
	held int
}

func (g *sectionGate) through(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		g.mu.Lock()
		shut := g.shut
		if shut != nil && r.Method == http.MethodGet && r.Header.Get("Accept") == "text/html" {
			g.held++
		} else {
			shut = nil
		}
		g.mu.Unlock()
		if shut == nil {
			next.ServeHTTP(w, r)
			return
		}
		made := httptest.NewRecorder()
		next.ServeHTTP(made, r)
		<-shut
		maps.Copy(w.Header(), made.Header())
		w.WriteHeader(made.Code)
		_, _ = w.Write(made.Body.Bytes())
	})
}

// waitHeld waits until the gate holds n sections.
func (g *sectionGate) waitHeld(t *testing.T, n int) {
	t.Helper()
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		g.mu.Lock()
		held := g.held
		g.mu.Unlock()
		if held >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the gate holds %d sections, want %d", held, n)
		}
	}
}

// ticked is what the clock sel shows once it no longer shows before, or
// what it shows 1.5 s later: a running clock reads another time within
// 1.5 s, and the wait ends as soon as it does.
func ticked(t *testing.T, ctx context.Context, sel, before string) string {
	t.Helper()
	var changed bool
	var after string
	err := chromedp.Run(ctx, chromedp.Poll(fmt.Sprintf(`document.querySelector(%q).innerText !== %q`, sel, before), &changed, chromedp.WithPollingTimeout(1500*time.Millisecond)))
	if err != nil && !errors.Is(err, chromedp.ErrPollingTimeout) {
		t.Fatalf("the clock %s: %v", sel, err)
	}
	if err := chromedp.Run(ctx, chromedp.Text(sel, &after)); err != nil {
		t.Fatalf("the clock %s: %v", sel, err)
	}
	return after
}
