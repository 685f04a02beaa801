package web_test

import (
	"fmt"
	"html"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"adiukh/api"
	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/engines"
)

// pairInOrder pairs a Swiss round by start number, 1–2, 3–4, …: enough to
// render the Swiss pages without the Dutch engine.
func pairInOrder(in tournament.PairingInput) ([]tournament.Pairing, error) {
	var out []tournament.Pairing
	var waiting int64
	for _, p := range in.Players {
		if !p.PlaysIn(in.Round) {
			continue
		}
		if waiting == 0 {
			waiting = p.ID
			continue
		}
		out = append(out, tournament.Pairing{WhiteID: waiting, BlackID: p.ID})
		waiting = 0
	}
	if waiting != 0 {
		out = append(out, tournament.Pairing{WhiteID: waiting})
	}
	return out, nil
}

// A Swiss event shows a progress table (opponent, colour, points per round)
// instead of the round-robin grid, and its bye.
func TestSwissProgressTable(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	opt := engines.Options()
	opt.Pairing[tournament.Swiss] = pairInOrder
	s.Handler = apitest.NewRouter(api.Deps{DB: s.Store, Events: tournament.NewService(s.Store, opt), Accounts: s.Accounts, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	a := s.SignIn(tournament.ArbiterRole)
	rec := a.Post("/manage/events", url.Values{"name": {"Швейцарка"}, "discipline": {"blitz"}, "system": {"swiss"}, "rounds": {"3"}, "time_control": {"3+2"}})
	apitest.MustStatus(t, "create", rec.Code, http.StatusSeeOther, rec.Body.String())
	var id int
	fmt.Sscanf(rec.Header().Get("Location"), "/events/%d/manage", &id)
	apitest.MustStatus(t, "players", a.Post(fmt.Sprintf("/events/%d/players/csv", id), url.Values{"csv": {"Абрегов\nБерсиров\nГучетль"}}).Code, http.StatusSeeOther, "")
	apitest.MustStatus(t, "pair", a.Post(fmt.Sprintf("/events/%d/rounds", id), nil).Code, http.StatusSeeOther, "")
	apitest.MustStatus(t, "publish", a.Post(fmt.Sprintf("/events/%d/rounds/1/publish", id), nil).Code, http.StatusSeeOther, "")
	entry := fmt.Sprintf("/events/%d/rounds/1/results", id)
	versions := versionsField.FindStringSubmatch(a.Get(entry).Body.String())
	rec = a.Post(entry, url.Values{"board": {"1"}, "score": {"9:15"}, "end_reason": {"final_position"}, "versions": {versions[1]}})
	apitest.MustStatus(t, "result", rec.Code, http.StatusSeeOther, rec.Body.String())

	for _, tc := range []struct{ path, want string }{
		{fmt.Sprintf("/events/%d/crosstable", id), `<span class="piece b"></span></span>2<small class="adiukh">15:9</small></td>`},
		{fmt.Sprintf("/events/%d/crosstable", id), apitest.RuT("reason.bye")},
		{fmt.Sprintf("/events/%d", id), apitest.RuT("reason.bye")},
		{fmt.Sprintf("/events/%d/standings", id), apitest.RuT("standings.after", "N", 1)},
		{fmt.Sprintf("/events/%d/players/1", id), "9:15"},
	} {
		rec := s.Anonymous().Get(tc.path)
		apitest.MustStatus(t, tc.path, rec.Code, http.StatusOK, rec.Body.String())
		if !strings.Contains(apitest.PageText(rec), tc.want) {
			t.Errorf("%s does not show %q", tc.path, tc.want)
		}
	}
}

// A team event shows matches with their boards, team standings with the
// boards' standings, and the team crosstable.
func TestTeamEventPages(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	ev := s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Командный кубок", "discipline": "rapid-team", "system": "round-robin"})
	id := apitest.Num(ev["id"])
	a := s.SignIn(arbiter)
	rec := a.Post(fmt.Sprintf("/events/%d/teams", id), url.Values{"name": {"Команда 1"}, "roster": {"Игрок 1.1, x"}})
	apitest.MustStatus(t, "bad roster", rec.Code, http.StatusBadRequest, "")
	// The line and the field: which cell of which line to correct.
	if !strings.Contains(apitest.PageText(rec), apitest.RuT("error.line_field", "Line", 1, "Field", apitest.Ru.Field("rating"), "Message", apitest.RuF("%q is not a whole number", "x"))) {
		t.Errorf("a bad roster line is not named with its field")
	}
	for i := 1; i <= 4; i++ {
		var roster []string
		for j := 1; j <= 4; j++ {
			roster = append(roster, fmt.Sprintf("Игрок %d.%d, %d", i, j, 2000-j))
		}
		rec := a.Post(fmt.Sprintf("/events/%d/teams", id), url.Values{"name": {fmt.Sprintf("Команда %d", i)}, "roster": {strings.Join(roster, "\n")}})
		apitest.MustStatus(t, "add a team", rec.Code, http.StatusSeeOther, rec.Body.String())
	}
	if body := apitest.PageText(a.Get(fmt.Sprintf("/events/%d/manage", id))); !strings.Contains(body, apitest.RuT("teams.lineups")) || strings.Contains(body, "/players/csv") {
		t.Error("the arbiter's desk of a team event offers individual registration")
	}
	apitest.MustStatus(t, "pair", a.Post(fmt.Sprintf("/events/%d/rounds", id), nil).Code, http.StatusSeeOther, "")
	apitest.MustStatus(t, "publish", a.Post(fmt.Sprintf("/events/%d/rounds/1/publish", id), nil).Code, http.StatusSeeOther, "")

	// Line-ups: the first form is the home team of table 1; its options
	// list the roster in order after the empty board.
	lineups := a.Get(fmt.Sprintf("/events/%d/rounds/1/lineups", id)).Body.String()
	form := regexp.MustCompile(`(?s)action="/events/\d+/rounds/1/lineups/(\d+)".*?</form>`).FindStringSubmatch(lineups)
	if form == nil {
		t.Fatalf("the line-ups page has no form:\n%s", lineups)
	}
	var roster []string
	for _, m := range regexp.MustCompile(`<option value="(\d+)"`).FindAllStringSubmatch(form[0], -1) {
		if m[1] != "0" && !slices.Contains(roster, m[1]) {
			roster = append(roster, m[1])
		}
	}
	setLineup := fmt.Sprintf("/events/%d/rounds/1/lineups/%s", id, form[1])
	rec = a.Post(setLineup, url.Values{"board": {roster[1], roster[0], roster[2], roster[3]}, "reason": {"порядок"}})
	apitest.MustStatus(t, "line-up out of roster order", rec.Code, http.StatusBadRequest, "")
	refused := regexp.MustCompile(`(?s)action="` + regexp.QuoteMeta(setLineup) + `".*?</form>`).FindString(rec.Body.String())
	if !strings.Contains(html.UnescapeString(refused), apitest.RuT("board.n", "N", 2)+": ") {
		t.Errorf("a line-up out of roster order is not explained by board\n%s", refused)
	}
	// The form shows the line-up sent, not the stored one.
	var selected []string
	for _, m := range regexp.MustCompile(`<option value="(\d+)" selected>`).FindAllStringSubmatch(refused, -1) {
		selected = append(selected, m[1])
	}
	if want := []string{roster[1], roster[0], roster[2], roster[3]}; !slices.Equal(selected, want) || !strings.Contains(refused, `value="порядок"`) {
		t.Errorf("the refused line-up shows players %v, want %v, and the reason\n%s", selected, want, refused)
	}
	rec = a.Post(setLineup, url.Values{"board": {roster[0], roster[1], roster[2], "0"}, "reason": {"4-я доска заболела"}})
	apitest.MustStatus(t, "line-up", rec.Code, http.StatusSeeOther, rec.Body.String())
	if body := apitest.PageText(s.Anonymous().Get(fmt.Sprintf("/events/%d", id))); !strings.Contains(body, apitest.RuT("teams.empty_board")) {
		t.Error("the empty board of the new line-up is not shown")
	}
	rec = a.Post(setLineup, url.Values{"board": {roster[0], roster[1], roster[2], roster[3]}})
	apitest.MustStatus(t, "line-up back", rec.Code, http.StatusSeeOther, rec.Body.String())
	// Match 1: the home team wins every board (White on odd boards);
	// match 2: every board drawn.
	for board := 1; board <= 4; board++ {
		score := "17:7"
		if board%2 == 0 {
			score = "7:17"
		}
		s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/1/matches/1/boards/%d/result", id, board), map[string]any{"score": score, "end_reason": "final_position", "version": 1})
		s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/1/matches/2/boards/%d/result", id, board), map[string]any{"score": "12:12", "end_reason": "agreement", "version": 1})
	}
	reader := s.Anonymous()
	for _, tc := range []struct{ path, want string }{
		{fmt.Sprintf("/events/%d", id), apitest.RuT("teams.table", "N", 1)},
		{fmt.Sprintf("/events/%d", id), "Игрок 1.1"},
		{fmt.Sprintf("/events/%d", id), apitest.RuN("teams.count", 4)},
		{fmt.Sprintf("/events/%d/standings", id), apitest.RuT("teams.match_points")},
		{fmt.Sprintf("/events/%d/standings", id), apitest.RuT("teams.board_standings", "N", 1)},
		{fmt.Sprintf("/events/%d/crosstable", id), "Команда 4"},
		{fmt.Sprintf("/events/%d/crosstable?lang=en", id), "Match points"},
	} {
		rec := reader.Get(tc.path)
		apitest.MustStatus(t, tc.path, rec.Code, http.StatusOK, rec.Body.String())
		if !strings.Contains(apitest.PageText(rec), tc.want) {
			t.Errorf("%s does not show %q", tc.path, tc.want)
		}
		if m := regexp.MustCompile(`⟦[^⟧]*⟧`).FindString(rec.Body.String()); m != "" {
			t.Errorf("%s shows the untranslated %s", tc.path, m)
		}
	}
	// The board tables name each player's team, not its number alone
	// (issue 60, the arbiter's flow).
	if standings := apitest.PageText(reader.Get(fmt.Sprintf("/events/%d/standings", id))); !regexp.MustCompile(`<td class="name">Игрок 1\.1</td><td class="name"><span class="sn">\d+</span> Команда 1</td>`).MatchString(standings) {
		t.Errorf("the board tables do not name the teams:\n%s", standings)
	}
	// Match and game points are columns of their own, not again among the
	// tie-breaks, as in the PDF.
	gamePoints := ">" + apitest.RuT("teams.game_points") + "</th>"
	if standings := apitest.PageText(reader.Get(fmt.Sprintf("/events/%d/standings", id))); strings.Count(standings, gamePoints) != 1 {
		t.Errorf("the team standings show the game points %d times", strings.Count(standings, gamePoints))
	}
	body := apitest.PageText(reader.Get(fmt.Sprintf("/events/%d", id)))
	matchPoints := `<span class="mp">` + apitest.RuT("teams.match_points") + ": "
	for _, want := range []string{`class="match-score">8 : 0<`, `class="match-score">4 : 4<`, matchPoints + "2 : 0", matchPoints + "1 : 1"} {
		if !strings.Contains(body, want) {
			t.Errorf("the round's matches do not show %q", want)
		}
	}
}
