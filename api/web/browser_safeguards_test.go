package web_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// TestBrowserSafeguards clicks through the arbiter's safeguards: a pasted
// list with bad lines and then with a duplicate, a withdrawal asked for
// with its reason, and a correction after the next round was paired. The
// confirmation is also looked at on a 360 px phone.
func TestBrowserSafeguards(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	ev := s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Кубок Адыгеи", "discipline": "rapid", "system": "swiss", "rounds": 5, "time_control": "8+4"})
	id := apitest.Num(ev["id"])
	at, run := apitest.BrowserOn(t, s.Handler)
	var text string
	run("sign in and open the desk",
		chromedp.Navigate(at("/login")),
		chromedp.SendKeys(`input[name=email]`, "arbiter@example.org"),
		chromedp.SendKeys(`input[name=password]`, "пароль судьи"+kb.Enter),
		chromedp.WaitVisible(`form[action="/logout"]`),
		chromedp.Navigate(at(fmt.Sprintf("/events/%d/manage", id))),
		chromedp.WaitVisible(`textarea[name=csv]`),
	)
	run("paste a list with two bad lines",
		chromedp.SetValue(`textarea[name=csv]`, "Хуажев Аслан, 2100\nТхагапсова Мадина, x\nЁлкин Олег, 1950, девяностый\nБерсиров Мурат, 1930"),
		apitest.Load(`form[action$="/players/csv"] button[type=submit]`),
		chromedp.WaitVisible(`ul.line-errors`),
		chromedp.Text(`ul.line-errors`, &text),
		chromedp.ScrollIntoView(`textarea[name=csv]`),
		apitest.Shot("csv-errors"),
	)
	if !strings.Contains(text, apitest.RuT("error.line_field", "Line", 2, "Field", apitest.Ru.Field("rating"), "Message", apitest.RuF("%q is not a whole number", "x"))) ||
		!strings.Contains(text, apitest.Lead(apitest.RuT("error.line_field", "Line", 3, "Field", apitest.Ru.Field("birth_year"), "Message", "\x00"))) {
		t.Errorf("the bad lines are not all listed: %q", text)
	}
	run("correct them, with a duplicate, and confirm it",
		chromedp.SetValue(`textarea[name=csv]`, "Хуажев Аслан, 2100\nТхагапсова Мадина, 2040\nЁлкин Олег, 1950\nБерсиров Мурат, 1930\nелкин олег, 1500"),
		apitest.Load(`form[action$="/players/csv"] button[type=submit]`),
		chromedp.WaitVisible(`button[name=confirm]`),
		chromedp.ScrollIntoView(`textarea[name=csv]`),
		apitest.Shot("csv-duplicates"),
		apitest.Load(`button[name=confirm]`),
		chromedp.WaitVisible(`//td[text()="Берсиров Мурат"]`),
	)

	// Round 1 is played, round 2 paired; then board 1 of round 1 is
	// corrected from the keyboard.
	s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), nil)
	round := s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)
	for _, g := range round["games"].([]any) {
		g := g.(map[string]any)
		if g["black"] != nil {
			s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/1/games/%d/result", id, apitest.Num(g["board"])), map[string]any{"score": "24:0", "end_reason": "resignation", "version": apitest.Num(g["version"])})
		}
	}
	s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	run("correct a result of round 1",
		chromedp.Navigate(at(fmt.Sprintf("/events/%d/rounds/1/results", id))),
		chromedp.WaitVisible(`#entry-board`),
		chromedp.SendKeys(`#entry-board`, "1"+kb.Enter),
		chromedp.SendKeys(`#entry-score`, "0:24"),
		chromedp.SendKeys(`#entry-correction`, "сдались белые, а не чёрные"),
		apitest.Load(`#fast-entry button[type=submit]`),
		chromedp.WaitVisible(`p.warning[role=alert]`),
		chromedp.Text(`p.warning[role=alert]`, &text),
		apitest.Shot("result-correction"),
	)
	if !strings.Contains(text, apitest.RuF("round %s was already paired on the old result %s of board %d in round %d; check its pairings, or unpublish and pair it again", "2", "24:0", 1, 1)) {
		t.Errorf("the correction's warning reads %q", text)
	}

	run("withdraw a player: the confirmation asks for the reason",
		chromedp.Navigate(at(fmt.Sprintf("/events/%d/manage", id))),
		chromedp.WaitVisible(`form.withdraw`),
		apitest.Load(`form.withdraw button[type=submit]`),
		chromedp.WaitVisible(`section.narrow input[name=reason]`),
		apitest.Shot("withdraw-confirm"),
		chromedp.EmulateViewport(360, 740),
		apitest.Shot("withdraw-confirm-phone"),
		chromedp.EmulateViewport(1280, 900),
		chromedp.SendKeys(`input[name=reason]`, "заболел"),
		apitest.Load(`section.narrow form button[type=submit]`),
		chromedp.WaitVisible(`form[action$="/reinstate"]`),
	)
}
