package api_test

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"adiukh/internal/demo"
	"adiukh/internal/testtool"
	"adiukh/tournament"
)

var screenshots = flag.Bool("screenshots", false, "save screenshots of the main pages to docs/screenshots")

// chromium is the one headless Chromium of the package's browser tests,
// started by the first of them and closed by TestMain: a test has tabs of
// its own, each in a browser context of its own (its own cookies), which
// costs a fraction of the two seconds of work that starting a Chromium is.
var chromium struct {
	mu    sync.Mutex
	ctx   context.Context // the browser, with its first tab
	close func()
	// windows serializes opening and disposing of the tests' browser
	// contexts, which parallel tests would otherwise ask of the one
	// browser process at the same moment.
	windows sync.Mutex
	// said keeps the last words of Chromium (its output) and of chromedp
	// (the messages it could not read), for a test that fails because the
	// browser went away under it.
	said lastWords
}

// lastWords keeps the tail of what is written to it.
type lastWords struct {
	mu   sync.Mutex
	text []byte
}

func (w *lastWords) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.text = append(w.text, p...)
	if extra := len(w.text) - 8<<10; extra > 0 {
		w.text = append(w.text[:0], w.text[extra:]...)
	}
	return len(p), nil
}

func (w *lastWords) Printf(format string, args ...any) {
	fmt.Fprintf(w, format+"\n", args...)
}

// String gives the tail but for the lines a headless Chromium writes on
// every start in a container without D-Bus, which say nothing of a crash.
func (w *lastWords) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	var said []string
	for _, line := range strings.Split(string(w.text), "\n") {
		if !strings.Contains(line, ":ERROR:dbus/") {
			said = append(said, line)
		}
	}
	return strings.Join(said, "\n")
}

// browser opens a window for the test in a browser context of its own, at
// the size of a desktop window; it is closed when the test ends.
func browser(t *testing.T) context.Context {
	t.Helper()
	path := testtool.Need(t, "chromium", "chromium", "chromium-browser", "google-chrome")
	// A Chromium that died (its context ended: the process crashed under
	// a loaded machine) is started again, rather than failing every
	// browser test after it.
	chromium.mu.Lock()
	for try := 1; chromium.ctx == nil || chromium.ctx.Err() != nil; try++ {
		if chromium.close != nil {
			chromium.close()
		}
		opts := []chromedp.ExecAllocatorOption{
			chromedp.ExecPath(path),
			chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
			chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true),
			chromedp.Flag("hide-scrollbars", true),
			// A Russian reader's browser: the pages follow Accept-Language.
			chromedp.Flag("lang", "ru-RU"),
			chromedp.Flag("accept-lang", "ru-RU,ru"),
			chromedp.WindowSize(1280, 900),
			chromedp.CombinedOutput(&chromium.said),
		}
		alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancelBrowser := chromedp.NewContext(alloc, chromedp.WithErrorf(chromium.said.Printf))
		chromium.ctx, chromium.close = ctx, func() { cancelBrowser(); cancelAlloc() }
		if err := chromedp.Run(ctx); err != nil && try == 3 {
			chromium.mu.Unlock()
			t.Fatalf("start chromium (three times): %v", err)
		} else if err != nil {
			t.Logf("start chromium: %v; again", err)
			cancelBrowser()
			time.Sleep(time.Second)
		}
	}
	browserCtx := chromium.ctx
	chromium.mu.Unlock()
	// A browser context of its own needs a window of its own (a tab
	// cannot open without one in it), which chromedp does not ask for.
	var own cdp.BrowserContextID
	var tab target.ID
	chromium.windows.Lock()
	err := chromedp.Run(browserCtx, chromedp.ActionFunc(func(ctx context.Context) error {
		b := cdp.WithExecutor(ctx, chromedp.FromContext(ctx).Browser)
		var err error
		if own, err = target.CreateBrowserContext().Do(b); err != nil {
			return err
		}
		tab, err = target.CreateTarget("about:blank").WithBrowserContextID(own).WithNewWindow(true).WithWidth(1280).WithHeight(900).Do(b)
		return err
	}))
	chromium.windows.Unlock()
	if err != nil {
		t.Fatalf("open a window: %v", err)
	}
	window, closeWindow := chromedp.NewContext(browserCtx, chromedp.WithTargetID(tab))
	ctx, cancelTimeout := context.WithTimeout(window, 120*time.Second)
	t.Cleanup(func() {
		if t.Failed() && browserCtx.Err() != nil {
			t.Logf("Chromium went away during the test (its connection was lost), so the failure above may be the browser's; its last words:\n%s", chromium.said.String())
		}
		cancelTimeout()
		chromium.windows.Lock()
		defer chromium.windows.Unlock()
		closeWindow()
		_ = chromedp.Run(browserCtx, chromedp.ActionFunc(func(ctx context.Context) error {
			return target.DisposeBrowserContext(own).Do(cdp.WithExecutor(ctx, chromedp.FromContext(ctx).Browser))
		}))
	})
	return ctx
}

