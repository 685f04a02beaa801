package accounts_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// The own-account page: the password changed with the current one (the
// other sign-ins end, this browser stays signed in), the sign-ins listed
// and ended one by one or all but this one, API tokens made (shown once)
// and revoked — through the same use cases as the JSON API.
func TestAccountPage(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	laptop := s.SignIn(tournament.ArbiterRole)
	phone := s.SignIn(tournament.ArbiterRole)
	tablet := s.SignIn(tournament.ArbiterRole)

	page := laptop.Get("/account").Body.String()
	if n := strings.Count(page, "/end\""); n != 2 || !strings.Contains(page, `<span class="badge">`+apitest.RuT("account.this_device")+"</span>") {
		t.Fatalf("the laptop sees %d other sign-ins to end (want 2) and itself marked", n)
	}
	// End the phone's sign-in from the laptop.
	id := regexp.MustCompile(`/account/sessions/(\d+)/end`).FindAllStringSubmatch(page, -1)
	var phoneID string
	for _, m := range id {
		phoneID = m[1] // the list is newest first: the last is the phone's
	}
	if rec := laptop.Post("/account/sessions/"+phoneID+"/end", nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("end a sign-in: %d", rec.Code)
	}
	if rec := phone.Get("/account"); rec.Code != http.StatusSeeOther {
		t.Errorf("the ended phone sign-in still works: %d", rec.Code)
	}
	if rec := tablet.Get("/account"); rec.Code != http.StatusOK {
		t.Errorf("the tablet was signed out too: %d", rec.Code)
	}
	// Sign out everywhere else: the tablet ends, the laptop stays.
	if rec := laptop.Post("/account/sessions/end-others", nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("sign out elsewhere: %d", rec.Code)
	}
	if rec := tablet.Get("/account"); rec.Code != http.StatusSeeOther {
		t.Errorf("the tablet is still signed in after signing out everywhere else: %d", rec.Code)
	}
	if rec := laptop.Get("/account"); rec.Code != http.StatusOK || strings.Count(rec.Body.String(), "/end\"") != 0 {
		t.Errorf("after signing out everywhere else the laptop: %d, or other sign-ins still listed", rec.Code)
	}
	tablet = s.SignIn(tournament.ArbiterRole)

	// A wrong current password is refused at its field; the right one
	// changes the password, ends the tablet's sign-in and keeps the laptop.
	rec := laptop.Post("/account/password", url.Values{"current_password": {"не тот пароль"}, "password": {"новый пароль 2026"}})
	if rec.Code != http.StatusBadRequest || !strings.Contains(apitest.PageText(rec), `<p class="field-error" role="alert">`+apitest.RuF("the current password is wrong")+"</p>") {
		t.Fatalf("a wrong current password: %d", rec.Code)
	}
	rec = laptop.Post("/account/password", url.Values{"current_password": {"пароль судьи"}, "password": {"новый пароль 2026"}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("change the password: %d\n%s", rec.Code, rec.Body.String())
	}
	for _, c := range rec.Result().Cookies() {
		if c.Name == "adiukh_session" {
			laptop.Cookie = c
		}
	}
	if rec := tablet.Get("/account"); rec.Code != http.StatusSeeOther {
		t.Errorf("the tablet is still signed in after the password change: %d", rec.Code)
	}
	if rec := laptop.Get("/account?done=password"); rec.Code != http.StatusOK || !strings.Contains(apitest.PageText(rec), `<p class="notice" role="status">`+apitest.RuT("account.password_changed")+"</p>") {
		t.Errorf("the laptop after changing the password: %d", rec.Code)
	}

	// A token: made, shown once, listed, revoked; the API tells the same.
	rec = laptop.Post("/account/tokens", url.Values{"name": {"табло в зале"}, "expires_in_days": {"30"}})
	token := regexp.MustCompile(`<code class="token">([^<]+)</code>`).FindStringSubmatch(rec.Body.String())
	if rec.Code != http.StatusCreated || token == nil {
		t.Fatalf("make a token: %d", rec.Code)
	}
	if rec := laptop.Get("/account"); strings.Contains(rec.Body.String(), token[1]) || !strings.Contains(rec.Body.String(), "табло в зале") {
		t.Errorf("the token is shown again, or not listed")
	}
	s.Tokens["laptop"] = token[1]
	code, me := s.Do("laptop", "GET", "/api/v1/me", nil)
	if code != http.StatusOK || me["email"] != "arbiter@example.org" {
		t.Fatalf("the new token in the API: %d %v", code, me)
	}
	// 1–366 days, as for adiukh token create --days: an empty field is the
	// default, a 0 typed in is no token at all.
	for _, days := range []string{"1000", "0", "три"} {
		if rec := laptop.Post("/account/tokens", url.Values{"expires_in_days": {days}}); rec.Code != http.StatusBadRequest {
			t.Errorf("a token for %q days: %d, want 400", days, rec.Code)
		}
	}
	tid := regexp.MustCompile(`/account/tokens/(\d+)/revoke`).FindAllStringSubmatch(laptop.Get("/account").Body.String(), -1)
	for _, m := range tid {
		if rec := laptop.Post(fmt.Sprintf("/account/tokens/%s/revoke", m[1]), nil); rec.Code != http.StatusSeeOther {
			t.Fatalf("revoke token %s: %d", m[1], rec.Code)
		}
	}
	if code, _ := s.Do("laptop", "GET", "/api/v1/me", nil); code != http.StatusUnauthorized {
		t.Errorf("a revoked token still works: %d", code)
	}
}

// The name others see is set on the account page and through the API, by
// the same use case; an empty one is refused with the text kept.
func TestAccountName(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	player := s.SignIn(tournament.PlayerRole)
	apitest.MustContain(t, "the account page", player.Get("/account").Body.String(), `action="/account/name"`, `<p class="note">`+apitest.RuT("account.name_note")+"</p>")
	rec := player.Post("/account/name", url.Values{"surname": {"   "}, "given_names": {"Анна"}})
	if rec.Code != http.StatusBadRequest || !strings.Contains(apitest.PageText(rec), `<p class="field-error" role="alert">`+apitest.RuF("is required")+"</p>") || !strings.Contains(apitest.PageText(rec), `value="Анна"`) {
		t.Fatalf("an empty surname: %d", rec.Code)
	}
	if rec := player.Post("/account/name", url.Values{"surname": {" Решалова "}, "given_names": {"Анна"}, "patronymic": {""}, "sex": {"f"}}); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/account?done=name" {
		t.Fatalf("a name: %d %s", rec.Code, rec.Header().Get("Location"))
	}
	apitest.MustContain(t, "the account page after the name", apitest.PageText(player.Get("/account?done=name")), `<p class="notice" role="status">`+apitest.RuT("account.name_changed")+"</p>", `value="Решалова"`, `value="Анна"`, `<option value="f" selected>`, "Решалова Анна · ")
	me := s.Must(http.StatusOK, tournament.PlayerRole, "PUT", "/api/v1/me/name", map[string]any{"name": "Анна"})
	if me["name"] != "Анна" || me["email"] != "player@example.org" {
		t.Errorf("the name through the API: %v", me)
	}
	if code, out := s.Do(tournament.PlayerRole, "PUT", "/api/v1/me/name", map[string]any{"name": ""}); code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out), "name") {
		t.Errorf("an empty name through the API: %d %v", code, out)
	}
	// GET and PATCH /api/v1/account: the parts apart, a part left out
	// stays, name is surname first.
	me = s.Must(http.StatusOK, tournament.PlayerRole, "PATCH", "/api/v1/account", map[string]any{"surname": "Хачемизова", "given_names": "Анна", "patronymic": "Руслановна", "sex": "f"})
	if me["name"] != "Хачемизова Анна" || me["surname"] != "Хачемизова" || me["given_names"] != "Анна" || me["patronymic"] != "Руслановна" || me["sex"] != "f" {
		t.Errorf("the names patched: %v", me)
	}
	s.Must(http.StatusOK, tournament.PlayerRole, "PATCH", "/api/v1/account", map[string]any{"given_names": "Асиет"})
	if me = s.Must(http.StatusOK, tournament.PlayerRole, "GET", "/api/v1/account", nil); me["name"] != "Хачемизова Асиет" || me["patronymic"] != "Руслановна" {
		t.Errorf("one part patched: %v", me)
	}
	if code, out := s.Do(tournament.PlayerRole, "PATCH", "/api/v1/account", map[string]any{"surname": "", "sex": "x"}); code != http.StatusBadRequest || out["field"] != "surname" || !strings.Contains(fmt.Sprint(out), "sex") {
		t.Errorf("an empty surname and a wrong sex: %d %v", code, out)
	}
}
