package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/people"
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

// The desk's page that matches players with the register: a pasted list
// links the player whose federation ID is known; the page offers the
// others with their likely persons, links the sure one in one go, one
// chosen by hand, refuses an unknown federation ID at its player with
// what was typed kept, and adds a newcomer to the register; the player's
// form unlinks. The same through the API.
func TestRegisterMatchesPage(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	arbiter := s.SignIn(tournament.ArbiterRole)
	person := func(surname, given string, born int) string {
		p := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/people", map[string]any{"surname": surname, "given_names": given, "birth_year": born})
		return p["federation_id"].(string)
	}
	murat := person("Берсиров", "Мурат", 1992)
	person("Хуажев", "Аслан", 1990)
	person("Ёлкина", "Саида", 1999)
	id := apitest.Num(s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", map[string]any{"name": "Открытый турнир", "discipline": "rapid", "system": "swiss", "rounds": 5})["id"])
	list := "Берсиров Мурат,,1992,,," + murat + "\nХуажев Аслон,,1990\nЕлкина Саида,,1999\nНовиков Пётр,,2005,Адыгейск\n"
	if rec := arbiter.Post(fmt.Sprintf("/events/%d/players/csv", id), url.Values{"csv": {list}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("the pasted list: %d\n%s", rec.Code, rec.Body.String())
	}
	desk := arbiter.Get(fmt.Sprintf("/events/%d/manage", id)).Body.String()
	if !strings.Contains(desk, fmt.Sprintf(`href="/events/%d/register-matches"`, id)) || !strings.Contains(desk, ">"+murat+"</a>") {
		t.Errorf("the desk neither links the matches nor shows Murat's federation ID")
	}

	path := fmt.Sprintf("/events/%d/register-matches", id)
	apitest.MustStatus(t, "a player opens the matches", s.SignIn(tournament.PlayerRole).Get(path).Code, http.StatusForbidden, "")
	rec := arbiter.Get(path)
	body := apitest.PageText(rec)
	if rec.Code != http.StatusOK || strings.Count(body, `data-player=`) != 3 || !strings.Contains(body, apitest.RuN("matches.link_sure", 1)) || !strings.Contains(body, apitest.RuN("matches.letters", 1)) || !strings.Contains(body, apitest.RuT("matches.none")) {
		t.Fatalf("the matches page: %d, want three players, one sure match, a slip and a newcomer\n%s", rec.Code, body)
	}
	if rec := arbiter.Post(path+"/sure", nil); rec.Code != http.StatusSeeOther || !strings.HasSuffix(rec.Header().Get("Location"), "linked=1") {
		t.Fatalf("link the sure matches: %d %s", rec.Code, rec.Header().Get("Location"))
	}
	body = apitest.PageText(arbiter.Get(path + "?linked=1"))
	if strings.Count(body, `data-player=`) != 2 || !strings.Contains(body, apitest.RuT("matches.linked_n", "N", "1")) {
		t.Errorf("after the sure match: want two players left and the count said\n%s", body)
	}
	aslan, aslanPerson := matchCard(t, body, "Хуажев Аслон")
	petr, _ := matchCard(t, body, "Новиков Пётр")
	bad := arbiter.Post(fmt.Sprintf("/events/%d/players/%s/person", id, aslan), url.Values{"federation_id": {"999999"}})
	if bad.Code != http.StatusBadRequest || !strings.Contains(bad.Body.String(), `value="999999"`) || !strings.Contains(bad.Body.String(), "field-error") {
		t.Errorf("an unknown federation ID: %d, want 400 with it kept at its player", bad.Code)
	}
	if rec := arbiter.Post(fmt.Sprintf("/events/%d/players/%s/person", id, aslan), url.Values{"person": {aslanPerson}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("link Аслан: %d\n%s", rec.Code, rec.Body.String())
	}
	if rec := arbiter.Post(fmt.Sprintf("/events/%d/players/%s/person/new", id, petr), nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("add Пётр to the register: %d\n%s", rec.Code, rec.Body.String())
	}
	if body := apitest.PageText(arbiter.Get(path)); !strings.Contains(body, apitest.RuT("matches.all_linked")) {
		t.Errorf("after linking everyone: %s", body)
	}
	found := s.Must(http.StatusOK, "", "GET", "/api/v1/people?q=Новиков", nil)["people"].([]any)
	if len(found) != 1 || found[0].(map[string]any)["club"] != "Адыгейск" {
		t.Errorf("Пётр in the register: %v", found)
	}

	edit := fmt.Sprintf("/events/%d/players/%s/edit", id, aslan)
	if body := apitest.PageText(arbiter.Get(edit)); !strings.Contains(body, apitest.RuT("matches.unlink")) {
		t.Fatalf("the player's form offers no unlink:\n%s", body)
	}
	if rec := arbiter.Post(fmt.Sprintf("/events/%d/players/%s/person", id, aslan), url.Values{"unlink": {"1"}}); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != edit {
		t.Fatalf("unlink: %d %s", rec.Code, rec.Header().Get("Location"))
	}

	matches := s.Must(http.StatusOK, tournament.ArbiterRole, "GET", fmt.Sprintf("/api/v1/events/%d/register-matches", id), nil)
	offered := matches["players"].([]any)
	if len(offered) != 1 || len(offered[0].(map[string]any)["candidates"].([]any)) != 1 {
		t.Fatalf("the API's matches after the unlink: %v", matches)
	}
	candidate := offered[0].(map[string]any)["candidates"].([]any)[0].(map[string]any)
	player := offered[0].(map[string]any)["player"].(map[string]any)
	linked := s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/players/%d/person", id, apitest.Num(player["id"])),
		map[string]any{"person_id": apitest.Num(candidate["person"].(map[string]any)["id"])})
	if apitest.Num(linked["person_id"]) == 0 {
		t.Errorf("linked through the API: %v", linked)
	}
	if n := s.Must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/register-matches/link-sure", id), nil)["linked"]; apitest.Num(n) != 0 {
		t.Errorf("sure matches with everyone linked: %v", n)
	}
}

// matchCard finds a player's card on the matches page: the player's ID and
// the first person offered ("" when none).
func matchCard(t *testing.T, body, name string) (player, person string) {
	t.Helper()
	for _, card := range strings.Split(body, `data-player="`)[1:] {
		if !strings.Contains(card[:strings.Index(card, "</h3>")], name) {
			continue
		}
		player = card[:strings.Index(card, `"`)]
		if m := regexp.MustCompile(`name="person" value="(\d+)"`).FindStringSubmatch(card); m != nil {
			person = m[1]
		}
		return player, person
	}
	t.Fatalf("no card of %s on the matches page:\n%s", name, body)
	return "", ""
}

// A person's photo: the administrator uploads one on the person's page (a
// file that is no picture comes back at the form), the page shows it at an
// address that changes with it, the picture is served as JPEG with its
// validator, the API gives its address and removes it.
func TestPersonPhotoPages(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	person := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/people", map[string]any{"surname": "Тлехас", "given_names": "Анна"})
	id := int(apitest.Num(person["id"]))
	admin := s.SignIn(tournament.Admin)
	page := fmt.Sprintf("/people/%d", id)
	if body := apitest.PageText(s.SignIn(tournament.ArbiterRole).Get(page)); strings.Contains(body, "/photo\"") {
		t.Error("an arbiter is offered to upload a photo")
	}
	if body := apitest.PageText(admin.Get(page)); !strings.Contains(body, apitest.RuT("people.photo_add")) || strings.Contains(body, "person-photo") {
		t.Errorf("the administrator's page of a person without a photo:\n%s", body)
	}

	bad := admin.Do(photoUpload(t, fmt.Sprintf("/people/%d/photo", id), []byte("not a picture")))
	if bad.Code != http.StatusBadRequest || !strings.Contains(apitest.PageText(bad), apitest.RuF("the photo must be a JPEG or PNG picture")) {
		t.Errorf("a file that is no picture: %d\n%s", bad.Code, apitest.PageText(bad))
	}
	// Far over the limit, refused before it is read: still at the form.
	huge := admin.Do(photoUpload(t, fmt.Sprintf("/people/%d/photo", id), bytes.Repeat([]byte{0}, 9<<20)))
	if huge.Code != http.StatusRequestEntityTooLarge || !strings.Contains(huge.Body.String(), `class="photo-form" open`) || !strings.Contains(apitest.PageText(huge), apitest.RuF("the file is larger than %d MB", 8)) {
		t.Errorf("a 9 MB photo: %d, want 413 at the person's photo form\n%s", huge.Code, apitest.PageText(huge))
	}
	var picture bytes.Buffer
	img := image.NewRGBA(image.Rect(0, 0, 600, 800))
	for i := range img.Pix {
		img.Pix[i] = 200
	}
	img.Set(0, 0, color.Black)
	if err := png.Encode(&picture, img); err != nil {
		t.Fatal(err)
	}
	if rec := admin.Do(photoUpload(t, fmt.Sprintf("/people/%d/photo", id), picture.Bytes())); rec.Code != http.StatusSeeOther {
		t.Fatalf("upload: %d\n%s", rec.Code, rec.Body.String())
	}
	src := regexp.MustCompile(`class="person-photo" src="([^"]+)"`).FindStringSubmatch(apitest.PageText(s.Anonymous().Get(page)))
	if src == nil {
		t.Fatal("the person's page shows no photo")
	}
	rec := s.Anonymous().Get(src[1])
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/jpeg" || rec.Header().Get("ETag") == "" {
		t.Fatalf("the photo: %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	if cfg, _, err := image.DecodeConfig(bytes.NewReader(rec.Body.Bytes())); err != nil || cfg.Height != people.PhotoSide || cfg.Width != people.PhotoSide*3/4 {
		t.Errorf("the served photo: %+v (%v)", cfg, err)
	}
	req := httptest.NewRequest("GET", src[1], nil)
	req.Header.Set("If-None-Match", rec.Header().Get("ETag"))
	if again := s.Anonymous().Do(req); again.Code != http.StatusNotModified {
		t.Errorf("the photo asked again with its validator: %d, want 304", again.Code)
	}

	got := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/people/%d", id), nil)
	if got["photo"] != src[1] {
		t.Errorf("the API's photo %v, the page's %s", got["photo"], src[1])
	}
	s.Must(http.StatusOK, tournament.Admin, "DELETE", fmt.Sprintf("/api/v1/people/%d/photo", id), nil)
	if rec := s.Anonymous().Get(src[1]); rec.Code != http.StatusNotFound {
		t.Errorf("the removed photo: %d", rec.Code)
	}
}

func photoUpload(t *testing.T, path string, content []byte) *http.Request {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	part, err := w.CreateFormFile("photo", "photo.png")
	if err != nil {
		t.Fatal(err)
	}
	part.Write(content)
	w.Close()
	req := httptest.NewRequest("POST", path, &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	return req
}

// brokenBody is an upload that breaks off after its first bytes.
type brokenBody struct{ sent bool }

func (b *brokenBody) Read(p []byte) (int, error) {
	if b.sent {
		return 0, errors.New("connection reset by peer")
	}
	b.sent = true
	return copy(p, "\xff\xd8\xff"), nil
}

// Issue 37: a photo whose upload breaks off is refused in the reader's
// words, not with the server's I/O error in English.
func TestPersonPhotoBrokenOff(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := apitest.Num(s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/people", map[string]any{"surname": "Тлехас", "given_names": "Анна"})["id"])
	req := httptest.NewRequest("PUT", fmt.Sprintf("/api/v1/people/%d/photo", id), &brokenBody{})
	req.Header.Set("Authorization", "Bearer "+s.Tokens[tournament.Admin])
	req.Header.Set("Accept-Language", "ru")
	rec := httptest.NewRecorder()
	s.Handler.ServeHTTP(rec, req)
	var answer map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &answer); err != nil || rec.Code != http.StatusBadRequest ||
		answer["message"] != apitest.RuF("the photo broke off before its end; send it again") {
		t.Errorf("a photo broken off: %d %s", rec.Code, rec.Body.String())
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

// Two persons of the register with the player's name and birth year are
// namesakes, not both "sure": the page marks them so and chooses neither,
// the API says namesake, and none is linked in one go (issue 60).
func TestRegisterMatchesNamesakes(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	for _, club := range []string{"Майкоп", "Адыгейск"} {
		s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/people", map[string]any{"surname": "Хуажев", "given_names": "Аслан", "birth_year": 1990, "club": club, "confirm_similar": true})
	}
	id := apitest.Num(s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", map[string]any{"name": "Открытый турнир", "discipline": "rapid", "system": "swiss", "rounds": 5})["id"])
	s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": "Хуажев Аслан", "birth_year": 1990})
	page := s.SignIn(tournament.ArbiterRole).Get(fmt.Sprintf("/events/%d/register-matches", id)).Body.String()
	if n := strings.Count(page, `<span class="badge">`+apitest.RuT("matches.namesake")+`</span>`); n != 2 || strings.Contains(page, `<span class="badge">`+apitest.RuT("matches.sure")+`</span>`) || strings.Contains(page, " checked>") {
		t.Errorf("the namesakes: %d marked so, want 2, neither sure nor chosen\n%s", n, apitest.PageText(s.SignIn(tournament.ArbiterRole).Get(fmt.Sprintf("/events/%d/register-matches", id))))
	}
	matches := s.Must(http.StatusOK, tournament.ArbiterRole, "GET", fmt.Sprintf("/api/v1/events/%d/register-matches", id), nil)
	for _, c := range matches["players"].([]any)[0].(map[string]any)["candidates"].([]any) {
		if c := c.(map[string]any); c["sure"] != false || c["namesake"] != true {
			t.Errorf("the API's candidate %v: want a namesake, not sure", c)
		}
	}
	if apitest.Num(matches["sure"]) != 0 {
		t.Errorf("the API counts %v sure matches, want none", matches["sure"])
	}
}

// A desk player named with the person's words in another order («Аслан
// Хуажев») takes the register's order once linked, surname first; a
// spelling of their own («Берсиров Мурад») stays as the desk wrote it (issue
// 60).
func TestLinkedPlayerTakesTheRegistersOrder(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	for _, p := range []struct{ surname, given string }{{"Хуажев", "Аслан"}, {"Берсиров", "Мурат"}} {
		s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/people", map[string]any{"surname": p.surname, "given_names": p.given, "birth_year": 1990})
	}
	id := apitest.Num(s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", map[string]any{"name": "Открытый турнир", "discipline": "rapid", "system": "swiss", "rounds": 5})["id"])
	for _, name := range []string{"Аслан Хуажев", "Берсиров Мурад"} {
		s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), map[string]any{"name": name, "birth_year": 1990})
	}
	matches := s.Must(http.StatusOK, tournament.ArbiterRole, "GET", fmt.Sprintf("/api/v1/events/%d/register-matches", id), nil)["players"].([]any)
	for _, m := range matches {
		m := m.(map[string]any)
		person := m["candidates"].([]any)[0].(map[string]any)["person"].(map[string]any)
		s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/players/%d/person", id, apitest.Num(m["player"].(map[string]any)["id"])),
			map[string]any{"person_id": apitest.Num(person["id"])})
	}
	var names []string
	for _, p := range s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/players", id), nil)["players"].([]any) {
		names = append(names, p.(map[string]any)["name"].(string))
	}
	if want := []string{"Хуажев Аслан", "Берсиров Мурад"}; !slices.Equal(names, want) {
		t.Errorf("the linked players are named %q, want %q", names, want)
	}
}
