package web_test

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/account"
)

// The new-event form offers the game; an event of Russian draughts made
// with it names its game on its page and in its calendar file.
func TestEventFormGame(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	a := s.SignIn(tournament.ArbiterRole)
	page := apitest.PageText(a.Get("/manage/events/new"))
	for _, want := range []string{`<select name="game">`, `<option value="russian">` + apitest.RuT("gametype.russian")} {
		if !strings.Contains(page, want) {
			t.Errorf("the new-event form lacks %q", want)
		}
	}
	// The disciplines are named by the game: Adiukh's classical one is
	// "Адиюх", Russian draughts' its classical programme; a form sent back
	// for Russian draughts names them so.
	if !strings.Contains(page, `>`+apitest.RuT("discipline.standard")+`</option>`) || !strings.Contains(page, `data-name-russian="`+apitest.RuT("discipline_russian.standard")+`"`) {
		t.Errorf("the new-event form does not name the disciplines of both games")
	}
	refused := a.Post("/manage/events", url.Values{"name": {""}, "game": {"russian"}, "discipline": {"standard"}, "system": {"swiss"}, "visibility": {"public"}})
	if refused.Code != http.StatusBadRequest || !strings.Contains(apitest.PageText(refused), `>`+apitest.RuT("discipline_russian.standard")+`</option>`) {
		t.Errorf("a refused Russian draughts form: %d, want 400 naming Russian draughts' disciplines", refused.Code)
	}
	rec := a.Post("/manage/events", url.Values{
		"name": {"Кубок по русским шашкам"}, "game": {"russian"}, "discipline": {"rapid"}, "system": {"round-robin"}, "visibility": {"public"},
		"time_control": {"8+4"}, "start_date": {"2026-12-10"}, "tiebreak": {"sonneborn-berger", "wins"},
	})
	apitest.MustStatus(t, "event", rec.Code, http.StatusSeeOther, rec.Body.String())
	path := strings.TrimSuffix(rec.Header().Get("Location"), "/manage")
	ev := s.Must(http.StatusOK, tournament.ArbiterRole, "GET", "/api/v1"+path, nil)
	if ev["game"] != "russian" {
		t.Fatalf("created event: game %v", ev["game"])
	}
	if page := apitest.PageText(a.Get(path)); !strings.Contains(page, apitest.RuT("discipline_russian.rapid")) || strings.Contains(page, apitest.RuT("discipline.rapid")+" ·") {
		t.Errorf("the event's page does not name Russian draughts' rapid:\n%s", page)
	}
	// Long lines of iCalendar are folded (RFC 5545 §3.1).
	if list := apitest.PageText(s.Anonymous().Get("/")); !strings.Contains(list, apitest.RuT("discipline_russian.rapid")) {
		t.Errorf("the list of events does not name Russian draughts' rapid:\n%s", list)
	}
	if ics := strings.ReplaceAll(apitest.PageText(a.Get(path+".ics")), "\r\n ", ""); !strings.Contains(ics, "CATEGORIES:"+apitest.RuT("gametype.russian")) || !strings.Contains(ics, apitest.RuT("discipline_russian.rapid")) {
		t.Errorf("the event's calendar file does not name its game:\n%s", ics)
	}

	// Its games' sheets are replayed by Russian draughts' rules on the
	// game's page and the arbiter's.
	api := "/api/v1" + path
	for i := 1; i <= 2; i++ {
		s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", api+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i), "rating": 2000 - i})
	}
	s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", api+"/rounds", nil)
	s.Must(http.StatusOK, tournament.ArbiterRole, "POST", api+"/rounds/1/publish", nil)
	s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", api+"/rounds/1/games/1/result", map[string]any{"sheet": apitest.RussianPDN, "version": 1})
	if page := apitest.PageText(a.Get(path + "/rounds/1/results")); !strings.Contains(page, `placeholder="2:0"`) {
		t.Errorf("the result entry of a Russian event does not show a score of its game:\n%s", page)
	}
	// The standings say the event's points a game, 2/1/0 or 1/½/0.
	if page := apitest.PageText(a.Get(path + "/standings")); !strings.Contains(page, apitest.RuT("standings.scoring", "Win", "2", "Draw", "1", "Loss", "0")) {
		t.Errorf("the standings do not say the points a game:\n%s", page)
	}
	if page := apitest.PageText(a.Get(path + "/rounds/1/boards/1/edit")); !strings.Contains(page, apitest.RuN("sheet.valid", 4)) || strings.Contains(page, `class="field-error"`) {
		t.Errorf("the game's edit page does not show the Russian sheet as valid:\n%s", page)
	}
	if page := apitest.PageText(a.Get(path + "/rounds/1/boards/1")); strings.Count(page, "data-goto=") != 4 || strings.Contains(page, `class="field-error"`) {
		t.Errorf("the game's page does not replay the Russian sheet's 4 plies:\n%s", page)
	}
}

