package play_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"adiukh/api/apitest"
	"adiukh/rules"
	"adiukh/rules/adiukh"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

// Two players play a live blitz game by dragging their pieces, Black's
// board turned round (rank 8 at the bottom, files h..a). Each move is sent
// as soon as it is dropped, without leaving the page, and shows on the
// other page from the stream. Black also drags a premove while White
// thinks: it is shown on the board and played as soon as White has moved.
// On SQLite: the same game on PostgreSQL is TestBrowserLiveGameOnTwoInstances,
// and a live game on one instance of either database TestBrowserLiveGame.
func TestBrowserLiveGameByDrag(t *testing.T) {
	t.Parallel()
	dragGameInBrowsers(t, apitest.NewWebServerOn(t, storetest.SQLite(t)), nil)
}

// The same game by drag, each player's page served by another instance
// over one PostgreSQL database: a move made on one instance reaches the
// page on the other through LISTEN/NOTIFY, as when a load balancer sends
// the two players to two servers.
func TestBrowserLiveGameOnTwoInstances(t *testing.T) {
	t.Parallel()
	storetest.SkipWithoutPostgres(t)
	dsn := storetest.MigratedDSNs(t)["postgres"]
	stores := storetest.TwoInstances(t, dsn)
	dragGameInBrowsers(t, apitest.NewWebServerOn(t, stores[0]), stores[1])
}

func dragGameInBrowsers(t *testing.T, s *apitest.WebServer, second *store.Store) {
	tbl := openLiveGame(t, s, second)
	run := tbl.run
	window := map[rules.Color]context.Context{rules.White: tbl.white, rules.Black: tbl.black}

	// Black looks from their side: a1 top right, h8 bottom left.
	for side, want := range map[rules.Color]bool{rules.White: false, rules.Black: true} {
		var turned bool
		run(window[side], "the board's side", chromedp.Evaluate(`(function () {
			var a1 = document.querySelector('#tap-board rect[data-sq="a1"]'), h8 = document.querySelector('#tap-board rect[data-sq="h8"]');
			return Number(a1.getAttribute("x")) > Number(h8.getAttribute("x")) && Number(a1.getAttribute("y")) < Number(h8.getAttribute("y"));
		})()`, &turned))
		if turned != want {
			t.Errorf("%s's board turned round: %v, want %v", side, turned, want)
		}
	}
	run(tbl.black, "a screenshot", apitest.Shot("live-game-black"))

	position := func() (adiukh.Position, rules.Color, int) {
		g := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/games/%d", tbl.gid), nil)
		p, err := adiukh.ParsePosition(g["position"].(string))
		if err != nil {
			t.Fatal(err)
		}
		side := rules.White
		if g["to_move"] == "black" {
			side = rules.Black
		}
		return p, side, int(apitest.Num(g["ply"]))
	}
	// shown waits until a window's table of moves has the move, the page
	// having taken in ply moves.
	shown := func(ctx context.Context, who string, m adiukh.Move, ply int) {
		t.Helper()
		var ok bool
		err := chromedp.Run(ctx, chromedp.Poll(fmt.Sprintf(`document.getElementById("live-game").dataset.ply === "%d" && document.getElementById("corr-moves").textContent.includes(%q)`, ply, m.String()),
			&ok, chromedp.WithPollingTimeout(15*time.Second)))
		if err != nil {
			// Whether the move was lost on the way to the page or never
			// made: what the page holds, and the server's ply.
			var state string
			_ = chromedp.Run(ctx, chromedp.Evaluate(`JSON.stringify({ply: document.getElementById("live-game").dataset.ply, version: document.getElementById("live-game").dataset.version, moves: document.getElementById("corr-moves").textContent, ping: JSON.stringify(document.getElementById("live-ping") && document.getElementById("live-ping").dataset)})`, &state))
			_, _, serverPly := position()
			t.Fatalf("%s sees %s: %v; the page holds %s; the server is at ply %d", who, m, err, state, serverPly)
		}
	}
	for range 4 {
		p, side, ply := position()
		m := aMove(t, p, side, ply%3)
		path := m.Path()
		run(window[side], fmt.Sprintf("%s drags %s", side, m), drag(path[0].String(), path[len(path)-1].String()))
		shown(window[side.Opponent()], side.Opponent().String(), m, ply+1)
		shown(window[side], side.String(), m, ply+1)
	}

	// White to move again: Black drags a premove of an answer to the move
	// White is about to play.
	p, side, ply := position()
	if side != rules.White {
		t.Fatalf("%s to move after 4 plies", side)
	}
	m := aMove(t, p, rules.White, 0)
	answer := aMove(t, p.Play(m), rules.Black, 0)
	from, to := answer.Path()[0].String(), answer.Path()[len(answer.Path())-1].String()
	var queued bool
	run(tbl.black, "Black drags a premove", drag(from, to),
		chromedp.Evaluate(fmt.Sprintf(`document.querySelector('#tap-board rect[data-sq="%s"]').classList.contains("premove") && document.querySelector('#tap-board rect[data-sq="%s"]').classList.contains("premove") && document.getElementById("wait-hint").textContent.includes("%s→%s")`, from, to, from, to), &queued))
	if !queued {
		t.Errorf("Black's premove %s→%s is not shown on the board", from, to)
	}
	path := m.Path()
	run(tbl.white, "White drags "+m.String(), drag(path[0].String(), path[len(path)-1].String()))
	shown(tbl.white, "White", answer, ply+2)
	if _, _, after := position(); after != ply+2 {
		t.Errorf("the game at ply %d after White's move and Black's premove, want %d", after, ply+2)
	}
	tbl.stayed(t, tbl.white, "White")
	tbl.stayed(t, tbl.black, "Black")
}
