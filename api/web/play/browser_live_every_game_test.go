package play_test

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"adiukh/api/apitest"
	"adiukh/tournament/store/storetest"
)

// Two players in two Chromium windows play a live blitz game of every game
// of the registry, Black's board turned round and on a phone: the board
// has the game's squares, White's farthest at the top left for White and
// the bottom right for Black, and its pieces where the game starts; the
// move field's example is a move of the game; each taps or drags their
// moves, a compulsory capture (a tap on a man that may not move answered)
// and the move back included, each move shown on the other page from the
// stream with its two squares marked and the piece taken gone; Black's
// premove, tapped while White thinks, is played when White has moved; no
// page is loaded anew; after Black resigns the game's viewer steps
// through it. Each game's moves are its test data's
// (rules/games/testdata/KEY/site.json). The games take the databases in
// turn: what a game's moves do to the store is the same SQL for every game,
// played for each game on both databases through the API (api/v1's
// TestEveryGameLive), and a live game's stream on both in the browser
// (TestBrowserLiveGame); a whole browser game per game and database was a
// fifth of this package's time.
func TestBrowserLiveEveryGame(t *testing.T) {
	t.Parallel()
	for i, d := range apitest.EveryGame(t) {
		t.Run(d.Game.Key, func(t *testing.T) {
			t.Parallel()
			stores := storetest.Open(t)
			names := slices.Sorted(maps.Keys(stores))
			name := names[i%len(names)]
			t.Logf("on %s", name)
			everyGameLiveInBrowsers(t, apitest.NewWebServerOn(t, stores[name]), d)
		})
	}
}

// squaresOf are the squares a move passes, as the board lists them.
func squaresOf(move string) []string { return regexp.MustCompile(`[-:x]`).Split(move, -1) }

// ends are the squares a move leaves and reaches, as the board taps them.
func ends(move string) (from, to string) {
	squares := squaresOf(move)
	return squares[0], squares[len(squares)-1]
}

// sorted are squares in the order a page's marks are compared in.
func sorted(squares ...string) string {
	slices.Sort(squares)
	return strings.Join(squares, " ")
}