// closeChromium closes the tests' Chromium, if one was started.
func closeChromium() {
	chromium.mu.Lock()
	defer chromium.mu.Unlock()
	if chromium.close != nil {
		chromium.close()
	}
}

// browserOn serves handler on a test server and opens a headless Chromium
// for it: at gives the address of a path there, and run does the steps of
// one thing a person does, stopping the test when a step fails.
func browserOn(t *testing.T, handler http.Handler) (at func(path string) string, run func(what string, actions ...chromedp.Action)) {
	t.Helper()
	srv := httptest.NewServer(handler)
	t.Cleanup(srv.Close)
	ctx := browser(t)
	at = func(path string) string { return srv.URL + path }
	run = func(what string, actions ...chromedp.Action) {
		t.Helper()
		if err := chromedp.Run(ctx, actions...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	return at, run
}

// load clicks what leads to another page and waits until that page has
// loaded, so that the next step cannot act on the page being left.
func load(sel string) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		_, err := chromedp.RunResponse(ctx, chromedp.Click(sel))
		return err
	})
}

// shot saves a full-page screenshot to docs/screenshots when the test runs
// with -screenshots.
func shot(name string) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		if !*screenshots {
			return nil
		}
		var png []byte
		if err := chromedp.FullScreenshot(&png, 100).Do(ctx); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join("..", "docs", "screenshots", name+".png"), png, 0o644)
	})
}

