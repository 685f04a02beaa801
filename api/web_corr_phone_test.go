package api_test

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"adiukh/api/apitest"
	"adiukh/tournament/store/storetest"
)

// TestBrowserCorrespondencePhone: on a 360 px phone the lists of a section
// — the player's "My games", the "Games" tab, the arbiter's tab — scroll in
// their own box instead of widening the page past the screen.
func TestBrowserCorrespondencePhone(t *testing.T) {
	t.Parallel()
	s := apitest.NewCorrServer(t, storetest.SQLite(t), apitest.CorrStart, nil)
	sec := apitest.StartCorrSection(t, s, 4)
	ev := strings.Replace(sec.Ev, "/api/v1", "", 1)
	srv := httptest.NewServer(s.Handler)
	defer srv.Close()
	ctx := apitest.Browser(t)
	signIn := func(email, password string) chromedp.Action {
		return chromedp.Tasks{
			chromedp.Navigate(srv.URL + "/login"),
			chromedp.SendKeys(`input[name=email]`, email),
			chromedp.SendKeys(`input[name=password]`, password+kb.Enter),
			chromedp.WaitVisible(`form[action="/logout"]`),
		}
	}
	width := func(who, path string) {
		t.Helper()
		for _, lang := range []string{"ru", "en"} {
			var w int
			if err := chromedp.Run(ctx, chromedp.Navigate(srv.URL+path+"?lang="+lang), chromedp.WaitVisible(`table.corr-list`),
				chromedp.Evaluate(`document.documentElement.scrollWidth`, &w)); err != nil {
				t.Fatal(err)
			}
			if w > 360 {
				t.Errorf("%s: %s (%s) is %d px wide on a 360 px screen", who, path, lang, w)
			}
		}
	}
	if err := chromedp.Run(ctx, chromedp.EmulateViewport(360, 740, chromedp.EmulateMobile, chromedp.EmulateScale(2)),
		signIn(sec.Emails[apitest.Num(sec.Games[0]["white"])], "пароль игрока")); err != nil {
		t.Fatal(err)
	}
	width("a player", "/my/games")
	width("a player", ev+"/games")
	if err := chromedp.Run(ctx, apitest.Load(`form[action="/logout"] button`), signIn("arbiter@example.org", "пароль игрока")); err != nil {
		t.Fatal(err)
	}
	width("the arbiter", fmt.Sprint(ev, "/correspondence"))
}
