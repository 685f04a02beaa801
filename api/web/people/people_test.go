package people_test

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/store/storetest"
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

// A player links their account to their record of the register: "this is
// me" on the person's page, an arbiter confirms on the requests page, and
// the player's own page shows the record; a second request is refused; a
// declined one tells the reason.
func TestPersonClaims(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	arbiter := s.SignIn(tournament.ArbiterRole)
	for _, name := range []string{"Мурат", "Аслан"} {
		if rec := arbiter.Post("/people", url.Values{"surname": {"Берсиров"}, "given_names": {name}}); rec.Code != http.StatusSeeOther {
			t.Fatalf("add %s: %d", name, rec.Code)
		}
	}
	player := s.SignIn(tournament.PlayerRole)
	if page := player.Get("/people/1").Body.String(); !strings.Contains(page, `action="/people/1/claim"`) {
		t.Fatal("the person's page offers the player no request")
	}
	if rec := player.Post("/people/1/claim", nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("claim: %d", rec.Code)
	}
	if rec := player.Post("/people/2/claim", nil); rec.Code != http.StatusConflict {
		t.Errorf("a second request while the first waits: %d, want 409", rec.Code)
	}
	apitest.MustStatus(t, "a player opens the requests", player.Get("/people-claims").Code, http.StatusForbidden, "")
	claims := arbiter.Get("/people-claims").Body.String()
	confirm := regexp.MustCompile(`action="(/people-claims/\d+/confirm)"`).FindStringSubmatch(claims)
	if confirm == nil || !strings.Contains(claims, "player@example.org") {
		t.Fatalf("the requests page:\n%s", claims)
	}
	if rec := arbiter.Post(confirm[1], nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("confirm: %d", rec.Code)
	}
	my := html.UnescapeString(player.Get("/my").Body.String())
	if !strings.Contains(my, `href="/people/1">Берсиров Мурат</a>`) {
		t.Errorf("the player's page does not show their record:\n%s", my)
	}
	if rec := player.Post("/people/2/claim", nil); rec.Code != http.StatusConflict {
		t.Errorf("a request of a linked account: %d, want 409", rec.Code)
	}
	if rec := arbiter.Post(confirm[1], nil); rec.Code != http.StatusConflict {
		t.Errorf("confirming twice: %d, want 409", rec.Code)
	}
}

// A player follows a person from the register's page; the player card of
// the person in an event shows the follow, and /my lists the person with
// their game to play, linked to the event's round.
func TestFollowPersonPages(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	person := apitest.Num(s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/people", map[string]any{"surname": "Хут", "given_names": "Аслан"})["id"])
	ev := apitest.Num(s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", map[string]any{
		"name": "Кубок Адыгеи", "discipline": "rapid", "system": "round-robin", "time_control": "8+4"})["id"])
	pid := apitest.Num(s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/players", ev), map[string]any{"person_id": person})["id"])
	s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/players", ev), map[string]any{"name": "Борис Нехай"})
	s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", ev), nil)
	s.Must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", ev), nil)

	player := s.SignIn(tournament.PlayerRole)
	page := fmt.Sprintf("/people/%d", person)
	follow := fmt.Sprintf(`action="/people/%d/follow"`, person)
	if body := player.Get(page).Body.String(); !strings.Contains(body, follow) || !strings.Contains(body, "Следить во всех турнирах") {
		t.Fatalf("the person's page offers no follow:\n%s", body)
	}
	if rec := player.Post(fmt.Sprintf("/people/%d/follow", person), url.Values{"follow": {"1"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("follow: %d\n%s", rec.Code, rec.Body)
	}
	if body := player.Get(page).Body.String(); !strings.Contains(body, `aria-pressed="true"`) {
		t.Errorf("the person's page does not show the follow")
	}
	if body := player.Get(fmt.Sprintf("/events/%d/players/%d", ev, pid)).Body.String(); !strings.Contains(body, `aria-pressed="true"`) || !strings.Contains(body, ">Не следить<") {
		t.Errorf("the player card does not show the person followed")
	}
	my := player.Get("/my").Body.String()
	for _, want := range []string{fmt.Sprintf(`<a href="/people/%d">Хут Аслан</a>`, person), "далее 1-й тур, доска 1, соперник: Борис Нехай",
		fmt.Sprintf(`<a href="/events/%d?round=1">Кубок Адыгеи</a>`, ev)} {
		if !strings.Contains(my, want) {
			t.Errorf("/my lacks %q:\n%s", want, my)
		}
	}
	if rec := player.Post(fmt.Sprintf("/people/%d/follow", person), url.Values{"follow": {"0"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("stop following: %d", rec.Code)
	}
	if my := player.Get("/my").Body.String(); strings.Contains(my, "Хут Аслан") {
		t.Errorf("/my still lists the person after stopping")
	}
	if rec := player.Post("/people/999999/follow", url.Values{"follow": {"1"}}); rec.Code != http.StatusNotFound {
		t.Errorf("following a missing person: %d, want 404", rec.Code)
	}
}

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
	id := apitest.CalendarEvent(s.Server, "Кубок Майкопа", "rapid", "2026-12-05", "2026-12-07", "Майкоп")
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
			id := apitest.CalendarEvent(s.Server, "Кубок Майкопа", "rapid", "2026-12-05", "2026-12-07", "Майкоп")
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
