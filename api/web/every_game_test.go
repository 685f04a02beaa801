package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/rules/games"
	"adiukh/tournament"
	"adiukh/tournament/account"
)

// The pages' tests of every game of the registry, each game's specifics
// asked of its value or read from its test data
// (rules/games/testdata/KEY/site.json): a new game gets them by supplying
// its data. What is one game's alone is tested beside (russian_test.go).

// The new-event form offers every game, and names each discipline as
// every game does; an event of each game made with it names its game's
// disciplines on its page, in the list of events and in its calendar
// file; a refused form names the game's disciplines; its games' sheets
// are replayed by its rules on the game's page and the arbiter's, and its
// result entry and standings speak its scores.
func TestEveryGameEventForm(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	a := s.SignIn(tournament.ArbiterRole)
	page := apitest.PageText(a.Get("/manage/events/new"))
	if !strings.Contains(page, `<select name="game">`) {
		t.Error("the new-event form offers no game")
	}
	for _, d := range apitest.EveryGame(t) {
		t.Run(d.Game.Key, func(t *testing.T) {
			v := d.Game
			for _, want := range []string{`<option value="` + v.Key + `">` + apitest.RuT(v.NameKey()), `data-name-` + v.Key + `="` + apitest.RuT(v.DisciplinePrefix+"standard") + `"`} {
				if !strings.Contains(page, want) {
					t.Errorf("the new-event form lacks %q", want)
				}
			}
			refused := a.Post("/manage/events", url.Values{"name": {""}, "game": {v.Key}, "discipline": {"standard"}, "system": {"swiss"}, "visibility": {"public"}})
			if refused.Code != http.StatusBadRequest || !strings.Contains(apitest.PageText(refused), `>`+apitest.RuT(v.DisciplinePrefix+"standard")+`</option>`) {
				t.Errorf("a refused form: %d, want 400 naming the game's disciplines", refused.Code)
			}
			name := "Кубок, " + v.Key
			rec := a.Post("/manage/events", url.Values{
				"name": {name}, "game": {v.Key}, "discipline": {"rapid"}, "system": {"round-robin"}, "visibility": {"public"},
				"time_control": {"8+4"}, "start_date": {"2026-12-10"}, "tiebreak": {"sonneborn-berger", "wins"},
			})
			apitest.MustStatus(t, "event", rec.Code, http.StatusSeeOther, rec.Body.String())
			path := strings.TrimSuffix(rec.Header().Get("Location"), "/manage")
			if ev := s.Must(http.StatusOK, tournament.ArbiterRole, "GET", "/api/v1"+path, nil); ev["game"] != v.Key {
				t.Fatalf("created event: game %v", ev["game"])
			}
			rapid := apitest.RuT(v.DisciplinePrefix + "rapid")
			if page := apitest.PageText(a.Get(path)); !strings.Contains(page, rapid) || rapid != apitest.RuT("discipline.rapid") && strings.Contains(page, apitest.RuT("discipline.rapid")+" ·") {
				t.Errorf("the event's page does not name the game's rapid %q:\n%s", rapid, page)
			}
			if list := apitest.PageText(s.Anonymous().Get("/")); !strings.Contains(list, rapid) {
				t.Errorf("the list of events does not name the game's rapid %q:\n%s", rapid, list)
			}
			// Long lines of iCalendar are folded (RFC 5545 §3.1).
			if ics := strings.ReplaceAll(apitest.PageText(a.Get(path+".ics")), "\r\n ", ""); !strings.Contains(ics, "CATEGORIES:"+apitest.RuT(v.NameKey())) || !strings.Contains(ics, rapid) {
				t.Errorf("the event's calendar file does not name its game:\n%s", ics)
			}

			api := "/api/v1" + path
			for i := 1; i <= 2; i++ {
				s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", api+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i), "rating": 2000 - i})
			}
			s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", api+"/rounds", nil)
			s.Must(http.StatusOK, tournament.ArbiterRole, "POST", api+"/rounds/1/publish", nil)
			s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", api+"/rounds/1/games/1/result", map[string]any{"sheet": d.Won, "version": 1})
			if page := apitest.PageText(a.Get(path + "/rounds/1/results")); !strings.Contains(page, `placeholder="`+v.Scale.Example+`"`) {
				t.Errorf("the result entry does not show a score of its game %s:\n%s", v.Scale.Example, page)
			}
			// The standings say the event's points a game, 2/1/0 or 1/½/0.
			if page := apitest.PageText(a.Get(path + "/standings")); !strings.Contains(page, apitest.RuT("standings.scoring", "Win", "2", "Draw", "1", "Loss", "0")) {
				t.Errorf("the standings do not say the points a game:\n%s", page)
			}
			if page := apitest.PageText(a.Get(path + "/rounds/1/boards/1/edit")); !strings.Contains(page, apitest.RuN("sheet.valid", d.WonPlies)) || strings.Contains(page, `class="field-error"`) {
				t.Errorf("the game's edit page does not show the sheet as valid in %d plies:\n%s", d.WonPlies, page)
			}
			if page := apitest.PageText(a.Get(path + "/rounds/1/boards/1")); strings.Count(page, "data-goto=") != d.WonPlies || strings.Contains(page, `class="field-error"`) {
				t.Errorf("the game's page does not replay the sheet's %d plies:\n%s", d.WonPlies, page)
			}
		})
	}
}