// TestBrowserRunsAnEvent is what a person clicks: the arbiter signs in,
// creates an event, registers 8 players, pairs and publishes round 1,
// enters its results from the keyboard and one game sheet; a reader then
// finds the standings and steps through the game in the viewer.
func TestBrowserRunsAnEvent(t *testing.T) {
	t.Parallel()
	s := newWebServer(t)
	if _, err := demo.Fill(context.Background(), s.store, "demo@example.org", "пароль демо"); err != nil {
		t.Fatal(err)
	}
	at, run := browserOn(t, s.handler)

	var manageURL string

	run("sign in",
		chromedp.Navigate(at("/login")),
		chromedp.SendKeys(`input[name=email]`, "arbiter@example.org"),
		chromedp.SendKeys(`input[name=password]`, "пароль судьи"+kb.Enter),
		chromedp.WaitVisible(`form[action="/logout"]`),
	)
	// The §9 warning shows while the time control is typed, before the
	// event exists, and goes away for a time control in §9's range.
	var warning string
	run("the §9 warning while typing",
		chromedp.Navigate(at("/manage/events/new")),
		chromedp.SendKeys(`input[name=time_control]`, "30+30"),
		chromedp.WaitVisible(`#tc-warning`),
		chromedp.Text(`#tc-warning`, &warning),
		shot("event-form-time-control-warning"),
		chromedp.SendKeys(`input[name=time_control]`, strings.Repeat(kb.Backspace, 5)),
		chromedp.SendKeys(`input[name=time_control]`, "8+4"),
		chromedp.WaitNotVisible(`#tc-warning`),
	)
	if !strings.Contains(warning, "§9") || !strings.Contains(warning, ruT("discipline.rapid")) {
		t.Errorf("the live §9 warning says %q", warning)
	}
	// Micro-matches with drawn openings are Russian draughts': the form
	// shows them once that game is chosen.
	run("micro-matches for Russian draughts",
		chromedp.Navigate(at("/manage/events/new")),
		chromedp.WaitNotVisible(`#micro-matches`),
		chromedp.Evaluate(`(function () { var g = document.querySelector("select[name=game]"); g.value = "russian"; g.dispatchEvent(new Event("change")); })()`, nil),
		chromedp.WaitVisible(`#micro-matches`),
	)
	run("create the event",
		chromedp.Navigate(at("/manage/events/new")),
		chromedp.SendKeys(`input[name=name]`, "Первенство Адыгеи по адиюх"),
		chromedp.SetValue(`select[name=discipline]`, "rapid"),
		chromedp.SetValue(`select[name=system]`, "round-robin"),
		chromedp.SendKeys(`input[name=time_control]`, "8+4"),
		chromedp.SetValue(`input[name=start_date]`, "2026-11-21"),
		chromedp.SendKeys(`input[name=city]`, "Майкоп"),
		chromedp.Click(`button[data-preset]`),
		load(`form[action="/manage/events"] button[type=submit]`),
		chromedp.WaitVisible(`#players`),
		chromedp.Location(&manageURL),
	)
	players := []string{"Хуажев Аслан", "Тхагапсова Мадина"}
	for i, name := range players {
		run("register "+name,
			chromedp.SendKeys(`form[action$="/players"] input[name=name]`, name),
			chromedp.SendKeys(`form[action$="/players"] input[name=rating]`, fmt.Sprint(2100-i*50)),
			load(`form[action$="/players"] button[type=submit]`),
			chromedp.WaitVisible(fmt.Sprintf(`//td[text()=%q]`, name)),
		)
	}
	csv := "Шхалахов Руслан, 1990\nЁлкина Светлана, 1955\nБерсиров Мурат, 1930\nЖуков Артём, 1880\nКушхова Залина, 1835\nПанеш Тимур, 1790"
	run("paste the rest",
		chromedp.SetValue(`textarea[name=csv]`, csv),
		load(`form[action$="/players/csv"] button[type=submit]`),
		chromedp.WaitVisible(`//td[text()="Панеш Тимур"]`),
	)
	var count int
	run("count players", chromedp.Evaluate(`document.querySelectorAll("table.players-admin tbody tr").length`, &count))
	if count != 8 {
		t.Fatalf("%d players registered, want 8", count)
	}
	run("pair round 1 and review it",
		load(`form[action$="/rounds"] button[type=submit]`),
		chromedp.WaitVisible(`form[action$="/rounds/1/publish"]`),
		shot("arbiter-desk"),
		load(`//a[contains(@href, "?round=1")]`),
		chromedp.WaitVisible(`#review`),
		chromedp.SetValue(`select[name=seat_b]`, "1b"),
		load(`#review button[type=submit]`),
		chromedp.WaitVisible(`#review`),
		shot("review"),
		load(`#review a.button`),
	)
	run("publish round 1",
		load(`form[action$="/rounds/1/publish"] button[type=submit]`),
		chromedp.WaitVisible(`a[href$="/rounds/1/results"]`),
		load(`a[href$="/rounds/1/results"]`),
		chromedp.WaitVisible(`#entry-board`),
	)
	for _, r := range []struct{ board, score string }{{"2", "15:9"}, {"3", "12:12"}, {"4", "7:17"}} {
		run("enter board "+r.board,
			chromedp.SendKeys(`#entry-board`, r.board+kb.Enter),
			chromedp.SendKeys(`#entry-score`, r.score+kb.Enter),
			chromedp.WaitVisible(fmt.Sprintf(`tr.just-saved[data-board="%s"]`, r.board)),
		)
	}
	run("screenshot the result entry", shot("result-entry"))
	run("enter board 1 with its sheet",
		load(`a[href$="/rounds/1/boards/1/edit"]`),
		chromedp.WaitVisible(`textarea[name=sheet]`),
		chromedp.SendKeys(`input[name=score]`, "17:7"),
		chromedp.SetValue(`textarea[name=sheet]`, strings.Replace(sampleGame, "4. a3:a7", "4. a3:c5", 1)),
		load(`form[enctype] button[type=submit]`),
		chromedp.WaitVisible(`.report .problem`),
		shot("sheet-check"),
		chromedp.SetValue(`textarea[name=sheet]`, sampleGame),
		load(`form[enctype] button[type=submit]`),
		chromedp.WaitVisible(`.report .ok`),
	)

	var standings string
	run("read the public standings",
		load(`form[action="/logout"] button`),
		chromedp.WaitVisible(`a[href="/login"]`),
		chromedp.Navigate(strings.Replace(manageURL, "/manage", "/standings", 1)),
		chromedp.Text(`table.standings`, &standings),
	)
	for _, want := range []string{"Хуажев Аслан", "Панеш Тимур", ruT("tiebreak.sonneborn-berger")} {
		if !strings.Contains(strings.ToLower(standings), strings.ToLower(want)) {
			t.Errorf("the standings do not show %q:\n%s", want, standings)
		}
	}

	var ply, tower, back string
	run("step through the game",
		chromedp.Navigate(strings.Replace(manageURL, "/manage", "/rounds/1/boards/1", 1)),
		chromedp.WaitVisible(`#viewer`),
		chromedp.Text(`[data-ply]`, &ply),
		chromedp.AttributeValue(`[data-step="prev"]`, "aria-label", &back, nil),
	)
	if ply != "29" {
		t.Errorf("the viewer opens at ply %s, want the last, 29", ply)
	}
	if back != ruT("viewer.prev") {
		t.Errorf("the viewer's back button is named %q", back)
	}
	run("screenshot the game viewer", shot("game-viewer"))
	run("go to the start with the keyboard",
		chromedp.KeyEvent(kb.Home),
		chromedp.Text(`[data-ply]`, &ply),
		chromedp.Evaluate(`document.querySelector('g[data-tower="c3"] circle').getAttribute("class")`, &tower),
	)
	if ply != "0" || tower != "c-w" {
		t.Errorf("after Home: ply %s, c3 holds %q; want ply 0 and a white man on c3", ply, tower)
	}
	run("one move forward",
		chromedp.KeyEvent(kb.ArrowRight),
		chromedp.Text(`[data-ply]`, &ply),
		chromedp.Evaluate(`document.querySelectorAll('g[data-tower="c3"] circle').length + ":" + document.querySelector('g[data-tower="b4"] circle').getAttribute("class")`, &tower),
	)
	if ply != "1" || tower != "0:c-w" {
		t.Errorf("after → from the start: ply %s, c3/b4 %q; want ply 1 with the man moved c3-b4", ply, tower)
	}

	run("screenshot the events list", chromedp.Navigate(at("/")), chromedp.WaitVisible(`.cards`), shot("events"))
	run("screenshot the event on a phone",
		chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)),
		chromedp.Navigate(strings.Replace(manageURL, "/manage", "", 1)),
		chromedp.WaitVisible(`table.pairings`),
		shot("event-phone"),
	)
}