// Russian draughts' rating lists have pages beside Adiukh's, which keep
// their addresses.
func TestRussianRatingPages(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	reader := s.Anonymous()
	for _, list := range []string{"standard", "russian-standard", "russian-rapid", "russian-blitz"} {
		rec := reader.Get("/ratings/" + list)
		apitest.MustStatus(t, list, rec.Code, http.StatusOK, "")
		if page := apitest.PageText(rec); !strings.Contains(page, apitest.RuT("rating_list."+list)) || !strings.Contains(page, `href="/ratings/russian-blitz"`) {
			t.Errorf("/ratings/%s does not name its list or link Russian draughts' lists", list)
		}
	}
}

// A player reports a game of Russian draughts in its points: 2:0 with its
// PDN sheet; an Adiukh score is refused; the opponent's confirmation
// stores it.
func TestRussianPlayerReport(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	id := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Кубок", "game": "russian", "discipline": "standard", "system": "round-robin"})["id"])
	tokens := map[int]string{}
	for i, name := range []string{"Игрок 1", "Игрок 2"} {
		pid := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": name})["id"])
		email := fmt.Sprintf("p%d@example.org", i)
		s.AddUser(email, tournament.PlayerRole)
		token, _, err := s.Accounts.CreateToken(context.Background(), account.NewToken{Email: email})
		if err != nil {
			t.Fatal(err)
		}
		tokens[pid] = token
		s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/players/%d/account", id, pid), map[string]any{"email": email})
	}
	s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), nil)
	s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/submissions/open", id), map[string]any{"open": true})
	game := s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)["games"].([]any)[0].(map[string]any)
	white, black := apitest.PlayerByStartNo(t, s, id, apitest.Num(game["white"])), apitest.PlayerByStartNo(t, s, id, apitest.Num(game["black"]))
	report := fmt.Sprintf("/api/v1/events/%d/rounds/1/games/1/submission", id)
	if code, out := apitest.AsToken(s, tokens[white], "POST", report, map[string]any{"score": "24:0", "end_reason": "resignation"}); code != http.StatusBadRequest || out["field"] != "score" {
		t.Errorf("an Adiukh score reported: %d %v", code, out)
	}
	code, sub := apitest.AsToken(s, tokens[white], "POST", report, map[string]any{"score": "2:0", "end_reason": "resignation", "sheet": apitest.RussianPDN})
	if code != http.StatusCreated {
		t.Fatalf("the report: %d %v", code, sub)
	}
	if code, out := apitest.AsToken(s, tokens[black], "POST", fmt.Sprintf("/api/v1/events/%d/submissions/%d/confirm", id, apitest.Num(sub["id"])), map[string]any{}); code != http.StatusOK {
		t.Fatalf("the opponent confirms: %d %v", code, out)
	}
	game = s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)["games"].([]any)[0].(map[string]any)
	if game["score"] != "2:0" || game["end_reason"] != "resignation" {
		t.Errorf("after confirmation the game is %v %v, want 2:0 by resignation", game["score"], game["end_reason"])
	}
}

