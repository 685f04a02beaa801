package api_test

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/account"
)

// TestNamesThroughThePages: an entry of an account whose name is one
// string («Тимур Хачемизов», made before names had parts) is accepted
// only with the surname and given names the arbiter gives beside the
// button (the patronymic too, if any); the player is listed surname
// first; the register's matches then offer that split for the new person,
// who takes it and the sex the entry gave.
func TestNamesThroughThePages(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	arbiter := s.SignIn(tournament.ArbiterRole)
	id := calendarEvent(s.Server, "Кубок Майкопа", "rapid", "2026-12-05", "2026-12-07", "Майкоп")
	entries := fmt.Sprintf("/events/%d/entries", id)
	deadline := time.Now().Add(72 * time.Hour).Format("2006-01-02T15:04")
	if rec := arbiter.Post(entries+"/settings", url.Values{"open": {"on"}, "deadline": {deadline}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("open entries: %d\n%s", rec.Code, rec.Body)
	}
	if _, err := s.Accounts.AddUser(context.Background(), account.NewUser{Email: "timur@example.org", Names: account.Names{Name: "Тимур Хачемизов"}, Role: "player", Password: "пароль судьи"}); err != nil {
		t.Fatal(err)
	}
	timur := s.SignInAs("timur@example.org")
	if rec := timur.Post(entries, url.Values{"birth_year": {"2003"}, "sex": {"m"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("enter: %d\n%s", rec.Code, rec.Body)
	}
	if account := timur.Get("/account").Body.String(); !strings.Contains(html.UnescapeString(account), apitest.RuT("account.name_one_string", "Name", "Тимур Хачемизов")) {
		t.Errorf("the account page does not ask a name in one string to be given in parts")
	}
	desk := arbiter.Get(entries).Body.String()
	accept := regexp.MustCompile(`action="(/events/\d+/entries/\d+/accept)" class="inline"><input name="surname"`).FindStringSubmatch(desk)
	if accept == nil {
		t.Fatalf("the entries page does not ask the split of a name in one string:\n%s", desk)
	}
	if rec := arbiter.Post(accept[1], nil); rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "field-error") {
		t.Errorf("accepted without the split: %d", rec.Code)
	}
	if !strings.Contains(desk, `<input name="patronymic" maxlength="60"`) {
		t.Errorf("the entries page does not offer the patronymic beside the split")
	}
	if rec := arbiter.Post(accept[1], url.Values{"surname": {"Хачемизов"}, "given_names": {"Тимур"}, "patronymic": {"Асланович"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("accept with the split: %d\n%s", rec.Code, rec.Body)
	}
	if standings := s.Anonymous().Get(fmt.Sprintf("/events/%d/standings", id)).Body.String(); !strings.Contains(standings, "Хачемизов Тимур") {
		t.Errorf("the player is not listed surname first")
	}
	matches := html.UnescapeString(arbiter.Get(fmt.Sprintf("/events/%d/register-matches", id)).Body.String())
	for _, want := range []string{`name="surname" value="Хачемизов"`, `name="given_names" value="Тимур"`, `name="patronymic" value="Асланович"`} {
		if !strings.Contains(matches, want) {
			t.Errorf("the matches do not offer the split: no %s\n%s", want, matches)
		}
	}
	add := regexp.MustCompile(`formaction="(/events/\d+/players/\d+/person/new)"`).FindStringSubmatch(matches)
	if add == nil {
		t.Fatal("no button adding the player to the register")
	}
	if rec := arbiter.Post(add[1], url.Values{"surname": {"Хачемизов"}, "given_names": {"Тимур"}, "patronymic": {"Асланович"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("add to the register: %d\n%s", rec.Code, rec.Body)
	}
	person := s.Must(http.StatusOK, "", "GET", "/api/v1/people?q=khachemizov", nil)["people"].([]any)
	if len(person) != 1 || person[0].(map[string]any)["surname"] != "Хачемизов" || person[0].(map[string]any)["sex"] != "m" || person[0].(map[string]any)["latin_given_names"] != "Timur" || person[0].(map[string]any)["patronymic"] != "Асланович" {
		t.Errorf("the person in the register: %v", person)
	}
}
