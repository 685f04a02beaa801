package hall_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"adiukh/api/apitest"
)

// A reader's open hall follows the relay with no reload (a mark left on
// the window stays): a move relayed is drawn on its board with its last
// move, the board's result when the arbiter enters it, and the round's
// timer counts past the games' time; for a game of each board the
// registry has (8×8, 10×10).
func TestBrowserHallFollowsTheRelay(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	at, run := apitest.BrowserOn(t, s.Handler)
	sizes := map[int]bool{}
	for _, d := range apitest.EveryGame(t) {
		if sizes[d.Game.Board.Size] {
			continue
		}
		sizes[d.Game.Board.Size] = true
		id, relayed := hallEvent(t, s.Server, d)
		board := fmt.Sprintf(`#hall [data-board="%d"]`, relayed)
		run(d.Game.Key+": open the hall",
			chromedp.Navigate(at(fmt.Sprintf("/events/%d/hall", id))),
			chromedp.WaitVisible(board+` [data-drawn]`),
			chromedp.Evaluate(`window.adiukhMark = "kept"`, nil),
		)
		var white, black string
		var version int
		round := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)
		players := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/players", id), nil)["players"].([]any)
		nameOf := func(pid int) string {
			for _, p := range players {
				if p := p.(map[string]any); apitest.Num(p["id"]) == pid {
					return p["name"].(string)
				}
			}
			return ""
		}
		for _, g := range round["games"].([]any) {
			if g := g.(map[string]any); apitest.Num(g["board"]) == relayed {
				white, black, version = nameOf(apitest.Num(g["white"])), nameOf(apitest.Num(g["black"])), apitest.Num(g["version"])
			}
		}
		Relay(t, s.Server, id, relayed, white, black, d.Opening[:4])
		var moved bool
		var mark string
		run(d.Game.Key+": the move relayed is drawn in place",
			chromedp.Poll(fmt.Sprintf(`document.querySelector('%s .last-move-text').textContent === %q`, board, d.Opening[3]), &moved, chromedp.WithPollingTimeout(10*time.Second)),
			chromedp.Evaluate(`window.adiukhMark || ""`, &mark),
		)
		if !moved || mark != "kept" {
			t.Fatalf("%s: the move shown %v, the page's mark %q (want kept: no reload)", d.Game.Key, moved, mark)
		}
		var marked int
		run(d.Game.Key+": its squares marked",
			chromedp.Evaluate(fmt.Sprintf(`document.querySelectorAll('%s rect.mark').length`, board), &marked),
		)
		if marked != 2 {
			t.Errorf("%s: %d squares marked, want the last move's two", d.Game.Key, marked)
		}
		s.Must(http.StatusOK, apitest.Arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/1/games/%d/result", id, relayed),
			map[string]any{"score": d.WonScore, "end_reason": d.WonReason, "version": version})
		var scored bool
		var timer string
		run(d.Game.Key+": the result entered appears in place",
			chromedp.Poll(fmt.Sprintf(`document.querySelector('%s').classList.contains('has-result') && document.querySelector('%s .score') !== null`, board, board), &scored, chromedp.WithPollingTimeout(10*time.Second)),
			chromedp.Evaluate(`document.getElementById('round-timer').dataset.shown`, &timer),
			chromedp.Evaluate(`window.adiukhMark || ""`, &mark),
		)
		if !scored || mark != "kept" || timer != "over" {
			t.Errorf("%s: the result shown %v, the timer %q (want over: the round's results are all in), the mark %q", d.Game.Key, scored, timer, mark)
		}
	}
}

