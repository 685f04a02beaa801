package play_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/store/storetest"
)

// streamGate stands between the browsers and the live-game streams: it
// counts the streams being served, and while it is shut it holds what the
// server writes on them, which reaches the pages when it opens, late by
// the time it was shut, as over a connection that stalled.
type streamGate struct {
	gate
	open   int // streams being served
	opened int // streams served in all
}

// gate is what holds a test's requests or answers on their way while it is
// shut.
type gate struct {
	mu   sync.Mutex
	shut chan struct{} // nil while open
}

// hold shuts the gate; the function it returns opens it again.
func (g *gate) hold() func() {
	g.mu.Lock()
	defer g.mu.Unlock()
	shut := make(chan struct{})
	g.shut = shut
	return sync.OnceFunc(func() {
		g.mu.Lock()
		g.shut = nil
		g.mu.Unlock()
		close(shut)
	})
}

func (g *streamGate) through(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, "/stream") {
			next.ServeHTTP(w, r)
			return
		}
		g.mu.Lock()
		g.open++
		g.opened++
		g.mu.Unlock()
		defer func() {
			g.mu.Lock()
			g.open--
			g.mu.Unlock()
		}()
		next.ServeHTTP(&gatedWriter{ResponseWriter: w, gate: g}, r)
	})
}

// streams is how many streams the server is serving now.
func (g *streamGate) streams() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.open
}

// streamsOpened is how many streams the server has served in all.
func (g *streamGate) streamsOpened() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.opened
}

