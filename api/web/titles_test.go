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
// event's player list, the standings, the crosstable and the player's
// page; one the game does not have is told next to the field, with what
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
	for _, page := range []string{"/events/%d/manage", "/events/%d", "/events/%d/standings", "/events/%d/crosstable"} {
		path := fmt.Sprintf(page, id)
		rec := a.Get(path)
		body := apitest.PageText(rec)
		apitest.MustStatus(t, path, rec.Code, http.StatusOK, body)
		if !strings.Contains(body, titled) || strings.Count(body, `class="sport-title"`) != 1 {
			t.Errorf("%s does not show the one player's rank «I» before the name", path)
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
