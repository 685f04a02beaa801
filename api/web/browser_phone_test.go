package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"adiukh/api/apitest"
	"adiukh/internal/demo"
	"adiukh/tournament"
	"adiukh/tournament/engines"
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
	id, err := demo.Fill(context.Background(), s.Store, engines.Options(), "demo@example.org", "пароль демо")
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
		chromedp.Evaluate(visibleRight(`table.standings tbody tr td.strong`), &right),
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

// Issue 50.1 on a 390 px phone: a person's page headed by a long name with
// the patronymic, its person form with the patronymic's field, and the
// register's matches with the new person's patronymic fit the screen.
func TestBrowserPatronymicOnAPhone(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	person := s.Must(http.StatusCreated, tournament.Admin, "POST", "/api/v1/people", map[string]any{
		"surname": "Хуажев-Тлехас", "given_names": "Аслан-Гирей", "patronymic": "Мухамедович", "birth_year": 1990})
	id := swissEvent(s.Server, "Хуажев-Тлехас Аслан-Гирей", "Нехай Саида")
	admin := s.SignIn(tournament.Admin)
	at, run := apitest.BrowserOn(t, s.Handler)
	run("a 390 px phone signed in", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(3)),
		chromedp.ActionFunc(func(ctx context.Context) error {
			return network.SetCookie(admin.Cookie.Name, admin.Cookie.Value).WithURL(at("/")).Do(ctx)
		}))
	const screen = 390
	for _, p := range []struct{ what, path, wait string }{
		{"the person's page and form", fmt.Sprintf("/people/%d", int(apitest.Num(person["id"]))), `input[name="patronymic"]`},
		{"the register's matches", fmt.Sprintf("/events/%d/register-matches", id), `input[name="patronymic"]`},
	} {
		var width int
		run(p.what, chromedp.Navigate(at(p.path)), chromedp.WaitReady(p.wait),
			chromedp.Evaluate(`document.querySelectorAll('details').forEach(d => d.open = true)`, nil),
			chromedp.Evaluate(`document.documentElement.scrollWidth`, &width))
		t.Logf("%s: %d px wide", p.what, width)
		if width > screen {
			t.Errorf("%s is %d px wide on a %d px screen", p.what, width, screen)
		}
	}
}

// Issue 60: on a 375 px phone the arbiter's result form shows its whole
// select of end reasons, the longest reason's words not cut, and a
// player's own page shows the score of their games without scrolling.
func TestBrowserResultsAndMyGamesOnAPhone(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(4)
	players := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/players", id), nil)["players"].([]any)
	s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/players/%d/account", id, apitest.Num(players[0].(map[string]any)["id"])),
		map[string]any{"email": "player@example.org"})
	apitest.PlayRound(s.Server, id, 1, "17:7")
	arbiter, player := s.SignIn(tournament.ArbiterRole), s.SignIn(tournament.PlayerRole)
	at, run := apitest.BrowserOn(t, s.Handler)
	const screen = 375
	signIn := func(p *apitest.Page) chromedp.Action {
		return chromedp.ActionFunc(func(ctx context.Context) error {
			return network.SetCookie(p.Cookie.Name, p.Cookie.Value).WithURL(at("/")).Do(ctx)
		})
	}
	run("a 375 px phone", chromedp.EmulateViewport(screen, 812, chromedp.EmulateMobile, chromedp.EmulateScale(2)), signIn(arbiter))
	var width int
	var box struct{ Left, Right, Text, Need float64 }
	run("the round's results", chromedp.Navigate(at(fmt.Sprintf("/events/%d/rounds/1/results", id))), chromedp.WaitVisible(`#entry-reason`),
		chromedp.Evaluate(`document.documentElement.scrollWidth`, &width),
		chromedp.Evaluate(`(() => { const s = document.querySelector('#entry-reason'); const r = s.getBoundingClientRect(); const st = getComputedStyle(s);
			const ctx = document.createElement('canvas').getContext('2d'); ctx.font = st.font;
			const need = Math.max(...[...s.options].map(o => ctx.measureText(o.text).width)) + parseFloat(st.paddingLeft) + parseFloat(st.paddingRight) + 16;
			return {left: r.left, right: r.right, text: r.width, need: need} })()`, &box),
		apitest.Shot("results-phone"))
	t.Logf("the results page: %d px wide, the select of end reasons from %.0f to %.0f px, %.0f px wide for %.0f px of its longest reason", width, box.Left, box.Right, box.Text, box.Need)
	if width > screen {
		t.Errorf("the results page is %d px wide on a %d px screen", width, screen)
	}
	if box.Left < 0 || box.Right > screen || box.Text < box.Need {
		t.Errorf("the select of end reasons spans %.0f–%.0f px, %.0f px wide for a longest reason of %.0f px, on a %d px screen", box.Left, box.Right, box.Text, box.Need, screen)
	}

	var right float64
	run("the player's own page", signIn(player), chromedp.Navigate(at("/my")), chromedp.WaitVisible(`table.games`),
		chromedp.Evaluate(`document.documentElement.scrollWidth`, &width),
		chromedp.Evaluate(`(() => { const col = [...document.querySelectorAll('table.games th')].findIndex(th => th.textContent === '`+apitest.RuT("col.game_score")+`');
			const c = document.querySelector('table.games tbody tr').children[col]; const box = c.closest('.scroll').getBoundingClientRect();
			return c.getBoundingClientRect().right > box.right + 0.5 ? -1 : c.getBoundingClientRect().right })()`, &right),
		apitest.Shot("my-phone"))
	t.Logf("/my: %d px wide, the first game's score ends at %.0f px", width, right)
	if width > screen {
		t.Errorf("/my is %d px wide on a %d px screen", width, screen)
	}
	if right <= 0 || right > screen {
		t.Errorf("the first game's score ends at %.0f px (-1: cut by the table's box) on a %d px screen", right, screen)
	}
}

