package api_test

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
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
