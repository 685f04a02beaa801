package api_test

import (
	"net/url"
	"regexp"
	"testing"

	"github.com/chromedp/chromedp"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// Issue 50.7: on a 390 px phone the rating list and a person's page fit
// the screen: the list's rating column is on screen without scrolling,
// under a K header that says it is the next period's and is not cut; the
// person's chart, with its dated axis, and their history's ratings are
// within the screen.
func TestBrowserRatingsOnAPhone(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	apitest.RatedBlitzEvent(s.Server)
	if rec := s.SignIn(tournament.Admin).Post("/ratings/blitz/periods", url.Values{"until": {"2026-10-31"}, "confirm": {"1"}}); rec.Code != 303 {
		t.Fatalf("close the period: %d", rec.Code)
	}
	person := regexp.MustCompile(`<tr data-person="(\d+)">`).FindStringSubmatch(s.Anonymous().Get("/ratings/blitz").Body.String())
	if person == nil {
		t.Fatal("the list has no rows")
	}
	at, run := apitest.BrowserOn(t, s.Handler)
	run("a 390 px phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(3)))
	const screen = 390
	// rightOnScreen is the right edge of the first element sel finds, or -1
	// when a scrolling box it is in cuts it.
	rightOnScreen := func(sel string) string {
		return `(() => { const c = document.querySelector('` + sel + `'); if (!c) return -2; const r = c.getBoundingClientRect(); const box = c.closest('.scroll');
			if (box && r.right > box.getBoundingClientRect().right + 0.5) return -1; return r.right })()`
	}
	var width int
	var right float64
	var cut []string
	// However long a name, it wraps and the rating stays on screen.
	run("the rating list", chromedp.Navigate(at("/ratings/blitz")), chromedp.WaitVisible(`table.rating-list`),
		chromedp.Evaluate(`document.querySelector('table.rating-list tbody td.name a').textContent = 'Хуажев-Тлехас Аслан-Гирей Мухамедович'`, nil),
		chromedp.Evaluate(`document.documentElement.scrollWidth`, &width),
		chromedp.Evaluate(rightOnScreen(`table.rating-list tbody tr td:nth-child(4)`), &right),
		chromedp.Evaluate(`[...document.querySelectorAll('table.rating-list th')].filter(th => th.offsetParent !== null && th.scrollWidth > th.clientWidth).map(th => th.textContent)`, &cut),
		apitest.Shot("ratings-phone"))
	t.Logf("the rating list: %d px wide, its first rating ends at %.0f px", width, right)
	if len(cut) > 0 {
		t.Errorf("the rating list's headers %q are cut on a %d px screen", cut, screen)
	}
	if width > screen {
		t.Errorf("the rating list is %d px wide on a %d px screen", width, screen)
	}
	if right <= 0 || right > screen {
		t.Errorf("the first rating ends at %.0f px (-1: cut by the table's box) on a %d px screen", right, screen)
	}
	var k string
	run("the K header", chromedp.Evaluate(`document.querySelector('table.rating-list th.k-next').textContent`, &k))
	if k != apitest.RuT("ratings.k_next") {
		t.Errorf("the K column is headed %q, want %q", k, apitest.RuT("ratings.k_next"))
	}

	var chartRight, historyRight float64
	var days int
	run("the person's page", chromedp.Navigate(at("/people/"+person[1])), chromedp.WaitVisible(`svg.rating-chart`),
		chromedp.Evaluate(`document.documentElement.scrollWidth`, &width),
		chromedp.Evaluate(`document.querySelector('svg.rating-chart').getBoundingClientRect().right`, &chartRight),
		chromedp.Evaluate(`[...document.querySelectorAll('svg.rating-chart text.day')].filter(d => { const r = d.getBoundingClientRect(); return r.left >= 0 && r.right <= `+"390"+` && r.width > 0 }).length`, &days),
		chromedp.Evaluate(rightOnScreen(`table.history tbody tr td:nth-child(2)`), &historyRight),
		apitest.Shot("person-phone"))
	t.Logf("the person's page: %d px wide, the chart ends at %.0f px with %d days on screen, the history's rating at %.0f px", width, chartRight, days, historyRight)
	if width > screen {
		t.Errorf("the person's page is %d px wide on a %d px screen", width, screen)
	}
	if chartRight > screen || days == 0 {
		t.Errorf("the chart ends at %.0f px with %d dated labels on screen", chartRight, days)
	}
	if historyRight <= 0 || historyRight > screen {
		t.Errorf("the history's first rating ends at %.0f px on a %d px screen", historyRight, screen)
	}
}
