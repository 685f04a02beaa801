package play_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/store/storetest"
)

// Issue 60: a player claims the win in the browser the moment the
// opponent's flag falls (the sweep has not ended the game): the claim
// ends the game as a loss on time, the claimant's page (the claim sent
// from it, not a form leaving it) and the opponent's, open all along, show
// the result without a reload, and the audit log names the claim and its
// claimant.
func TestBrowserLiveClaimTheWin(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 12, 5, 15, 0, 0, 0, time.UTC)
	s := apitest.NewCorrServer(t, storetest.SQLite(t), t0, nil)
	arbiter := s.User("arbiter@example.org", tournament.ArbiterRole)
	sec := apitest.StartLiveEvent(t, s, arbiter, map[string]any{"name": "Блиц онлайн", "discipline": "blitz", "system": "round-robin", "time_control": "1+0", "online": true},
		map[string]string{}, "anna@example.org", "boris@example.org")
	g := sec.Games(s)[0]
	gid := int(apitest.Num(g["id"]))
	white, black := int(apitest.Num(g["white"])), int(apitest.Num(g["black"]))

	srv := httptest.NewServer(s.Handler)
	t.Cleanup(srv.Close)
	window := func(email string) context.Context {
		ctx := apitest.Browser(t)
		cookie := s.Session(email)
		if err := chromedp.Run(ctx, network.SetCookie(cookie.Name, cookie.Value).WithURL(srv.URL),
			chromedp.Navigate(fmt.Sprintf("%s/games/%d", srv.URL, gid)), chromedp.WaitVisible(`#live-game`),
			chromedp.Evaluate(`window.sameLoad = true`, nil)); err != nil {
			t.Fatal(err)
		}
		return ctx
	}
	whiteWindow, blackWindow := window(sec.Emails[white]), window(sec.Emails[black])
	// White's clock runs out on the server's clock; Black's page, loaded
	// again (its own clock would take the minute), has the claim.
	s.Clock.Set(t0.Add(time.Minute + time.Second))
	if err := chromedp.Run(blackWindow, chromedp.Reload(), chromedp.WaitVisible(`#live-game`), chromedp.Evaluate(`window.sameLoad = true`, nil)); err != nil {
		t.Fatal(err)
	}
	comeToTheGame(t, func() map[string]any { return s.Game(gid) }, map[string]context.Context{"Black": blackWindow})
	run := func(ctx context.Context, what string, actions ...chromedp.Action) {
		t.Helper()
		if err := chromedp.Run(ctx, actions...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	run(blackWindow, "Black claims the win", chromedp.WaitVisible(`#claim-form button`), chromedp.Click(`#claim-form button`))
	want := "0:24"
	for who, ctx := range map[string]context.Context{"Black": blackWindow, "White": whiteWindow} {
		var shown bool
		var same bool
		if err := chromedp.Run(ctx,
			chromedp.Poll(fmt.Sprintf(`(document.querySelector("#live-game .status-line .score") || {}).textContent === %q`, want), &shown, chromedp.WithPollingTimeout(10*time.Second)),
			chromedp.Evaluate(`window.sameLoad === true`, &same)); err != nil {
			var line string
			_ = chromedp.Run(ctx, chromedp.Text(`#live-game`, &line))
			t.Fatalf("%s's page does not show the result %s: %v\n%s", who, want, err, line)
		}
		if !same {
			t.Errorf("%s's page was loaded anew to show the claim's result", who)
		}
	}
	game := s.Game(gid)
	if res, _ := game["result"].(map[string]any); res == nil || res["score"] != want || res["end_reason"] != "time" {
		t.Errorf("the game after the claim: %v", game)
	}
	entries := s.Must(http.StatusOK, arbiter, "GET", sec.Ev+"/audit", nil).(map[string]any)["entries"].([]any)
	if last := entries[len(entries)-1].(map[string]any); last["action"] != "live.claim" || last["user_email"] != sec.Emails[black] {
		t.Errorf("the audit's last entry after the claim: %v, want Black's claim", last)
	}
}