// TestBrowserPlayerReport: a player signs in on a phone, finds their board
// and reports its result; the opponent confirms it.
func TestBrowserPlayerReport(t *testing.T) {
	t.Parallel()
	s := newWebServer(t)
	id := s.roundRobin(4)
	a := s.signIn(tournament.ArbiterRole)
	mustStatus(t, "open reports", a.post(fmt.Sprintf("/events/%d/submissions", id), url.Values{"open": {"on"}}).Code, http.StatusSeeOther, "")
	round := s.must(http.StatusOK, tournament.ArbiterRole, "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)
	board1 := round["games"].([]any)[0].(map[string]any)
	players := s.must(http.StatusOK, tournament.ArbiterRole, "GET", fmt.Sprintf("/api/v1/events/%d/players", id), nil)
	for _, p := range players["players"].([]any) {
		p := p.(map[string]any)
		email := fmt.Sprintf("player%d@example.org", num(p["start_no"]))
		s.addUser(email, tournament.PlayerRole)
		mustStatus(t, "link", a.post(fmt.Sprintf("/events/%d/players/%d/account", id, num(p["id"])), url.Values{"email": {email}}).Code, http.StatusSeeOther, "")
	}
	at, run := browserOn(t, s.handler)
	signIn := func(email string) chromedp.Action {
		return chromedp.Tasks{
			chromedp.Navigate(at(fmt.Sprintf("/login?next=/events/%d", id))),
			chromedp.SendKeys(`input[name=email]`, email),
			chromedp.SendKeys(`input[name=password]`, "пароль судьи"+kb.Enter),
			chromedp.WaitVisible(`table.pairings`),
		}
	}
	run("the white player reports on a phone",
		chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)),
		signIn(fmt.Sprintf("player%d@example.org", num(board1["white"]))),
		chromedp.WaitVisible(`tr.mine a.report-link`),
		load(`tr.mine a.report-link`),
		chromedp.WaitVisible(`input[name=score]`),
		chromedp.SendKeys(`input[name=score]`, "16:8"),
		load(`form[enctype] button[type=submit]`),
		chromedp.WaitVisible(`#mine .report-item`),
		shot("player-report"),
		load(`form[action="/logout"] button`),
		chromedp.WaitVisible(`a[href="/login"]`),
	)
	var score string
	run("the opponent confirms",
		signIn(fmt.Sprintf("player%d@example.org", num(board1["black"]))),
		chromedp.WaitVisible(`#mine form.decide`),
		load(`#mine form.decide button[value=confirm]`),
		chromedp.WaitNotPresent(`#mine form.decide`),
		chromedp.Text(`table.pairings tbody tr:first-child td.res`, &score),
	)
	if !strings.Contains(score, "16:8") {
		t.Errorf("board 1 shows %q after the opponent confirmed, want 16:8", score)
	}
}
