package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"adiukh/api/apitest"
	"adiukh/internal/demo"
	"adiukh/tournament"
	"adiukh/tournament/engines"
)

// TestBrowserRunsAnEvent is what a person clicks: the arbiter signs in,
// creates an event, registers 8 players, pairs and publishes round 1,
// enters its results from the keyboard and one game sheet; a reader then
// finds the standings and steps through the game in the viewer.
func TestBrowserRunsAnEvent(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	if _, err := demo.Fill(context.Background(), s.Store, engines.Options(), "demo@example.org", "пароль демо"); err != nil {
		t.Fatal(err)
	}
	at, run := apitest.BrowserOn(t, s.Handler)

	var manageURL string

	run("sign in",
		chromedp.Navigate(at("/login")),
		chromedp.SendKeys(`input[name=email]`, "arbiter@example.org"),
		chromedp.SendKeys(`input[name=password]`, "пароль судьи"+kb.Enter),
		chromedp.WaitVisible(`form[action="/logout"]`),
	)
	// The §9 warning shows while the time control is typed, before the
	// event exists, and goes away for a time control in §9's range.
	var warning string
	run("the §9 warning while typing",
		chromedp.Navigate(at("/manage/events/new")),
		chromedp.SetValue(`select[name=discipline]`, "rapid"),
		chromedp.SendKeys(`input[name=time_control]`, "30+30"),
		chromedp.WaitVisible(`#tc-warning`),
		chromedp.Text(`#tc-warning`, &warning),
		apitest.Shot("event-form-time-control-warning"),
		chromedp.SendKeys(`input[name=time_control]`, strings.Repeat(kb.Backspace, 5)),
		chromedp.SendKeys(`input[name=time_control]`, "8+4"),
		chromedp.WaitNotVisible(`#tc-warning`),
	)
	if !strings.Contains(warning, "§9") || !strings.Contains(warning, apitest.RuT("discipline.rapid")) {
		t.Errorf("the live §9 warning says %q", warning)
	}
	// Micro-matches with drawn openings are Russian draughts': the form
	// shows them once that game is chosen.
	run("micro-matches for Russian draughts",
		chromedp.Navigate(at("/manage/events/new")),
		chromedp.WaitNotVisible(`#micro-matches`),
		chromedp.Evaluate(`(function () { var g = document.querySelector("select[name=game]"); g.value = "russian"; g.dispatchEvent(new Event("change")); })()`, nil),
		chromedp.WaitVisible(`#micro-matches`),
	)
	run("create the event",
		chromedp.Navigate(at("/manage/events/new")),
		chromedp.SendKeys(`input[name=name]`, "Первенство Адыгеи по адиюх"),
		chromedp.SetValue(`select[name=discipline]`, "rapid"),
		chromedp.SetValue(`select[name=system]`, "round-robin"),
		chromedp.SendKeys(`input[name=time_control]`, "8+4"),
		chromedp.SetValue(`input[name=start_date]`, "2026-11-21"),
		chromedp.SendKeys(`input[name=city]`, "Майкоп"),
		chromedp.Click(`button[data-preset]`),
		apitest.Load(`form[action="/manage/events"] button[type=submit]`),
		chromedp.WaitVisible(`#players`),
		chromedp.Location(&manageURL),
	)
	players := []string{"Хуажев Аслан", "Тхагапсова Мадина"}
	for i, name := range players {
		run("register "+name,
			chromedp.SendKeys(`form[action$="/players"] input[name=name]`, name),
			chromedp.SendKeys(`form[action$="/players"] input[name=rating]`, fmt.Sprint(2100-i*50)),
			apitest.Load(`form[action$="/players"] button[type=submit]`),
			chromedp.WaitVisible(fmt.Sprintf(`//td[text()=%q]`, name)),
		)
	}
	csv := "Шхалахов Руслан, 1990\nЁлкина Светлана, 1955\nБерсиров Мурат, 1930\nЖуков Артём, 1880\nКушхова Залина, 1835\nПанеш Тимур, 1790"
	run("paste the rest",
		chromedp.SetValue(`textarea[name=csv]`, csv),
		apitest.Load(`form[action$="/players/csv"] button[type=submit]`),
		chromedp.WaitVisible(`//td[text()="Панеш Тимур"]`),
	)
	var count int
	run("count players", chromedp.Evaluate(`document.querySelectorAll("table.players-admin tbody tr").length`, &count))
	if count != 8 {
		t.Fatalf("%d players registered, want 8", count)
	}
	run("pair round 1 and review it",
		apitest.Load(`form[action$="/rounds"] button[type=submit]`),
		chromedp.WaitVisible(`form[action$="/rounds/1/publish"]`),
		apitest.Shot("arbiter-desk"),
		apitest.Load(`//a[contains(@href, "?round=1")]`),
		chromedp.WaitVisible(`#review`),
		chromedp.SetValue(`select[name=seat_b]`, "1b"),
		apitest.Load(`#review button[type=submit]`),
		chromedp.WaitVisible(`#review`),
		apitest.Shot("review"),
		apitest.Load(`#review a.button`),
	)
	run("publish round 1",
		apitest.Load(`form[action$="/rounds/1/publish"] button[type=submit]`),
		chromedp.WaitVisible(`a[href$="/rounds/1/results"]`),
		apitest.Load(`a[href$="/rounds/1/results"]`),
		chromedp.WaitVisible(`#entry-board`),
	)
	for _, r := range []struct{ board, score string }{{"2", "15:9"}, {"3", "12:12"}, {"4", "7:17"}} {
		run("enter board "+r.board,
			chromedp.SendKeys(`#entry-board`, r.board+kb.Enter),
			chromedp.SendKeys(`#entry-score`, r.score+kb.Enter),
			chromedp.WaitVisible(fmt.Sprintf(`tr.just-saved[data-board="%s"]`, r.board)),
		)
	}
	run("screenshot the result entry", apitest.Shot("result-entry"))
	run("enter board 1 with its sheet",
		apitest.Load(`a[href$="/rounds/1/boards/1/edit"]`),
		chromedp.WaitVisible(`textarea[name=sheet]`),
		chromedp.SendKeys(`input[name=score]`, "17:7"),
		chromedp.SetValue(`textarea[name=sheet]`, strings.Replace(apitest.SampleGame, "4. a3:a7", "4. a3:c5", 1)),
		apitest.Load(`form[enctype] button[type=submit]`),
		chromedp.WaitVisible(`.report .problem`),
		apitest.Shot("sheet-check"),
		chromedp.SetValue(`textarea[name=sheet]`, apitest.SampleGame),
		apitest.Load(`form[enctype] button[type=submit]`),
		chromedp.WaitVisible(`.report .ok`),
	)

	var standings string
	run("read the public standings",
		apitest.Load(`form[action="/logout"] button`),
		chromedp.WaitVisible(`a[href="/login"]`),
		chromedp.Navigate(strings.Replace(manageURL, "/manage", "/standings", 1)),
		chromedp.Text(`table.standings`, &standings),
	)
	for _, want := range []string{"Хуажев Аслан", "Панеш Тимур", apitest.RuT("tiebreak.sonneborn-berger")} {
		if !strings.Contains(strings.ToLower(standings), strings.ToLower(want)) {
			t.Errorf("the standings do not show %q:\n%s", want, standings)
		}
	}

	var ply, tower, back string
	run("step through the game",
		chromedp.Navigate(strings.Replace(manageURL, "/manage", "/rounds/1/boards/1", 1)),
		chromedp.WaitVisible(`#viewer`),
		chromedp.Text(`[data-ply]`, &ply),
		chromedp.AttributeValue(`[data-step="prev"]`, "aria-label", &back, nil),
	)
	if ply != "29" {
		t.Errorf("the viewer opens at ply %s, want the last, 29", ply)
	}
	if back != apitest.RuT("viewer.prev") {
		t.Errorf("the viewer's back button is named %q", back)
	}
	run("screenshot the game viewer", apitest.Shot("game-viewer"))
	run("go to the start with the keyboard",
		chromedp.KeyEvent(kb.Home),
		chromedp.Text(`[data-ply]`, &ply),
		chromedp.Evaluate(`document.querySelector('g[data-tower="c3"] circle').getAttribute("class")`, &tower),
	)
	if ply != "0" || tower != "c-w" {
		t.Errorf("after Home: ply %s, c3 holds %q; want ply 0 and a white man on c3", ply, tower)
	}
	run("one move forward",
		chromedp.KeyEvent(kb.ArrowRight),
		chromedp.Text(`[data-ply]`, &ply),
		chromedp.Evaluate(`document.querySelectorAll('g[data-tower="c3"] circle').length + ":" + document.querySelector('g[data-tower="b4"] circle').getAttribute("class")`, &tower),
	)
	if ply != "1" || tower != "0:c-w" {
		t.Errorf("after → from the start: ply %s, c3/b4 %q; want ply 1 with the man moved c3-b4", ply, tower)
	}

	run("screenshot the events list", chromedp.Navigate(at("/")), chromedp.WaitVisible(`.cards`), apitest.Shot("events"))
	run("screenshot the event on a phone",
		chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)),
		chromedp.Navigate(strings.Replace(manageURL, "/manage", "", 1)),
		chromedp.WaitVisible(`table.pairings`),
		apitest.Shot("event-phone"),
	)
}

