package play_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

// startAhead is how far ahead of the publish a round starts in the tests
// of a start: time for three pages to open before it on a loaded machine
// (8 s and 15 s were too little while the whole suite ran on two cores).
// The servers' clock jumps to the start once they are open: the rest of it
// is not waited for, so it costs nothing to be generous.
const startAhead = 2 * time.Minute

// Both players and a spectator open a live game before its timed start, as
// players are told to: the pages count down to the start with the clocks
// standing. At the start the server tells them (its live clock's sweep),
// and with no reload White's page offers the move form and the clocks run;
// White moves, Black's page shows it and lets Black answer, and White's
// and the spectator's show the answer. On one instance, and with each
// player's page served by another instance over one PostgreSQL database;
// and with White's first move made before the sweep announced the start
// (the sweep stands still here), which the pages learn of first.
func TestBrowserLiveGameOpenedBeforeItsStart(t *testing.T) {
	t.Parallel()
	t.Run("one instance", func(t *testing.T) {
		t.Parallel()
		liveStartInBrowsers(t, apitest.NewWebServer(t), nil, true)
	})
	t.Run("a move first", func(t *testing.T) {
		t.Parallel()
		liveStartInBrowsers(t, apitest.NewWebServer(t), nil, false)
	})
	t.Run("two instances", func(t *testing.T) {
		t.Parallel()
		storetest.SkipWithoutPostgres(t)
		dsn := storetest.MigratedDSNs(t)["postgres"]
		stores := storetest.TwoInstances(t, dsn)
		liveStartInBrowsers(t, apitest.NewWebServerOn(t, stores[0]), stores[1], true)
	})
}

// countdownLeft is a countdown's time left within startAhead: "1:52".
var countdownLeft = regexp.MustCompile(`^[0-2]:[0-5][0-9]$`)

