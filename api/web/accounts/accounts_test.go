package accounts_test

import (
	"context"
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

// onceRE finds the one-time password on the accounts page.
var onceRE = regexp.MustCompile(`<code class="token">([a-z2-9-]+)</code>`)

// The administrators' accounts page: reached from the header by them only;
// an account added there gets a one-time password shown once, with which
// its owner signs in; a duplicate or bad input is refused at its field with
// the form kept; a role changes, but the last administrator keeps theirs;
// a new password ends the account's sign-ins.
func TestAccountsPage(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	admin := s.SignIn(tournament.Admin)
	arbiter := s.SignIn(tournament.ArbiterRole)

	if body := admin.Get("/").Body.String(); !strings.Contains(body, `href="/admin/accounts"`) {
		t.Error("the administrator's header has no link to the accounts")
	}
	if body := arbiter.Get("/").Body.String(); strings.Contains(body, `href="/admin/accounts"`) {
		t.Error("an arbiter's header links to the accounts")
	}
	apitest.MustStatus(t, "an arbiter opens the accounts", arbiter.Get("/admin/accounts").Code, http.StatusForbidden, "")
	apitest.MustStatus(t, "an arbiter adds an account", arbiter.Post("/admin/accounts", url.Values{"email": {"x@example.org"}, "name": {"Икс"}, "role": {"admin"}}).Code, http.StatusForbidden, "")
	if rec := s.Anonymous().Get("/admin/accounts"); rec.Code != http.StatusSeeOther || !strings.HasPrefix(rec.Header().Get("Location"), "/login") {
		t.Errorf("an anonymous reader: %d %s, want sent to sign in", rec.Code, rec.Header().Get("Location"))
	}

	listed := admin.Get("/admin/accounts")
	apitest.MustStatus(t, "the accounts page", listed.Code, http.StatusOK, listed.Body.String())
	body := listed.Body.String()
	for _, want := range []string{"<h1>" + apitest.RuT("accounts.title") + "</h1>", "admin@example.org", "arbiter@example.org", "player@example.org", `data-filter-blocks="#accounts"`, `aria-current="page"`} {
		if !strings.Contains(body, want) {
			t.Errorf("the accounts page lacks %q", want)
		}
	}
	if strings.Index(body, "admin@example.org") > strings.Index(body, "arbiter@example.org") || strings.Index(body, "arbiter@example.org") > strings.Index(body, "player@example.org") {
		t.Error("the accounts are not listed administrators, arbiters, players")
	}

	// A duplicate e-mail is refused at its field, the form kept.
	rec := admin.Post("/admin/accounts", url.Values{"email": {"Arbiter@example.org"}, "surname": {"Второй"}, "given_names": {"Судья"}, "role": {"arbiter"}, "locale": {"en"}})
	apitest.MustStatus(t, "a duplicate e-mail", rec.Code, http.StatusConflict, apitest.PageText(rec))
	body = html.UnescapeString(rec.Body.String())
	if !strings.Contains(body, `<p class="field-error" role="alert">`+apitest.RuF("a user with e-mail %s already exists", "arbiter@example.org")+"</p>") {
		t.Errorf("the duplicate is not explained:\n%s", body)
	}
	for _, kept := range []string{`value="Arbiter@example.org"`, `value="Второй"`, `value="Судья"`, `<option value="arbiter" selected>`, `<option value="en" selected>`} {
		if !strings.Contains(body, kept) {
			t.Errorf("the refused form lost %s", kept)
		}
	}
	if onceRE.MatchString(body) {
		t.Error("a refused account shows a password")
	}
	rec = admin.Post("/admin/accounts", url.Values{"email": {"author@example.org"}, "surname": {""}, "given_names": {"Автор"}, "role": {"player"}})
	apitest.MustStatus(t, "no name", rec.Code, http.StatusBadRequest, "")
	if !strings.Contains(rec.Body.String(), `class="field-error"`) {
		t.Error("a missing name is not shown at its field")
	}

	// Added: the password is shown once, not cached, and works.
	rec = admin.Post("/admin/accounts", url.Values{"email": {"author@example.org"}, "surname": {"Задач"}, "given_names": {"Автор"}, "role": {"player"}})
	apitest.MustStatus(t, "add an account", rec.Code, http.StatusCreated, rec.Body.String())
	m := onceRE.FindStringSubmatch(rec.Body.String())
	if m == nil {
		t.Fatalf("no one-time password on the page:\n%s", rec.Body.String())
	}
	if rec.Header().Get("Cache-Control") != "no-store" {
		t.Errorf("the page with the password is cacheable: %q", rec.Header().Get("Cache-Control"))
	}
	if body := admin.Get("/admin/accounts").Body.String(); strings.Contains(body, m[1]) || !strings.Contains(body, "Задач Автор") {
		t.Error("the list shows the password again, or not the new account")
	}
	author := &apitest.Page{Server: s.Server}
	signin := author.Post("/login", url.Values{"email": {"author@example.org"}, "password": {m[1]}, "next": {"/account"}})
	apitest.MustStatus(t, "sign in with the one-time password", signin.Code, http.StatusSeeOther, signin.Body.String())
	for _, c := range signin.Result().Cookies() {
		if c.Name == "adiukh_session" {
			author.Cookie = c
		}
	}
	apitest.MustStatus(t, "the author's account page", author.Get("/account").Code, http.StatusOK, "")

	u, err := s.Accounts.User(context.Background(), "author@example.org")
	if err != nil {
		t.Fatal(err)
	}
	// A new password ends the author's sign-in and is shown once.
	rec = admin.Post(fmt.Sprintf("/admin/accounts/%d/password", u.ID), nil)
	apitest.MustStatus(t, "a new password", rec.Code, http.StatusOK, rec.Body.String())
	fresh := onceRE.FindStringSubmatch(rec.Body.String())
	if fresh == nil || fresh[1] == m[1] || !strings.Contains(apitest.PageText(rec), apitest.RuT("accounts.reset", "Name", "Задач Автор", "Email", "author@example.org")) {
		t.Fatalf("the new password is not shown, or the same:\n%s", rec.Body.String())
	}
	if rec := author.Get("/account"); rec.Code != http.StatusSeeOther {
		t.Errorf("the author's sign-in survived the new password: %d", rec.Code)
	}

	// Roles: the author becomes an arbiter; the last administrator is
	// told why they stay one.
	rec = admin.Post(fmt.Sprintf("/admin/accounts/%d/role", u.ID), url.Values{"role": {"arbiter"}})
	apitest.MustStatus(t, "change a role", rec.Code, http.StatusSeeOther, rec.Body.String())
	if body := admin.Get(strings.Split(rec.Header().Get("Location"), "#")[0]); !strings.Contains(apitest.PageText(body), apitest.RuT("accounts.role_changed", "Name", "Задач Автор", "Role", apitest.RuT("account.role.arbiter"))) {
		t.Errorf("no notice of the new role")
	}
	me, _ := s.Accounts.User(context.Background(), "admin@example.org")
	rec = admin.Post(fmt.Sprintf("/admin/accounts/%d/role", me.ID), url.Values{"role": {"player"}})
	apitest.MustStatus(t, "the last administrator demotes themself", rec.Code, http.StatusConflict, rec.Body.String())
	if body := apitest.PageText(rec); !strings.Contains(body, apitest.RuF("you are the only administrator: make another account an administrator first, or nobody could manage accounts")) {
		t.Errorf("the refusal is not explained:\n%s", body)
	}
	if rec := admin.Post(fmt.Sprintf("/admin/accounts/%d/password", me.ID), nil); rec.Code != http.StatusBadRequest {
		t.Errorf("an administrator resets their own password here: %d", rec.Code)
	}
	// With a second administrator, one may step down and lands on their
	// own account page.
	arb, _ := s.Accounts.User(context.Background(), "arbiter@example.org")
	apitest.MustStatus(t, "promote the arbiter", admin.Post(fmt.Sprintf("/admin/accounts/%d/role", arb.ID), url.Values{"role": {"admin"}}).Code, http.StatusSeeOther, "")
	apitest.MustStatus(t, "the promoted arbiter opens the accounts", arbiter.Get("/admin/accounts").Code, http.StatusOK, "")
	rec = admin.Post(fmt.Sprintf("/admin/accounts/%d/role", me.ID), url.Values{"role": {"arbiter"}})
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/account" {
		t.Errorf("stepping down: %d to %q, want the account page", rec.Code, rec.Header().Get("Location"))
	}
	apitest.MustStatus(t, "the former administrator opens the accounts", admin.Get("/admin/accounts").Code, http.StatusForbidden, "")
	apitest.MustStatus(t, "a missing account", arbiter.Post("/admin/accounts/9999/role", url.Values{"role": {"player"}}).Code, http.StatusNotFound, "")
}

