package hall_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/store/storetest"
)

// hallEvent is an event of the game of d over the board with seven
// players (one sits out each round), the first titled and of a
// federation, and round 1 published and started: a board forfeited, a
// board won, and a board playing whose first two plies were relayed. It
// returns the event's ID and the board relayed.
func hallEvent(t *testing.T, s *apitest.Server, d apitest.GameData) (id, relayed int) {
	t.Helper()
	ev := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events", map[string]any{
		"name": "Чемпионат, " + d.Game.Key, "game": d.Game.Key, "discipline": "standard", "system": "round-robin", "time_control": "90+30"})
	id = apitest.Num(ev["id"])
	names := map[int]string{}
	for i := 1; i <= 7; i++ {
		body := map[string]any{"name": fmt.Sprintf("Игрок %d", i), "rating": 2100 - 10*i}
		if i == 1 {
			body["title"], body["federation"] = d.Game.Titles[0].Notation, "RUS"
		}
		p := s.Must(http.StatusCreated, apitest.Arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), body)
		names[apitest.Num(p["id"])] = fmt.Sprintf("Игрок %d", i)
	}
	round := s.Must(http.StatusCreated, apitest.Arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	s.Must(http.StatusOK, apitest.Arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), nil)
	s.Must(http.StatusOK, apitest.Arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/1/start", id), map[string]any{"date": "2026-01-10", "time": "15:00"})
	var played []map[string]any
	for _, g := range round["games"].([]any) {
		if g := g.(map[string]any); g["black"] != nil {
			played = append(played, g)
		}
	}
	result := func(g map[string]any, score, reason string) {
		s.Must(http.StatusOK, apitest.Arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/1/games/%d/result", id, apitest.Num(g["board"])),
			map[string]any{"score": score, "end_reason": reason, "version": apitest.Num(g["version"])})
	}
	result(played[0], "+:-", "forfeit")
	result(played[1], d.WonScore, d.WonReason)
	relayed = apitest.Num(played[2]["board"])
	Relay(t, s, id, relayed, names[apitest.Num(played[2]["white"])], names[apitest.Num(played[2]["black"])], d.Opening[:2])
	return id, relayed
}

// Relay pushes a board's game so far as a bridge does: its players and
// its plies.
func Relay(t *testing.T, s *apitest.Server, id, board int, white, black string, plies []string) {
	t.Helper()
	if out := push(t, s, id, board, white, black, plies); apitest.Num(out["plies"]) != len(plies) {
		t.Fatalf("the relay took %v of %d plies", out, len(plies))
	}
}

