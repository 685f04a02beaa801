package play_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"adiukh/api/apitest"
	"adiukh/tournament/store/storetest"
)

// Two players in two Chromium windows play a live blitz game of
// international draughts (issue 58.5) on its 10×10 board of numbered
// squares, Black's turned round and on a phone: taps and drags, a
// compulsory capture written 28x19 and the capture back, each move shown
// on the other page from the stream with its two squares marked, and
// Black's premove, tapped while White thinks, played when White has
// moved; no page is loaded anew. On both databases.
func TestBrowserLiveInternationalGame(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			liveInternationalGameInBrowsers(t, apitest.NewWebServerOn(t, st))
		})
	}
}

func liveInternationalGameInBrowsers(t *testing.T, s *apitest.WebServer) {
	tbl := openLiveGameOf(t, s, nil, map[string]any{"game": "international"})
	white, black, run, gid := tbl.white, tbl.black, tbl.run, tbl.gid
	run(black, "Black plays on a phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)),
		chromedp.Reload(), chromedp.WaitVisible(`#tap-board svg`), chromedp.Evaluate(`window.sameLoad = true`, nil))
	window := func(who string) context.Context {
		if who == "Black" {
			return black
		}
		return white
	}
	// The board: 50 numbered dark squares, square 1 at the top left for
	// White and at the bottom right for Black, who sits across the board.
	for who, want := range map[string]string{"White": "top-left", "Black": "bottom-right"} {
		var where string
		run(window(who), who+"'s board", chromedp.Evaluate(`(function () {
			var squares = document.querySelectorAll('#tap-board rect[data-sq]');
			var one = document.querySelector('#tap-board rect[data-sq="1"]'), fifty = document.querySelector('#tap-board rect[data-sq="50"]');
			if (squares.length !== 50 || !one || !fifty || document.querySelectorAll('#tap-board text.sq-no').length !== 50) return "not a board of 50 numbered squares";
			var x1 = Number(one.getAttribute("x")), y1 = Number(one.getAttribute("y")), x50 = Number(fifty.getAttribute("x")), y50 = Number(fifty.getAttribute("y"));
			return (y1 < y50 ? "top" : "bottom") + "-" + (x1 < x50 ? "left" : "right");
		})()`, &where))
		if where != want {
			t.Errorf("%s's board has square 1 at the %s, want the %s", who, where, want)
		}
	}
	var men bool
	run(white, "White's board has the men on 1–20 and 31–50",
		chromedp.Evaluate(`[...document.querySelectorAll('#tap-board g[data-tower]')].every(function (g) {
			var n = Number(g.dataset.tower);
			var want = n <= 20 ? "rim-b" : n >= 31 ? "rim-w" : "";
			return want ? g.querySelector("circle." + want) !== null : g.childElementCount === 0;
		})`, &men))
	if !men {
		t.Fatal("White's board does not set up international draughts")
	}
	var example string
	run(white, "the move field's example", chromedp.Evaluate(`document.getElementById("move-input").placeholder`, &example))
	if example != "31-27" {
		t.Errorf("the move field's example is %q, want a move of international draughts", example)
	}
	shows := func(who, moves string, ply int) {
		t.Helper()
		var ok bool
		run(window(who), who+"'s page shows "+moves, chromedp.Poll(fmt.Sprintf(`document.querySelector("#live-game .corr-moves").textContent.includes(%q) && !document.getElementById("move-form").hidden && document.querySelector('#move-form input[name=ply]').value === "%d"`, moves, ply),
			&ok, chromedp.WithPollingTimeout(15*time.Second)))
	}
	tap := func(who string, squares ...string) {
		t.Helper()
		for _, sq := range squares {
			run(window(who), who+" taps "+sq, chromedp.Click(fmt.Sprintf(`#tap-board rect[data-sq="%s"]`, sq)))
		}
	}
	// marked checks a page's marks: the squares the last move left and
	// reached, and no other.
	marked := func(who string, squares ...string) {
		t.Helper()
		var got []string
		run(window(who), who+"'s marked squares", chromedp.Evaluate(`[...document.querySelectorAll('#tap-board rect.mark')].map(function (r) { return r.dataset.sq; }).sort()`, &got))
		if strings.Join(got, " ") != strings.Join(squares, " ") {
			t.Errorf("%s's page marks %v, want %v", who, got, squares)
		}
	}
	tap("White", "32", "28")
	shows("Black", "32-28", 1)
	var drawn bool
	run(black, "Black's page draws White's man on 28",
		chromedp.Evaluate(`document.querySelector('#tap-board g[data-tower="28"] circle.rim-w') !== null && document.querySelector('#tap-board g[data-tower="32"]').childElementCount === 0`, &drawn))
	if !drawn {
		t.Error("Black's page does not show White's man on 28")
	}
	marked("Black", "28", "32")
	run(black, "Black drags 19 to 23", drag("19", "23"))
	shows("White", "19-23", 2)
	// White must take: the only move offered is 28x19.
	var legal string
	run(white, "White's legal moves", chromedp.Evaluate(`document.getElementById("tap-board").dataset.legal`, &legal))
	if legal != "28 19=28x19" {
		t.Errorf("White's legal moves with a capture to make: %q", legal)
	}
	// A tap on another man of White's, which may not move while the
	// capture is compulsory, is answered (issue 64), not ignored.
	tap("White", "31")
	var refused string
	run(white, "the hint after the tap on 31", chromedp.Text(`#tap-hint`, &refused))
	if refused != apitest.RuT("corr.tap_not_this") {
		t.Errorf("after a tap on a man that may not move White's page says %q, want %q", refused, apitest.RuT("corr.tap_not_this"))
	}
	tap("White", "28", "19")
	shows("Black", "28x19", 3)
	run(black, "Black's page has the taken man gone",
		chromedp.Evaluate(`document.querySelector('#tap-board g[data-tower="23"]').childElementCount === 0 && document.querySelector('#tap-board g[data-tower="19"] circle.rim-w') !== null`, &drawn))
	if !drawn {
		t.Error("Black's page does not show the capture")
	}
	marked("Black", "19", "28")
	run(black, "Black's legal moves", chromedp.Evaluate(`document.getElementById("tap-board").dataset.legal.split(";").sort().join(";")`, &legal))
	if legal != "13 24=13x24;14 23=14x23" {
		t.Errorf("Black's legal moves with a capture to make: %q", legal)
	}
	run(black, "Black drags 14 to 23", drag("14", "23"))
	shows("White", "14x23", 4)
	marked("White", "14", "23")
	// While White thinks, Black taps a premove of the man on 20: it is
	// played as soon as White has moved.
	var queued bool
	tap("Black", "20", "25")
	run(black, "Black's premove is shown",
		chromedp.Evaluate(`document.querySelector('#tap-board rect[data-sq="20"]').classList.contains("premove") && document.querySelector('#tap-board rect[data-sq="25"]').classList.contains("premove")`, &queued))
	if !queued {
		t.Error("Black's premove 20→25 is not shown on the board")
	}
	run(white, "White drags 31 to 27", drag("31", "27"))
	shows("White", "20-25", 6)
	run(white, "a screenshot", apitest.Shot("live-international-game"))
	run(black, "a screenshot", apitest.Shot("live-international-game-phone"))
	g := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/games/%d", gid), nil)
	if apitest.Num(g["ply"]) != 6 || g["game"] != "international" || !strings.Contains(" "+g["towers"].(string), " 25:bm") || strings.Contains(" "+g["towers"].(string), " 20:") {
		t.Errorf("the game after six moves in the browsers: %v", g)
	}
	tbl.stayed(t, white, "White")
	tbl.stayed(t, black, "Black")

	// Black resigns; the game's viewer steps through it on the numbered
	// board: the first move, 32-28, shown with its squares marked, then
	// the capture.
	run(black, "Black resigns", chromedp.Click(`form.resign input[name=confirm]`, chromedp.ByQuery), chromedp.Click(`form.resign button`, chromedp.ByQuery))
	var over bool
	run(white, "White's page hears the end", chromedp.Poll(`document.querySelector("#live-game form.resign") === null`, &over, chromedp.WithPollingTimeout(15*time.Second)))
	var steps []string
	run(white, "White steps through the game", chromedp.Click(`#live-game a[href^="/events/"]`, chromedp.ByQuery), chromedp.WaitVisible(`#viewer [data-step]`),
		chromedp.Evaluate(`(function () {
			var viewer = document.getElementById("viewer"), seen = [];
			function look() {
				var men = [...viewer.querySelectorAll("g[data-tower]")].filter(function (g) { return g.childElementCount > 0; }).length;
				var marks = [...viewer.querySelectorAll("rect.mark")].map(function (r) { return r.dataset.sq; }).sort().join(",");
				var on28 = viewer.querySelector('g[data-tower="28"] circle.rim-w') !== null;
				seen.push(men + " men, marked " + marks + (on28 ? ", a man on 28" : ""));
			}
			viewer.querySelector("[data-step=first]").click(); look();
			viewer.querySelector("[data-step=next]").click(); look();
			viewer.querySelector("[data-step=next]").click(); look();
			viewer.querySelector("[data-step=next]").click(); look();
			return seen;
		})()`, &steps), apitest.Shot("game-international"))
	if want := []string{"40 men, marked ", "40 men, marked 28,32, a man on 28", "40 men, marked 19,23, a man on 28", "39 men, marked 19,28"}; strings.Join(steps, "; ") != strings.Join(want, "; ") {
		t.Errorf("the viewer's first positions: %q, want %q", steps, want)
	}
}
