package accounts_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"adiukh/api"
	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/store/storetest"
)

// What a newcomer does on a phone-free evening, in Chromium: signs up,
// confirms the address by the link the mail caught and chooses a password
// there, signs in, enters an event that takes entries; the arbiter accepts
// the entry and pairs round 1; the newcomer's own page shows their board.
func TestBrowserSignUpEnterAndPlay(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	clock := &apitest.FakeClock{At: time.Now().UTC()}
	tray := &mailTray{}
	s := &apitest.WebServer{Server: apitest.NewServer(t, st), Store: st,
		Accounts: apitest.Accounts(st, account.Options{Mailer: tray, SiteURL: "https://adiukh.example", Now: clock.Now})}
	opt := engines.Options()
	opt.Now = clock.Now
	s.Handler = apitest.NewRouter(api.Deps{DB: st, Events: tournament.NewService(st, opt), Accounts: s.Accounts,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: clock.Now})

	const arbiter = tournament.ArbiterRole
	ev := s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{
		"name": "Открытый турнир Майкопа", "discipline": "rapid", "system": "swiss", "rounds": 5, "time_control": "8+4"})
	id := apitest.Num(ev["id"])
	s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/entries", id), map[string]any{"open": true})

	at, run := apitest.BrowserOn(t, s.Handler)
	run("sign up",
		chromedp.Navigate(at("/signup")),
		chromedp.SendKeys(`input[name=email]`, "newcomer@example.org"),
		chromedp.SendKeys(`input[name=surname]`, "Новикова"),
		chromedp.SendKeys(`input[name=given_names]`, "Асиет"),
		chromedp.ActionFunc(func(context.Context) error { clock.Set(clock.Now().Add(10 * time.Second)); return nil }),
		chromedp.Click(`form[action="/signup"] button[type=submit]`),
		chromedp.WaitVisible(`p[role=status]`),
	)
	link := tray.await(t, regexp.MustCompile(`https://adiukh\.example(/signup/confirm/\S+)`))
	run("confirm and sign in",
		chromedp.Navigate(at(link[1])),
		chromedp.SendKeys(`input[name=password]`, "мой пароль адиюх"),
		chromedp.Click(`form[action^="/signup/confirm/"] button[type=submit]`),
		chromedp.WaitVisible(`p[role=status]`),
		chromedp.Navigate(at("/login")),
		chromedp.SendKeys(`input[name=email]`, "newcomer@example.org"),
		chromedp.SendKeys(`input[name=password]`, "мой пароль адиюх"+kb.Enter),
		chromedp.WaitVisible(`form[action="/logout"]`),
	)
	run("enter the event",
		chromedp.Navigate(at(fmt.Sprintf("/events/%d/entries", id))),
		chromedp.Click(fmt.Sprintf(`form[action="/events/%d/entries"] button[type=submit]`, id)),
		chromedp.WaitVisible(fmt.Sprintf(`form[action^="/events/%d/entries/"][action$="/withdraw"]`, id)),
	)

	entries := s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/entries", id), nil)["entries"].([]any)
	if len(entries) != 1 {
		t.Fatalf("entries %v, want the newcomer's", entries)
	}
	s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/entries/%d/accept", id, apitest.Num(entries[0].(map[string]any)["id"])), nil)
	for i := 1; i <= 3; i++ {
		s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": fmt.Sprintf("Игрок %d", i), "rating": 1900 - i})
	}
	s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), nil)

	var opponent string
	run("the board on the newcomer's page",
		chromedp.Navigate(at("/my")),
		chromedp.WaitVisible(fmt.Sprintf(`tr[data-game^="%d-1-"]`, id)),
		chromedp.Text(fmt.Sprintf(`tr[data-game^="%d-1-"] td.opponent`, id), &opponent),
	)
	if !regexp.MustCompile(`Игрок \d`).MatchString(opponent) {
		t.Errorf("the opponent on the newcomer's page is %q", opponent)
	}
}
