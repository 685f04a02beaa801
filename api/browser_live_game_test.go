package api_test

import (
	"context"
	"encoding/json"
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
	"adiukh/tournament"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
	"adiukh/tournament/store/storetest"
)

// Two players in two Chromium windows play a live blitz game against each
// other: White types a move, Black's page redraws the board by itself with
// Black's clock running, Black answers by tapping the squares, and White's
// page shows the answer; neither page is reloaded by hand. On both
// databases: the moves reach the other page through the store's versions.
func TestBrowserLiveGame(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			liveGameInBrowsers(t, newWebServerOn(t, st))
		})
	}
}

func liveGameInBrowsers(t *testing.T, s *webServer) {
	corr := correspondence.NewService(s.store.Correspondence(), correspondence.Options{Pairing: engines.Options().Pairing})
	opt := engines.Options()
	opt.LiveRound = corr.StartLiveRound
	s.handler = newRouter(api.Deps{
		DB: s.store, Events: tournament.NewService(s.store, opt), Accounts: s.accounts, Correspondence: corr,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	id := num(s.must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", map[string]any{"name": "Блиц онлайн", "discipline": "blitz",
		"system": "round-robin", "time_control": "3+2", "online": true})["id"])
	players := map[string]*page{}
	for i, email := range []string{"anna@example.org", "boris@example.org"} {
		p := s.must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": fmt.Sprintf("Игрок %d", i+1), "rating": 2000 - i})
		players[email] = s.addUser(email, tournament.PlayerRole)
		s.must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/players/%d/account", id, num(p["id"])), map[string]any{"email": email})
	}
	s.must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	s.must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), nil)
	var gid int64
	{
		rec := httptest.NewRecorder()
		s.handler.ServeHTTP(rec, httptest.NewRequest("GET", fmt.Sprintf("/api/v1/events/%d/games", id), nil))
		var games []struct {
			ID    int64 `json:"id"`
			White int64 `json:"white"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &games); err != nil || len(games) != 1 {
			t.Fatalf("the live games: %v %s", err, rec.Body.String())
		}
		gid = games[0].ID
	}

	srv := httptest.NewServer(s.handler)
	t.Cleanup(srv.Close)
	// Each player has a Chromium of their own, with their own cookies.
	window := func(p *page) context.Context {
		ctx := browser(t)
		if err := chromedp.Run(ctx, chromedp.ActionFunc(func(ctx context.Context) error {
			return network.SetCookie(p.cookie.Name, p.cookie.Value).WithURL(srv.URL).Do(ctx)
		})); err != nil {
			t.Fatal(err)
		}
		return ctx
	}
	run := func(ctx context.Context, what string, actions ...chromedp.Action) {
		t.Helper()
		if err := chromedp.Run(ctx, actions...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	path := fmt.Sprintf("%s/games/%d", srv.URL, gid)
	anna, boris := window(players["anna@example.org"]), window(players["boris@example.org"])
	run(anna, "Anna opens the game", chromedp.Navigate(path), chromedp.WaitVisible(`#live-game`))
	run(boris, "Boris opens the game", chromedp.Navigate(path), chromedp.WaitVisible(`#live-game`))
	white, black := anna, boris
	var annaMoves bool
	run(anna, "whose move", chromedp.Evaluate(`!document.getElementById("move-form").hidden`, &annaMoves))
	if !annaMoves {
		white, black = boris, anna
	}

	run(white, "White types a move and confirms it",
		chromedp.SendKeys(`#move-input`, "c3-d4"),
		load(`#move-confirm`),
		chromedp.WaitVisible(`#live-game`),
	)
	var redrawn, fetched bool
	run(black, "Black's page shows the move and the move form, by itself, from the stream",
		chromedp.Poll(`!document.getElementById("move-form").hidden && document.getElementById("wait-hint").hidden && document.querySelector("#live-game .corr-moves").textContent.includes("c3-d4") &&
			document.querySelector('#tap-board g[data-tower="d4"] circle.c-w') !== null && document.querySelector('#tap-board g[data-tower="c3"]').childElementCount === 0 &&
			document.querySelector('#tap-board rect[data-sq="d4"]').classList.contains("mark") && document.querySelector("#tap-board").dataset.legal.includes("=f6-e5")`,
			&redrawn, chromedp.WithPollingTimeout(15*time.Second)),
		// The move is drawn from the pushed event: the page is not asked
		// for again.
		chromedp.Evaluate(fmt.Sprintf(`performance.getEntriesByType("resource").some(function (e) { return e.name.endsWith("/games/%d"); })`, gid), &fetched),
	)
	if fetched {
		t.Error("Black's page fetched the game's page again after White's move, instead of drawing it from the stream")
	}
	var before, after string
	run(black, "Black's clock runs",
		chromedp.Text(`#live-game .live-clock[data-running]`, &before),
		chromedp.Sleep(1500*time.Millisecond),
		chromedp.Text(`#live-game .live-clock[data-running]`, &after),
	)
	run(black, "a screenshot", shot("live-game"))
	if before == after || !strings.HasPrefix(before, "3:") && !strings.HasPrefix(before, "2:") {
		t.Errorf("Black's clock read %q, then %q 1.5 s later; want it running down from 3:00", before, after)
	}
	var typed string
	run(black, "Black taps f6 and e5, and confirms",
		chromedp.Click(`#tap-board rect[data-sq="f6"]`),
		chromedp.Click(`#tap-board rect[data-sq="e5"]`),
		chromedp.Value(`#move-input`, &typed),
		load(`#move-confirm`),
		chromedp.WaitVisible(`#live-game`),
	)
	if typed != "f6-e5" {
		t.Fatalf("the taps wrote %q", typed)
	}
	var answered bool
	run(white, "White's page shows the answer",
		chromedp.Poll(`document.querySelector("#live-game .corr-moves").textContent.includes("f6-e5") && !document.getElementById("move-form").hidden && document.querySelector('#move-form input[name=ply]').value === "2"`,
			&answered, chromedp.WithPollingTimeout(15*time.Second)),
	)
	g := s.must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/games/%d", gid), nil)
	if num(g["ply"]) != 2 || g["live"] != true {
		t.Errorf("the game after two moves in the browsers: %v", g)
	}
}

// The clock a player sees on a slow line is the server's count now: a
// reading is taken as made halfway through the round trip that brought
// it, and the page shows that round trip. With 2.5 s of latency and the
// server's clock standing still at the game's start, White's 3:00 shows
// at most 2:58 (3:00 less half the round trip and what the page took to
// load), where a clock run from the reading's arrival would show 2:59.
func TestBrowserLiveClockLag(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	s := newCorrServer(t, st, time.Date(2026, 12, 5, 15, 0, 0, 0, time.UTC), nil)
	arbiter := s.user("arbiter@example.org", tournament.ArbiterRole)
	sec := startLiveEvent(t, s, arbiter, map[string]any{"name": "Блиц онлайн", "discipline": "blitz", "system": "round-robin", "time_control": "3+2", "online": true},
		map[string]string{}, "anna@example.org", "boris@example.org")
	g := sec.games(s)[0]
	cookie := s.session(sec.emails[int(num(g["white"]))])

	srv := httptest.NewServer(s.handler)
	t.Cleanup(srv.Close)
	ctx := browser(t)
	var shown string
	var rtt int
	err := chromedp.Run(ctx,
		network.Enable(),
		network.SetCookie(cookie.Name, cookie.Value).WithURL(srv.URL),
		network.EmulateNetworkConditions(false, 2500, -1, -1),
		chromedp.Navigate(fmt.Sprintf("%s/games/%d", srv.URL, int(num(g["id"])))),
		chromedp.WaitVisible(`#live-ping`),
		chromedp.Sleep(300*time.Millisecond),
		chromedp.Evaluate(`Number(document.getElementById("live-ping").dataset.rtt)`, &rtt),
		chromedp.Text(`#live-game .live-clock[data-running]`, &shown),
	)
	if err != nil {
		t.Fatal(err)
	}
	if rtt < 2500 {
		t.Errorf("the page measured a round trip of %d ms over a line of 2.5 s", rtt)
	}
	var m, ss int
	if _, err := fmt.Sscanf(shown, "%d:%d", &m, &ss); err != nil || m*60+ss > 178 || m*60+ss < 160 {
		t.Errorf("White's clock shows %s with the server's at 3:00 and a reading over 1.25 s old, want 2:58 or a little less", shown)
	}
}
