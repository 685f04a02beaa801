package play_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/store/storetest"
)

// corrSection is a started section for the page tests.
type corrSection struct {
	ev      string
	arbiter string
	games   []map[string]any
	tokens  map[int]string // API tokens by player ID
	emails  map[int]string
}

// startCorrSection registers n players with accounts and starts the games
// from the initial position.
func startCorrSection(t *testing.T, s *apitest.CorrServer, n int) *corrSection {
	t.Helper()
	return startCorrSectionOf(t, s, n, "adiukh")
}

// startCorrSectionOf is startCorrSection in a game.
func startCorrSectionOf(t *testing.T, s *apitest.CorrServer, n int, game string) *corrSection {
	t.Helper()
	sec := &corrSection{arbiter: s.User("arbiter@example.org", tournament.ArbiterRole), tokens: map[int]string{}, emails: map[int]string{}}
	id := apitest.Num(s.Must(http.StatusCreated, sec.arbiter, "POST", "/api/v1/events", map[string]any{"name": "Заочный кубок", "discipline": "correspondence",
		"system": "round-robin", "time_control": "50d/10", "game": game}).(map[string]any)["id"])
	sec.ev = fmt.Sprintf("/api/v1/events/%d", id)
	for i := range n {
		pid := apitest.Num(s.Must(http.StatusCreated, sec.arbiter, "POST", sec.ev+"/players", map[string]any{"name": fmt.Sprintf("Игрок %c", 'А'+rune(i))}).(map[string]any)["id"])
		email := fmt.Sprintf("p%d@example.org", i)
		sec.tokens[pid], sec.emails[pid] = s.User(email, tournament.PlayerRole), email
		s.Must(http.StatusOK, sec.arbiter, "PUT", fmt.Sprintf("%s/players/%d/account", sec.ev, pid), map[string]any{"email": email})
	}
	for _, g := range s.Must(http.StatusOK, sec.arbiter, "POST", sec.ev+"/start", nil).([]any) {
		sec.games = append(sec.games, g.(map[string]any))
	}
	return sec
}

// The arbiter's result entry of an over-the-board round does not take a
// result for a correspondence game still being played: the page and the
// API say that the result comes from the game or from the decision on its
// page, and the game and the round stay as they were.
func TestCorrespondenceResultNotEnteredBesideTheGame(t *testing.T) {
	t.Parallel()
	s := apitest.NewCorrServer(t, storetest.SQLite(t), apitest.CorrStart, nil)
	sec := startCorrSection(t, s, 2)
	g := sec.games[0]
	ev := strings.Replace(sec.ev, "/api/v1", "", 1)
	cookie := s.Session("arbiter@example.org")
	for lang, want := range map[string]string{"ru": apitest.RuF("board %d of round %d is a correspondence game played on the server: its result comes from the game itself or from the arbiter's decision on the game's page", 1, 1), "en": "board 1 of round 1 is a correspondence game played on the server"} {
		form := url.Values{"board": {"1"}, "score": {"12:12"}, "end_reason": {"agreement"}, "versions": {"1:1"}}
		req := httptest.NewRequest(http.MethodPost, fmt.Sprintf("%s/rounds/1/results?lang=%s", ev, lang), strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		req.AddCookie(cookie)
		rec := httptest.NewRecorder()
		s.Handler.ServeHTTP(rec, req)
		if rec.Code != http.StatusConflict || !strings.Contains(apitest.PageText(rec), want) {
			t.Errorf("%s: the results form on a running correspondence game: %d, want 409 saying %q", lang, rec.Code, want)
		}
	}
	code, out := s.Call(sec.arbiter, "PUT", sec.ev+"/rounds/1/games/1/result", map[string]any{"score": "24:0", "end_reason": "arbiter", "version": 1})
	if code != http.StatusConflict {
		t.Errorf("PUT result on a running correspondence game: %d %v, want 409", code, out)
	}
	code, out = s.Call(sec.arbiter, "POST", sec.ev+"/rounds/1/unpublish", map[string]any{"reason": "ошибка"})
	if code != http.StatusConflict {
		t.Errorf("unpublishing a correspondence round: %d %v, want 409", code, out)
	}
	if got := s.Game(apitest.Num(g["id"])); got["status"] != "running" || got["result"] != nil {
		t.Errorf("the game after the refused entries: %v", got)
	}
	if page := s.Page(nil, ev+"/crosstable"); strings.Contains(page, "12:12") || strings.Contains(page, "24:0") {
		t.Error("the crosstable counts a result entered beside the game")
	}
}

// The desk of a correspondence section offers neither round-by-round
// pairing nor the results form nor taking a round back: before the start
// it sends the arbiter to the Correspondence tab, where all games start at
// once, and after it each round leads to the games and their decisions.
func TestCorrespondenceDeskSendsToTheGames(t *testing.T) {
	t.Parallel()
	s := apitest.NewCorrServer(t, storetest.SQLite(t), apitest.CorrStart, nil)
	arbiter := s.User("arbiter@example.org", "arbiter")
	id := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Заочный", "discipline": "correspondence",
		"system": "round-robin", "time_control": "10d"}).(map[string]any)["id"])
	ev := fmt.Sprintf("/events/%d", id)
	for i := range 2 {
		pid := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1"+ev+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i+1)}).(map[string]any)["id"])
		email := fmt.Sprintf("p%d@example.org", pid)
		s.User(email, "player")
		s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("/api/v1%s/players/%d/account", ev, pid), map[string]any{"email": email})
	}
	cookie := s.Session("arbiter@example.org")
	for lang, want := range map[string]string{"ru": apitest.RuT("corr.start_on_tab"), "en": "Start the games on the Correspondence tab"} {
		desk := s.Page(cookie, ev+"/manage?lang="+lang)
		if strings.Contains(desk, `action="`+ev+`/rounds"`) || !strings.Contains(desk, `href="`+ev+`/correspondence">`+want) {
			t.Errorf("%s: the desk before the start offers pairing, or does not send to the Correspondence tab", lang)
		}
	}
	s.Must(http.StatusOK, arbiter, "POST", "/api/v1"+ev+"/start", nil)
	desk := s.Page(cookie, ev+"/manage")
	for _, refused := range []string{`action="` + ev + `/rounds"`, ev + "/rounds/1/results", ev + "/rounds/1/unpublish"} {
		if strings.Contains(desk, refused) {
			t.Errorf("the desk of a running section offers %s", refused)
		}
	}
	if !strings.Contains(desk, `href="`+ev+`/correspondence">`+apitest.RuT("corr.round_games")) {
		t.Error("the desk's round does not lead to the games and decisions")
	}
}

