package accounts_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// writes lists every form of the arbiter pages with values that would
// succeed for the event's owner.
func writes(id int) []struct {
	path string
	form url.Values
} {
	return []struct {
		path string
		form url.Values
	}{
		{"/manage/events", url.Values{"name": {"Чужой турнир"}, "discipline": {"rapid"}, "system": {"swiss"}, "rounds": {"5"}}},
		{fmt.Sprintf("/events/%d/settings", id), url.Values{"name": {"Переименован"}, "discipline": {"rapid"}, "system": {"round-robin"}}},
		{fmt.Sprintf("/events/%d/players", id), url.Values{"name": {"Лишний Игрок"}}},
		{fmt.Sprintf("/events/%d/players/csv", id), url.Values{"csv": {"Лишний Игрок, 1500"}}},
		{fmt.Sprintf("/events/%d/players/1/withdraw", id), url.Values{"from_round": {"2"}}},
		{fmt.Sprintf("/events/%d/rounds", id), url.Values{}},
		{fmt.Sprintf("/events/%d/rounds/1/publish", id), url.Values{}},
		{fmt.Sprintf("/events/%d/rounds/1/results", id), url.Values{"board": {"1"}, "score": {"17:7"}, "end_reason": {"final_position"}, "versions": {"1:1,2:1"}}},
		{fmt.Sprintf("/events/%d/rounds/1/boards/1/edit", id), url.Values{"score": {"17:7"}, "end_reason": {"final_position"}, "version": {"1"}}},
		{fmt.Sprintf("/events/%d/finish", id), url.Values{}},
		{fmt.Sprintf("/events/%d/rounds/1/swap", id), url.Values{"seat_a": {"1w"}, "seat_b": {"1b"}}},
		{fmt.Sprintf("/events/%d/rounds/1/delete", id), url.Values{}},
		{fmt.Sprintf("/events/%d/rounds/1/unpublish", id), url.Values{}},
		{fmt.Sprintf("/events/%d/players/1/remove", id), url.Values{}},
		{fmt.Sprintf("/events/%d/submissions", id), url.Values{"open": {"on"}}},
		{fmt.Sprintf("/events/%d/players/1/account", id), url.Values{"email": {"player@example.org"}}},
		{fmt.Sprintf("/events/%d/rounds/1/boards/1/report", id), url.Values{"score": {"17:7"}, "end_reason": {"final_position"}}},
	}
}

// Anonymous readers and players change nothing: every arbiter form sends
// the anonymous reader to sign in and refuses the player.
func TestReadersCannotWrite(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(4)
	for _, tc := range []struct {
		who        string
		page       *apitest.Page
		wantStatus int
	}{
		{"anonymous", s.Anonymous(), http.StatusSeeOther},
		{"player", s.SignIn(tournament.PlayerRole), http.StatusForbidden},
	} {
		for _, w := range writes(id) {
			t.Run(tc.who+" "+w.path, func(t *testing.T) {
				before := s.Snapshot(id)
				rec := tc.page.Post(w.path, w.form)
				if rec.Code != tc.wantStatus {
					t.Fatalf("status %d, want %d\n%s", rec.Code, tc.wantStatus, rec.Body.String())
				}
				if tc.wantStatus == http.StatusSeeOther && !strings.HasPrefix(rec.Header().Get("Location"), "/login") {
					t.Errorf("redirected to %q, want the sign-in page", rec.Header().Get("Location"))
				}
				if after := s.Snapshot(id); after != before {
					t.Errorf("the refused request changed the event")
				}
			})
		}
	}
	_, events := s.Do(tournament.Admin, "GET", "/api/v1/events", nil)
	if n := len(events["events"].([]any)); n != 1 {
		t.Errorf("%d events exist after refused creations, want 1", n)
	}
}

// An arbiter runs only their own events: another arbiter's event is not
// theirs to change.
func TestArbiterCannotChangeAnothersEvent(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(4)
	other := s.AddUser("second-arbiter@example.org", tournament.ArbiterRole)
	for _, w := range writes(id)[1:] {
		t.Run(w.path, func(t *testing.T) {
			before := s.Snapshot(id)
			if rec := other.Post(w.path, w.form); rec.Code != http.StatusForbidden {
				t.Fatalf("status %d, want 403", rec.Code)
			}
			if s.Snapshot(id) != before {
				t.Error("the refused request changed the event")
			}
		})
	}
}

func TestSessionCookie(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	arbiter := s.SignIn(tournament.ArbiterRole)
	if rec := arbiter.Get("/manage/events/new"); rec.Code != http.StatusOK {
		t.Fatalf("signed in: status %d, want 200", rec.Code)
	}
	if !arbiter.Cookie.HttpOnly || arbiter.Cookie.SameSite != http.SameSiteLaxMode {
		t.Errorf("session cookie HttpOnly=%v SameSite=%v, want HttpOnly and Lax", arbiter.Cookie.HttpOnly, arbiter.Cookie.SameSite)
	}
	// The cookie names the user; changing the name breaks the signature.
	forged := *arbiter.Cookie
	payload, sig, _ := strings.Cut(forged.Value, ".")
	forged.Value = strings.ToUpper(payload[:1]) + payload[1:] + "." + sig
	if forged.Value == arbiter.Cookie.Value {
		forged.Value = "x" + forged.Value
	}
	p := &apitest.Page{Server: s.Server, Cookie: &forged}
	if rec := p.Get("/manage/events/new"); rec.Code != http.StatusSeeOther {
		t.Fatalf("forged cookie: status %d, want 303 to the sign-in page", rec.Code)
	}
}

func TestSetupLinkWorksOnce(t *testing.T) {
	t.Parallel()
	s := apitest.NewFreshServer(t, "one-time-token")
	p := s.Anonymous()
	if rec := p.Get("/setup/wrong-token"); rec.Code != http.StatusNotFound {
		t.Fatalf("wrong token: status %d, want 404", rec.Code)
	}
	short := url.Values{"email": {"chief@example.org"}, "password": {"short"}}
	rec := p.Post("/setup/one-time-token", short)
	if rec.Code != http.StatusBadRequest || !strings.Contains(apitest.PageText(rec), apitest.RuF("a password needs at least 8 characters; this one has %d", len("short"))) {
		t.Fatalf("short password: status %d, want 400 naming the password\n%s", rec.Code, rec.Body.String())
	}
	good := url.Values{"email": {"chief@example.org"}, "password": {"длинный пароль"}, "surname": {"Хуажев"}, "given_names": {"Аслан"}}
	if rec := p.Post("/setup/one-time-token", good); rec.Code != http.StatusSeeOther {
		t.Fatalf("setup: status %d, want 303", rec.Code)
	}
	// The first administrator is named in parts, as every account is.
	if u, err := s.Accounts.User(context.Background(), "chief@example.org"); err != nil || u.Surname != "Хуажев" || u.GivenNames != "Аслан" || u.Name != "Хуажев Аслан" {
		t.Errorf("the first administrator: %+v (%v), want named Хуажев Аслан in parts", u, err)
	}
	again := url.Values{"email": {"second@example.org"}, "password": {"длинный пароль"}}
	if rec := p.Post("/setup/one-time-token", again); rec.Code != http.StatusNotFound {
		t.Fatalf("second use: status %d, want 404", rec.Code)
	}
}
