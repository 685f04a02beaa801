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

// Two players in two Chromium windows play a live Russian draughts
// micro-match (issue 51): the first game's page says it is game 1 and
// names the opening; one player resigns it from the page, and both, at the
// board, are taken to the second game by the stream at once. The second game's page says it is game 2 with game 1's
// result, and the side to move taps the first move of the second game
// there, which shows on the other page. On SQLite: the second game's start
// on both databases is tournament/correspondence's TestLiveMicroMatch,
// and a live game's stream on both TestBrowserLiveGame.
func TestBrowserLiveMicroMatch(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServerOn(t, storetest.SQLite(t))
	tbl := openLiveGameOf(t, s, nil, map[string]any{"game": "russian", "micro_match": "round"})
	// tbl.white is the side to move of game 1 (the opening may
	// leave Black to move); tbl.black resigns it.
	mover, resigner, run := tbl.white, tbl.black, tbl.run
	var first bool
	run(mover, "game 1's page", chromedp.Evaluate(`document.getElementById("micro-match").dataset.game === "1"`, &first))
	if !first {
		t.Fatal("the first game's page does not say it is game 1 of the micro-match")
	}
	run(resigner, "the resignation", chromedp.Click(`form.resign input[name=confirm]`), chromedp.Click(`form.resign button`))
	// Both players were at the board: each is taken to game 2 (a
	// check that meets the page as it goes is made again).
	for who, window := range map[string]context.Context{"the mover": mover, "the resigner": resigner} {
		arrived := false
		for try := 0; !arrived && try < 75; try++ {
			if err := chromedp.Run(window, chromedp.Evaluate(`document.getElementById("micro-match") !== null && document.getElementById("micro-match").dataset.game === "2" && document.getElementById("tap-board") !== null`, &arrived)); err != nil || !arrived {
				arrived = false
				time.Sleep(200 * time.Millisecond)
			}
		}
		if !arrived {
			t.Fatalf("%s's window is not taken to game 2", who)
		}
	}
	// Both pages are let come to game 2 as the server has it, the
	// players arrived and connected (each a change the pages put
	// in place), so that nothing is tapped on a section about to
	// be replaced.
	var second string
	run(mover, "game 2's ID", chromedp.Evaluate(`document.getElementById("live-game").dataset.game`, &second))
	var version string
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		g := s.Must(http.StatusOK, "", "GET", "/api/v1/games/"+second, nil)
		if g["white_connection"] == "connected" && g["black_connection"] == "connected" {
			version = fmt.Sprint(int(apitest.Num(g["version"])))
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("game 2's players do not both connect: %v", g)
		}
	}
	for who, window := range map[string]context.Context{"the mover": mover, "the resigner": resigner} {
		if err := evaluateUntil(window, fmt.Sprintf(`document.getElementById("live-game").dataset.version === %q`, version)); err != nil {
			t.Fatalf("%s's page does not come to game 2's version %s: %v", who, version, err)
		}
	}
	// Read in one evaluation: the page may put its game section
	// anew as the players arrive (a node read apart may be gone).
	var text string
	run(mover, "game 2's page", chromedp.Evaluate(`document.getElementById("micro-match").textContent`, &text))
	if !strings.Contains(text, "2:0") && !strings.Contains(text, "0:2") {
		t.Errorf("game 2's page does not give game 1's result: %q", text)
	}

	// The side to move of game 2 taps its first legal move.
	var moverMoves bool
	run(mover, "whose move in game 2", chromedp.WaitVisible(`#tap-board svg`), chromedp.Evaluate(`!document.getElementById("move-form").hidden`, &moverMoves))
	next, waiter := resigner, mover
	if moverMoves {
		next, waiter = mover, resigner
	}
	var legal string
	run(next, "the legal moves of game 2", chromedp.WaitVisible(`#tap-board svg`), chromedp.Evaluate(`document.getElementById("tap-board").dataset.legal`, &legal))
	path, move, ok := strings.Cut(strings.Split(legal, ";")[0], "=")
	if !ok {
		t.Fatalf("game 2's legal moves: %q", legal)
	}
	for _, sq := range strings.Fields(path) {
		run(next, "a tap on "+sq, chromedp.Click(fmt.Sprintf(`#tap-board rect[data-sq="%s"]`, sq)))
	}
	var shown bool
	run(waiter, "game 2's first move on the other page", chromedp.Poll(fmt.Sprintf(`document.querySelector("#live-game .corr-moves").textContent.includes(%q) && !document.getElementById("move-form").hidden`, move),
		&shown, chromedp.WithPollingTimeout(15*time.Second)))
	run(waiter, "a screenshot", apitest.Shot("live-micro-match"))
}
