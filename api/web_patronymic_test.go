package api_test

import (
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/store/storetest"
)

// TestPatronymicThroughThePages: the patronymic an account gives is not
// in the event's lists, and the person the accepted entrant becomes in the
// register takes it apart from the given names (the matches' form offers
// it, the API answers it); the register's list names the person without
// it, their own page with it, in both languages (the Latin name without it); the person form and
// PATCH /people/{id} change it.
func TestPatronymicThroughThePages(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := apitest.NewWebServerOn(t, st)
			arbiter := s.SignIn(tournament.ArbiterRole)
			id := calendarEvent(s.Server, "Кубок Майкопа", "rapid", "2026-12-05", "2026-12-07", "Майкоп")
			entries := fmt.Sprintf("/events/%d/entries", id)
			if rec := arbiter.Post(entries+"/settings", url.Values{"open": {"on"}}); rec.Code != http.StatusSeeOther {
				t.Fatalf("open entries: %d\n%s", rec.Code, rec.Body)
			}
			timur := s.AddUser("timur@example.org", tournament.PlayerRole)
			if rec := timur.Post("/account/name", url.Values{"surname": {"Хачемизов"}, "given_names": {"Тимур"}, "patronymic": {"Русланович"}, "sex": {"m"}}); rec.Code != http.StatusSeeOther {
				t.Fatalf("the account's name: %d\n%s", rec.Code, rec.Body)
			}
			if rec := timur.Post(entries, url.Values{"birth_year": {"2003"}}); rec.Code != http.StatusSeeOther {
				t.Fatalf("enter: %d\n%s", rec.Code, rec.Body)
			}
			if rec := arbiter.Post(entries+"/accept", nil); rec.Code != http.StatusSeeOther {
				t.Fatalf("accept: %d\n%s", rec.Code, rec.Body)
			}
			if standings := s.Anonymous().Get(fmt.Sprintf("/events/%d/standings", id)).Body.String(); !strings.Contains(standings, "Хачемизов Тимур") || strings.Contains(standings, "Русланович") {
				t.Errorf("the standings do not list the player surname first without the patronymic")
			}

			api := s.Must(http.StatusOK, tournament.ArbiterRole, "GET", fmt.Sprintf("/api/v1/events/%d/register-matches", id), nil)["players"].([]any)
			if len(api) != 1 || api[0].(map[string]any)["patronymic"] != "Русланович" || api[0].(map[string]any)["given_names"] != "Тимур" {
				t.Errorf("the API's matches: %v", api)
			}
			matches := html.UnescapeString(arbiter.Get(fmt.Sprintf("/events/%d/register-matches", id)).Body.String())
			for _, want := range []string{`name="given_names" value="Тимур"`, `name="patronymic" value="Русланович"`, ">Отчество<input"} {
				if !strings.Contains(matches, want) {
					t.Errorf("the matches' form lacks %s", want)
				}
			}
			add := regexp.MustCompile(`formaction="(/events/\d+/players/\d+/person/new)"`).FindStringSubmatch(matches)
			if add == nil {
				t.Fatal("no button adding the player to the register")
			}
			if rec := arbiter.Post(add[1], url.Values{"surname": {"Хачемизов"}, "given_names": {"Тимур"}, "patronymic": {strings.Repeat("о", 61)}}); rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "field-error") {
				t.Errorf("a patronymic of 61 letters: %d", rec.Code)
			}
			if rec := arbiter.Post(add[1], url.Values{"surname": {"Хачемизов"}, "given_names": {"Тимур"}, "patronymic": {"Русланович"}}); rec.Code != http.StatusSeeOther {
				t.Fatalf("add to the register: %d\n%s", rec.Code, rec.Body)
			}
			found := s.Must(http.StatusOK, "", "GET", "/api/v1/people?q=русланович", nil)["people"].([]any)
			if len(found) != 1 {
				t.Fatalf("the search for the patronymic: %v", found)
			}
			person := found[0].(map[string]any)
			if person["given_names"] != "Тимур" || person["patronymic"] != "Русланович" || person["latin_given_names"] != "Timur" {
				t.Errorf("the person in the register: %v", person)
			}
			path := fmt.Sprintf("/people/%d", int(apitest.Num(person["id"])))
			if list := s.Anonymous().Get("/people?q=Хачемизов").Body.String(); !strings.Contains(list, "Хачемизов Тимур") || strings.Contains(list, "Русланович") {
				t.Errorf("the register's list does not name the person without the patronymic:\n%s", list)
			}
			admin := s.SignIn(tournament.Admin)
			for _, lang := range []string{"ru", "en"} {
				req := httptest.NewRequest(http.MethodGet, path, nil)
				req.Header.Set("Accept-Language", lang)
				if body := s.Anonymous().Do(req).Body.String(); !strings.Contains(body, "<h1>Хачемизов Тимур Русланович</h1>") || !strings.Contains(body, "Khachemizov Timur") {
					t.Errorf("the person's page in %s lacks the full name and the Latin name", lang)
				}
			}
			if edit := html.UnescapeString(admin.Get(path).Body.String()); !strings.Contains(edit, `>Отчество<input name="patronymic" value="Русланович"`) {
				t.Errorf("the person form lacks the patronymic")
			}
			form := url.Values{"surname": {"Хачемизов"}, "given_names": {"Тимур"}, "patronymic": {"Асланович"}, "latin_system": {"icao"}, "birth_year": {"2003"}, "sex": {"m"}}
			if rec := admin.Post(path, form); rec.Code != http.StatusSeeOther {
				t.Fatalf("the person form: %d\n%s", rec.Code, rec.Body)
			}
			api1 := fmt.Sprintf("/api/v1/people/%d", int(apitest.Num(person["id"])))
			if got := s.Must(http.StatusOK, "", "GET", api1, nil)["person"].(map[string]any); got["patronymic"] != "Асланович" {
				t.Errorf("after the form: %v", got)
			}
			if got := s.Must(http.StatusOK, tournament.Admin, "PATCH", api1, map[string]any{"patronymic": ""}); got["patronymic"] != "" || got["given_names"] != "Тимур" {
				t.Errorf("the patronymic removed: %v", got)
			}
			if body := s.Anonymous().Get(path).Body.String(); !strings.Contains(body, "<h1>Хачемизов Тимур</h1>") {
				t.Errorf("the person's page without the patronymic")
			}
		})
	}
}