// Every game's rating lists have pages, each naming its list and linking
// every game's lists (the default game's keep their addresses).
func TestEveryGameRatingPages(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	reader := s.Anonymous()
	for _, v := range games.All {
		for _, discipline := range []string{"standard", "rapid", "blitz"} {
			list := v.RatingList(discipline)
			rec := reader.Get("/ratings/" + list)
			apitest.MustStatus(t, list, rec.Code, http.StatusOK, "")
			page := apitest.PageText(rec)
			if !strings.Contains(page, apitest.RuT("rating_list."+list)) {
				t.Errorf("/ratings/%s does not name its list", list)
			}
			for _, other := range games.All {
				if !strings.Contains(page, `href="/ratings/`+other.RatingList("blitz")+`"`) {
					t.Errorf("/ratings/%s does not link %s's blitz list", list, other.Key)
				}
			}
		}
	}
}

// reportEvent is a published round robin of two players of a game, each
// with an account, reports open; it gives the event and its players by ID.
func reportEvent(t *testing.T, s *apitest.WebServer, key string) (id int, players []int, emails map[int]string) {
	t.Helper()
	const arbiter = tournament.ArbiterRole
	id = apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Кубок", "game": key, "discipline": "standard", "system": "round-robin"})["id"])
	emails = map[int]string{}
	for i, name := range []string{"Игрок 1", "Игрок 2"} {
		pid := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": name})["id"])
		emails[pid] = fmt.Sprintf("%s.p%d@example.org", key, i)
		s.AddUser(emails[pid], tournament.PlayerRole)
		s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/players/%d/account", id, pid), map[string]any{"email": emails[pid]})
	}
	s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), nil)
	s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/submissions/open", id), map[string]any{"open": true})
	game := s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)["games"].([]any)[0].(map[string]any)
	players = []int{apitest.PlayerByStartNo(t, s, id, apitest.Num(game["white"])), apitest.PlayerByStartNo(t, s, id, apitest.Num(game["black"]))}
	return id, players, emails
}