// TestBrowserPlayerReport: a player signs in on a phone, finds their board
// and reports its result; the opponent confirms it.
func TestBrowserPlayerReport(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(4)
	a := s.SignIn(tournament.ArbiterRole)
	apitest.MustStatus(t, "open reports", a.Post(fmt.Sprintf("/events/%d/submissions", id), url.Values{"open": {"on"}}).Code, http.StatusSeeOther, "")
	round := s.Must(http.StatusOK, tournament.ArbiterRole, "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)
	board1 := round["games"].([]any)[0].(map[string]any)
	players := s.Must(http.StatusOK, tournament.ArbiterRole, "GET", fmt.Sprintf("/api/v1/events/%d/players", id), nil)
	for _, p := range players["players"].([]any) {
		p := p.(map[string]any)
		email := fmt.Sprintf("player%d@example.org", apitest.Num(p["start_no"]))
		s.AddUser(email, tournament.PlayerRole)
		apitest.MustStatus(t, "link", a.Post(fmt.Sprintf("/events/%d/players/%d/account", id, apitest.Num(p["id"])), url.Values{"email": {email}}).Code, http.StatusSeeOther, "")
	}
	at, run := apitest.BrowserOn(t, s.Handler)
	signIn := func(email string) chromedp.Action {
		return chromedp.Tasks{
			chromedp.Navigate(at(fmt.Sprintf("/login?next=/events/%d", id))),
			chromedp.SendKeys(`input[name=email]`, email),
			chromedp.SendKeys(`input[name=password]`, "пароль судьи"+kb.Enter),
			chromedp.WaitVisible(`table.pairings`),
		}
	}
	run("the white player reports on a phone",
		chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)),
		signIn(fmt.Sprintf("player%d@example.org", apitest.Num(board1["white"]))),
		chromedp.WaitVisible(`tr.mine a.report-link`),
		apitest.Load(`tr.mine a.report-link`),
		chromedp.WaitVisible(`input[name=score]`),
		chromedp.SendKeys(`input[name=score]`, "16:8"),
		apitest.Load(`form[enctype] button[type=submit]`),
		chromedp.WaitVisible(`#mine .report-item`),
		apitest.Shot("player-report"),
		apitest.Load(`form[action="/logout"] button`),
		chromedp.WaitVisible(`a[href="/login"]`),
	)
	var score string
	run("the opponent confirms",
		signIn(fmt.Sprintf("player%d@example.org", apitest.Num(board1["black"]))),
		chromedp.WaitVisible(`#mine form.decide`),
		apitest.Load(`#mine form.decide button[value=confirm]`),
		chromedp.WaitNotPresent(`#mine form.decide`),
		chromedp.Text(`table.pairings tbody tr:first-child td.res`, &score),
	)
	if !strings.Contains(score, "16:8") {
		t.Errorf("board 1 shows %q after the opponent confirmed, want 16:8", score)
	}
}
