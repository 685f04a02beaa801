package play_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/store/storetest"
)

// TestBrowserCorrespondencePhone: on a 360 px phone the lists of a section
// — the player's "My games", the "Games" tab, the arbiter's tab — scroll in
// their own box instead of widening the page past the screen.
func TestBrowserCorrespondencePhone(t *testing.T) {
	t.Parallel()
	s := apitest.NewCorrServer(t, storetest.SQLite(t), apitest.CorrStart, nil)
	sec := startCorrSection(t, s, 4)
	ev := strings.Replace(sec.ev, "/api/v1", "", 1)
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
		signIn(sec.emails[apitest.Num(sec.games[0]["white"])], "пароль игрока")); err != nil {
		t.Fatal(err)
	}
	width("a player", "/my/games")
	width("a player", ev+"/games")
	if err := chromedp.Run(ctx, apitest.Load(`form[action="/logout"] button`), signIn("arbiter@example.org", "пароль игрока")); err != nil {
		t.Fatal(err)
	}
	width("the arbiter", fmt.Sprint(ev, "/correspondence"))
}

// twoRoutes is the position after 1. g3-f4 d6-e5 2. f4:d6 e7:c5 3. c3-d4
// h6-g5 4. f2-g3 f8-e7 5. g3-f4 d6-e5, White to move: f4 takes to b4
// either straight over e5 and c5 (f4:d6:b4) or round by g5, g7 and e7
// (f4:h6:f8:d6:b4), whose path holds every square of the short one.
const twoRoutes = "white: a1-1, a3-1, b2-1, c1-1, d2-1, d4-1, e1-1, e3-1, f4-1, g1-1, h2-1; black: a7-1, b6-1, b8-1, c5-1/1, c7-1, d8-1, e5-1, e7-1, f6-1, g5-1, g7-1, h8-1"

// TestBrowserTapsTheShorterOfTwoRoutes: tapping the piece, the square it
// lands on along the way and the destination chooses the short route,
// although the long one passes through the same squares; tapping a square
// of the long route only chooses the long one.
func TestBrowserTapsTheShorterOfTwoRoutes(t *testing.T) {
	t.Parallel()
	s := apitest.NewCorrServer(t, storetest.SQLite(t), apitest.CorrStart, nil)
	arbiter := s.User("arbiter@example.org", tournament.ArbiterRole)
	id := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Тематический", "discipline": "correspondence",
		"system": "round-robin", "time_control": "10d"}).(map[string]any)["id"])
	ev := fmt.Sprintf("/api/v1/events/%d", id)
	for i := range 2 {
		pid := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", ev+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i+1)}).(map[string]any)["id"])
		email := fmt.Sprintf("p%d@example.org", pid)
		s.User(email, tournament.PlayerRole)
		s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("%s/players/%d/account", ev, pid), map[string]any{"email": email})
	}
	s.Must(http.StatusOK, arbiter, "PUT", ev+"/correspondence", map[string]any{"start_position": twoRoutes, "start_side": "white"})
	g := s.Must(http.StatusOK, arbiter, "POST", ev+"/start", nil).([]any)[0].(map[string]any)
	gid := apitest.Num(g["id"])

	srv := httptest.NewServer(s.Handler)
	defer srv.Close()
	ctx := apitest.Browser(t)
	tap := func(squares ...string) chromedp.Action {
		var actions chromedp.Tasks
		for _, sq := range squares {
			actions = append(actions, chromedp.Click(fmt.Sprintf(`#tap-board rect[data-sq="%s"]`, sq)))
		}
		return actions
	}
	var long, short, moves string
	err := chromedp.Run(ctx,
		chromedp.EmulateViewport(360, 740, chromedp.EmulateScale(2), chromedp.EmulateMobile),
		chromedp.Navigate(srv.URL+"/login"),
		chromedp.SendKeys(`input[name=email]`, fmt.Sprintf("p%d@example.org", apitest.Num(g["white"]))),
		chromedp.SendKeys(`input[name=password]`, "пароль игрока"+kb.Enter),
		chromedp.WaitVisible(`form[action="/logout"]`),
		chromedp.Navigate(fmt.Sprintf("%s/games/%d", srv.URL, gid)),
		chromedp.WaitVisible(`#tap-board`),
		tap("f4", "h6", "b4"),
		chromedp.Value(`#move-input`, &long),
		chromedp.Click(`#move-reset`),
		tap("f4", "b4", "d6", "b4"),
		chromedp.Value(`#move-input`, &short),
	)
	if err != nil {
		t.Fatal(err)
	}
	if long != "f4:h6:f8:d6:b4" {
		t.Errorf("tapping f4, h6, b4 wrote %q, want f4:h6:f8:d6:b4", long)
	}
	if short != "f4:d6:b4" {
		t.Fatalf("tapping f4, b4, d6, b4 wrote %q, want f4:d6:b4", short)
	}
	if err := chromedp.Run(ctx, apitest.Load(`#move-confirm`), chromedp.Text(`.corr-moves`, &moves)); err != nil {
		t.Fatal(err)
	}
	if got := s.Game(gid); apitest.Num(got["ply"]) != 1 {
		t.Errorf("after confirming the short route the game is at ply %v (moves %q)", got["ply"], moves)
	}
}