// A player reports a game of every game in its points through the API:
// with its sheet; another game's score is refused; the opponent's
// confirmation stores it.
func TestEveryGamePlayerReport(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	for _, d := range apitest.EveryGame(t) {
		t.Run(d.Game.Key, func(t *testing.T) {
			id, players, emails := reportEvent(t, s, d.Game.Key)
			tokens := map[int]string{}
			for _, pid := range players {
				token, _, err := s.Accounts.CreateToken(context.Background(), account.NewToken{Email: emails[pid]})
				if err != nil {
					t.Fatal(err)
				}
				tokens[pid] = token
			}
			white, black := players[0], players[1]
			report := fmt.Sprintf("/api/v1/events/%d/rounds/1/games/1/submission", id)
			if code, out := apitest.AsToken(s, tokens[white], "POST", report, map[string]any{"score": d.ForeignScore(), "end_reason": "resignation"}); code != http.StatusBadRequest || out["field"] != "score" {
				t.Errorf("another game's score %s reported: %d %v", d.ForeignScore(), code, out)
			}
			code, sub := apitest.AsToken(s, tokens[white], "POST", report, map[string]any{"score": d.WonScore, "end_reason": d.WonReason, "sheet": d.Won})
			if code != http.StatusCreated {
				t.Fatalf("the report: %d %v", code, sub)
			}
			if code, out := apitest.AsToken(s, tokens[black], "POST", fmt.Sprintf("/api/v1/events/%d/submissions/%d/confirm", id, apitest.Num(sub["id"])), map[string]any{}); code != http.StatusOK {
				t.Fatalf("the opponent confirms: %d %v", code, out)
			}
			game := s.Must(http.StatusOK, tournament.ArbiterRole, "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)["games"].([]any)[0].(map[string]any)
			if game["score"] != d.WonScore || game["end_reason"] != d.WonReason {
				t.Errorf("after confirmation the game is %v %v, want %s by %s", game["score"], game["end_reason"], d.WonScore, d.WonReason)
			}
		})
	}
}

// A player's report form of every game offers the result «по бланку», as
// the arbiter's entry does, with the game's own example score and not
// another game's: a report that leaves the score and the ending empty
// takes them from its sheet by the same rule.
func TestEveryGamePlayerReportFromSheet(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	for _, d := range apitest.EveryGame(t) {
		t.Run(d.Game.Key, func(t *testing.T) {
			id, players, emails := reportEvent(t, s, d.Game.Key)
			white := s.SignInAs(emails[players[0]])
			report := fmt.Sprintf("/events/%d/rounds/1/boards/1/report", id)
			form := white.Get(report)
			apitest.MustStatus(t, "the report form", form.Code, http.StatusOK, form.Body.String())
			apitest.MustContain(t, "the report form", form.Body.String(), `<option value="">`+apitest.RuT("results.reason_from_sheet")+`</option>`, `placeholder="`+d.Game.Scale.Example+`"`)
			if strings.Contains(form.Body.String(), `placeholder="`+d.ForeignScore()+`"`) {
				t.Errorf("the report form gives another game's example %s", d.ForeignScore())
			}
			rec := white.Post(report, url.Values{"score": {""}, "end_reason": {""}, "sheet": {d.Won}})
			apitest.MustStatus(t, "a report by the sheet", rec.Code, http.StatusSeeOther, apitest.PageText(rec))
			subs := fmt.Sprint(s.Must(http.StatusOK, tournament.ArbiterRole, "GET", fmt.Sprintf("/api/v1/events/%d/submissions", id), nil))
			if !strings.Contains(subs, "score:"+d.WonScore) || !strings.Contains(subs, "end_reason:"+d.WonReason) {
				t.Errorf("the report by the sheet is stored as %s, want %s by %s", subs, d.WonScore, d.WonReason)
			}
			// Without a sheet there is nothing to take the score from.
			rec = white.Post(report, url.Values{"score": {""}, "end_reason": {""}})
			apitest.MustStatus(t, "a report by no sheet", rec.Code, http.StatusBadRequest, apitest.PageText(rec))
		})
	}
}

// The player card of an event of every game scored only as wins, draws
// and losses explains official tie-breaks that differ from the games'
// sums without the checkers won, which its games do not have.
func TestEveryGamePlayerCardSpeaksItsGame(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	for _, v := range games.All {
		if v.GradedScores() {
			continue
		}
		t.Run(v.Key, func(t *testing.T) {
			ev := s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events",
				map[string]any{"name": "Швейцарка", "game": v.Key, "discipline": "rapid", "system": "swiss", "rounds": 3})
			id := apitest.Num(ev["id"])
			events := fmt.Sprintf("/api/v1/events/%d", id)
			for i := range 6 {
				s.Must(http.StatusCreated, arbiter, "POST", events+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i+1), "rating": 2000 - 10*i})
			}
			round := s.Must(http.StatusCreated, arbiter, "POST", events+"/rounds", nil)
			s.Must(http.StatusOK, arbiter, "POST", events+"/rounds/1/publish", nil)
			var forfeitWinner int
			for _, g := range round["games"].([]any) {
				g := g.(map[string]any)
				reason := "resignation"
				if apitest.Num(g["board"]) == 1 {
					forfeitWinner = apitest.PlayerByStartNo(t, s, id, apitest.Num(g["white"]))
					reason = "forfeit"
				}
				s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("%s/rounds/1/games/%d/result", events, apitest.Num(g["board"])),
					map[string]any{"score": v.Scale.Win(true).String(), "end_reason": reason, "version": apitest.Num(g["version"])})
			}
			card := apitest.PageText(s.Anonymous().Get(fmt.Sprintf("/events/%d/players/%d", id, forfeitWinner)))
			apitest.MustContain(t, "the forfeit winner's card", card, `<tr class="official">`, apitest.RuT("teamweb.official_why_by_result"))
			// The site's own name (its title, brand and footer) aside.
			_, main, _ := strings.Cut(card, "<main")
			if main, _, _ = strings.Cut(main, "</main>"); strings.Contains(strings.ToLower(main), strings.ToLower(apitest.RuT(games.Default.NameKey()))) {
				t.Errorf("the card speaks of %s:\n%s", games.Default.Key, main)
			}
		})
	}
}