// The JSON API does what the page does, through the same use cases.
func TestUsersAPI(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const admin = tournament.Admin
	s.Must(http.StatusForbidden, tournament.ArbiterRole, "GET", "/api/v1/users", nil)
	s.Must(http.StatusForbidden, tournament.PlayerRole, "POST", "/api/v1/users", map[string]any{"email": "x@example.org", "name": "Икс", "role": "admin"})

	list := s.Must(http.StatusOK, admin, "GET", "/api/v1/users", nil)["users"].([]any)
	if len(list) != 3 || list[0].(map[string]any)["role"] != "admin" || list[0].(map[string]any)["password_hash"] != nil {
		t.Errorf("users %v", list)
	}
	bad := s.Must(http.StatusConflict, admin, "POST", "/api/v1/users", map[string]any{"email": "player@example.org", "name": "Двойник", "role": "player"})
	if fmt.Sprint(bad["field"]) != "email" {
		t.Errorf("a duplicate e-mail: %v, want refused at email", bad)
	}
	made := s.Must(http.StatusCreated, admin, "POST", "/api/v1/users", map[string]any{"email": "judge@example.org", "name": "Судья Конкурса", "role": "player", "locale": "en"})
	user := made["user"].(map[string]any)
	password, _ := made["password"].(string)
	if user["email"] != "judge@example.org" || user["locale"] != "en" || len(password) != 19 {
		t.Fatalf("added %v", made)
	}
	if _, err := s.Accounts.Login(context.Background(), "judge@example.org", password, "192.0.2.9"); err != nil {
		t.Errorf("sign in with the answered password: %v", err)
	}
	id := apitest.Num(user["id"])
	if got := s.Must(http.StatusOK, admin, "PATCH", fmt.Sprintf("/api/v1/users/%d", id), map[string]any{"role": "arbiter"}); got["role"] != "arbiter" {
		t.Errorf("after PATCH: %v", got)
	}
	s.Must(http.StatusBadRequest, admin, "PATCH", fmt.Sprintf("/api/v1/users/%d", id), map[string]any{"role": "king"})
	s.Must(http.StatusNotFound, admin, "PATCH", "/api/v1/users/9999", map[string]any{"role": "arbiter"})
	adminID := apitest.Num(list[0].(map[string]any)["id"])
	last := s.Must(http.StatusConflict, admin, "PATCH", fmt.Sprintf("/api/v1/users/%d", adminID), map[string]any{"role": "player"})
	if !strings.Contains(fmt.Sprint(last["message"]), "only administrator") {
		t.Errorf("the last administrator's refusal: %v", last)
	}
	again := s.Must(http.StatusOK, admin, "POST", fmt.Sprintf("/api/v1/users/%d/password", id), nil)
	if p, _ := again["password"].(string); p == "" || p == password || again["sessions"] != "ended" {
		t.Errorf("new password: %v", again)
	}
	if _, err := s.Accounts.Login(context.Background(), "judge@example.org", password, "192.0.2.9"); err == nil {
		t.Error("the first password still works")
	}
}

