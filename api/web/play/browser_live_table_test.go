package play_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"adiukh/api"
	"adiukh/api/apitest"
	"adiukh/rules"
	"adiukh/rules/adiukh"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
	"adiukh/tournament/store"
)

// liveTable is a live blitz game open in two Chromium windows, each
// signed in as one of its players.
type liveTable struct {
	gid          int64
	white, black context.Context
	// site is the address of the instance serving each window.
	site map[context.Context]string
	run  func(ctx context.Context, what string, actions ...chromedp.Action)
}

// openLiveGame starts a live blitz event of two players and opens their
// game's page in a window of each. With second (another connection to the
// same PostgreSQL database), the second player's window is served by
// another instance on it, and each instance hears the other's moves only
// through the store's change feed: its poll of the games' versions runs
// hourly.
func openLiveGame(t *testing.T, s *apitest.WebServer, second *store.Store) *liveTable {
	t.Helper()
	return openLiveGameOf(t, s, second, nil)
}

// openLiveGameOf is openLiveGame of an event with the fields of event
// beside the live blitz's own ("game": "russian").
func openLiveGameOf(t *testing.T, s *apitest.WebServer, second *store.Store, event map[string]any) *liveTable {
	t.Helper()
	return openLiveGameThrough(t, s, second, event, nil)
}

// openLiveGameThrough is openLiveGameOf with each instance's requests
// passed through through (nil: none), the test's eye on them or its hand
// in them.
func openLiveGameThrough(t *testing.T, s *apitest.WebServer, second *store.Store, event map[string]any, through func(http.Handler) http.Handler) *liveTable {
	t.Helper()
	other := http.Handler(nil)
	if second != nil {
		s.Handler, other = liveInstance(t, s.Store, s.Accounts), liveInstance(t, second, apitest.Accounts(second, account.Options{}))
	} else {
		corr := correspondence.NewService(s.Store.Correspondence(), correspondence.Options{Pairing: engines.Options().Pairing})
		opt := engines.Options()
		opt.LiveRound = corr.StartLiveRound
		s.Handler = apitest.NewRouter(api.Deps{
			DB: s.Store, Events: tournament.NewService(s.Store, opt), Accounts: s.Accounts, Correspondence: corr,
			Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		})
	}
	body := map[string]any{"name": "Блиц онлайн", "discipline": "blitz", "system": "round-robin", "time_control": "3+2", "online": true}
	maps.Copy(body, event)
	id := apitest.Num(s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", body)["id"])
	players := map[string]*apitest.Page{}
	for i, email := range []string{"anna@example.org", "boris@example.org"} {
		p := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": fmt.Sprintf("Игрок %d", i+1), "rating": 2000 - i})
		players[email] = s.AddUser(email, tournament.PlayerRole)
		s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/players/%d/account", id, apitest.Num(p["id"])), map[string]any{"email": email})
	}
	s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	s.Must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), nil)
	tbl := &liveTable{}
	{
		rec := httptest.NewRecorder()
		s.Handler.ServeHTTP(rec, httptest.NewRequest("GET", fmt.Sprintf("/api/v1/events/%d/games", id), nil))
		var games []struct {
			ID    int64 `json:"id"`
			White int64 `json:"white"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &games); err != nil || len(games) != 1 {
			t.Fatalf("the live games: %v %s", err, rec.Body.String())
		}
		tbl.gid = games[0].ID
	}

	if through == nil {
		through = func(h http.Handler) http.Handler { return h }
	}
	srv := httptest.NewServer(through(s.Handler))
	t.Cleanup(srv.Close)
	srv2 := srv
	if other != nil {
		srv2 = httptest.NewServer(through(other))
		t.Cleanup(srv2.Close)
	}
	// Each player has a Chromium of their own, with their own cookies.
	window := func(p *apitest.Page, site string) context.Context {
		ctx := apitest.Browser(t)
		if err := chromedp.Run(ctx, chromedp.ActionFunc(func(ctx context.Context) error {
			return network.SetCookie(p.Cookie.Name, p.Cookie.Value).WithURL(site).Do(ctx)
		})); err != nil {
			t.Fatal(err)
		}
		return ctx
	}
	tbl.run = func(ctx context.Context, what string, actions ...chromedp.Action) {
		t.Helper()
		if err := chromedp.Run(ctx, actions...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	path := fmt.Sprintf("/games/%d", tbl.gid)
	anna, boris := window(players["anna@example.org"], srv.URL), window(players["boris@example.org"], srv2.URL)
	// A mark on each window's page: it is gone if the page is loaded anew.
	tbl.run(anna, "Anna opens the game", chromedp.Navigate(srv.URL+path), chromedp.WaitVisible(`#live-game`), chromedp.Evaluate(`window.sameLoad = true`, nil))
	tbl.run(boris, "Boris opens the game", chromedp.Navigate(srv2.URL+path), chromedp.WaitVisible(`#live-game`), chromedp.Evaluate(`window.sameLoad = true`, nil))
	// Boris's arrival changed the game (his presence, his connection):
	// Anna's page hears it on the stream and puts its game section in
	// place anew.
	comeToTheGame(t, func() map[string]any {
		code, g := s.Do(tournament.ArbiterRole, "GET", "/api/v1"+path, nil)
		if code != http.StatusOK {
			t.Fatalf("the live game: %d %v", code, g)
		}
		return g
	}, map[string]context.Context{"Anna": anna, "Boris": boris})
	tbl.white, tbl.black = anna, boris
	tbl.site = map[context.Context]string{anna: srv.URL, boris: srv2.URL}
	var annaMoves bool
	tbl.run(anna, "whose move", chromedp.Evaluate(`!document.getElementById("move-form").hidden`, &annaMoves))
	if !annaMoves {
		tbl.white, tbl.black = boris, anna
	}
	return tbl
}

// comeToTheGame waits until both players' streams connect them (a page
// loaded, or loaded again, changes its player's connection), then until
// every page of pages shows the game's version as game reads it: a page puts its
// game section anew as it hears of such a change, and nothing is typed,
// tapped or read on a section about to be replaced (a click found its
// button gone).
func comeToTheGame(t *testing.T, game func() map[string]any, pages map[string]context.Context) {
	t.Helper()
	var g map[string]any
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if g = game(); g["white_connection"] == "connected" && g["black_connection"] == "connected" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the players' streams do not connect them: %v", g)
		}
	}
	version := fmt.Sprintf("%d", int64(apitest.Num(g["version"])))
	for who, ctx := range pages {
		var settled bool
		if err := chromedp.Run(ctx, chromedp.Poll(fmt.Sprintf(`document.getElementById("live-game").dataset.version === %q`, version), &settled, chromedp.WithPollingTimeout(15*time.Second))); err != nil {
			t.Fatalf("%s's page does not come to the game's version %s: %v", who, version, err)
		}
	}
}

