package relay_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// TestBrowserOperatorTaps: on a 360 px phone the operator, by the round's
// link, taps a Russian board's first move (the piece, then its square),
// confirms it, and sees it in the moves; the page is no wider than the
// screen.
func TestBrowserOperatorTaps(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	id := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Первенство", "game": "russian", "discipline": "rapid", "system": "round-robin"})["id"])
	for _, name := range []string{"Абрегов", "Берсиров", "Гучетль", "Дауров"} {
		s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": name})
	}
	s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), nil)
	key := s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/relay/link", id), nil)["key"].(string)

	srv := httptest.NewServer(s.Handler)
	defer srv.Close()
	ctx := apitest.Browser(t)
	var typed, moves string
	var width int
	err := chromedp.Run(ctx,
		chromedp.EmulateViewport(360, 740, chromedp.EmulateScale(2), chromedp.EmulateMobile),
		chromedp.Navigate(srv.URL+"/relay/"+key+"/boards/1"),
		chromedp.WaitVisible(`#tap-board`),
		chromedp.Click(`#tap-board rect[data-sq="c3"]`),
		chromedp.Click(`#tap-board rect[data-sq="d4"]`),
		chromedp.Value(`#move-input`, &typed),
		chromedp.Evaluate(`document.documentElement.scrollWidth`, &width),
	)
	if err != nil {
		t.Fatal(err)
	}
	if typed != "c3-d4" {
		t.Fatalf("tapping c3, d4 wrote %q, want c3-d4", typed)
	}
	if width > 360 {
		t.Errorf("the operator's page is %d px wide on a 360 px screen", width)
	}
	if err := chromedp.Run(ctx, apitest.Load(`#move-confirm`), chromedp.Text(`#relay-moves`, &moves)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(moves, "c3-d4") {
		t.Errorf("the moves after the confirmation: %q", moves)
	}
	round := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1/relay", id), nil)["boards"].([]any)[0].(map[string]any)
	if round["last_move"] != "c3-d4" {
		t.Errorf("board 1 read by the API after the taps: %v", round)
	}
}
