package desk_test

import (
	"fmt"
	"html"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// A player added one by one who looks registered already (the same name up
// to case and ё/е, or the same federation ID) waits for the arbiter's
// confirmation, as a pasted list does: on the desk's form, which keeps what
// was typed and offers "Register all the same", and in the JSON API.
func TestSinglePlayerDuplicateCheck(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	a := s.SignIn(arbiter)
	id := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Кубок", "discipline": "rapid", "system": "swiss", "rounds": 5})["id"])
	players := fmt.Sprintf("/api/v1/events/%d/players", id)
	s.Must(http.StatusCreated, arbiter, "POST", players, map[string]any{"name": "Ёлкин Олег", "federation_id": "4100123"})
	count := func() int { return len(s.Must(http.StatusOK, arbiter, "GET", players, nil)["players"].([]any)) }

	code, out := s.Do(arbiter, "POST", players, map[string]any{"name": "ЕЛКИН олег", "rating": 1700})
	if code != http.StatusConflict || out["field"] != "confirm_duplicates" || !strings.Contains(fmt.Sprint(out["message"]), "start number 1") {
		t.Fatalf("a namesake: %d %v; want 409 on confirm_duplicates", code, out)
	}
	if code, out = s.Do(arbiter, "POST", players, map[string]any{"name": "Другой Человек", "federation_id": "4100123"}); code != http.StatusConflict || out["field"] != "confirm_duplicates" {
		t.Fatalf("the same federation ID: %d %v; want 409 on confirm_duplicates", code, out)
	}
	s.Must(http.StatusCreated, arbiter, "POST", players, map[string]any{"name": "ЕЛКИН олег", "rating": 1700, "confirm_duplicates": true})
	if n := count(); n != 2 {
		t.Fatalf("%d players, want 2", n)
	}

	form := url.Values{"name": {"Ёлкин Олег"}, "rating": {"1650"}, "city": {"Майкоп"}}
	rec := a.Post(fmt.Sprintf("/events/%d/players", id), form)
	body := html.UnescapeString(rec.Body.String())
	apitest.MustStatus(t, "a namesake on the desk", rec.Code, http.StatusConflict, body)
	for _, want := range []string{`<p class="field-error" role="alert">` +
		apitest.RuF("%s looks like %s, already registered with start number %d; check, then confirm to register the player all the same", "Ёлкин Олег", "ЕЛКИН олег", 1) + "</p>", `value="1650"`, `value="Майкоп"`, `name="confirm" value="1"`, apitest.RuT("manage.register_anyway")} {
		if !strings.Contains(body, want) {
			t.Errorf("the desk after a namesake lacks %q", want)
		}
	}
	if n := count(); n != 2 {
		t.Fatalf("%d players after the refusal, want 2", n)
	}
	form.Set("confirm", "1")
	apitest.MustStatus(t, "confirmed", a.Post(fmt.Sprintf("/events/%d/players", id), form).Code, http.StatusSeeOther, "")
	if n := count(); n != 3 {
		t.Errorf("%d players after the confirmation, want 3", n)
	}
}

// The desk of an individual event offers a withdrawal from the next round
// to pair only while there is one: once the last round is paired, no player
// row names a round beyond the event's last (a 3-round event offered
// "withdraw from round 4", which the service refuses).
func TestDeskWithdrawalNamesNoRoundBeyondTheLast(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(4) // 3 rounds, round 1 paired
	arbiter := s.SignIn(tournament.ArbiterRole)
	desk := func() string {
		t.Helper()
		rec := arbiter.Get(fmt.Sprintf("/events/%d/manage", id))
		if rec.Code != http.StatusOK {
			t.Fatalf("desk: %d", rec.Code)
		}
		return rec.Body.String()
	}
	if page := desk(); !strings.Contains(page, ">"+apitest.RuT("manage.withdraw", "N", 2)+"</button>") {
		t.Error("after round 1 the desk does not offer a withdrawal from round 2")
	}
	for n := 2; n <= 3; n++ {
		s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
		s.Must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/%d/publish", id, n), nil)
	}
	page := desk()
	if strings.Contains(page, apitest.RuT("manage.withdraw", "N", 4)) || strings.Contains(page, fmt.Sprintf("/events/%d/players/1/withdraw", id)) || strings.Contains(page, `name="from_round"`) {
		t.Error("with all 3 rounds paired the desk offers a withdrawal from round 4")
	}
}
