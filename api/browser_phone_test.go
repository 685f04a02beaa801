package api_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"

	"adiukh/api/apitest"
	"adiukh/internal/demo"
)

// TestBrowserPhonePages opens every public page of the demo event on a
// 360 px phone: no page is wider than the screen (a wide table scrolls
// inside its own box), and in the standings and on the player card the
// place, the name and the points are on screen without scrolling, under
// headers that are not cut; when the
// crosstable is scrolled sideways, the names stay.
func TestBrowserPhonePages(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id, err := demo.Fill(context.Background(), s.Store, "demo@example.org", "пароль демо")
	if err != nil {
		t.Fatal(err)
	}
	at, run := apitest.BrowserOn(t, s.Handler)
	run("a 360 px phone", chromedp.EmulateViewport(360, 740, chromedp.EmulateMobile, chromedp.EmulateScale(2)))
	base := at(fmt.Sprintf("/events/%d", id))
	pages := map[string]string{
		"event": base + "?round=1", "standings": base + "/standings", "crosstable": base + "/crosstable",
		"player": base + "/players/1", "game": base + "/rounds/1/boards/1", "events": at("/"), "search": at("/search?q=%D0%B0"),
	}
	for name, url := range pages {
		var width int
		run("open the "+name+" page", chromedp.Navigate(url), chromedp.WaitVisible(`main`),
			chromedp.Evaluate(`document.documentElement.scrollWidth`, &width))
		if width > 360 {
			t.Errorf("the %s page is %d px wide on a 360 px screen", name, width)
		}
	}

	// The last cell on screen must be the points: its right edge within
	// the table's box, which clips what scrolls.
	var right float64
	visibleRight := func(cell string) string {
		return `(() => { const c = document.querySelector('` + cell + `'); const box = c.closest('.scroll').getBoundingClientRect();
			return c.getBoundingClientRect().right > box.right ? -1 : c.getBoundingClientRect().right })()`
	}
	run("the standings", chromedp.Navigate(base+"/standings"), chromedp.WaitVisible(`table.standings`),
		chromedp.Evaluate(visibleRight(`table.standings tbody tr td:nth-child(4)`), &right),
		apitest.Shot("standings-phone"))
	if right > 360 || right <= 0 {
		t.Errorf("the first player's points end at %.0f px (-1: cut by the table's box) on a 360 px screen", right)
	}
	// The headers of the columns that stay on screen are whole words.
	var cut []string
	run("the standings' headers", chromedp.Evaluate(`[...document.querySelectorAll('table.standings th')].slice(0, 4)
		.filter(th => th.offsetParent !== null && th.scrollWidth > th.clientWidth).map(th => th.textContent)`, &cut))
	if len(cut) > 0 {
		t.Errorf("the standings' headers %q are cut on a 360 px screen", cut)
	}
	run("the player card", chromedp.Navigate(base+"/players/1"), chromedp.WaitVisible(`table.games`),
		chromedp.Evaluate(visibleRight(`table.games tbody tr td:nth-child(5)`), &right),
		apitest.Shot("player-phone"))
	if right > 360 || right <= 0 {
		t.Errorf("the first game's points end at %.0f px (-1: cut by the table's box) on a 360 px screen", right)
	}
	// The black piece stays beside its player's name above the board,
	// however the line wraps: tried at every width up to the screen's.
	var apartAt int
	run("the game's players", chromedp.Navigate(base+"/rounds/1/boards/1"), chromedp.WaitVisible(`.players-line .piece.b`),
		chromedp.Evaluate(`(() => { const line = document.querySelector('.players-line'); const names = line.querySelectorAll('a');
			for (let w = 200; w <= 360; w++) {
				line.style.width = w + 'px';
				const name = [...names[names.length-1].getClientRects()].pop(); const piece = line.querySelector('.piece.b').getBoundingClientRect();
				if (piece.top > name.bottom || piece.bottom < name.top) return w;
			}
			return 0 })()`, &apartAt))
	if apartAt != 0 {
		t.Errorf("the black piece is on another line than Black's name at %d px", apartAt)
	}
	var left float64
	run("the crosstable scrolled to its end", chromedp.Navigate(base+"/crosstable"), chromedp.WaitVisible(`table.cross`),
		chromedp.Evaluate(`(() => { const box = document.querySelector('.scroll'); box.scrollLeft = box.scrollWidth; return document.querySelector('table.cross tbody td.name').getBoundingClientRect().left })()`, &left),
		apitest.Shot("crosstable-phone"))
	if left < 0 || left > 100 {
		t.Errorf("after scrolling the crosstable sideways the names start at %.0f px, want them kept at the left", left)
	}
}