// The pages of a section: the player's games by urgency with the move form
// and the legal moves for the board, the public list, the arbiter's view.
func TestCorrespondencePages(t *testing.T) {
	t.Parallel()
	s := apitest.NewCorrServer(t, storetest.SQLite(t), apitest.CorrStart, nil)
	sec := startCorrSection(t, s, 3)
	g := sec.games[0]
	white := apitest.Num(g["white"])
	cookie := s.Session(sec.emails[white])
	for _, lang := range []string{"ru", "en"} {
		my := s.Page(cookie, "/my/games?lang="+lang)
		if !strings.Contains(my, fmt.Sprintf(`href="/games/%d"`, apitest.Num(g["id"]))) || !strings.Contains(my, "my-move") {
			t.Errorf("%s: my games do not list game %v as my move", lang, g["id"])
		}
		// Deadlines, in the list and in the notifications, are the event's
		// (Europe/Moscow by default) in the reader's style.
		deadline := map[string]string{"ru": `<td>\d+ [а-я]+ \d{4}, \d\d:\d\d MSK</td>`, "en": `<td>\d+ [A-Z][a-z]+ \d{4}, \d\d:\d\d MSK</td>`}[lang]
		// The notification's label of the deadline, as the catalogue words it after the game: "Контрольный срок: ".
		_, label, _ := strings.Cut(apitest.RuT("notify.text.your_move", "Deadline", "\x00"), "). ")
		notified := map[string]string{"ru": regexp.QuoteMeta(apitest.Lead(label)) + `\d+ [а-я]+ \d{4}, \d\d:\d\d MSK\.`, "en": `Deadline: \d+ [A-Z][a-z]+ \d{4}, \d\d:\d\d MSK\.`}[lang]
		for _, want := range []string{deadline, notified} {
			if !regexp.MustCompile(want).MatchString(my) {
				t.Errorf("%s: my games do not match %s", lang, want)
			}
		}
		if strings.Contains(my, "UTC") {
			t.Errorf("%s: my games write a time in UTC", lang)
		}
		game := s.Page(cookie, fmt.Sprintf("/games/%d?lang=%s", apitest.Num(g["id"]), lang))
		if strings.Contains(game, "UTC") || !strings.Contains(game, " MSK</strong>") {
			t.Errorf("%s: the game page does not write the deadline in the event's zone", lang)
		}
		for _, want := range []string{`id="move-form"`, `data-legal="`, "c3 d4=c3-d4", `name="ply" value="0"`, `src="/static/corr.js"`} {
			if !strings.Contains(game, want) {
				t.Errorf("%s: the game page lacks %q", lang, want)
			}
		}
		// The header writes the clock as the documents print it.
		list := s.Page(nil, strings.Replace(sec.ev, "/api/v1", "", 1)+"/games?lang="+lang)
		if want := map[string]string{"ru": " · 50 " + apitest.RuDoc("report.days") + " / 10 " + apitest.RuDoc("report.moves_per"), "en": " · 50 days / 10 moves"}[lang]; !strings.Contains(list, want) || strings.Contains(list, "50d/10") {
			t.Errorf("%s: the event's header does not say %q", lang, want)
		}
		arbiter := s.Page(s.Session("arbiter@example.org"), strings.Replace(sec.ev, "/api/v1", "", 1)+"/correspondence?lang="+lang)
		// The section's lists write the deadlines as "My games" does.
		for name, page := range map[string]string{"games": list, "correspondence": arbiter} {
			if !regexp.MustCompile(deadline).MatchString(page) || strings.Contains(page, "UTC") {
				t.Errorf("%s: the %s tab does not write the deadlines in the event's zone", lang, name)
			}
		}
	}
	// A reader without an account sees the game, without a move form.
	if anon := s.Page(nil, fmt.Sprintf("/games/%d", apitest.Num(g["id"]))); strings.Contains(anon, "move-form") || strings.Contains(anon, "data-legal") {
		t.Error("an anonymous reader gets the move form")
	}
	// A move typed into the form, with an illegal one refused next to it.
	post := func(path string, form url.Values) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		req.AddCookie(cookie)
		rec := httptest.NewRecorder()
		s.Handler.ServeHTTP(rec, req)
		return rec
	}
	path := fmt.Sprintf("/games/%d/move", apitest.Num(g["id"]))
	if rec := post(path, url.Values{"move": {"c3-c5"}, "ply": {"0"}}); rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "c3-d4") {
		t.Errorf("an illegal move from the form: %d", rec.Code)
	}
	if rec := post(path, url.Values{"move": {"c3-d4"}, "ply": {"0"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("a move from the form: %d\n%s", rec.Code, rec.Body.String())
	}
	if got := s.Game(apitest.Num(g["id"])); apitest.Num(got["ply"]) != 1 {
		t.Errorf("after the form's move the game is at ply %v", got["ply"])
	}
	// Black, to move, is shown one of Black's moves as the move box's
	// example, not White's first move (issue 64).
	blackPage := s.Page(s.Session(sec.emails[apitest.Num(g["black"])]), fmt.Sprintf("/games/%d", apitest.Num(g["id"])))
	if !regexp.MustCompile(`id="move-input"[^>]*placeholder="[a-h]6-[a-h]5"`).MatchString(blackPage) {
		t.Errorf("Black's move box does not give a move of Black's as its example: %s", regexp.MustCompile(`<input[^>]*id="move-input"[^>]*>`).FindString(blackPage))
	}
	// The game in progress is in the event's game viewer.
	viewer := s.Page(nil, fmt.Sprintf("%s/rounds/%d/boards/%d", strings.Replace(sec.ev, "/api/v1", "", 1), apitest.Num(g["round"]), apitest.Num(g["board"])))
	if !strings.Contains(viewer, `data-goto="1">c3-d4<`) {
		t.Error("the game viewer does not show the move played on the server")
	}
	// The arbiter grants leave from the section's page.
	cookie = s.Session("arbiter@example.org")
	eventPage := strings.Replace(sec.ev, "/api/v1", "", 1)
	if rec := post(eventPage+"/leave", url.Values{"player": {fmt.Sprint(white)}, "from": {"2026-12-05"}, "to": {"2027-02-01"}, "reason": {"болезнь"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("the arbiter's leave form: %d\n%s", rec.Code, rec.Body.String())
	}
	if leaves := s.Must(http.StatusOK, "", "GET", sec.ev+"/leave", nil).([]any); len(leaves) != 1 || apitest.Num(leaves[0].(map[string]any)["days"]) != 59 {
		t.Errorf("leave after the arbiter's form: %v", leaves)
	}
	if page := s.Page(cookie, eventPage+"/correspondence"); !strings.Contains(page, "болезнь") {
		t.Error("the arbiter's view does not list the leave")
	}
	// During play the arbiter changes the settings from the same page, as
	// through the API, with a reason; the start position stays fixed.
	if page := s.Page(cookie, eventPage+"/correspondence"); !strings.Contains(page, `name="max_move_days"`) || strings.Contains(page, `name="start_position"`) {
		t.Error("the arbiter's view of a running section has no settings form, or offers the start position")
	}
	if rec := post(eventPage+"/correspondence/settings", url.Values{"leave_days": {"40"}, "max_move_days": {"15"}}); rec.Code != http.StatusBadRequest || !strings.Contains(apitest.PageText(rec), apitest.RuF("say why the settings change while the games are played; the audit log keeps it")) {
		t.Errorf("settings changed during play without a reason: %d", rec.Code)
	}
	if rec := post(eventPage+"/correspondence/settings", url.Values{"leave_days": {"40"}, "max_move_days": {"15"}, "reason": {"решение оргкомитета"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("settings changed during play with a reason: %d\n%s", rec.Code, rec.Body.String())
	}
	if st := s.Must(http.StatusOK, "", "GET", sec.ev+"/correspondence", nil).(map[string]any); apitest.Num(st["leave_days"]) != 40 || apitest.Num(st["max_move_days"]) != 15 {
		t.Errorf("settings after the form: %v", st)
	}
}

// TestBrowserCorrespondenceMove is a player on a phone: signs in, opens the
// game from "My games", taps the piece and its destination, confirms.
func TestBrowserCorrespondenceMove(t *testing.T) {
	t.Parallel()
	s := apitest.NewCorrServer(t, storetest.SQLite(t), apitest.CorrStart, nil)
	sec := startCorrSection(t, s, 2)
	g := sec.games[0]
	srv := httptest.NewServer(s.Handler)
	defer srv.Close()
	ctx := apitest.Browser(t)
	var value, moves string
	err := chromedp.Run(ctx,
		chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile),
		chromedp.Navigate(srv.URL+"/login"),
		chromedp.SendKeys(`input[name=email]`, sec.emails[apitest.Num(g["white"])]),
		chromedp.SendKeys(`input[name=password]`, "пароль игрока"+kb.Enter),
		chromedp.WaitVisible(`form[action="/logout"]`),
		chromedp.Navigate(srv.URL+"/my/games"),
		apitest.Load(fmt.Sprintf(`a[href="/games/%d"]`, apitest.Num(g["id"]))),
		chromedp.WaitVisible(`#tap-board`),
		chromedp.Click(`#tap-board rect[data-sq="c3"]`),
		chromedp.Click(`#tap-board rect[data-sq="d4"]`),
		chromedp.Value(`#move-input`, &value),
		apitest.Shot("correspondence-move"),
		apitest.Load(`#move-confirm`),
		chromedp.Text(`.corr-moves`, &moves),
	)
	if err != nil {
		t.Fatal(err)
	}
	if value != "c3-d4" {
		t.Errorf("tapping c3 and d4 wrote %q, want c3-d4", value)
	}
	if !strings.Contains(moves, "c3-d4") {
		t.Errorf("the move list after confirming: %q", moves)
	}
	if got := s.Game(apitest.Num(g["id"])); apitest.Num(got["ply"]) != 1 || got["to_move"] != "black" {
		t.Errorf("after the tapped move: %v", got)
	}
}

// TestGamesTabOnlyInCorrespondence: an event played over the board has no
// "Games" tab; its address is not found instead of saying the games have
// not begun.
func TestGamesTabOnlyInCorrespondence(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(4)
	for lang, want := range map[string]string{"ru": apitest.RuF("%s is not a correspondence event", "Первенство Майкопа"), "en": "“Первенство Майкопа” is not a correspondence event"} {
		w := s.Anonymous().Get(fmt.Sprintf("/events/%d/games?lang=%s", id, lang))
		if w.Code != http.StatusNotFound || !strings.Contains(apitest.PageText(w), want) {
			t.Errorf("%s: the games page of a rapid event: %d, want 404 saying %q", lang, w.Code, want)
		}
	}
}
