package apitest

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"adiukh/internal/testtool"
)

var screenshots = flag.Bool("screenshots", false, "save screenshots of the main pages to docs/screenshots")

// chromium is a headless Chromium of a test binary's browser tests,
// started by the first of them and closed by its TestMain (CloseChromium):
// a test has tabs of its own, each in a browser context of its own (its
// own cookies), which costs a fraction of the two seconds of work that
// starting a Chromium is.
type chromium struct {
	// programs are the names the Chromium goes by, found on PATH, from
	// the Debian package pkg.
	pkg      string
	programs []string

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

var (
	// shell is the browser of the tests: Chromium's headless shell (the
	// old headless mode, a program of its own since Chromium 132). The
	// whole browser's headless mode draws the pages through the whole
	// browser, and took more than twice the shell's CPU over the same
	// tests (docs/benchmarks.md, "Stop 77"); the whole browser does for a
	// machine without the shell.
	shell = &chromium{pkg: "chromium-headless-shell", programs: []string{"chromium-headless-shell", "chromium", "chromium-browser", "google-chrome"}}
	// whole is the whole browser, for the tests of what the shell does not
	// do (WholeBrowser).
	whole = &chromium{pkg: "chromium", programs: []string{"chromium", "chromium-browser", "google-chrome"}}
	// wholeBrowserTests are the tests that asked for the whole browser.
	wholeBrowserTests sync.Map
)

// WholeBrowser makes the test's windows (Browser) the whole Chromium's
// rather than its headless shell's, for a test of what only the whole
// browser does: keeping a page left in its back/forward cache (the shell
// keeps none).
func WholeBrowser(t *testing.T) {
	wholeBrowserTests.Store(t, true)
	t.Cleanup(func() { wholeBrowserTests.Delete(t) })
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

// Browser opens a window for the test in a browser context of its own, at
// the size of a desktop window; it is closed when the test ends.
func Browser(t *testing.T) context.Context {
	t.Helper()
	c := shell
	if _, ok := wholeBrowserTests.Load(t); ok {
		c = whole
	}
	browserCtx := c.started(t)
	// A browser context of its own needs a window of its own (a tab
	// cannot open without one in it), which chromedp does not ask for.
	var own cdp.BrowserContextID
	var tab target.ID
	c.windows.Lock()
	err := chromedp.Run(browserCtx, chromedp.ActionFunc(func(ctx context.Context) error {
		b := cdp.WithExecutor(ctx, chromedp.FromContext(ctx).Browser)
		var err error
		if own, err = target.CreateBrowserContext().Do(b); err != nil {
			return err
		}
		tab, err = target.CreateTarget("about:blank").WithBrowserContextID(own).WithNewWindow(true).WithWidth(1280).WithHeight(900).Do(b)
		return err
	}))
	c.windows.Unlock()
	if err != nil {
		t.Fatalf("open a window: %v", err)
	}
	window, closeWindow := chromedp.NewContext(browserCtx, chromedp.WithTargetID(tab))
	ctx, cancelTimeout := context.WithTimeout(window, 120*time.Second)
	t.Cleanup(func() {
		if t.Failed() && browserCtx.Err() != nil {
			t.Logf("Chromium went away during the test (its connection was lost), so the failure above may be the browser's; its last words:\n%s", c.said.String())
		}
		cancelTimeout()
		c.windows.Lock()
		defer c.windows.Unlock()
		closeWindow()
		_ = chromedp.Run(browserCtx, chromedp.ActionFunc(func(ctx context.Context) error {
			return target.DisposeBrowserContext(own).Do(cdp.WithExecutor(ctx, chromedp.FromContext(ctx).Browser))
		}))
	})
	return ctx
}

// started is the context of the running Chromium, started when it is not.
// A Chromium that died (its context ended: the process crashed under a
// loaded machine) is started again, rather than failing every browser
// test after it.
func (c *chromium) started(t *testing.T) context.Context {
	t.Helper()
	path := testtool.Need(t, c.pkg, c.programs...)
	c.mu.Lock()
	defer c.mu.Unlock()
	for try := 1; c.ctx == nil || c.ctx.Err() != nil; try++ {
		if c.close != nil {
			c.close()
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
			chromedp.CombinedOutput(&c.said),
		}
		alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancelBrowser := chromedp.NewContext(alloc, chromedp.WithErrorf(c.said.Printf))
		c.ctx, c.close = ctx, func() { cancelBrowser(); cancelAlloc() }
		if err := chromedp.Run(ctx); err != nil && try == 3 {
			t.Fatalf("start chromium (three times): %v", err)
		} else if err != nil {
			t.Logf("start chromium: %v; again", err)
			cancelBrowser()
			time.Sleep(time.Second)
		}
	}
	return c.ctx
}

// CloseChromium closes the tests' Chromiums, those started.
func CloseChromium() {
	for _, c := range []*chromium{shell, whole} {
		c.mu.Lock()
		if c.close != nil {
			c.close()
		}
		c.mu.Unlock()
	}
}

// BrowserOn serves handler on a test server and opens a headless Chromium
// for it: at gives the address of a path there, and run does the steps of
// one thing a person does, stopping the test when a step fails.
func BrowserOn(t *testing.T, handler http.Handler) (at func(path string) string, run func(what string, actions ...chromedp.Action)) {
	t.Helper()
	srv := httptest.NewServer(handler)
	t.Cleanup(srv.Close)
	ctx := Browser(t)
	at = func(path string) string { return srv.URL + path }
	run = func(what string, actions ...chromedp.Action) {
		t.Helper()
		if err := chromedp.Run(ctx, actions...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	return at, run
}

// Load clicks what leads to another page and waits until that page has
// loaded, so that the next step cannot act on the page being left.
func Load(sel string) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		_, err := chromedp.RunResponse(ctx, chromedp.Click(sel))
		return err
	})
}

// Shot saves a full-page screenshot to docs/screenshots when the test runs
// with -screenshots.
func Shot(name string) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		if !*screenshots {
			return nil
		}
		var png []byte
		if err := chromedp.FullScreenshot(&png, 100).Do(ctx); err != nil {
			return err
		}
		root, err := testtool.ModuleRoot()
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(root, "docs", "screenshots", name+".png"), png, 0o644)
	})
}