// liveStartInBrowsers plays a live game whose pages were opened before its
// start, on s and, with second, on another instance on it; with sweep,
// each instance's live clock sweeps, else White's first move is made
// through the form before anything announced the start.
func liveStartInBrowsers(t *testing.T, s *apitest.WebServer, second *store.Store, sweep bool) {
	// The instances' clock runs with the real one, ahead of it by what the
	// test skips: the wait for the start once the pages are open.
	var skipped atomic.Int64
	now := func() time.Time { return time.Now().Add(time.Duration(skipped.Load())) }
	skipTo := func(at time.Time) { skipped.Store(int64(at.Sub(time.Now()))) }
	var other http.Handler
	var corr, corr2 *correspondence.Service
	s.Handler, corr = liveInstanceOf(t, s.Store, s.Accounts, second != nil, now)
	if second != nil {
		other, corr2 = liveInstanceOf(t, second, apitest.Accounts(second, account.Options{}), true, now)
	}
	// Each instance's live clock sweeps every second, as adiukh serve's.
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	for _, c := range []*correspondence.Service{corr, corr2} {
		if c == nil || !sweep {
			continue
		}
		go func() {
			for tick := time.Tick(time.Second); ctx.Err() == nil; <-tick {
				if _, err := c.ExpireLive(ctx, now()); err != nil && ctx.Err() == nil {
					t.Errorf("the live sweep: %v", err)
				}
			}
		}()
	}

	id := apitest.Num(s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events",
		map[string]any{"name": "Блиц онлайн", "discipline": "blitz", "system": "round-robin", "time_control": "3+2", "online": true})["id"])
	emails := map[int]string{}
	sessions := map[string]*apitest.Page{}
	for i, email := range []string{"anna@example.org", "boris@example.org"} {
		p := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": fmt.Sprintf("Игрок %d", i+1), "rating": 2000 - i})
		sessions[email] = s.AddUser(email, tournament.PlayerRole)
		s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/players/%d/account", id, apitest.Num(p["id"])), map[string]any{"email": email})
		emails[apitest.Num(p["id"])] = email
	}
	s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)

	srv := httptest.NewServer(s.Handler)
	t.Cleanup(srv.Close)
	srv2 := srv
	if other != nil {
		srv2 = httptest.NewServer(other)
		t.Cleanup(srv2.Close)
	}
	// The windows are opened, and Chromium started, before the round is
	// published: the few seconds to its start are the pages' own.
	// Each player's window is signed in on both instances: the colours
	// are known only once the round is published.
	window := func(p *apitest.Page) context.Context {
		ctx := apitest.Browser(t)
		if err := chromedp.Run(ctx, chromedp.ActionFunc(func(ctx context.Context) error {
			for _, site := range []string{srv.URL, srv2.URL} {
				if p == nil {
					break
				}
				if err := network.SetCookie(p.Cookie.Name, p.Cookie.Value).WithURL(site).Do(ctx); err != nil {
					return err
				}
			}
			return nil
		})); err != nil {
			t.Fatal(err)
		}
		return ctx
	}
	windows := map[string]context.Context{}
	for email, p := range sessions {
		windows[email] = window(p)
	}
	spectator := window(nil)
	run := func(ctx context.Context, what string, actions ...chromedp.Action) {
		t.Helper()
		if err := chromedp.Run(ctx, actions...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}

	start := now().Add(startAhead)
	s.Must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), map[string]any{"starts_at": start.Format(time.RFC3339Nano)})
	var games []struct {
		ID           int
		White, Black int
	}
	rec := httptest.NewRecorder()
	s.Handler.ServeHTTP(rec, httptest.NewRequest("GET", fmt.Sprintf("/api/v1/events/%d/games", id), nil))
	if err := json.Unmarshal(rec.Body.Bytes(), &games); err != nil || len(games) != 1 {
		t.Fatalf("the round's live games: %v %s", err, rec.Body.String())
	}
	gid, path := games[0].ID, fmt.Sprintf("/games/%d", games[0].ID)
	white, black := emails[games[0].White], emails[games[0].Black]
	pages := []struct {
		who  string
		ctx  context.Context
		site string
	}{
		{"White", windows[white], srv.URL},
		{"Black", windows[black], srv2.URL},
		{"the spectator", spectator, srv.URL},
	}
	for _, p := range pages {
		var waiting bool
		run(p.ctx, p.who+" opens the game before its start",
			chromedp.Navigate(p.site+path), chromedp.WaitVisible(`#live-game`), chromedp.Evaluate(`window.sameLoad = true`, nil),
			chromedp.Evaluate(`document.getElementById("live-countdown") !== null && document.querySelector("#live-game .live-clock[data-running]") === null &&
				(document.getElementById("move-form") === null || document.getElementById("move-form").hidden)`, &waiting))
		if !now().Before(start) {
			t.Fatalf("%s's page opened after the start: the start, %v after the publish, came too soon for this machine", p.who, startAhead)
		}
		if !waiting {
			t.Errorf("%s's page before the start: want the countdown, the clocks standing and no move form", p.who)
		}
	}
	var counted string
	run(pages[0].ctx, "White's page counts down",
		chromedp.Text(`#live-countdown`, &counted),
	)
	if want := apitest.RuT("live.starts_in", "Left", ""); !strings.HasPrefix(counted, want) || !countdownLeft.MatchString(counted[len(want):]) {
		t.Errorf("White's countdown reads %q, want %q with the seconds to the start", counted, want)
	}

	if sweep {
		skipTo(start)
		startInBrowsers(t, s, run, pages[0].ctx, pages[1].ctx, pages[2].ctx, gid, start)
	} else {
		skipTo(start.Add(50 * time.Millisecond))
		if rec := sessions[white].Post(path+"/move", url.Values{"move": {"c3-d4"}, "ply": {"0"}}); rec.Code != http.StatusSeeOther {
			t.Fatalf("White's first move at the start: %d\n%s", rec.Code, rec.Body.String())
		}
	}
	var answerable bool
	run(pages[1].ctx, "Black's page shows White's move and the move form",
		chromedp.Poll(`document.getElementById("move-form") !== null && !document.getElementById("move-form").hidden && document.getElementById("wait-hint").hidden && document.querySelector("#live-game .corr-moves").textContent.includes("c3-d4") &&
			document.querySelector("#tap-board").dataset.legal.includes("=f6-e5")`, &answerable, chromedp.WithPollingTimeout(15*time.Second)))
	run(pages[1].ctx, "Black taps f6 and e5",
		chromedp.Click(`#tap-board rect[data-sq="f6"]`),
		chromedp.Click(`#tap-board rect[data-sq="e5"]`),
	)
	var answered bool
	run(pages[0].ctx, "White's page shows the answer",
		chromedp.Poll(`document.querySelector("#live-game .corr-moves").textContent.includes("f6-e5") && document.getElementById("move-form") !== null && !document.getElementById("move-form").hidden && document.querySelector('#move-form input[name=ply]').value === "2"`,
			&answered, chromedp.WithPollingTimeout(15*time.Second)))
	run(pages[2].ctx, "the spectator's page shows both moves",
		chromedp.Poll(`document.querySelector("#live-game .corr-moves").textContent.includes("f6-e5")`, &answered, chromedp.WithPollingTimeout(15*time.Second)))
	if g := s.Must(http.StatusOK, "", "GET", "/api/v1"+path, nil); apitest.Num(g["ply"]) != 2 {
		t.Errorf("the game after two moves in the browsers: %v", g)
	}
	for _, p := range pages {
		var same bool
		run(p.ctx, p.who+"'s page stayed", chromedp.Evaluate(`window.sameLoad === true`, &same))
		if !same {
			t.Errorf("%s's page was loaded anew", p.who)
		}
	}
}

