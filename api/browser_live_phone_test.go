package api_test

import (
	"context"
	"testing"

	"github.com/chromedp/chromedp"

	"adiukh/api/apitest"
	"adiukh/tournament/store/storetest"
)

// On a 390 × 844 phone a live game's board and both clocks fill the first
// screen: nothing of them is below the fold, for White and for Black, and
// nothing is wider than the screen.
func TestBrowserLiveGamePhone(t *testing.T) {
	t.Parallel()
	tbl := openLiveGame(t, apitest.NewWebServerOn(t, storetest.SQLite(t)), nil)
	for _, p := range []struct {
		who string
		ctx context.Context
	}{{"White", tbl.white}, {"Black", tbl.black}} {
		var bottoms []float64
		var width int
		tbl.run(p.ctx, p.who+" on a phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)),
			chromedp.Reload(), chromedp.WaitVisible(`#tap-board svg`),
			chromedp.Evaluate(`[document.querySelector("#tap-board svg")].concat([...document.querySelectorAll("#live-game .live-clock")]).map(e => e.getBoundingClientRect().bottom)`, &bottoms),
			chromedp.Evaluate(`document.documentElement.scrollWidth`, &width),
			apitest.Shot("live-game-phone-"+p.who))
		if len(bottoms) != 3 {
			t.Fatalf("%s's page: the board and clocks end at %v", p.who, bottoms)
		}
		for i, what := range []string{"the board", "the first clock", "the second clock"} {
			if bottoms[i] > 844 {
				t.Errorf("%s's page: %s ends at %.0f px, below the fold of an 844 px screen", p.who, what, bottoms[i])
			}
		}
		if width > 390 {
			t.Errorf("%s's page is %d px wide on a 390 px screen", p.who, width)
		}
	}
}