// waitStreams waits until the server serves n streams, and says how many
// it serves when it does not within the time given.
func (g *streamGate) waitStreams(t *testing.T, n int, what string) {
	t.Helper()
	for deadline := time.Now().Add(15 * time.Second); g.streams() != n; {
		if time.Now().After(deadline) {
			t.Fatalf("%s: the server serves %d live-game streams, want %d", what, g.streams(), n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

type gatedWriter struct {
	http.ResponseWriter
	gate *streamGate
}

func (w *gatedWriter) Write(b []byte) (int, error) {
	w.gate.mu.Lock()
	shut := w.gate.shut
	w.gate.mu.Unlock()
	if shut != nil {
		<-shut
	}
	return w.ResponseWriter.Write(b)
}

func (w *gatedWriter) Flush() { w.ResponseWriter.(http.Flusher).Flush() }

func (w *gatedWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Issue 64: a player's clock is never shown with more time than the
// server gives them, even when the move that started it reached the page
// late. Black's stream stalls as White moves, and delivers the move 3 s
// later: Black's clock, running since the move by the server's count,
// shows at most what the server has, not the 3 s of the stall more.
func TestBrowserLiveClockAfterStall(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServerOn(t, storetest.SQLite(t))
	gate := &streamGate{}
	tbl := openLiveGameThrough(t, s, nil, nil, gate.through)
	gate.waitStreams(t, 2, "both players' pages are open")

	open := gate.hold()
	t.Cleanup(open)
	tbl.run(tbl.white, "White moves", chromedp.Click(`#tap-board rect[data-sq="c3"]`), chromedp.Click(`#tap-board rect[data-sq="d4"]`),
		chromedp.WaitVisible(`#wait-hint`))
	time.Sleep(3 * time.Second)
	open()
	var shown bool
	tbl.run(tbl.black, "Black's page hears of the move",
		chromedp.Poll(`document.getElementById("live-game").dataset.ply === "1" && document.querySelector("#live-game .live-clock[data-running]") !== null`, &shown, chromedp.WithPollingTimeout(15*time.Second)))
	for range 3 {
		// The server's reading first, the page's after it: the page's
		// clock, written at its next tick (ten a second), may only be
		// lower. The page is given 1.5 s to tick, well under the stall.
		g := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/games/%d", tbl.gid), nil)
		server := int64(apitest.Num(g["black_left_ms"]))
		var atMost bool
		err := chromedp.Run(tbl.black, chromedp.Poll(fmt.Sprintf(`(function () {
			var t = document.querySelector("#live-game .live-clock[data-running]").textContent.split(":");
			return (Number(t[0]) * 60 + Number(t[1])) * 1000 <= %d;
		})()`, server), &atMost, chromedp.WithPollingTimeout(1500*time.Millisecond)))
		if err != nil {
			var clock string
			_ = chromedp.Run(tbl.black, chromedp.Text(`#live-game .live-clock[data-running]`, &clock))
			t.Fatalf("Black's clock shows %s, more than the server's %d ms after a stall of 3 s (%v)", clock, server, err)
		}
		time.Sleep(400 * time.Millisecond)
	}
}

// Issue 64: a live game's page left for another closes its stream, so
// that game pages kept by the browser to come back to (the back/forward
// cache) do not hold its connections to the site; shown again, it opens
// the stream anew and follows the game, without a reload.
func TestBrowserLivePageLeftClosesItsStream(t *testing.T) {
	t.Parallel()
	// The headless shell keeps no page in a back/forward cache.
	apitest.WholeBrowser(t)
	s := apitest.NewWebServerOn(t, storetest.SQLite(t))
	gate := &streamGate{}
	tbl := openLiveGameThrough(t, s, nil, nil, gate.through)
	gate.waitStreams(t, 2, "both players' pages are open")

	tbl.run(tbl.black, "Black goes to the calendar", chromedp.Navigate(tbl.site[tbl.black]+"/calendar"), chromedp.WaitVisible(`main`))
	gate.waitStreams(t, 1, "Black's game page was left")
	// White's page hears of it (a change of the game) before White moves.
	if err := evaluateUntil(tbl.white, `document.querySelector("#opponent-connection[data-presence=left]") !== null`); err != nil {
		t.Fatalf("White's page shows Black gone: %v", err)
	}
	tbl.run(tbl.white, "White moves", chromedp.Click(`#tap-board rect[data-sq="c3"]`), chromedp.Click(`#tap-board rect[data-sq="d4"]`),
		chromedp.WaitVisible(`#wait-hint`))
	// Back as the browser's button goes: a page taken out of the
	// back/forward cache is not loaded, which chromedp.NavigateBack waits
	// for.
	// Back as the browser's button goes. A page taken out of the
	// back/forward cache is not loaded anew, which chromedp's NavigateBack
	// and its waits on the page wait for: the page is asked by
	// evaluations alone.
	tbl.run(tbl.black, "Black comes back", chromedp.Evaluate(`history.back()`, nil))
	if err := evaluateUntil(tbl.black, `document.getElementById("live-game") !== null`); err != nil {
		t.Fatalf("Black comes back to the game: %v", err)
	}
	gate.waitStreams(t, 2, "Black's game page is shown again")
	if err := evaluateUntil(tbl.black, `document.getElementById("live-game").dataset.ply === "1" && !document.getElementById("move-form").hidden`); err != nil {
		t.Fatalf("Black's page shows White's move, Black to move: %v", err)
	}
	tbl.stayed(t, tbl.black, "Black")
	code, g := s.Do(tournament.ArbiterRole, "GET", fmt.Sprintf("/api/v1/games/%d", tbl.gid), nil)
	if code != http.StatusOK || apitest.Num(g["ply"]) != 1 {
		t.Errorf("the game after White's move: %d %v", code, g)
	}
}

// evaluateUntil evaluates expr in the window until it is true, for at most
// 15 s; an evaluation that fails (the page between documents) is tried
// again.
func evaluateUntil(ctx context.Context, expr string) error {
	var err error
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		var ok bool
		if err = chromedp.Run(ctx, chromedp.Evaluate(expr, &ok)); err == nil && ok {
			return nil
		}
	}
	if err == nil {
		err = fmt.Errorf("%s is still false after 15 s", expr)
	}
	return err
}

// Issue 64: a live game's player sees whether the opponent is connected:
// connected while the opponent's page is open, gone when they leave it,
// back when they return, each as it happens, without a reload. The two
// players' pages are served by two instances over one PostgreSQL
// database: the opponent's connection reaches the other instance as a
// move does.
func TestBrowserLiveOpponentConnection(t *testing.T) {
	t.Parallel()
	// Coming back as a player does, to the page the browser kept (the
	// headless shell keeps none: it loads the page anew under the step).
	apitest.WholeBrowser(t)
	storetest.SkipWithoutPostgres(t)
	stores := storetest.TwoInstances(t, storetest.MigratedDSNs(t)["postgres"])
	s := apitest.NewWebServerOn(t, stores[0])
	tbl := openLiveGameThrough(t, s, stores[1], nil, nil)
	shows := func(ctx context.Context, who, presence, text, when string) {
		t.Helper()
		expr := fmt.Sprintf(`(function () {
			var p = document.getElementById("opponent-connection");
			return p !== null && !p.hidden && p.dataset.presence === %q && p.textContent.trim() === %q;
		})()`, presence, text)
		if err := evaluateUntil(ctx, expr); err != nil {
			var shown string
			_ = chromedp.Run(ctx, chromedp.Evaluate(`(document.getElementById("opponent-connection") || {}).outerHTML || "nothing"`, &shown))
			t.Fatalf("%s, %s's page shows %s, want %q: %v", when, who, shown, text, err)
		}
	}
	shows(tbl.white, "White", "connected", apitest.RuT("live.opponent_connected"), "both pages open")
	shows(tbl.black, "Black", "connected", apitest.RuT("live.opponent_connected"), "both pages open")

	tbl.run(tbl.black, "Black goes to the calendar", chromedp.Navigate(tbl.site[tbl.black]+"/calendar"), chromedp.WaitVisible(`main`))
	shows(tbl.white, "White", "left", apitest.RuT("live.opponent_left"), "Black gone")

	tbl.run(tbl.black, "Black comes back", chromedp.Evaluate(`history.back()`, nil))
	shows(tbl.white, "White", "connected", apitest.RuT("live.opponent_back"), "Black back")
	tbl.stayed(t, tbl.white, "White")
}

// Issue 64: a player who opens their game in a second tab moves the
// stream there; the first tab, told it was replaced, asks for the game
// every few seconds instead of taking the stream back (which would close
// the second's, and so on), and still follows the game.
func TestBrowserLiveGameInASecondTab(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServerOn(t, storetest.SQLite(t))
	gate := &streamGate{}
	tbl := openLiveGameThrough(t, s, nil, nil, gate.through)
	gate.waitStreams(t, 2, "both players' pages are open")
	before := gate.streamsOpened()

	var cookies []*network.Cookie
	tbl.run(tbl.black, "Black's cookies", chromedp.ActionFunc(func(ctx context.Context) error {
		var err error
		cookies, err = network.GetCookies().WithURLs([]string{tbl.site[tbl.black]}).Do(ctx)
		return err
	}))
	second := apitest.Browser(t)
	tbl.run(second, "Black opens the game in a second tab", chromedp.ActionFunc(func(ctx context.Context) error {
		for _, c := range cookies {
			if err := network.SetCookie(c.Name, c.Value).WithURL(tbl.site[tbl.black]).Do(ctx); err != nil {
				return err
			}
		}
		return nil
	}), chromedp.Navigate(fmt.Sprintf("%s/games/%d", tbl.site[tbl.black], tbl.gid)), chromedp.WaitVisible(`#live-game`))
	// The first tab's stream is closed and not opened again (a browser
	// reconnects after 3 s): two streams stay, White's and the second
	// tab's, one opened since.
	gate.waitStreams(t, 2, "Black's second tab took the stream")
	time.Sleep(5 * time.Second)
	if n := gate.streamsOpened() - before; n != 1 || gate.streams() != 2 {
		t.Errorf("5 s after Black's second tab opened, %d streams were opened since and %d are open; want 1 and 2", n, gate.streams())
	}

	tbl.run(tbl.white, "White moves", chromedp.Click(`#tap-board rect[data-sq="c3"]`), chromedp.Click(`#tap-board rect[data-sq="d4"]`),
		chromedp.WaitVisible(`#wait-hint`))
	for who, ctx := range map[string]context.Context{"Black's first tab": tbl.black, "Black's second tab": second} {
		if err := evaluateUntil(ctx, `document.getElementById("live-game").dataset.ply === "1"`); err != nil {
			t.Errorf("%s does not show White's move: %v", who, err)
		}
	}
}