// A sheet of Russian draughts from a position: White's man on c7 is
// crowned on d8, and the king captures from d8 to h4.
const russianKingSheet = `[White "Игрок 1"]
[Black "Игрок 2"]
[Result "2-0"]
[GameType "25"]
[FEN "W:Wa1,c7,e3:Bh6,h8"]

1. c7-d8 h6-g5 2. d8:h4 h8-g7 3. e3-f4 2-0
`

// The game viewer of a Russian draughts event replays its sheet by
// Russian draughts' rules: a frame a ply, the moves in its notation, and
// the board after the last move drawn with flat men and kings (no towers),
// its last move marked; its record is offered.
func TestRussianGameViewer(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	a := s.SignIn(tournament.ArbiterRole)
	ev := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", map[string]any{
		"name": "Кубок по русским шашкам", "game": "russian", "discipline": "rapid", "system": "round-robin",
		"visibility": "public", "time_control": "8+4", "start_date": "2026-12-10",
	})
	id := apitest.Num(ev["id"])
	api := fmt.Sprintf("/api/v1/events/%d", id)
	for i := 1; i <= 2; i++ {
		s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", api+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i), "rating": 2000 - i})
	}
	s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", api+"/rounds", nil)
	s.Must(http.StatusOK, tournament.ArbiterRole, "POST", api+"/rounds/1/publish", nil)
	s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", api+"/rounds/1/games/1/result", map[string]any{"sheet": russianKingSheet, "version": 1})

	path := fmt.Sprintf("/events/%d/rounds/1/boards/1", id)
	page := apitest.PageText(a.Get(path))
	m := regexp.MustCompile(`data-frames="([^"]*)"`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("%s has no game viewer:\n%s", path, page)
	}
	frames := strings.Split(html.UnescapeString(m[1]), "|")
	if len(frames) != 6 {
		t.Fatalf("%d frames, want the start and one a ply (6): %q", len(frames), frames)
	}
	for i, want := range map[int]string{
		0: "a1:wm e3:wm h6:bm c7:wm h8:bm;;",
		1: "a1:wm e3:wm h6:bm d8:wk h8:bm;c7;d8",
		3: "a1:wm e3:wm h4:wk h8:bm;d8;h4",
		5: "a1:wm f4:wm h4:wk g7:bm;e3;f4",
	} {
		if frames[i] != want {
			t.Errorf("frame %d = %q, want %q", i, frames[i], want)
		}
	}
	for _, want := range []string{
		`data-goto="1">c7-d8</button>`, `data-goto="3">d8:h4</button>`, `data-goto="5">e3-f4</button>`,
		`class="dark mark" data-sq="e3"`, `class="dark mark" data-sq="f4"`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("%s lacks %q", path, want)
		}
	}
	if n := strings.Count(page, "data-goto="); n != 5 {
		t.Errorf("%d moves listed, want 5", n)
	}
	pieces := map[string]string{
		"h4": `<circle r="19" class="c-w"/><circle r="11" class="crown"/>`,
		"f4": `<circle r="19" class="c-w"/><circle r="13" class="rim-w"/>`,
		"g7": `<circle r="19" class="c-b"/><circle r="13" class="rim-b"/>`,
		"c7": ``, "d8": ``, "e3": ``,
	}
	for sq, want := range pieces {
		g := regexp.MustCompile(`data-tower="` + sq + `"[^>]*>(.*?)</g>`).FindStringSubmatch(page)
		if g == nil || g[1] != want {
			t.Errorf("square %s drawn as %q, want %q", sq, g, want)
		}
	}
	if strings.Contains(page, "<text class=\"t-") || !strings.Contains(page, fmt.Sprintf("/api/v1/events/%d/rounds/1/games/1/record.pdf", id)) || strings.Contains(page, `class="field-error"`) {
		t.Errorf("%s draws a tower's height, does not offer the record or shows a problem:\n%s", path, page)
	}
	if en := apitest.PageText(a.Get(path + "?lang=en")); !strings.Contains(en, "Position on the board") {
		t.Errorf("the English game page does not label its board")
	}
}

