package api_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// Issue 50.1 on a 390 px phone: a person's page headed by a long name with
// the patronymic, its person form with the patronymic's field, and the
// register's matches with the new person's patronymic fit the screen.
func TestBrowserPatronymicOnAPhone(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	person := s.Must(http.StatusCreated, tournament.Admin, "POST", "/api/v1/people", map[string]any{
		"surname": "Хуажев-Тлехас", "given_names": "Аслан-Гирей", "patronymic": "Мухамедович", "birth_year": 1990})
	id := apitest.SwissEvent(s.Server, "Хуажев-Тлехас Аслан-Гирей", "Нехай Саида")
	admin := s.SignIn(tournament.Admin)
	at, run := apitest.BrowserOn(t, s.Handler)
	run("a 390 px phone signed in", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(3)),
		chromedp.ActionFunc(func(ctx context.Context) error {
			return network.SetCookie(admin.Cookie.Name, admin.Cookie.Value).WithURL(at("/")).Do(ctx)
		}))
	const screen = 390
	for _, p := range []struct{ what, path, wait string }{
		{"the person's page and form", fmt.Sprintf("/people/%d", int(apitest.Num(person["id"]))), `input[name="patronymic"]`},
		{"the register's matches", fmt.Sprintf("/events/%d/register-matches", id), `input[name="patronymic"]`},
	} {
		var width int
		run(p.what, chromedp.Navigate(at(p.path)), chromedp.WaitReady(p.wait),
			chromedp.Evaluate(`document.querySelectorAll('details').forEach(d => d.open = true)`, nil),
			chromedp.Evaluate(`document.documentElement.scrollWidth`, &width))
		t.Logf("%s: %d px wide", p.what, width)
		if width > screen {
			t.Errorf("%s is %d px wide on a %d px screen", p.what, width, screen)
		}
	}
}
