package api_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"adiukh/tournament"
)

// A team event set up on the web pages only: the number of boards, the
// teams, a captain and a reserve; the JSON API sees the same event.
func TestTeamDeskOnTheWeb(t *testing.T) {
	s := newWebServer(t)
	const arbiter = tournament.ArbiterRole
	ev := s.must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Кубок района", "discipline": "rapid-team", "system": "round-robin"})
	id := num(ev["id"])
	a := s.signIn(arbiter)
	desk := fmt.Sprintf("/events/%d/manage", id)

	rec := a.post(fmt.Sprintf("/events/%d/team-settings", id), url.Values{"boards": {"три"}})
	mustStatus(t, "boards not a number", rec.Code, http.StatusBadRequest, "")
	rec = a.post(fmt.Sprintf("/events/%d/team-settings", id), url.Values{"boards": {"3"}})
	mustStatus(t, "boards", rec.Code, http.StatusSeeOther, rec.Body.String())
	st := s.must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/team-settings", id), nil)
	if num(st["boards"]) != 3 {
		t.Fatalf("the boards set on the page are not the event's: %v", st)
	}
	for i := 1; i <= 3; i++ {
		roster := fmt.Sprintf("Игрок %d.1, 2100\nИгрок %d.2, 2000\nИгрок %d.3, 1900", i, i, i)
		rec := a.post(fmt.Sprintf("/events/%d/teams", id), url.Values{"name": {fmt.Sprintf("Команда %d", i)}, "roster": {roster}})
		mustStatus(t, "add a team", rec.Code, http.StatusSeeOther, rec.Body.String())
	}
	rec = a.post(fmt.Sprintf("/events/%d/teams/1", id), url.Values{"name": {"Команда 1"}, "captain": {"Шоров Заур"}, "city": {"Нальчик"}})
	mustStatus(t, "captain", rec.Code, http.StatusSeeOther, rec.Body.String())
	rec = a.post(fmt.Sprintf("/events/%d/teams/1", id), url.Values{"name": {""}})
	mustStatus(t, "a team without a name", rec.Code, http.StatusBadRequest, "")
	if !strings.Contains(rec.Body.String(), `id="team-1" open`) {
		t.Error("the refused team form is not opened on the desk")
	}
	rec = a.post(fmt.Sprintf("/events/%d/teams/2/players", id), url.Values{"name": {"Запасной Игрок"}, "rating": {"1800"}})
	mustStatus(t, "reserve", rec.Code, http.StatusSeeOther, rec.Body.String())
	rec = a.post(fmt.Sprintf("/events/%d/teams/3/players", id), url.Values{"name": {"Игрок 1.1"}, "rating": {"2100"}})
	mustStatus(t, "a player of another team", rec.Code, http.StatusConflict, "")

	teams := s.must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/teams", id), nil)
	body := fmt.Sprint(teams)
	for _, want := range []string{"Шоров Заур", "Нальчик", "Запасной Игрок"} {
		if !strings.Contains(body, want) {
			t.Errorf("the JSON API does not see %q entered on the page", want)
		}
	}
	page := a.get(desk).Body.String()
	for _, want := range []string{"3\u00a0команды · 10\u00a0участников", "Капитан: Шоров Заур", "запасной", `name="boards"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the desk does not show %q", want)
		}
	}
	if pub := s.anonymous().get(fmt.Sprintf("/events/%d", id)).Body.String(); !strings.Contains(pub, "3\u00a0команды · 10\u00a0участников") {
		t.Error("the public page does not count the teams and players")
	}

	// Move "Игрок 3.3" to team 2 before round 1: they join the end of its
	// roster, team 3 closes the gap, and the players are numbered again.
	var moving int
	for _, tm := range teams["teams"].([]any) {
		for _, p := range tm.(map[string]any)["players"].([]any) {
			if p.(map[string]any)["name"] == "Игрок 3.3" {
				moving = num(p.(map[string]any)["id"])
			}
		}
	}
	if !strings.Contains(page, fmt.Sprintf(`action="/events/%d/players/%d/team"`, id, moving)) {
		t.Fatal("the desk offers no move to another team")
	}
	rec = a.post(fmt.Sprintf("/events/%d/players/%d/team", id, moving), url.Values{"team": {"3"}})
	mustStatus(t, "move to the own team", rec.Code, http.StatusBadRequest, "")
	rec = a.post(fmt.Sprintf("/events/%d/players/%d/team", id, moving), url.Values{"team": {"2"}})
	mustStatus(t, "move", rec.Code, http.StatusSeeOther, rec.Body.String())
	teams = s.must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/teams", id), nil)
	var rosters []string
	for _, tm := range teams["teams"].([]any) {
		var names []string
		for _, p := range tm.(map[string]any)["players"].([]any) {
			names = append(names, fmt.Sprint(p.(map[string]any)["name"]))
		}
		rosters = append(rosters, fmt.Sprint(tm.(map[string]any)["name"], ": ", strings.Join(names, ", ")))
	}
	if got := strings.Join(rosters, "; "); !strings.Contains(got, "Команда 2: Игрок 2.1, Игрок 2.2, Игрок 2.3, Запасной Игрок, Игрок 3.3") ||
		!strings.Contains(got, "Команда 3: Игрок 3.1, Игрок 3.2;") && !strings.HasSuffix(got, "Команда 3: Игрок 3.1, Игрок 3.2") {
		t.Errorf("after the move the rosters are %s", got)
	}

	mustStatus(t, "pair", a.post(fmt.Sprintf("/events/%d/rounds", id), nil).Code, http.StatusSeeOther, "")
	rec = a.post(fmt.Sprintf("/events/%d/players/%d/team", id, moving), url.Values{"team": {"3"}})
	mustStatus(t, "move after pairing", rec.Code, http.StatusConflict, "")
	rec = a.post(fmt.Sprintf("/events/%d/team-settings", id), url.Values{"boards": {"4"}})
	mustStatus(t, "boards after pairing", rec.Code, http.StatusConflict, "")
	if !strings.Contains(rec.Body.String(), "1") || strings.Contains(rec.Body.String(), `name="boards"`) {
		t.Error("after pairing the desk still offers to change the boards")
	}
	mustStatus(t, "publish", a.post(fmt.Sprintf("/events/%d/rounds/1/publish", id), nil).Code, http.StatusSeeOther, "")

	// Keyboard entry, grouped by match: table, teams, the board within the
	// match beside the number typed.
	results := fmt.Sprintf("/events/%d/rounds/1/results", id)
	page = a.get(results).Body.String()
	for _, want := range []string{"Стол 1", "Команда 2", "№ для ввода", `data-board="1"`, "свободен"} {
		if !strings.Contains(page, want) {
			t.Errorf("the results page of a team round does not show %q", want)
		}
	}
	rec = a.post(results, url.Values{"board": {"1"}, "score": {"17:7"}, "end_reason": {"final_position"}, "versions": {versionsOf(page)}})
	mustStatus(t, "result by keyboard", rec.Code, http.StatusSeeOther, rec.Body.String())
	if page = a.get(results).Body.String(); !strings.Contains(page, "17:7") {
		t.Error("the result typed is not shown in its match")
	}

	// A reserve may still join after round 1 is paired.
	rec = a.post(fmt.Sprintf("/events/%d/teams/3/players", id), url.Values{"name": {"Поздний Запасной"}})
	mustStatus(t, "late reserve", rec.Code, http.StatusSeeOther, rec.Body.String())
}

func versionsOf(page string) string {
	m := regexp.MustCompile(`name="versions" value="([^"]*)"`).FindStringSubmatch(page)
	if m == nil {
		return ""
	}
	return m[1]
}