// A player's report form offers the result «по бланку», as the arbiter's
// entry does, with the game's own example score: a report that leaves the
// score and the ending empty takes them from its sheet by the same rule.
func TestPlayerReportFromSheet(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	id := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Кубок", "game": "russian", "discipline": "standard", "system": "round-robin"})["id"])
	pages := map[int]*apitest.Page{}
	for i, name := range []string{"Игрок 1", "Игрок 2"} {
		pid := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": name})["id"])
		email := fmt.Sprintf("p%d@example.org", i)
		pages[pid] = s.AddUser(email, tournament.PlayerRole)
		s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/players/%d/account", id, pid), map[string]any{"email": email})
	}
	s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), nil)
	s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/submissions/open", id), map[string]any{"open": true})
	game := s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)["games"].([]any)[0].(map[string]any)
	white := pages[apitest.PlayerByStartNo(t, s, id, apitest.Num(game["white"]))]
	report := fmt.Sprintf("/events/%d/rounds/1/boards/1/report", id)
	form := white.Get(report)
	apitest.MustStatus(t, "the report form", form.Code, http.StatusOK, form.Body.String())
	apitest.MustContain(t, "the report form", form.Body.String(), `<option value="">`+apitest.RuT("results.reason_from_sheet")+`</option>`, `placeholder="2:0"`)
	if strings.Contains(form.Body.String(), "17:7") {
		t.Error("the report form of a Russian event gives an Adiukh example")
	}
	rec := white.Post(report, url.Values{"score": {""}, "end_reason": {""}, "sheet": {apitest.RussianPDN}})
	apitest.MustStatus(t, "a report by the sheet", rec.Code, http.StatusSeeOther, apitest.PageText(rec))
	subs := s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/submissions", id), nil)
	if got := fmt.Sprint(subs); !strings.Contains(got, "score:2:0") || !strings.Contains(got, "end_reason:resignation") {
		t.Errorf("the report by the sheet is stored as %s, want 2:0 by resignation", got)
	}
	// Without a sheet there is nothing to take the score from.
	rec = white.Post(report, url.Values{"score": {""}, "end_reason": {""}})
	apitest.MustStatus(t, "a report by no sheet", rec.Code, http.StatusBadRequest, apitest.PageText(rec))
}

// The player card of a Russian draughts event explains official
// tie-breaks that differ from the games' sums without Adiukh points,
// which its games do not have.
func TestRussianPlayerCardSpeaksItsGame(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	id := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events",
		map[string]any{"name": "Швейцарка", "game": "russian", "discipline": "rapid", "system": "swiss", "rounds": 3})["id"])
	events := fmt.Sprintf("/api/v1/events/%d", id)
	for i := range 6 {
		s.Must(http.StatusCreated, arbiter, "POST", events+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i+1), "rating": 2000 - 10*i})
	}
	round := s.Must(http.StatusCreated, arbiter, "POST", events+"/rounds", nil)
	s.Must(http.StatusOK, arbiter, "POST", events+"/rounds/1/publish", nil)
	var forfeitWinner int
	for _, g := range round["games"].([]any) {
		g := g.(map[string]any)
		score, reason := "2:0", "resignation"
		if apitest.Num(g["board"]) == 1 {
			forfeitWinner = apitest.Num(g["white"])
			score, reason = "2:0", "forfeit"
		}
		s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("%s/rounds/1/games/%d/result", events, apitest.Num(g["board"])),
			map[string]any{"score": score, "end_reason": reason, "version": apitest.Num(g["version"])})
	}
	card := apitest.PageText(s.Anonymous().Get(fmt.Sprintf("/events/%d/players/%d", id, forfeitWinner)))
	apitest.MustContain(t, "the forfeit winner's card", card, `<tr class="official">`, apitest.RuT("teamweb.official_why_by_result"))
	// The site's own name (its title, brand and footer) aside.
	_, main, _ := strings.Cut(card, "<main")
	if main, _, _ = strings.Cut(main, "</main>"); strings.Contains(strings.ToLower(main), "адиюх") {
		t.Errorf("the card of a Russian draughts event speaks of Adiukh:\n%s", main)
	}
}