// The account audit log: the role change and the password an
// administrator set are there, on the page and in the API, told in the
// reader's language with who did it; only administrators read it.
func TestAccountAuditLog(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const admin = tournament.Admin
	made := s.Must(http.StatusCreated, admin, "POST", "/api/v1/users", map[string]any{"email": "judge@example.org", "name": "Судья Конкурса", "role": "player"})
	id := apitest.Num(made["user"].(map[string]any)["id"])
	s.Must(http.StatusOK, admin, "PATCH", fmt.Sprintf("/api/v1/users/%d", id), map[string]any{"role": "arbiter"})
	s.Must(http.StatusOK, admin, "POST", fmt.Sprintf("/api/v1/users/%d/password", id), nil)

	s.Must(http.StatusForbidden, tournament.ArbiterRole, "GET", "/api/v1/users/audit", nil)
	entries := s.Must(http.StatusOK, admin, "GET", "/api/v1/users/audit", nil)["entries"].([]any)
	if len(entries) < 3 {
		t.Fatalf("audit entries %v, want at least the account, its role and its password", entries)
	}
	newest := func(i int) map[string]any { return entries[i].(map[string]any) }
	if e := newest(0); e["action"] != "password-set" || e["user_email"] != "judge@example.org" || e["actor_email"] != "admin@example.org" {
		t.Errorf("newest entry %v, want the password the administrator set", e)
	}
	if e := newest(1); e["action"] != "role" || e["before"] != "player" || e["after"] != "arbiter" || e["text"] != "The role of judge@example.org changed: player → arbiter." {
		t.Errorf("second entry %v, want the role change told in English, the API's language", e)
	}

	apitest.MustStatus(t, "an arbiter opens the account log", s.SignIn(tournament.ArbiterRole).Get("/admin/accounts/audit").Code, http.StatusForbidden, "")
	listed := s.SignIn(admin)
	if body := listed.Get("/admin/accounts").Body.String(); !strings.Contains(body, `href="/admin/accounts/audit"`) {
		t.Error("the accounts page does not link the account log")
	}
	rec := listed.Get("/admin/accounts/audit")
	apitest.MustStatus(t, "the account log", rec.Code, http.StatusOK, rec.Body.String())
	body := html.UnescapeString(rec.Body.String())
	for _, want := range []string{"<h1>" + apitest.RuT("accountaudit.title") + "</h1>",
		apitest.RuT("accountaudit.role", "User", "judge@example.org", "Before", apitest.RuT("account.role.player"), "After", apitest.RuT("account.role.arbiter")),
		apitest.RuT("accountaudit.password-set", "User", "judge@example.org"), "MSK"} {
		if !strings.Contains(body, want) {
			t.Errorf("the account log page lacks %q", want)
		}
	}
	if rec := listed.Get("/admin/accounts/audit?before=x"); rec.Code != http.StatusBadRequest {
		t.Errorf("a bad page of the log: %d, want 400", rec.Code)
	}
}
