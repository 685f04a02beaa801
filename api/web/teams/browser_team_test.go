package teams_test

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// TestBrowserTeamEvent sets up a team event on the web pages only, as an
// arbiter clicks it: the number of boards, three teams with their rosters,
// a captain and a reserve; then round 1 is paired, a line-up brings the
// reserve in, the round is published and a result is entered from the
// keyboard by its game number. The desk, the line-ups, the results grouped
// by match and the public round overview (with the team that has the bye)
// are looked at on a desktop and on a 360 px phone.
func TestBrowserTeamEvent(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	ev := s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Кубок районов", "discipline": "rapid-team", "system": "round-robin", "time_control": "15+10"})
	id := apitest.Num(ev["id"])
	at, run := apitest.BrowserOn(t, s.Handler)
	desk := at(fmt.Sprintf("/events/%d/manage", id))
	run("sign in and set two boards",
		chromedp.Navigate(at("/login")),
		chromedp.SendKeys(`input[name=email]`, "arbiter@example.org"),
		chromedp.SendKeys(`input[name=password]`, "пароль судьи"+kb.Enter),
		chromedp.WaitVisible(`form[action="/logout"]`),
		chromedp.Navigate(desk),
		chromedp.WaitVisible(`form.boards input[name=boards]`),
		chromedp.SetValue(`form.boards input[name=boards]`, "2"),
		apitest.Load(`form.boards button[type=submit]`),
	)
	teams := []struct{ name, city, roster string }{
		{"Майкоп", "Майкоп", "Хуажев Аслан, 2105\nТхагапсова Мадина, 2040"},
		{"Адыгейск", "Адыгейск", "Берсиров Мурат, 1930\nЁлкин Олег, 1950"},
		{"Кошехабль", "Кошехабль", "Шоров Заур, 1880\nНапсо Бэла, 1820"},
	}
	for _, tm := range teams {
		run("add the team "+tm.name,
			chromedp.WaitVisible(`form.add-team input[name=name]`),
			chromedp.SetValue(`form.add-team input[name=name]`, tm.name),
			chromedp.SetValue(`form.add-team input[name=city]`, tm.city),
			chromedp.SetValue(`form.add-team textarea[name=roster]`, tm.roster),
			apitest.Load(`form.add-team button[type=submit]`),
		)
	}
	run("name a captain and add a reserve",
		chromedp.WaitVisible(`#team-1 summary`),
		chromedp.Click(`#team-1 summary`),
		chromedp.WaitVisible(`#team-1 form.team-edit input[name=captain]`),
		chromedp.SetValue(`#team-1 form.team-edit input[name=captain]`, "Хуажев Аслан"),
		apitest.Load(`#team-1 form.team-edit button[type=submit]`),
		chromedp.WaitVisible(`#team-2 summary`),
		chromedp.Click(`#team-2 summary`),
		chromedp.WaitVisible(`#team-2 form.team-reserve input[name=name]`),
		chromedp.SetValue(`#team-2 form.team-reserve input[name=name]`, "Анзароков Ислам"),
		chromedp.SetValue(`#team-2 form.team-reserve input[name=rating]`, "1700"),
		apitest.Load(`#team-2 form.team-reserve button[type=submit]`),
		chromedp.WaitVisible(`#team-1`),
		chromedp.Click(`#team-2 summary`),
		apitest.Shot("team-desk"),
		chromedp.EmulateViewport(360, 740),
		apitest.Shot("team-desk-phone"),
		chromedp.EmulateViewport(1280, 900),
	)
	page := apitest.PageText(s.SignIn(arbiter).Get(fmt.Sprintf("/events/%d/manage", id)))
	for _, want := range []string{apitest.RuN("teams.count", 3) + " · " + apitest.RuN("players.count", 7), apitest.RuT("teamweb.captain") + ": Хуажев Аслан", "Анзароков Ислам",
		`<span class="badge">` + apitest.RuT("teamweb.reserve") + "</span>"} {
		if !strings.Contains(page, want) {
			t.Errorf("the desk set up in the browser does not show %q", want)
		}
	}

	// The reserve of team 2 plays board 2 of round 1.
	var reserve int
	for _, tm := range s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/teams", id), nil)["teams"].([]any) {
		for _, p := range tm.(map[string]any)["players"].([]any) {
			if p.(map[string]any)["name"] == "Анзароков Ислам" {
				reserve = apitest.Num(p.(map[string]any)["id"])
			}
		}
	}
	if reserve == 0 {
		t.Fatal("the reserve added on the page is not in the team")
	}
	run("pair round 1 and put the reserve in the line-up",
		chromedp.Navigate(desk),
		apitest.Load(`form[action$="/rounds"] button[type=submit]`),
		chromedp.Navigate(at(fmt.Sprintf("/events/%d/rounds/1/lineups", id))),
		chromedp.WaitVisible(`form#team-2 label:nth-of-type(2) select`),
		chromedp.SetValue(`form#team-2 label:nth-of-type(2) select`, strconv.Itoa(reserve)),
		chromedp.SendKeys(`form#team-2 input[name=reason]`, "Ёлкин заболел"),
		apitest.Load(`form#team-2 button[type=submit]`),
		chromedp.Navigate(at(fmt.Sprintf("/events/%d/rounds/1/lineups", id))),
		chromedp.WaitVisible(`form#team-2`),
		apitest.Shot("team-lineups"),
	)
	round := s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)
	if !strings.Contains(fmt.Sprint(round), fmt.Sprintf("%d", reserve)) {
		t.Errorf("the line-up chosen on the page does not put the reserve on a board: %v", round)
	}

	var entry string
	run("publish round 1 and enter a result by its game number",
		chromedp.Navigate(desk),
		apitest.Load(`form[action$="/rounds/1/publish"] button[type=submit]`),
		chromedp.Navigate(at(fmt.Sprintf("/events/%d/rounds/1/results", id))),
		chromedp.WaitVisible(`#entry-board`),
		chromedp.SendKeys(`#entry-board`, "1"+kb.Enter),
		chromedp.SendKeys(`#entry-score`, "17:7"),
		apitest.Load(`#fast-entry button[type=submit]`),
		chromedp.WaitVisible(`p.ok[role=status]`),
		chromedp.Text(`div.entry-matches`, &entry),
		apitest.Shot("team-results"),
		chromedp.EmulateViewport(360, 740),
		apitest.Shot("team-results-phone"),
		chromedp.EmulateViewport(1280, 900),
	)
	if !strings.Contains(entry, "17:7") || !strings.Contains(entry, "Анзароков Ислам") {
		t.Errorf("the results grouped by match do not show the entry and the reserve: %q", entry)
	}

	var overview string
	run("the public round overview on a phone",
		chromedp.Navigate(at(fmt.Sprintf("/events/%d", id))),
		chromedp.WaitVisible(`main`),
		chromedp.EmulateViewport(360, 740),
		chromedp.Text(`main`, &overview),
		apitest.Shot("team-round-phone"),
	)
	for _, want := range []string{"Майкоп", "Адыгейск", "Кошехабль", "17:7"} {
		if !strings.Contains(overview, want) {
			t.Errorf("the public round overview does not show %q:\n%s", want, overview)
		}
	}
	var width int
	run("nothing wider than the phone", chromedp.Evaluate(`document.documentElement.scrollWidth`, &width))
	if width > 360 {
		t.Errorf("the public round overview is %d px wide on a 360 px phone", width)
	}
}