// startInBrowsers waits for the start of game gid to reach the pages of
// White, Black and a spectator by itself, and White moves on their page.
func startInBrowsers(t *testing.T, s *apitest.WebServer, run func(ctx context.Context, what string, actions ...chromedp.Action), white, black, spectator context.Context, gid int, start time.Time) {
	t.Helper()
	// The start, which the servers' clock has reached: every page comes to
	// life by itself.
	timeout := chromedp.WithPollingTimeout(20 * time.Second)
	var started bool
	run(white, "White's page offers the move at the start, its clock running",
		chromedp.Poll(`document.getElementById("move-form") !== null && !document.getElementById("move-form").hidden && document.getElementById("live-countdown") === null &&
			document.querySelector('#live-game .live-clock[data-running]') === document.querySelectorAll("#live-game .live-clock")[0]`, &started, timeout))
	run(black, "Black's page waits for White's move at the start",
		chromedp.Poll(`document.getElementById("move-form") !== null && document.getElementById("move-form").hidden && !document.getElementById("wait-hint").hidden &&
			document.getElementById("live-countdown") === null && document.querySelector('#live-game .live-clock[data-running]') !== null`, &started, timeout))
	run(spectator, "the spectator's page runs White's clock at the start",
		chromedp.Poll(`document.getElementById("live-countdown") === null && document.querySelector('#live-game .live-clock[data-running]') !== null`, &started, timeout))
	// Every page comes to the game's version as the server has it once the
	// start is announced, so that nothing is typed on a section about to
	// be put anew.
	version := announcedVersion(t, s, gid, start)
	for who, ctx := range map[string]context.Context{"White": white, "Black": black, "the spectator": spectator} {
		run(ctx, who+"'s page comes to the game's version "+version,
			chromedp.Poll(fmt.Sprintf(`document.getElementById("live-game").dataset.version === %q`, version), &started, chromedp.WithPollingTimeout(15*time.Second)))
	}

	run(white, "White types a move and confirms it",
		chromedp.SendKeys(`#move-input`, "c3-d4"),
		chromedp.Click(`#move-confirm`),
	)
}

// announcedVersion waits until the server has announced the start of game
// gid (its next check is no longer its start) and gives its version then.
func announcedVersion(t *testing.T, s *apitest.WebServer, gid int, start time.Time) string {
	t.Helper()
	for until := time.Now().Add(20 * time.Second); time.Now().Before(until); time.Sleep(100 * time.Millisecond) {
		g := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/games/%d", gid), nil)
		next, err := time.Parse(time.RFC3339, fmt.Sprint(g["deadline"]))
		if err != nil {
			t.Fatalf("the game's deadline: %v", err)
		}
		if next.After(start) {
			return fmt.Sprint(apitest.Num(g["version"]))
		}
	}
	t.Fatalf("the start of game %d was never announced", gid)
	return ""
}