// TestBrowserResultsOnAPhone: the arbiter enters results on a 375 px phone
// (issue 60): the results form fits the screen, and every select shows
// its longest choice whole, not cut at its edge; the desk's list of
// boards missing their sheets reads «Доска 1, Доска 2», no space before a
// comma.
func TestBrowserResultsOnAPhone(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	ev := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", map[string]any{
		"name": "Клубный турнир", "discipline": "standard", "system": "round-robin", "time_control": "60+30"})
	id := apitest.Num(ev["id"])
	for i := 1; i <= 4; i++ {
		s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": fmt.Sprintf("Игрок %d", i)})
	}
	s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	s.Must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), nil)
	for board := 1; board <= 2; board++ {
		s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/1/games/%d/result", id, board),
			map[string]any{"score": "12:12", "end_reason": "agreement", "version": 1})
	}
	arbiter := s.SignIn(tournament.ArbiterRole)
	at, run := apitest.BrowserOn(t, s.Handler)
	const screen = 375
	run("a 375 px phone signed in", chromedp.EmulateViewport(screen, 812, chromedp.EmulateMobile, chromedp.EmulateScale(3)),
		chromedp.ActionFunc(func(ctx context.Context) error {
			return network.SetCookie(arbiter.Cookie.Name, arbiter.Cookie.Value).WithURL(at("/")).Do(ctx)
		}))
	var width int
	var cut []string
	run("the results form", chromedp.Navigate(at(fmt.Sprintf("/events/%d/rounds/1/results", id))), chromedp.WaitVisible(`#entry-reason`),
		chromedp.Evaluate(`document.documentElement.scrollWidth`, &width),
		// A select is cut when its box ends past the screen or is narrower
		// than its longest choice and the arrow beside it.
		chromedp.Evaluate(`[...document.querySelectorAll('#fast-entry select')].filter(sel => {
			const box = sel.getBoundingClientRect(), style = getComputedStyle(sel);
			const ctx = document.createElement('canvas').getContext('2d');
			ctx.font = style.font;
			const longest = Math.max(...[...sel.options].map(o => ctx.measureText(o.text).width));
			return box.right > window.innerWidth || box.width < longest + parseFloat(style.paddingLeft) + 16;
		}).map(sel => sel.name)`, &cut),
		apitest.Shot("results-phone-selects"))
	if width > screen {
		t.Errorf("the results form is %d px wide on a %d px screen", width, screen)
	}
	if len(cut) > 0 {
		t.Errorf("the selects %q are cut on a %d px screen", cut, screen)
	}
	var missing string
	run("the desk's missing sheets", chromedp.Navigate(at(fmt.Sprintf("/events/%d/manage", id))), chromedp.WaitReady(`#missing-sheets`),
		chromedp.Evaluate(`document.querySelectorAll('#missing-sheets details').forEach(d => d.open = true)`, nil),
		chromedp.Evaluate(`document.querySelector('#missing-sheets li').innerText`, &missing),
		chromedp.Evaluate(`document.documentElement.scrollWidth`, &width),
		apitest.Shot("desk-phone-missing-sheets"))
	if width > screen {
		t.Errorf("the desk, with its rounds' start, is %d px wide on a %d px screen", width, screen)
	}
	if want := apitest.RuT("round.title", "N", 1) + ": " + apitest.RuT("col.board") + " 1, " + apitest.RuT("col.board") + " 2"; missing != want {
		t.Errorf("the missing sheets read %q, want %q", missing, want)
	}
}
