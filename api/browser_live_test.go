package api_test

import (
	"fmt"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"adiukh/api"
	"adiukh/tournament"
	"adiukh/tournament/engines"
)

// A reader's open pairings page of a running round shows a result the
// arbiter enters, in place: no reload (a mark left on the window stays).
func TestBrowserLivePairings(t *testing.T) {
	t.Parallel()
	s := newWebServer(t)
	s.handler = newRouter(api.Deps{
		DB: s.store, Events: tournament.NewService(s.store, engines.Options()), Accounts: s.accounts,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), LiveEvery: 200 * time.Millisecond,
	})
	id := s.roundRobin(4)
	at, run := browserOn(t, s.handler)

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
	s.playRound(id, 1, "17:7")
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
