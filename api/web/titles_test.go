package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// A rank typed at the desk in any usual form is kept as the rule book of
// the event's game writes it and shown before the name on the desk, the
// event's player list and the player's page, in the rank column of the
// standings and the crosstable; one the game does not have is told next to the field, with what
// was typed kept.
func TestDeskTitles(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	a := s.SignIn(arbiter)
	id := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Первенство Адыгеи", "game": "russian", "discipline": "rapid",
		"system": "round-robin", "visibility": "public"})["id"])
	rec := a.Post(fmt.Sprintf("/events/%d/players", id), url.Values{"name": {"Хуаде Аслан"}, "title": {"1 разряд"}})
	apitest.MustStatus(t, "a player with «1 разряд»", rec.Code, http.StatusSeeOther, apitest.PageText(rec))
	s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": "Тлехас Мурат"})

	rec = a.Post(fmt.Sprintf("/events/%d/players", id), url.Values{"name": {"Нехай Руслан"}, "title": {"GMI"}})
	body := apitest.PageText(rec)
	apitest.MustStatus(t, "an FMJD title in a Russian draughts event", rec.Code, http.StatusBadRequest, body)
	refusal := apitest.RuF("%q is not a rank or title of %s; write one of %s", "GMI", tournament.GameKind("russian"), tournament.GameKind("russian").Variant().Titles.Notations())
	for _, want := range []string{`<p class="field-error" role="alert">` + refusal + "</p>", `name="title" value="GMI"`} {
		if !strings.Contains(body, want) {
			t.Errorf("the desk after an unknown title lacks %q", want)
		}
	}

	titled := `<span class="sport-title">I</span> `
	for _, page := range []string{"/events/%d/manage", "/events/%d"} {
		path := fmt.Sprintf(page, id)
		rec := a.Get(path)
		body := apitest.PageText(rec)
		apitest.MustStatus(t, path, rec.Code, http.StatusOK, body)
		if !strings.Contains(body, titled) || strings.Count(body, `class="sport-title"`) != 1 {
			t.Errorf("%s does not show the one player's rank «I» before the name", path)
		}
	}
	// The tables show it in a column of its own (TestRanksInAColumnOnPages).
	for _, page := range []string{"/events/%d/standings", "/events/%d/crosstable"} {
		path := fmt.Sprintf(page, id)
		rec := a.Get(path)
		body := apitest.PageText(rec)
		apitest.MustStatus(t, path, rec.Code, http.StatusOK, body)
		if !strings.Contains(body, `<td class="rank">I</td>`) || strings.Count(body, `<td class="rank"></td>`) != 1 {
			t.Errorf("%s does not show the one player's rank «I» in the rank column", path)
		}
	}
	var khuade map[string]any
	for _, p := range s.Must(http.StatusOK, arbiter, "GET", fmt.Sprintf("/api/v1/events/%d/players", id), nil)["players"].([]any) {
		if p := p.(map[string]any); p["name"] == "Хуаде Аслан" {
			khuade = p
		}
	}
	if khuade["title"] != "I" {
		t.Fatalf("the API reads the player as %v, want the rank I", khuade)
	}
	pid := apitest.Num(khuade["id"])
	if body := apitest.PageText(a.Get(fmt.Sprintf("/events/%d/players/%d/edit", id, pid))); !strings.Contains(body, `name="title" value="I"`) {
		t.Error("the player's form does not offer the rank to change")
	}
	if body := apitest.PageText(a.Get(fmt.Sprintf("/events/%d/players/%d", id, pid))); !strings.Contains(body, titled+"Хуаде Аслан") {
		t.Error("the player's page does not show the rank before the name")
	}
}

// The register's person form keeps a person's ranks and titles game by
// game, with the date and the awarding body: rows left empty are none, a
// title the game's rule book does not have is told at its row, and the
// person's page shows the titles kept; the API answers them.
func TestRegisterTitles(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	arbiter := s.SignIn(tournament.ArbiterRole)
	form := url.Values{"surname": {"Берсиров"}, "given_names": {"Мурат"}, "birth_year": {"1992"},
		"titles[0].game": {"russian"}, "titles[0].title": {"кмс"}, "titles[0].awarded": {"2024-05-17"}, "titles[0].awarded_by": {"Минспорт Адыгеи"},
		"titles[1].game": {"russian"}, "titles[1].title": {"GMI"}, "titles[2].game": {"adiukh"}}
	rec := arbiter.Post("/people", form)
	body := apitest.PageText(rec)
	apitest.MustStatus(t, "an FMJD title of Russian draughts", rec.Code, http.StatusBadRequest, body)
	refusal := apitest.RuF("%q is not a rank or title of %s; write one of %s", "GMI", tournament.GameKind("russian"), tournament.GameKind("russian").Variant().Titles.Notations())
	if !strings.Contains(body, `<p class="field-error" role="alert">`+refusal+"</p>") || !strings.Contains(body, `name="titles[1].title" value="GMI"`) {
		t.Errorf("the form does not tell the title at its row, or lost what was typed:\n%s", body)
	}
	form.Set("titles[1].game", "international")
	rec = arbiter.Post("/people", form)
	apitest.MustStatus(t, "a person with two titles", rec.Code, http.StatusSeeOther, apitest.PageText(rec))
	path := rec.Header().Get("Location")
	body = apitest.PageText(s.SignIn(tournament.Admin).Get(path)) // the administrator's page has the form
	for _, want := range []string{`<span class="sport-title">КМС</span> (` + apitest.RuT("gametype.russian") + `, 2024-05-17, Минспорт Адыгеи)`,
		`<span class="sport-title">GMI</span> (` + apitest.RuT("gametype.international") + `)`, `name="titles[0].title" value="КМС"`, `name="titles[0].awarded_by" value="Минспорт Адыгеи"`} {
		if !strings.Contains(body, want) {
			t.Errorf("the person's page lacks %q", want)
		}
	}
	person := s.Must(http.StatusOK, tournament.ArbiterRole, "GET", "/api/v1"+path, nil)["person"].(map[string]any)
	if got := fmt.Sprint(person["titles"]); got != "[map[awarded:2024-05-17 awarded_by:Минспорт Адыгеи game:russian title:КМС] map[awarded: awarded_by: game:international title:GMI]]" {
		t.Errorf("the API answers the titles as %s", got)
	}
}
