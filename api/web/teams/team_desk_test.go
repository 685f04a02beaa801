package teams_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// A team event set up on the web pages only: the number of boards, the
// teams, a captain and a reserve; the JSON API sees the same event.
func TestTeamDeskOnTheWeb(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	ev := s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Кубок района", "discipline": "rapid-team", "system": "round-robin"})
	id := apitest.Num(ev["id"])
	a := s.SignIn(arbiter)
	desk := fmt.Sprintf("/events/%d/manage", id)

	rec := a.Post(fmt.Sprintf("/events/%d/team-settings", id), url.Values{"boards": {"три"}})
	apitest.MustStatus(t, "boards not a number", rec.Code, http.StatusBadRequest, "")
	rec = a.Post(fmt.Sprintf("/events/%d/team-settings", id), url.Values{"boards": {"3"}})
	apitest.MustStatus(t, "boards", rec.Code, http.StatusSeeOther, rec.Body.String())
	st := s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/team-settings", id), nil)
	if apitest.Num(st["boards"]) != 3 {
		t.Fatalf("the boards set on the page are not the event's: %v", st)
	}
	for i := 1; i <= 3; i++ {
		roster := fmt.Sprintf("Игрок %d.1, 2100\nИгрок %d.2, 2000\nИгрок %d.3, 1900", i, i, i)
		rec := a.Post(fmt.Sprintf("/events/%d/teams", id), url.Values{"name": {fmt.Sprintf("Команда %d", i)}, "roster": {roster}})
		apitest.MustStatus(t, "add a team", rec.Code, http.StatusSeeOther, rec.Body.String())
	}
	team := teamIDs(s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/teams", id), nil))
	rec = a.Post(fmt.Sprintf("/events/%d/teams/%d", id, team["Команда 1"]), url.Values{"name": {"Команда 1"}, "captain": {"Шоров Заур"}, "city": {"Нальчик"}})
	apitest.MustStatus(t, "captain", rec.Code, http.StatusSeeOther, rec.Body.String())
	rec = a.Post(fmt.Sprintf("/events/%d/teams/%d", id, team["Команда 1"]), url.Values{"name": {""}})
	apitest.MustStatus(t, "a team without a name", rec.Code, http.StatusBadRequest, "")
	if !strings.Contains(rec.Body.String(), fmt.Sprintf(`id="team-%d" open`, team["Команда 1"])) {
		t.Error("the refused team form is not opened on the desk")
	}
	rec = a.Post(fmt.Sprintf("/events/%d/teams/%d/players", id, team["Команда 2"]), url.Values{"name": {"Запасной Игрок"}, "rating": {"1800"}})
	apitest.MustStatus(t, "reserve", rec.Code, http.StatusSeeOther, rec.Body.String())
	rec = a.Post(fmt.Sprintf("/events/%d/teams/%d/players", id, team["Команда 3"]), url.Values{"name": {"Игрок 1.1"}, "rating": {"2100"}})
	apitest.MustStatus(t, "a player of another team", rec.Code, http.StatusConflict, "")

	teams := s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/teams", id), nil)
	body := fmt.Sprint(teams)
	for _, want := range []string{"Шоров Заур", "Нальчик", "Запасной Игрок"} {
		if !strings.Contains(body, want) {
			t.Errorf("the JSON API does not see %q entered on the page", want)
		}
	}
	counts := apitest.RuN("teams.count", 3) + " · " + apitest.RuN("players.count", 10)
	page := apitest.PageText(a.Get(desk))
	for _, want := range []string{counts, apitest.RuT("teamweb.captain") + ": Шоров Заур", `<span class="badge">` + apitest.RuT("teamweb.reserve") + "</span>", `name="boards"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the desk does not show %q", want)
		}
	}
	if pub := apitest.PageText(s.Anonymous().Get(fmt.Sprintf("/events/%d", id))); !strings.Contains(pub, counts) {
		t.Error("the public page does not count the teams and players")
	}

	// Move "Игрок 3.3" to team 2 before round 1: they join the end of its
	// roster, team 3 closes the gap, and the players are numbered again.
	var moving int
	for _, tm := range teams["teams"].([]any) {
		for _, p := range tm.(map[string]any)["players"].([]any) {
			if p.(map[string]any)["name"] == "Игрок 3.3" {
				moving = apitest.Num(p.(map[string]any)["id"])
			}
		}
	}
	if !strings.Contains(page, fmt.Sprintf(`action="/events/%d/players/%d/team"`, id, moving)) {
		t.Fatal("the desk offers no move to another team")
	}
	rec = a.Post(fmt.Sprintf("/events/%d/players/%d/team", id, moving), url.Values{"team": {fmt.Sprint(team["Команда 3"])}})
	apitest.MustStatus(t, "move to the own team", rec.Code, http.StatusBadRequest, "")
	rec = a.Post(fmt.Sprintf("/events/%d/players/%d/team", id, moving), url.Values{"team": {fmt.Sprint(team["Команда 2"])}})
	apitest.MustStatus(t, "move", rec.Code, http.StatusSeeOther, rec.Body.String())
	teams = s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/teams", id), nil)
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

	apitest.MustStatus(t, "pair", a.Post(fmt.Sprintf("/events/%d/rounds", id), nil).Code, http.StatusSeeOther, "")
	rec = a.Post(fmt.Sprintf("/events/%d/players/%d/team", id, moving), url.Values{"team": {fmt.Sprint(team["Команда 3"])}})
	apitest.MustStatus(t, "move after pairing", rec.Code, http.StatusConflict, "")
	rec = a.Post(fmt.Sprintf("/events/%d/team-settings", id), url.Values{"boards": {"4"}})
	apitest.MustStatus(t, "boards after pairing", rec.Code, http.StatusConflict, "")
	if !strings.Contains(rec.Body.String(), "1") || strings.Contains(rec.Body.String(), `name="boards"`) {
		t.Error("after pairing the desk still offers to change the boards")
	}
	apitest.MustStatus(t, "publish", a.Post(fmt.Sprintf("/events/%d/rounds/1/publish", id), nil).Code, http.StatusSeeOther, "")

	// Keyboard entry, grouped by match: table, teams, the board within the
	// match beside the number typed.
	results := fmt.Sprintf("/events/%d/rounds/1/results", id)
	page = apitest.PageText(a.Get(results))
	for _, want := range []string{apitest.RuT("teams.table", "N", 1), "Команда 2", apitest.RuT("teamweb.entry_no"), `data-board="1"`, apitest.RuT("reason.bye")} {
		if !strings.Contains(page, want) {
			t.Errorf("the results page of a team round does not show %q", want)
		}
	}
	rec = a.Post(results, url.Values{"board": {"1"}, "score": {"17:7"}, "end_reason": {"final_position"}, "versions": {apitest.VersionsOf(page)}})
	apitest.MustStatus(t, "result by keyboard", rec.Code, http.StatusSeeOther, rec.Body.String())
	if page = a.Get(results).Body.String(); !strings.Contains(page, "17:7") {
		t.Error("the result typed is not shown in its match")
	}

	// A reserve may still join after round 1 is paired.
	rec = a.Post(fmt.Sprintf("/events/%d/teams/%d/players", id, team["Команда 3"]), url.Values{"name": {"Поздний Запасной"}})
	apitest.MustStatus(t, "late reserve", rec.Code, http.StatusSeeOther, rec.Body.String())
}

// teamIDs maps the names of the teams of GET /api/v1/events/{id}/teams to
// their IDs.
func teamIDs(teams map[string]any) map[string]int {
	ids := map[string]int{}
	for _, tm := range teams["teams"].([]any) {
		ids[fmt.Sprint(tm.(map[string]any)["name"])] = apitest.Num(tm.(map[string]any)["id"])
	}
	return ids
}

// The desk's team forms name a team by its ID: a player added to a team
// can renumber the teams (their order follows the mean rating), and the
// next player, the redirect's anchor and a move go to the same team, not
// to the one that took its start number. The JSON API, which names teams
// by start number, refuses a start number that no longer names the team_id
// sent with it.
func TestTeamDeskKeepsTeamsWhenRenumbered(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	ev := s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Кубок аулов", "discipline": "rapid-team", "system": "round-robin"})
	id := apitest.Num(ev["id"])
	a := s.SignIn(arbiter)
	apitest.MustStatus(t, "boards", a.Post(fmt.Sprintf("/events/%d/team-settings", id), url.Values{"boards": {"3"}}).Code, http.StatusSeeOther, "")
	for _, tm := range []struct{ name, roster string }{
		{"Понежукай", "Хуаде Аслан, 2000\nНехай Бэла, 2000"},
		{"Тахтамукай", "Тлехас Мурат, 1900\nШхалахо Заур, 1900"},
	} {
		rec := a.Post(fmt.Sprintf("/events/%d/teams", id), url.Values{"name": {tm.name}, "roster": {tm.roster}})
		apitest.MustStatus(t, "add a team", rec.Code, http.StatusSeeOther, rec.Body.String())
	}
	teamsURL := fmt.Sprintf("/api/v1/events/%d/teams", id)
	team := teamIDs(s.Must(http.StatusOK, arbiter, "GET", teamsURL, nil))
	startNo := func(name string) int {
		for _, tm := range s.Must(http.StatusOK, arbiter, "GET", teamsURL, nil)["teams"].([]any) {
			if tm.(map[string]any)["name"] == name {
				return apitest.Num(tm.(map[string]any)["start_no"])
			}
		}
		t.Fatalf("no team %s", name)
		return 0
	}
	if startNo("Тахтамукай") != 2 {
		t.Fatal("the weaker team is not numbered second")
	}
	// A strong third board makes Тахтамукай the first team.
	rec := a.Post(fmt.Sprintf("/events/%d/teams/%d/players", id, team["Тахтамукай"]), url.Values{"name": {"Ачмиз Руслан"}, "rating": {"2400"}})
	apitest.MustStatus(t, "reserve", rec.Code, http.StatusSeeOther, rec.Body.String())
	if startNo("Тахтамукай") != 1 {
		t.Fatal("the teams were not numbered again")
	}
	if loc, want := rec.Header().Get("Location"), fmt.Sprintf("/events/%d/manage#team-%d", id, team["Тахтамукай"]); loc != want {
		t.Errorf("after the reserve the desk opens at %s, want %s", loc, want)
	}
	rec = a.Post(fmt.Sprintf("/events/%d/teams/%d/players", id, team["Тахтамукай"]), url.Values{"name": {"Бжассо Ислам"}, "rating": {"1500"}})
	apitest.MustStatus(t, "second reserve", rec.Code, http.StatusSeeOther, rec.Body.String())
	page := a.Get(fmt.Sprintf("/events/%d/manage", id)).Body.String()
	if !strings.Contains(page, fmt.Sprintf(`id="team-%d"`, team["Тахтамукай"])) ||
		!strings.Contains(page, fmt.Sprintf(`action="/events/%d/teams/%d/players"`, id, team["Тахтамукай"])) ||
		!strings.Contains(page, fmt.Sprintf(`<option value="%d">1. Тахтамукай</option>`, team["Тахтамукай"])) {
		t.Error("the desk does not address the team by its ID")
	}
	// Move Нехай Бэла with the form: the value is the team's ID.
	var bela int
	rosters := map[string]string{}
	for _, tm := range s.Must(http.StatusOK, arbiter, "GET", teamsURL, nil)["teams"].([]any) {
		var names []string
		for _, p := range tm.(map[string]any)["players"].([]any) {
			names = append(names, fmt.Sprint(p.(map[string]any)["name"]))
			if p.(map[string]any)["name"] == "Нехай Бэла" {
				bela = apitest.Num(p.(map[string]any)["id"])
			}
		}
		rosters[fmt.Sprint(tm.(map[string]any)["name"])] = strings.Join(names, ", ")
	}
	if got := rosters["Тахтамукай"]; got != "Тлехас Мурат, Шхалахо Заур, Ачмиз Руслан, Бжассо Ислам" {
		t.Errorf("the roster of Тахтамукай is %s", got)
	}
	rec = a.Post(fmt.Sprintf("/events/%d/players/%d/team", id, bela), url.Values{"team": {fmt.Sprint(team["Тахтамукай"])}})
	apitest.MustStatus(t, "move", rec.Code, http.StatusSeeOther, rec.Body.String())
	if loc, want := rec.Header().Get("Location"), fmt.Sprintf("/events/%d/manage#team-%d", id, team["Тахтамукай"]); loc != want {
		t.Errorf("after the move the desk opens at %s, want %s", loc, want)
	}

	// The JSON API: start number 2 is Понежукай now.
	code, answer := s.Do(arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/teams/2/players", id), map[string]any{"name": "Цей Аминет", "team_id": team["Тахтамукай"]})
	if code != http.StatusConflict || answer["field"] != "team_id" {
		t.Errorf("a stale start number: %d %v", code, answer)
	}
	s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/teams/1/players", id), map[string]any{"name": "Цей Аминет", "team_id": team["Тахтамукай"]})
	code, answer = s.Do(arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/players/%d/team", id, bela), map[string]any{"team": 2, "team_id": team["Тахтамукай"]})
	if code != http.StatusConflict || answer["field"] != "team_id" {
		t.Errorf("a move to a stale start number: %d %v", code, answer)
	}
	s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/players/%d/team", id, bela), map[string]any{"team_id": team["Понежукай"]})
}

// TestTeamSwissDeskOffersNoPlayerByes checks that the desk of a team Swiss
// offers no half- or zero-point bye beside the players: a team event has
// no such byes, and the service refuses them.
func TestTeamSwissDeskOffersNoPlayerByes(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	ev := s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Кубок района", "discipline": "rapid-team", "system": "swiss", "rounds": 3})
	id := apitest.Num(ev["id"])
	a := s.SignIn(arbiter)
	rec := a.Post(fmt.Sprintf("/events/%d/teams", id), url.Values{"name": {"Команда 1"}, "roster": {"Игрок 1.1, 2100\nИгрок 1.2, 2000"}})
	apitest.MustStatus(t, "add a team", rec.Code, http.StatusSeeOther, rec.Body.String())
	if page := a.Get(fmt.Sprintf("/events/%d/manage", id)).Body.String(); strings.Contains(page, "/bye\"") {
		t.Error("the desk of a team Swiss offers a player's bye")
	}
}

// A team withdraws on the desk, as a player does: the arbiter confirms it
// with a reason, the team is marked on the desk, the public team cards, the
// standings and the crosstable, and the withdrawal is taken back while its
// round is unpaired; once that round is paired without the team, the desk
// offers no take-back and the service says why.
func TestTeamWithdrawsOnTheWeb(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	ev := s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Кубок района", "discipline": "blitz-team", "system": "round-robin"})
	id := apitest.Num(ev["id"])
	s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/team-settings", id), map[string]any{"boards": 2})
	for i := 1; i <= 4; i++ {
		s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/teams", id), map[string]any{"name": fmt.Sprintf("Команда %d", i),
			"players": []map[string]any{{"name": fmt.Sprintf("Игрок %d.1", i), "rating": 2000 - i}, {"name": fmt.Sprintf("Игрок %d.2", i), "rating": 1900 - i}}})
	}
	team := teamIDs(s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/teams", id), nil))["Команда 4"]
	s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	a := s.SignIn(arbiter)
	desk := fmt.Sprintf("/events/%d/manage", id)
	withdraw := fmt.Sprintf("/events/%d/teams/%d/withdraw", id, team)
	reinstate := fmt.Sprintf("/events/%d/teams/%d/reinstate", id, team)

	if page := apitest.PageText(a.Get(desk)); !strings.Contains(page, `action="`+withdraw+`"`) || !strings.Contains(page, apitest.RuT("teamweb.withdraw", "N", 2)) {
		t.Fatal("the desk offers no withdrawal of a team once round 1 is paired")
	}
	rec := a.Post(withdraw, url.Values{"from_round": {"2"}})
	apitest.MustStatus(t, "the question", rec.Code, http.StatusOK, rec.Body.String())
	if !strings.Contains(apitest.PageText(rec), apitest.RuT("teamweb.confirm_withdraw", "Name", "Команда 4", "N", 2)) {
		t.Errorf("the confirmation does not name the team and the round:\n%s", rec.Body.String())
	}
	rec = a.Post(withdraw, url.Values{"from_round": {"2"}, "confirm": {"1"}})
	apitest.MustStatus(t, "a withdrawal without a reason", rec.Code, http.StatusBadRequest, "")
	rec = a.Post(withdraw, url.Values{"from_round": {"2"}, "confirm": {"1"}, "reason": {"команда уехала"}})
	apitest.MustStatus(t, "withdraw", rec.Code, http.StatusSeeOther, rec.Body.String())
	withdrawn := apitest.RuT("teamweb.withdrawn_from", "N", 2)
	if page := apitest.PageText(a.Get(desk)); !strings.Contains(page, withdrawn) || !strings.Contains(page, `action="`+reinstate+`"`) {
		t.Error("the desk does not mark the withdrawn team or offer to take the withdrawal back")
	}
	rec = a.Post(reinstate, url.Values{"confirm": {"1"}, "reason": {"вернулась"}})
	apitest.MustStatus(t, "take back", rec.Code, http.StatusSeeOther, rec.Body.String())
	if page := apitest.PageText(a.Get(desk)); strings.Contains(page, withdrawn) {
		t.Error("the desk still marks the team withdrawn after its withdrawal was taken back")
	}
	rec = a.Post(withdraw, url.Values{"from_round": {"2"}, "confirm": {"1"}, "reason": {"команда уехала"}})
	apitest.MustStatus(t, "withdraw again", rec.Code, http.StatusSeeOther, rec.Body.String())

	s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), nil)
	s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	for _, path := range []string{fmt.Sprintf("/events/%d", id), fmt.Sprintf("/events/%d/standings", id), fmt.Sprintf("/events/%d/crosstable", id)} {
		if page := apitest.PageText(s.Anonymous().Get(path)); !strings.Contains(page, withdrawn) {
			t.Errorf("%s does not mark the withdrawn team", path)
		}
	}
	if page := a.Get(desk).Body.String(); strings.Contains(page, `action="`+reinstate+`"`) {
		t.Error("the desk offers to take back a withdrawal whose round is paired")
	}
	rec = a.Post(reinstate, url.Values{"confirm": {"1"}, "reason": {"вернулась"}})
	apitest.MustStatus(t, "take back after round 2 is paired", rec.Code, http.StatusConflict, "")
	if !strings.Contains(apitest.PageText(rec), apitest.RuF("round %d was paired without the team; its withdrawal can no longer be taken back", 2)) {

		t.Errorf("the refused take-back does not say why:\n%s", rec.Body.String())
	}
}

// A team entered by mistake is removed from the desk (a confirmation with
// a reason) or through the JSON API, before round 1; afterwards the desk
// no longer offers it and the API refuses it.
func TestRemoveTeamOnTheDeskAndAPI(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	id := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Кубок аулов", "discipline": "rapid-team", "system": "swiss", "rounds": 3})["id"])
	a := s.SignIn(arbiter)
	apitest.MustStatus(t, "boards", a.Post(fmt.Sprintf("/events/%d/team-settings", id), url.Values{"boards": {"2"}}).Code, http.StatusSeeOther, "")
	for _, tm := range []struct{ name, roster string }{
		{"Понежукай", "Хуаде Аслан, 2000\nНехай Бэла, 2000"},
		{"Тахтамукай", "Тлехас Мурат, 1900\nШхалахо Заур, 1900"},
		{"Кошехабль", "Ачмиз Руслан, 1800\nБжассо Ислам, 1800"},
		{"Шовгеновский", "Цей Аминет, 1700\nДаур Азамат, 1700"},
	} {
		rec := a.Post(fmt.Sprintf("/events/%d/teams", id), url.Values{"name": {tm.name}, "roster": {tm.roster}})
		apitest.MustStatus(t, "add a team", rec.Code, http.StatusSeeOther, rec.Body.String())
	}
	teamsURL := fmt.Sprintf("/api/v1/events/%d/teams", id)
	team := teamIDs(s.Must(http.StatusOK, arbiter, "GET", teamsURL, nil))
	remove := fmt.Sprintf("/events/%d/teams/%d/remove", id, team["Тахтамукай"])
	if page := a.Get(fmt.Sprintf("/events/%d/manage", id)).Body.String(); !strings.Contains(page, `action="`+remove+`"`) {
		t.Fatal("the desk offers no removal of a team before round 1")
	}
	// The button asks first; without a reason the question stays, with
	// the service's refusal next to the reason.
	rec := a.Post(remove, url.Values{})
	apitest.MustStatus(t, "the question", rec.Code, http.StatusOK, rec.Body.String())
	if !strings.Contains(apitest.PageText(rec), apitest.RuT("confirm.remove_team", "Name", "Тахтамукай", "Count", 2)) {
		t.Errorf("the question: %s", rec.Body.String())
	}
	rec = a.Post(remove, url.Values{"confirm": {"1"}, "reason": {" "}})
	if rec.Code != http.StatusBadRequest || !strings.Contains(apitest.PageText(rec), apitest.RuF("say why team %q is removed; the audit log keeps it", "Тахтамукай")) {
		t.Errorf("no reason: %d %s", rec.Code, rec.Body.String())
	}
	rec = a.Post(remove, url.Values{"confirm": {"1"}, "reason": {"заявлена дважды"}})
	apitest.MustStatus(t, "the removal", rec.Code, http.StatusSeeOther, rec.Body.String())
	teams := s.Must(http.StatusOK, arbiter, "GET", teamsURL, nil)["teams"].([]any)
	var names []string
	for _, tm := range teams {
		names = append(names, fmt.Sprintf("%v %v", tm.(map[string]any)["start_no"], tm.(map[string]any)["name"]))
	}
	if fmt.Sprint(names) != "[1 Понежукай 2 Кошехабль 3 Шовгеновский]" {
		t.Errorf("teams after the removal: %v", names)
	}
	if players := s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/players", id), nil)["players"].([]any); len(players) != 6 {
		t.Errorf("%d players after the removal, want 6", len(players))
	}
	log := apitest.PageText(a.Get(fmt.Sprintf("/events/%d/audit", id)))
	if !strings.Contains(log, apitest.RuT("audit.team.delete")+": Тахтамукай") || !strings.Contains(log, "заявлена дважды") {
		t.Errorf("the audit log does not tell the removal")
	}

	// The JSON API names the team by start number; a stale team_id is
	// refused, a reason is required.
	del := fmt.Sprintf("/api/v1/events/%d/teams/3", id)
	if code, answer := s.Do(arbiter, "DELETE", del+"?reason=x&team_id="+fmt.Sprint(team["Понежукай"]), nil); code != http.StatusConflict || answer["field"] != "team_id" {
		t.Errorf("a stale start number: %d %v", code, answer)
	}
	if code, answer := s.Do(arbiter, "DELETE", del, nil); code != http.StatusBadRequest || answer["field"] != "reason" {
		t.Errorf("no reason: %d %v", code, answer)
	}
	s.Must(http.StatusOK, arbiter, "DELETE", del+"?reason="+url.QueryEscape("не приехала"), nil)
	s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	if code, _ := s.Do(arbiter, "DELETE", fmt.Sprintf("/api/v1/events/%d/teams/1?reason=x", id), nil); code != http.StatusConflict {
		t.Errorf("removal after round 1 is paired: %d, want 409", code)
	}
	if page := a.Get(fmt.Sprintf("/events/%d/manage", id)).Body.String(); strings.Contains(page, "/remove\"") && strings.Contains(page, "team-remove") {
		t.Error("the desk offers to remove a team after round 1 is paired")
	}
}

// A team name the event has already is refused on the desk with the
// roster kept in the box, and on the team's own form.
func TestTeamNameTakenOnTheDesk(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	id := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Кубок аулов", "discipline": "rapid-team", "system": "round-robin"})["id"])
	a := s.SignIn(arbiter)
	for _, name := range []string{"Понежукай", "Тахтамукай"} {
		apitest.MustStatus(t, "add a team", a.Post(fmt.Sprintf("/events/%d/teams", id), url.Values{"name": {name}, "roster": {name + " Игрок, 1800"}}).Code, http.StatusSeeOther, "")
	}
	rec := a.Post(fmt.Sprintf("/events/%d/teams", id), url.Values{"name": {"понежукай"}, "roster": {"Новый Игрок, 1700"}})
	body := apitest.PageText(rec)
	if rec.Code != http.StatusConflict || !strings.Contains(body, apitest.RuF("the event has a team named %q already (start number %d); give this one another name", "Понежукай", 1)) || !strings.Contains(body, "Новый Игрок, 1700") {
		t.Errorf("a taken name: %d\n%s", rec.Code, body)
	}
	team := teamIDs(s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/teams", id), nil))
	rec = a.Post(fmt.Sprintf("/events/%d/teams/%d", id, team["Тахтамукай"]), url.Values{"name": {"Понежукай"}, "city": {"Адыгейск"}})
	if body := apitest.PageText(rec); rec.Code != http.StatusConflict || !strings.Contains(body, apitest.RuF("the event has a team named %q already (start number %d); give this one another name", "Понежукай", 1)) || !strings.Contains(body, `value="Адыгейск"`) {
		t.Errorf("a rename to a taken name: %d", rec.Code)
	}
	if code, out := s.Do(arbiter, "PATCH", fmt.Sprintf("/api/v1/events/%d/teams/1", id), map[string]any{"name": "ТАХТАМУКАЙ"}); code != http.StatusConflict || out["field"] != "name" {
		t.Errorf("the API: %d %v", code, out)
	}
}

// The team forms show their errors together under the form, each after the
// name of its input, in the page's language.
func TestTeamFormErrorsNameTheirFields(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	id := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Кубок аулов", "discipline": "rapid-team", "system": "round-robin"})["id"])
	a := s.SignIn(arbiter)
	apitest.MustStatus(t, "add a team", a.Post(fmt.Sprintf("/events/%d/teams", id), url.Values{"name": {"Понежукай"}, "roster": {"Хуаде Аслан, 1800"}}).Code, http.StatusSeeOther, "")
	team := teamIDs(s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/teams", id), nil))["Понежукай"]
	rec := a.Post(fmt.Sprintf("/events/%d/teams/%d/players", id, team), url.Values{"name": {"Нехай Бэла"}, "rating": {"9000"}})
	if body := apitest.PageText(rec); rec.Code != http.StatusBadRequest || !strings.Contains(body, `<p class="field-error" role="alert">`+apitest.Ru.Field("rating")+": "+apitest.RuF("a rating is between 0 and 4000; got %d", 9000)) {
		t.Errorf("a reserve with a rating of 9000: %d\n%s", rec.Code, body)
	}
	rec = a.Post(fmt.Sprintf("/events/%d/teams/%d/players?lang=en", id, team), url.Values{"name": {" "}})
	if body := rec.Body.String(); rec.Code != http.StatusBadRequest || !strings.Contains(body, `<p class="field-error" role="alert">Full name: `) {
		t.Errorf("a reserve without a name: %d\n%s", rec.Code, body)
	}
	rec = a.Post(fmt.Sprintf("/events/%d/teams/%d", id, team), url.Values{"name": {""}})
	if body := apitest.PageText(rec); rec.Code != http.StatusBadRequest || !strings.Contains(body, `<p class="field-error" role="alert">`+apitest.Ru.Field("name")+": "+apitest.RuF("must not be empty")) {
		t.Errorf("a team without a name: %d\n%s", rec.Code, body)
	}
}