// liveInstance is one instance of the application on st for live play,
// listening to the store's change feed for the moves made on others: its
// poll of the watched games' versions, the feed's backstop, runs hourly.
// Every instance has the site's secret, which signs the session cookies.
func liveInstance(t *testing.T, st *store.Store, accounts *account.Service) http.Handler {
	t.Helper()
	h, _ := liveInstanceOf(t, st, accounts, true, time.Now)
	return h
}

// liveInstanceOf is liveInstance, listening to the change feed when
// listen is set (SQLite has none: its instance polls), on the clock now,
// with its live service, whose sweep a test may run as the live clock
// does.
func liveInstanceOf(t *testing.T, st *store.Store, accounts *account.Service, listen bool, now func() time.Time) (http.Handler, *correspondence.Service) {
	t.Helper()
	corr := correspondence.NewService(st.Correspondence(), correspondence.Options{Pairing: engines.Options().Pairing, Backstop: time.Hour, Now: now})
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	go corr.ListenForChanges(ctx, func(err error) { t.Errorf("the change feed: %v", err) })
	for try := 0; listen && !corr.Listening(); try++ {
		if try == 500 {
			t.Fatal("the instance's change feed does not listen")
		}
		time.Sleep(10 * time.Millisecond)
	}
	opt := engines.Options()
	opt.LiveRound, opt.Now = corr.StartLiveRound, now
	return apitest.NewRouter(api.Deps{
		DB: st, Events: tournament.NewService(st, opt), Accounts: accounts, Correspondence: corr,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Secret: []byte("the site's secret, which every instance shares"), Now: now,
	}), corr
}

// afterMove says, for a failure that follows it, what the server has of
// the game after the first move: whether the move was made (the server's
// ply), so that a page that did not show it is told apart from a move that
// was never sent.
func (tbl *liveTable) afterMove(s *apitest.WebServer) string {
	code, g := s.Do(tournament.ArbiterRole, "GET", fmt.Sprintf("/api/v1/games/%d", tbl.gid), nil)
	return fmt.Sprintf("the server's game then: status %d, ply %v, version %v", code, g["ply"], g["version"])
}

// stayed checks that a window's page was never loaded anew.
func (tbl *liveTable) stayed(t *testing.T, ctx context.Context, who string) {
	t.Helper()
	var same bool
	tbl.run(ctx, who+"'s page stayed", chromedp.Evaluate(`window.sameLoad === true`, &same))
	if !same {
		t.Errorf("%s's page was loaded anew", who)
	}
}

// drag presses the mouse on one square of the board, moves it in steps
// and lets go on another.
func drag(from, to string) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		var at []float64
		if err := chromedp.Evaluate(fmt.Sprintf(`(function () {
			document.querySelector("#tap-board svg").scrollIntoView({block: "center"});
			var a = document.querySelector('#tap-board rect[data-sq="%s"]').getBoundingClientRect();
			var b = document.querySelector('#tap-board rect[data-sq="%s"]').getBoundingClientRect();
			return [a.x + a.width / 2, a.y + a.height / 2, b.x + b.width / 2, b.y + b.height / 2];
		})()`, from, to), &at).Do(ctx); err != nil {
			return err
		}
		if err := input.DispatchMouseEvent(input.MousePressed, at[0], at[1]).WithButton(input.Left).WithButtons(1).WithClickCount(1).Do(ctx); err != nil {
			return err
		}
		for i := 1; i <= 6; i++ {
			x, y := at[0]+(at[2]-at[0])*float64(i)/6, at[1]+(at[3]-at[1])*float64(i)/6
			if err := input.DispatchMouseEvent(input.MouseMoved, x, y).WithButton(input.Left).WithButtons(1).Do(ctx); err != nil {
				return err
			}
		}
		return input.DispatchMouseEvent(input.MouseReleased, at[2], at[3]).WithButton(input.Left).WithClickCount(1).Do(ctx)
	})
}

// aMove picks a legal move of side that no other legal move starts and
// ends on the same squares as, so a drop tells it.
func aMove(t *testing.T, p adiukh.Position, side rules.Color, skip int) adiukh.Move {
	t.Helper()
	moves := p.LegalMoves(side)
	ends := map[[2]rules.Square]int{}
	for _, m := range moves {
		path := m.Path()
		ends[[2]rules.Square{path[0], path[len(path)-1]}]++
	}
	for _, m := range moves {
		path := m.Path()
		if ends[[2]rules.Square{path[0], path[len(path)-1]}] == 1 {
			if skip == 0 {
				return m
			}
			skip--
		}
	}
	t.Fatalf("no move of %s to pick in %v", side, moves)
	return adiukh.Move{}
}
