package api_test

import (
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// The register's pages: an arbiter adds a person from the list's form (a
// missing surname shown at its field, the form kept); anyone finds them by
// Latin name; the administrator finds the likely duplicate, merges it from
// the duplicates page and undoes the merge from the person's page.
func TestPeoplePages(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	arbiter := s.SignIn(tournament.ArbiterRole)
	if body := s.Anonymous().Get("/people").Body.String(); strings.Contains(body, `action="/people"`) && strings.Contains(body, `method="post"`) {
		t.Error("an anonymous reader is offered to add people")
	}
	bad := arbiter.Post("/people", url.Values{"surname": {""}, "given_names": {"Мурат"}, "birth_year": {"1992"}})
	if bad.Code != http.StatusBadRequest || !strings.Contains(bad.Body.String(), "field-error") || !strings.Contains(bad.Body.String(), `value="Мурат"`) {
		t.Errorf("a person without a surname: %d, want 400 with the form kept", bad.Code)
	}
	for _, name := range []string{"Мурат", "Марат"} {
		form := url.Values{"surname": {"Берсиров"}, "given_names": {name}, "birth_year": {"1992"}, "club": {"Адыгейск"}}
		if name == "Марат" {
			// He looks like Мурат: the form asks to confirm, keeping what
			// was typed.
			rec := arbiter.Post("/people", form)
			if rec.Code != http.StatusConflict || !strings.Contains(rec.Body.String(), `name="confirm_similar"`) || !strings.Contains(rec.Body.String(), `value="Марат"`) {
				t.Fatalf("add Марат unconfirmed: %d, want 409 with the form kept and the confirmation", rec.Code)
			}
			form.Set("confirm_similar", "1")
		}
		rec := arbiter.Post("/people", form)
		if rec.Code != http.StatusSeeOther || !strings.HasPrefix(rec.Header().Get("Location"), "/people/") {
			t.Fatalf("add %s: %d %s", name, rec.Code, rec.Header().Get("Location"))
		}
	}
	list := html.UnescapeString(s.Anonymous().Get("/people?q=bersirov+marat").Body.String())
	if !strings.Contains(list, "Берсиров Марат") || strings.Contains(list, "Берсиров Мурат") {
		t.Errorf("the search by Latin name:\n%s", list)
	}
	apitest.MustStatus(t, "an arbiter opens the duplicates", arbiter.Get("/people-duplicates").Code, http.StatusForbidden, "")
	admin := s.SignIn(tournament.Admin)
	dups := admin.Get("/people-duplicates").Body.String()
	merge := regexp.MustCompile(`action="(/people/\d+/merge)" class="inline"><input type="hidden" name="into" value="([^"]+)"`).FindStringSubmatch(dups)
	if merge == nil {
		t.Fatalf("no merge button on the duplicates page:\n%s", dups)
	}
	rec := admin.Post(merge[1], url.Values{"into": {merge[2]}})
	if rec.Code != http.StatusSeeOther || !strings.Contains(rec.Header().Get("Location"), "merged=") {
		t.Fatalf("merge: %d %s", rec.Code, rec.Header().Get("Location"))
	}
	kept := rec.Header().Get("Location")
	page := admin.Get(kept).Body.String()
	undo := regexp.MustCompile(`action="(/people-merges/\d+/undo)"`).FindStringSubmatch(page)
	if undo == nil {
		t.Fatalf("no undo on the person's page after the merge")
	}
	// Later too, without the merge's link, the person's page offers it.
	kept, _, _ = strings.Cut(kept, "?")
	if later := admin.Get(kept).Body.String(); !strings.Contains(later, `action="`+undo[1]+`"`) {
		t.Errorf("the person's page no longer offers the undo:\n%s", later)
	}
	if strings.Contains(arbiter.Get(kept).Body.String(), "/undo") {
		t.Error("an arbiter is offered the undo of a merge")
	}
	if rec := admin.Post(undo[1], url.Values{"person": {strings.TrimPrefix(kept, "/people/")}}); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != kept {
		t.Fatalf("undo: %d to %s, want back to %s", rec.Code, rec.Header().Get("Location"), kept)
	}
	if strings.Contains(admin.Get(kept).Body.String(), "/undo") {
		t.Error("the undone merge is still offered for undoing")
	}
	if rec := admin.Post(undo[1], nil); rec.Code != http.StatusConflict {
		t.Errorf("undo twice: %d, want 409", rec.Code)
	}
	if rec := s.Anonymous().Get(fmt.Sprintf("/people/%d", 999999)); rec.Code != http.StatusNotFound {
		t.Errorf("a missing person: %d", rec.Code)
	}

	// At the desk, a player is registered from the register by federation ID.
	id := apitest.Num(s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", map[string]any{"name": "Открытый турнир", "discipline": "rapid", "system": "swiss", "rounds": 5})["id"])
	if rec := arbiter.Post(fmt.Sprintf("/events/%d/players", id), url.Values{"person": {"100099"}, "name": {""}}); rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), `value="100099"`) {
		t.Errorf("an unknown federation ID: %d, want 400 with the form kept", rec.Code)
	}
	if rec := arbiter.Post(fmt.Sprintf("/events/%d/players", id), url.Values{"person": {"100001"}, "name": {""}, "rating": {"1800"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("a player from the register: %d\n%s", rec.Code, rec.Body.String())
	}
	players := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/players", id), nil)["players"].([]any)
	if p := players[0].(map[string]any); p["name"] != "Берсиров Мурат" || p["federation_id"] != "100001" || p["club"] != "Адыгейск" || apitest.Num(p["person_id"]) != 1 {
		t.Errorf("the player from the register: %v", p)
	}
	// The player's card names the federation ID and leads to the person.
	card := s.Anonymous().Get(fmt.Sprintf("/events/%d/players/%d", id, apitest.Num(players[0].(map[string]any)["id"]))).Body.String()
	if !strings.Contains(card, `<a href="/people/1">`) || !strings.Contains(card, "100001") {
		t.Errorf("the player's card does not lead to the register's page of person 1:\n%s", card)
	}

	// The desk searches the register by club and registers a person found
	// with one button; a person playing already is marked so.
	desk := arbiter.Get(fmt.Sprintf("/events/%d/manage?who=%s", id, url.QueryEscape("адыгейск")))
	found := regexp.MustCompile(`<tr data-person="(\d+)">`).FindAllStringSubmatch(desk.Body.String(), -1)
	if desk.Code != http.StatusOK || len(found) != 2 || strings.Count(desk.Body.String(), apitest.RuT("manage.person_plays")) != 1 ||
		!strings.Contains(desk.Body.String(), `<input type="hidden" name="person" value="100002">`) {
		t.Fatalf("the desk's search by club: %d, %v\n%s", desk.Code, found, desk.Body.String())
	}
	if rec := arbiter.Post(fmt.Sprintf("/events/%d/players", id), url.Values{"person": {"100002"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("register the person found: %d\n%s", rec.Code, rec.Body.String())
	}
	if none := arbiter.Get(fmt.Sprintf("/events/%d/manage?who=nobody", id)).Body.String(); !strings.Contains(none, apitest.RuT("manage.found_none")) {
		t.Errorf("the desk's search finding nobody does not say so")
	}
}