// push pushes a board's game so far and answers what the relay took.
func push(t *testing.T, s *apitest.Server, id, board int, white, black string, plies []string) map[string]any {
	t.Helper()
	var moves strings.Builder
	for i, p := range plies {
		if i%2 == 0 {
			fmt.Fprintf(&moves, "%d. ", i/2+1)
		}
		moves.WriteString(p + " ")
	}
	pdn := fmt.Sprintf("[White \"%s\"]\n[Black \"%s\"]\n\n%s*\n", white, black, moves.String())
	return s.Must(http.StatusOK, apitest.Arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/boards/%d/relay", id, board), map[string]any{"pdn": pdn})
}

// The hall of every game's event, its screen and a board's page, for
// every kind of reader, in both languages: every board with its players
// by name (the title, the federation), the bye, a forfeit, a result and
// the relayed board drawn with its last move, a board's page with its
// moves; the timer's instants for the script. On both databases.
func TestHallPagesOfEveryGame(t *testing.T) {
	t.Parallel()
	data := apitest.EveryGame(t)
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := apitest.NewWebServerOn(t, st)
			readers := map[string]*apitest.Page{"anonymous": s.Anonymous(), "player": s.SignIn(tournament.PlayerRole), "arbiter": s.SignIn(tournament.ArbiterRole), "admin": s.SignIn(tournament.Admin)}
			for _, d := range data {
				t.Run(d.Game.Key, func(t *testing.T) {
					id, relayed := hallEvent(t, s.Server, d)
					for who, p := range readers {
						for _, path := range []string{"/hall", "/hall?screen=1", "/hall/screen?per=2&rotate=5", "/hall?round=1&lang=en"} {
							rec := p.Get(fmt.Sprintf("/events/%d%s", id, path))
							page := apitest.PageText(rec)
							apitest.MustStatus(t, who+" "+path, rec.Code, http.StatusOK, page)
							apitest.MustContain(t, who+" "+path, page, "Игрок 1", `class="federation">RUS`, `data-board="`+fmt.Sprint(relayed)+`"`,
								`class="score">`, `/static/hall.js`, `data-start="`, `data-now="`, d.Opening[1])
							if strings.Count(page, "data-drawn hidden") != 2 || strings.Count(page, "data-drawn>") != 1 {
								t.Errorf("%s %s: %d boards drawn hidden, %d shown; want the relayed one shown", who, path, strings.Count(page, "data-drawn hidden"), strings.Count(page, "data-drawn>"))
							}
						}
						rec := p.Get(fmt.Sprintf("/events/%d/hall/rounds/1/boards/%d", id, relayed))
						page := apitest.PageText(rec)
						apitest.MustStatus(t, who+" board", rec.Code, http.StatusOK, page)
						apitest.MustContain(t, who+" board", page, `id="board-moves"`, "<td>"+d.Opening[0]+"</td><td>"+d.Opening[1]+"</td>", apitest.RuT("hall.playing"))
					}
					screen := apitest.PageText(s.Anonymous().Get(fmt.Sprintf("/events/%d/hall/screen?per=2&rotate=5", id)))
					apitest.MustContain(t, "the screen", screen, `data-rotate="5"`, `data-page="1" hidden`, apitest.RuT("hall.screen_page", "N", 1, "Of", 2))
					en := apitest.PageText(s.Anonymous().Get(fmt.Sprintf("/events/%d/hall?lang=en", id)))
					apitest.MustContain(t, "in English", en, "Round 1", "forfeit", "playing")
					for path, want := range map[string]int{"/hall?round=2": http.StatusNotFound, "/hall?round=-1": http.StatusBadRequest, "/hall/screen?per=0x": http.StatusBadRequest,
						"/hall/screen?rotate=1": http.StatusBadRequest, "/hall/rounds/1/boards/99": http.StatusNotFound, "/hall/rounds/2/boards/1": http.StatusNotFound} {
						if rec := s.Anonymous().Get(fmt.Sprintf("/events/%d%s", id, path)); rec.Code != want {
							t.Errorf("%s: %d, want %d", path, rec.Code, want)
						}
					}
				})
			}
		})
	}
}

// An event without a published round shows the hall empty, its tab
// among the event's; a correspondence section has neither.
func TestHallBeforeTheFirstRound(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := apitest.StandardEvent(t, s.Server, nil)
	page := apitest.PageText(s.Anonymous().Get(fmt.Sprintf("/events/%d/hall", id)))
	apitest.MustContain(t, "the hall before a round", page, apitest.RuT("hall.no_round"), fmt.Sprintf(`href="/events/%d/hall" aria-current="page"`, id))
	apitest.MustNotContain(t, "the hall before a round", page, `id="hall-screen-link"`)
	corr := apitest.Num(s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events", map[string]any{"name": "Заочный", "discipline": "correspondence", "system": "round-robin", "time_control": "10d"})["id"])
	if rec := s.Anonymous().Get(fmt.Sprintf("/events/%d/hall", corr)); rec.Code != http.StatusNotFound {
		t.Errorf("a correspondence section's hall: %d", rec.Code)
	}
	apitest.MustNotContain(t, "a correspondence section", apitest.PageText(s.Anonymous().Get(fmt.Sprintf("/events/%d", corr))), fmt.Sprintf(`href="/events/%d/hall"`, corr))
}
