package teams_test

import (
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"adiukh/api/apitest"
)

// teamScoringForm is what the desk's team scoring form sends as the page
// shows it: the stored values, the tie-break lists in order and the list
// the page showed.
func teamScoringForm(page string) url.Values {
	v := url.Values{}
	form := page[strings.Index(page, `id="team-scoring"`):]
	form = form[:strings.Index(form, "</form>")]
	for _, m := range regexp.MustCompile(`<input type="(?:text|hidden)" (?:inputmode="decimal" )?name="([a-z_]+)" value="([^"]*)"`).FindAllStringSubmatch(form, -1) {
		v.Set(m[1], m[2])
	}
	for _, sel := range regexp.MustCompile(`(?s)<select name="([a-z_]+)"[^>]*>(.*?)</select>`).FindAllStringSubmatch(form, -1) {
		chosen := ""
		if m := regexp.MustCompile(`<option value="([^"]*)" selected>`).FindStringSubmatch(sel[2]); m != nil {
			chosen = m[1]
		}
		v.Add(sel[1], chosen)
	}
	return v
}

// The team scoring of a team event is set on its desk through the same use
// case as PUT /api/v1/events/{id}/team-settings: errors at their fields,
// the values kept on a refused form, the reason in the audit log; the
// desk's event settings leave out what does not rank teams.
func TestTeamScoringOnTheDesk(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	te := apitest.NewTeamEvent(t, s.Server, "swiss", 3, 2, []int{2, 2, 2, 2})
	a := s.SignIn(apitest.Arbiter)
	desk := fmt.Sprintf("/events/%d/manage", te.ID)
	post := fmt.Sprintf("/events/%d/team-scoring", te.ID)
	settings := func() map[string]any {
		return s.Must(http.StatusOK, apitest.Arbiter, "GET", te.Path("/team-settings"), nil)
	}
	before := settings()

	page := a.Get(desk).Body.String()
	scoring := html.UnescapeString(page[strings.Index(page, `id="team-scoring"`):])
	for _, want := range []string{`action="` + post + `"`, apitest.RuT("teamweb.scoring"), `name="match_win" value="2"`, `name="match_bye" value="1"`,
		`<option value="match_points" selected>` + apitest.RuT("teamweb.ranking_match_points") + `</option>`, `name="colour_preferences"`, `name="tiebreak"`,
		apitest.RuT("tiebreaks.preset") + ": " + apitest.RuT("teamweb.preset_game_points")} {
		if !strings.Contains(scoring, want) {
			t.Errorf("the team scoring form lacks %q", want)
		}
	}
	// The event settings of a team event: the points per game on a board
	// stay, the individual bye, tie-breaks and Swiss options do not.
	event := html.UnescapeString(page[strings.Index(page, `id="settings"`):])
	for _, want := range []string{apitest.RuT("teamweb.game_scoring"), `name="scoring_win"`, `type="hidden" name="scoring_bye"`} {
		if !strings.Contains(event, want) {
			t.Errorf("the event settings of a team event lack %q", want)
		}
	}
	for _, not := range []string{`id="tiebreaks"`, apitest.RuT("tiebreak.buchholz"), apitest.RuT("tiebreak.sonneborn-berger"), `name="baku"`, `name="forbid_same_club"`, `<input type="text" inputmode="decimal" name="scoring_bye"`} {
		if strings.Contains(event, not) {
			t.Errorf("the event settings of a team event offer %q, which does not rank teams", not)
		}
	}

	// A value that is not a number, and match points the service refuses:
	// the error at its field, the values entered kept, nothing changed.
	form := teamScoringForm(page)
	form.Set("match_win", "два")
	form.Set("reason", "по положению")
	rec := a.Post(post, form)
	apitest.MustStatus(t, "not a number", rec.Code, http.StatusBadRequest, "")
	for _, want := range []string{apitest.RuF("%s: %q is not a number", apitest.RuT("teamweb.match_win"), "два"), `name="match_win" value="два"`, `name="reason" value="по положению"`} {
		if !strings.Contains(apitest.PageText(rec), want) {
			t.Errorf("the refused form does not show %q", want)
		}
	}
	form.Set("match_win", "1")
	form.Set("match_draw", "2")
	rec = a.Post(post, form)
	apitest.MustStatus(t, "a draw worth more than a win", rec.Code, http.StatusBadRequest, "")
	if !strings.Contains(apitest.PageText(rec), apitest.RuF("a win must score more than a draw, and a draw at least as much as a loss (got %g/%g/%g)", 1.0, 2.0, 0.0)) || !strings.Contains(rec.Body.String(), `name="match_draw" value="2"`) {
		t.Error("the service's refusal of the match points is not shown at the form with the values entered")
	}
	form = teamScoringForm(page)
	form["tiebreak"] = []string{"game-points", "game-points"}
	rec = a.Post(post, form)
	apitest.MustStatus(t, "a tie-break twice", rec.Code, http.StatusBadRequest, "")
	if !strings.Contains(apitest.PageText(rec), apitest.RuF("tie-break %q is listed twice", "game-points")) {
		t.Error("a tie-break listed twice is not shown at the form")
	}
	if fmt.Sprint(settings()) != fmt.Sprint(before) {
		t.Fatalf("a refused form changed the team settings: %v, was %v", settings(), before)
	}

	// Ranking by game points with the list untouched brings its preset, as
	// the API does; the match points, colour preferences and the reason
	// are saved.
	form = teamScoringForm(page)
	form.Set("match_win", "3")
	form.Set("match_draw", "1,5")
	form.Set("match_bye", "1.5")
	form.Set("ranking", "game_points")
	form.Set("colour_preferences", "type_b")
	form.Set("reason", "решение судейской коллегии")
	rec = a.Post(post, form)
	apitest.MustStatus(t, "save", rec.Code, http.StatusSeeOther, rec.Body.String())
	if loc := rec.Header().Get("Location"); loc != desk+"#team-scoring" {
		t.Errorf("saved, the form goes to %s", loc)
	}
	other := apitest.NewTeamEvent(t, s.Server, "swiss", 3, 2, []int{2, 2})
	preset := s.Must(http.StatusOK, apitest.Arbiter, "PUT", other.Path("/team-settings"), map[string]any{"ranking": "game_points"})["tiebreaks"]
	got := settings()
	if mp := got["match_points"].(map[string]any); mp["win"] != 3.0 || mp["draw"] != 1.5 || mp["loss"] != 0.0 || mp["bye"] != 1.5 ||
		got["ranking"] != "game_points" || got["colour_preferences"] != "type_b" || fmt.Sprint(got["tiebreaks"]) != fmt.Sprint(preset) {
		t.Errorf("after the form the team settings are %v; want 3/1.5/0/1.5, game points first, type B, tie-breaks %v", got, preset)
	}
	audit := s.Must(http.StatusOK, apitest.Arbiter, "GET", te.Path("/audit"), nil)
	if !strings.Contains(fmt.Sprint(audit), "team.settings") || !strings.Contains(fmt.Sprint(audit), "решение судейской коллегии") {
		t.Error("the audit log does not keep the change with its reason")
	}

	// A list the arbiter changed is saved in its order, once rounds exist
	// too (the service lets the scoring change at any time).
	s.Must(http.StatusCreated, apitest.Arbiter, "POST", te.Path("/rounds"), nil)
	page = a.Get(desk).Body.String()
	if !strings.Contains(page, `name="match_draw" value="1.5"`) || !strings.Contains(page, `<option value="game_points" selected>`) {
		t.Error("the desk does not show the saved team scoring")
	}
	form = teamScoringForm(page)
	form["tiebreak"] = []string{"", "direct-encounter", "match-points", ""}
	rec = a.Post(post, form)
	apitest.MustStatus(t, "tie-breaks", rec.Code, http.StatusSeeOther, rec.Body.String())
	if got := settings()["tiebreaks"].([]any); !slices.Equal(got, []any{"direct-encounter", "match-points"}) {
		t.Errorf("tie-breaks saved as %v", got)
	}
	st := s.Must(http.StatusOK, "", "GET", te.Path("/standings"), nil)
	if fmt.Sprint(st["ranking"]) != "game_points" {
		t.Errorf("the standings rank by %v", st["ranking"])
	}

	// The desk's event settings save without touching the team's.
	team := settings()
	ev := s.Must(http.StatusOK, apitest.Arbiter, "GET", fmt.Sprintf("/api/v1/events/%d", te.ID), nil)
	page = a.Get(desk).Body.String()
	rec = a.Post(fmt.Sprintf("/events/%d/settings", te.ID), url.Values{"name": {"Командный кубок"}, "discipline": {"rapid-team"}, "system": {"swiss"}, "rounds": {"3"},
		"time_control": {"8+4"}, "visibility": {"public"}, "time_zone": {"Europe/Moscow"},
		"scoring_win": {"2"}, "scoring_draw": {"1"}, "scoring_loss": {"0"}, "scoring_bye": {fmt.Sprint(ev["scoring"].(map[string]any)["bye"])}, "scoring_forfeit_win": {"2"}})
	apitest.MustStatus(t, "event settings", rec.Code, http.StatusSeeOther, rec.Body.String())
	after := s.Must(http.StatusOK, apitest.Arbiter, "GET", fmt.Sprintf("/api/v1/events/%d", te.ID), nil)
	if after["name"] != "Командный кубок" || fmt.Sprint(after["tiebreaks"]) != fmt.Sprint(ev["tiebreaks"]) || fmt.Sprint(after["scoring"]) != fmt.Sprint(ev["scoring"]) {
		t.Errorf("the event settings became %v, were %v", after, ev)
	}
	if fmt.Sprint(settings()) != fmt.Sprint(team) {
		t.Error("saving the event settings changed the team settings")
	}

	// A round robin: no colour preferences, and its bye earns nothing, so
	// the form does not ask for it.
	rr := apitest.NewTeamEvent(t, s.Server, "round-robin", 0, 2, []int{2, 2, 2})
	page = a.Get(fmt.Sprintf("/events/%d/manage?lang=en", rr.ID)).Body.String()
	scoring = page[strings.Index(page, `id="team-scoring"`):]
	if strings.Contains(scoring, `name="colour_preferences"`) || !strings.Contains(scoring, `<input type="hidden" name="match_bye" value="0">`) ||
		!strings.Contains(scoring, "Team scoring") || !strings.Contains(scoring, "rest day") {
		t.Error("the round robin's team scoring form offers what a round robin does not use, or is not in English")
	}
	form = teamScoringForm(page)
	form.Set("ranking", "points")
	rec = a.Post(fmt.Sprintf("/events/%d/team-scoring", rr.ID), form)
	apitest.MustStatus(t, "unknown ranking", rec.Code, http.StatusBadRequest, "")
	if !strings.Contains(apitest.PageText(rec), apitest.RuF(`unknown ranking %q; use "match_points" or "game_points"`, "points")) {
		t.Error("an unknown ranking is not shown at the form")
	}
}
