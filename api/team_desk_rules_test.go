package api_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

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