// The hall screen turns its pages of boards by itself, one page shown at
// a time, and its timer counts from the server's instant: a round that
// started long ago is past its games' time.
func TestBrowserHallScreenTurnsItsPages(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	at, run := apitest.BrowserOn(t, s.Handler)
	d := apitest.EveryGame(t)[0]
	id, _ := hallEvent(t, s.Server, d)
	var pages, visible int
	var timer, text string
	run("open the hall screen",
		chromedp.Navigate(at(fmt.Sprintf("/events/%d/hall/screen?per=1&rotate=2", id))),
		chromedp.WaitVisible(`.screen-page[data-page="0"]`, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelectorAll('.screen-page').length`, &pages),
		chromedp.Evaluate(`document.getElementById('round-timer').dataset.shown`, &timer),
		chromedp.Text(`#round-timer .timer-text`, &text, chromedp.ByQuery),
	)
	if pages != 4 || timer != "overtime" || text == "" {
		t.Fatalf("the screen: %d pages (want 4: a board each), the timer %q %q (want overtime)", pages, timer, text)
	}
	for _, want := range []string{"1", "2"} {
		var turned bool
		run("the screen turns to page "+want,
			chromedp.Poll(fmt.Sprintf(`document.getElementById('hall').dataset.page === %q`, want), &turned, chromedp.WithPollingTimeout(10*time.Second)),
			chromedp.Evaluate(`[...document.querySelectorAll('.screen-page')].filter(p => !p.hidden).length`, &visible),
		)
		if !turned || visible != 1 {
			t.Errorf("page %s: turned %v, %d pages shown (want 1)", want, turned, visible)
		}
	}
}

// A board's open page writes the moves the relay adds after its own, sent
// alone, and a correction from the ply it changed, with no reload.
func TestBrowserBoardPageFollowsTheMoves(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	at, run := apitest.BrowserOn(t, s.Handler)
	d := apitest.EveryGame(t)[0]
	id, relayed := hallEvent(t, s.Server, d)
	round := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/hall", id), nil)
	var white, black string
	for _, b := range round["boards"].([]any) {
		if b := b.(map[string]any); apitest.Num(b["board"]) == relayed {
			white, black = b["white"].(map[string]any)["name"].(string), b["black"].(map[string]any)["name"].(string)
		}
	}
	shown := `[...document.querySelectorAll('#board-moves td:not(.num)')].map(td => td.textContent).filter(Boolean).join(' ')`
	var moves, mark string
	run("open the board's page",
		chromedp.Navigate(at(fmt.Sprintf("/events/%d/hall/rounds/1/boards/%d", id, relayed))),
		chromedp.WaitVisible(`#board-moves`),
		chromedp.Evaluate(`window.adiukhMark = "kept"`, nil),
		chromedp.Evaluate(shown, &moves),
	)
	if want := strings.Join(d.Opening[:2], " "); moves != want {
		t.Fatalf("the page shows %q, want %q", moves, want)
	}
	for _, plies := range [][]string{d.Opening[:4], {d.Opening[0], d.Opening[1], d.Opening[2]}} {
		Relay(t, s.Server, id, relayed, white, black, plies)
		want := strings.Join(plies, " ")
		var written bool
		run("the moves relayed: "+want,
			chromedp.Poll(shown+` === `+fmt.Sprintf("%q", want), &written, chromedp.WithPollingTimeout(10*time.Second)),
			chromedp.Evaluate(shown, &moves),
			chromedp.Evaluate(`window.adiukhMark || ""`, &mark),
		)
		if !written || mark != "kept" {
			t.Fatalf("the page shows %q, want %q; the page's mark %q (want kept: no reload)", moves, want, mark)
		}
	}
}

// A team event's open hall writes a match's score in its heading as its
// boards' results come in, the match points once the match is over, with
// no reload.
func TestBrowserTeamHallFollowsItsMatches(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	at, run := apitest.BrowserOn(t, s.Handler)
	te := apitest.NewTeamEvent(t, s.Server, "round-robin", 0, 2, []int{2, 2, 2, 2})
	round := s.Must(http.StatusCreated, apitest.Arbiter, "POST", te.Path("/rounds"), nil)
	s.Must(http.StatusOK, apitest.Arbiter, "POST", te.Path("/rounds/1/publish"), nil)
	first := round["matches"].([]any)[0].(map[string]any)
	table := apitest.Num(first["table"])
	heading := fmt.Sprintf(`[data-match="%d"]`, table)
	var pending bool
	run("open the team event's hall",
		chromedp.Navigate(at(fmt.Sprintf("/events/%d/hall", te.ID))),
		chromedp.WaitVisible(heading+` [data-score]`),
		chromedp.Evaluate(`window.adiukhMark = "kept"`, nil),
		chromedp.Evaluate(fmt.Sprintf(`document.querySelector('%s [data-score]').classList.contains('pending') && document.querySelector('%s .mp').hidden`, heading, heading), &pending),
	)
	if !pending {
		t.Fatal("the match before its results: not pending, or its match points shown")
	}
	for board, score := range []string{"17:7", "12:12"} {
		g := first["games"].([]any)[board].(map[string]any)
		s.Must(http.StatusOK, apitest.Arbiter, "PUT", te.Path(fmt.Sprintf("/rounds/1/matches/%d/boards/%d/result", table, board+1)),
			map[string]any{"score": score, "end_reason": "final_position", "version": apitest.Num(g["version"])})
	}
	var card map[string]any
	for _, m := range s.Must(http.StatusOK, "", "GET", te.Path("/rounds/1"), nil)["matches"].([]any) {
		if m := m.(map[string]any); apitest.Num(m["table"]) == table {
			card = m
		}
	}
	score := halves(card["home_game_points"]) + " : " + halves(card["away_game_points"])
	points := halves(card["home_match_points"]) + " : " + halves(card["away_match_points"])
	var written bool
	var mark, shown string
	run("the match's score is written in place",
		chromedp.Poll(fmt.Sprintf(`document.querySelector('%s [data-score]').textContent === %q && !document.querySelector('%s .mp').hidden`, heading, score, heading), &written, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Evaluate(fmt.Sprintf(`document.querySelector('%s .mp').textContent`, heading), &shown),
		chromedp.Evaluate(`window.adiukhMark || ""`, &mark),
	)
	if !written || mark != "kept" || !strings.HasSuffix(shown, ": "+points) {
		t.Errorf("the match over: score %q written %v, match points %q (want …: %s), the mark %q (want kept: no reload)", score, written, shown, points, mark)
	}
}
