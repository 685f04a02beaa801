package web_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// TestBrowserTooLargeLeadsBackWithWhatWasTyped: a score sheet far over the
// limit is refused before it is read (413); the error page's way back
// returns to the form with what was typed still in it, not an empty form
// (issue 60).
func TestBrowserTooLargeLeadsBackWithWhatWasTyped(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(2)
	arbiter := s.SignIn(tournament.ArbiterRole)
	at, run := apitest.BrowserOn(t, s.Handler)
	edit := at(fmt.Sprintf("/events/%d/rounds/1/boards/1/edit", id))
	var status, reason string
	run("a sheet of 200 KB sent", chromedp.ActionFunc(func(ctx context.Context) error {
		return network.SetCookie(arbiter.Cookie.Name, arbiter.Cookie.Value).WithURL(at("/")).Do(ctx)
	}),
		chromedp.Navigate(edit), chromedp.WaitVisible(`textarea[name="sheet"]`),
		chromedp.SendKeys(`input[name="reason"]`, "бланк пришёл позже"),
		chromedp.Evaluate(`document.querySelector('textarea[name="sheet"]').value = "1. c3-d4 ".repeat(25000)`, nil),
		apitest.Load(`form.stack button[type="submit"]`))
	run("the refusal", chromedp.Text(`h1`, &status))
	run("back to the form",
		// Back in the history: the browser may show the page it kept,
		// asking the network nothing.
		chromedp.Click(`a[data-back]`), chromedp.WaitVisible(`input[name="reason"]`),
		chromedp.Value(`input[name="reason"]`, &reason))
	if status != apitest.RuT("error.status.413") {
		t.Errorf("the refusal's page says %q, want %q", status, apitest.RuT("error.status.413"))
	}
	if reason != "бланк пришёл позже" {
		t.Errorf("back at the form the reason reads %q, want what was typed", reason)
	}
}

// TestBrowserLargeRegulationsStayAtTheDesk: a 6 MB PDF of regulations,
// chosen in the browser and refused before it is read, leaves the arbiter
// at the desk with the refusal at the regulations' form (issue 60: a bare
// 413 page).
func TestBrowserLargeRegulationsStayAtTheDesk(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(2)
	arbiter := s.SignIn(tournament.ArbiterRole)
	pdf := filepath.Join(t.TempDir(), "положение.pdf")
	if err := os.WriteFile(pdf, append([]byte(apitest.MinimalPDF), make([]byte, 6<<20)...), 0o644); err != nil {
		t.Fatal(err)
	}
	at, run := apitest.BrowserOn(t, s.Handler)
	var refusal string
	run("a 6 MB PDF uploaded at the desk", chromedp.ActionFunc(func(ctx context.Context) error {
		return network.SetCookie(arbiter.Cookie.Name, arbiter.Cookie.Value).WithURL(at("/")).Do(ctx)
	}),
		chromedp.Navigate(at(fmt.Sprintf("/events/%d/manage", id))), chromedp.WaitVisible(`#regulations input[type="file"]`),
		chromedp.SetUploadFiles(`#regulations input[type="file"]`, []string{pdf}),
		apitest.Load(`#regulations form[enctype] button[type="submit"]`),
		chromedp.Text(`#regulations .field-error`, &refusal))
	if !strings.Contains(refusal, apitest.RuF("the file is larger than %d MB", 5)) {
		t.Errorf("the desk's regulations say %q, want the file refused as over 5 MB", refusal)
	}
}