func everyGameLiveInBrowsers(t *testing.T, s *apitest.WebServer, d apitest.GameData) {
	v := d.Game
	tbl := openLiveGameOf(t, s, nil, map[string]any{"game": v.Key})
	white, black, run, gid := tbl.white, tbl.black, tbl.run, tbl.gid
	run(black, "Black plays on a phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)),
		chromedp.Reload(), chromedp.WaitVisible(`#tap-board svg`), chromedp.Evaluate(`window.sameLoad = true`, nil))
	comeToTheGame(t, func() map[string]any {
		return s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/games/%d", gid), nil)
	},
		map[string]context.Context{"Black": black})
	window := func(who string) context.Context {
		if who == "Black" {
			return black
		}
		return white
	}
	// The board: the game's dark squares (numbered where the game numbers
	// them), White's farthest left one at the top left for White and at
	// the bottom right for Black, who sits across the board from White's
	// nearest right one.
	var far, near string
	for f := 0; far == ""; f++ {
		far, _ = v.Board.SquareName(f, v.Board.Size-1)
	}
	for f := v.Board.Size - 1; near == ""; f-- {
		near, _ = v.Board.SquareName(f, 0)
	}
	for who, want := range map[string]string{"White": "top-left", "Black": "bottom-right"} {
		var where string
		run(window(who), who+"'s board", chromedp.Evaluate(fmt.Sprintf(`(function () {
			var far = document.querySelector('#tap-board rect[data-sq="%s"]'), near = document.querySelector('#tap-board rect[data-sq="%s"]');
			if (document.querySelectorAll('#tap-board rect[data-sq]').length !== %d || !far || !near) return "not the game's board";
			if (%v && document.querySelectorAll('#tap-board text.sq-no').length !== %[3]d) return "its squares not numbered";
			var x1 = Number(far.getAttribute("x")), y1 = Number(far.getAttribute("y")), x2 = Number(near.getAttribute("x")), y2 = Number(near.getAttribute("y"));
			return (y1 < y2 ? "top" : "bottom") + "-" + (x1 < x2 ? "left" : "right");
		})()`, far, near, v.Board.Squares(), v.Board.Numeric), &where))
		if where != want {
			t.Errorf("%s's board has %s at the %s, want the %s", who, far, where, want)
		}
	}
	// The pieces where the game starts, as the API lists them ("c3:wm"):
	// flat men for a game without towers, something drawn on every other
	// square of a piece, nothing elsewhere.
	g := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/games/%d", gid), nil)
	pieces := map[string]string{}
	for _, p := range strings.Fields(g["towers"].(string)) {
		sq, what, _ := strings.Cut(p, ":")
		pieces[sq] = what
	}
	var wrong []string
	run(white, "White's board has the game's men", chromedp.Evaluate(fmt.Sprintf(`(function () {
		var pieces = %s, towers = %v, wrong = [];
		document.querySelectorAll('#tap-board g[data-tower]').forEach(function (g) {
			var p = pieces[g.dataset.tower];
			var ok = !p ? g.childElementCount === 0 : towers ? g.childElementCount > 0 : g.querySelector("circle.rim-" + p[0]) !== null && g.querySelector("text") === null;
			if (!ok) wrong.push(g.dataset.tower);
		});
		return wrong;
	})()`, jsObject(pieces), v.Towers), &wrong))
	if len(wrong) != 0 {
		t.Fatalf("White's board does not set up %s on %v", v.Key, wrong)
	}
	var example string
	run(white, "the move field's example", chromedp.Evaluate(`document.getElementById("move-input").placeholder`, &example))
	if legal := g["legal"].(string); example == "" || !strings.Contains(legal+";", "="+example+";") {
		t.Errorf("the move field's example is %q, want a move of %s (%s)", example, v.Key, legal)
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
		run(window(who), who+"'s marked squares", chromedp.Evaluate(`[...document.querySelectorAll('#tap-board rect.mark')].map(function (r) { return r.dataset.sq; })`, &got))
		if sorted(got...) != sorted(squares...) {
			t.Errorf("%s's page marks %v, want %v", who, got, squares)
		}
	}
	pieceCount := func(who string) int {
		t.Helper()
		var n int
		run(window(who), who+"'s pieces", chromedp.Evaluate(`[...document.querySelectorAll('#tap-board g[data-tower]')].filter(function (g) { return g.childElementCount > 0; }).length`, &n))
		return n
	}
	// The opening: White taps, Black drags; the first move is drawn and
	// marked on Black's page.
	for ply, m := range d.Opening {
		from, to := ends(m)
		who, other := "White", "Black"
		if ply%2 == 1 {
			who, other = "Black", "White"
			run(black, "Black drags "+m, drag(from, to))
		} else {
			tap(who, from, to)
		}
		shows(other, m, ply+1)
		if ply == 0 {
			var drawn bool
			run(black, "Black's page draws White's move "+m,
				chromedp.Evaluate(fmt.Sprintf(`document.querySelector('#tap-board g[data-tower="%s"]').childElementCount > 0 && document.querySelector('#tap-board g[data-tower="%s"]').childElementCount === 0`, to, from), &drawn))
			if !drawn {
				t.Errorf("Black's page does not show White's %s", m)
			}
			marked("Black", from, to)
		}
	}
	ply := len(d.Opening)
	// White must take: the only move offered is the capture, and a tap on
	// a man that may not move is answered (issue 64), not ignored.
	var legal string
	run(white, "White's legal moves", chromedp.Evaluate(`document.getElementById("tap-board").dataset.legal`, &legal))
	from, to := ends(d.Capture)
	if want := strings.Join(squaresOf(d.Capture), " ") + "=" + d.Capture; legal != want {
		t.Errorf("White's legal moves with a capture to make: %q, want %q", legal, want)
	}
	quiet, _ := ends(d.Quiet)
	tap("White", quiet)
	var refused string
	run(white, "the hint after the tap on "+quiet, chromedp.Text(`#tap-hint`, &refused))
	if refused != apitest.RuT("corr.tap_not_this") {
		t.Errorf("after a tap on a man that may not move White's page says %q, want %q", refused, apitest.RuT("corr.tap_not_this"))
	}
	before := pieceCount("Black")
	tap("White", from, to)
	shows("Black", d.Capture, ply+1)
	// A piece is taken on each leg of the capture.
	if after, taken := pieceCount("Black"), len(squaresOf(d.Capture))-1; after != before-taken {
		t.Errorf("Black's page has %d pieces after the capture, %d before: the %d taken are not gone", after, before, taken)
	}
	marked("Black", from, to)
	from, to = ends(d.Back)
	run(black, "Black drags "+d.Back, drag(from, to))
	shows("White", d.Back, ply+2)
	marked("White", from, to)
	// While White thinks, Black taps a premove: it is played as soon as
	// White has moved.
	from, to = ends(d.Premove)
	tap("Black", from, to)
	var queued bool
	run(black, "Black's premove is shown",
		chromedp.Evaluate(fmt.Sprintf(`document.querySelector('#tap-board rect[data-sq="%s"]').classList.contains("premove") && document.querySelector('#tap-board rect[data-sq="%s"]').classList.contains("premove")`, from, to), &queued))
	if !queued {
		t.Errorf("Black's premove %s is not shown on the board", d.Premove)
	}
	then, thenTo := ends(d.Then)
	tap("White", then, thenTo)
	shows("White", d.Premove, ply+4)
	run(white, "a screenshot", apitest.Shot("live-"+v.Key+"-game"))
	run(black, "a screenshot", apitest.Shot("live-"+v.Key+"-game-phone"))
	if g := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/games/%d", gid), nil); apitest.Num(g["ply"]) != ply+4 || g["game"] != v.Key {
		t.Errorf("the game after its moves in the browsers: %v", g)
	}
	tbl.stayed(t, white, "White")
	tbl.stayed(t, black, "Black")

	// Black resigns; the game's viewer steps through it: the start, then
	// the first move with its squares marked.
	run(black, "Black resigns", chromedp.Click(`form.resign input[name=confirm]`, chromedp.ByQuery), chromedp.Click(`form.resign button`, chromedp.ByQuery))
	var over bool
	run(white, "White's page hears the end", chromedp.Poll(`document.querySelector("#live-game form.resign") === null`, &over, chromedp.WithPollingTimeout(15*time.Second)))
	var steps []string
	run(white, "White steps through the game", chromedp.Click(`#live-game a[href^="/events/"]`, chromedp.ByQuery), chromedp.WaitVisible(`#viewer [data-step]`),
		chromedp.Evaluate(`(function () {
			var viewer = document.getElementById("viewer"), seen = [];
			function look() {
				var pieces = [...viewer.querySelectorAll("g[data-tower]")].filter(function (g) { return g.childElementCount > 0; }).length;
				var marks = [...viewer.querySelectorAll("rect.mark")].map(function (r) { return r.dataset.sq; }).sort().join(" ");
				seen.push(pieces + " pieces, marked " + marks);
			}
			viewer.querySelector("[data-step=first]").click(); look();
			viewer.querySelector("[data-step=next]").click(); look();
			return seen;
		})()`, &steps), apitest.Shot("game-"+v.Key))
	from, to = ends(d.Opening[0])
	if want := []string{fmt.Sprintf("%d pieces, marked ", len(pieces)), fmt.Sprintf("%d pieces, marked %s", len(pieces), sorted(from, to))}; strings.Join(steps, "; ") != strings.Join(want, "; ") {
		t.Errorf("the viewer's first positions: %q, want %q", steps, want)
	}
}

// jsObject writes a map of strings as a JavaScript object.
func jsObject(m map[string]string) string {
	var b strings.Builder
	b.WriteString("{")
	for k, v := range m {
		fmt.Fprintf(&b, "%q: %q,", k, v)
	}
	b.WriteString("}")
	return b.String()
}
