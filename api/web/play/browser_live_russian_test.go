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

// Two players in two Chromium windows play a live blitz game of Russian
// draughts (issue 51.6), Black's on a phone: each taps their moves on the
// board of flat pieces, a compulsory capture and the capture back
// included, and each move shows on the other page from the stream — the
// piece on its square, the piece taken gone, a man drawn as a man (no
// tower) — without a page loaded anew; Black's premove, tapped while White
// thinks, is played when White has moved. On both databases.
func TestBrowserLiveRussianGame(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			liveRussianGameInBrowsers(t, apitest.NewWebServerOn(t, st))
		})
	}
}

func liveRussianGameInBrowsers(t *testing.T, s *apitest.WebServer) {
	tbl := openLiveGameOf(t, s, nil, map[string]any{"game": "russian"})
	white, black, run, gid := tbl.white, tbl.black, tbl.run, tbl.gid
	run(black, "Black plays on a phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)),
		chromedp.Reload(), chromedp.WaitVisible(`#tap-board svg`), chromedp.Evaluate(`window.sameLoad = true`, nil))
	var flat bool
	run(white, "White's board has flat men",
		chromedp.Evaluate(`document.querySelector('#tap-board g[data-tower="c3"] circle.rim-w') !== null && document.querySelector('#tap-board g[data-tower="f6"] circle.rim-b') !== null && document.querySelector("#tap-board g[data-tower] text") === null`, &flat))
	if !flat {
		t.Fatal("White's board does not draw Russian draughts' men")
	}
	window := func(who string) context.Context {
		if who == "Black" {
			return black
		}
		return white
	}
	// shows waits until a player's page shows the moves and the move form
	// for the ply.
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
	tap("White", "c3", "d4")
	shows("Black", "c3-d4", 1)
	var drawn bool
	run(black, "Black's page draws White's man on d4",
		chromedp.Evaluate(`document.querySelector('#tap-board g[data-tower="d4"] circle.rim-w') !== null && document.querySelector('#tap-board g[data-tower="c3"]').childElementCount === 0`, &drawn))
	if !drawn {
		t.Error("Black's page does not show White's man on d4")
	}
	tap("Black", "f6", "g5")
	shows("White", "f6-g5", 2)
	tap("White", "g3", "h4")
	shows("Black", "g3-h4", 3)
	tap("Black", "g5", "f4")
	shows("White", "g5-f4", 4)
	// White must take: the only move offered is e3:g5.
	var legal string
	run(white, "White's legal moves", chromedp.Evaluate(`document.getElementById("tap-board").dataset.legal`, &legal))
	if legal != "e3 g5=e3:g5" {
		t.Errorf("White's legal moves with a capture to make: %q", legal)
	}
	tap("White", "e3", "g5")
	shows("Black", "e3:g5", 5)
	run(black, "Black's page has the taken man gone",
		chromedp.Evaluate(`document.querySelector('#tap-board g[data-tower="f4"]').childElementCount === 0 && document.querySelector('#tap-board g[data-tower="g5"] circle.rim-w') !== null`, &drawn))
	if !drawn {
		t.Error("Black's page does not show the capture")
	}
	tap("Black", "h6", "f4")
	shows("White", "h6:f4", 6)
	run(white, "a screenshot", apitest.Shot("live-russian-game"))
	run(black, "a screenshot", apitest.Shot("live-russian-game-phone"))
	g := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/games/%d", gid), nil)
	if apitest.Num(g["ply"]) != 6 || g["game"] != "russian" || !strings.Contains(g["towers"].(string), "f4:bm") || strings.Contains(g["towers"].(string), "g5:") {
		t.Errorf("the game after six moves in the browsers: %v", g)
	}
	// While White thinks, Black taps a premove with the man on f4 (a flat
	// piece is theirs as a tower's top is): it is played as soon as White
	// has moved.
	var queued bool
	tap("Black", "f4", "g3")
	run(black, "Black's premove is shown",
		chromedp.Evaluate(`document.querySelector('#tap-board rect[data-sq="f4"]').classList.contains("premove") && document.querySelector('#tap-board rect[data-sq="g3"]').classList.contains("premove")`, &queued))
	if !queued {
		t.Error("Black's premove f4→g3 is not shown on the board")
	}
	tap("White", "a3", "b4")
	shows("White", "f4-g3", 8)
	tbl.stayed(t, white, "White")
	tbl.stayed(t, black, "Black")
}
