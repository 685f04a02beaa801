package desk_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// The desk's prize list: the form shows the list kept, saves a list typed
// in rows (empty rows left out), shows a refused list again with what is
// wrong, and is closed once the event is finished; the public standings
// show the winners then.
func TestPrizesAtTheDesk(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := apitest.PrizeEvent(s.Server, false)
	arbiter := s.SignIn(tournament.ArbiterRole)
	path := fmt.Sprintf("/events/%d/prizes", id)
	if body := arbiter.Get(fmt.Sprintf("/events/%d/manage", id)).Body.String(); !strings.Contains(body, `href="`+path+`"`) {
		t.Fatal("the desk does not link to the prize list")
	}
	page := arbiter.Get(path)
	if page.Code != http.StatusOK {
		t.Fatalf("the form: %d\n%s", page.Code, page.Body)
	}
	// The list PrizeEvent set, row by row.
	apitest.MustContain(t, "the form", page.Body.String(), `name="amount_1" value="100"`, `name="amount_2" value="50"`,
		`<option value="juniors" selected>`, `name="param_3" value="2008"`, `value="shared" checked`, `name="one_per_player" value="1" checked`)
	apitest.MustContain(t, "the form's warning", apitest.PageText(page), apitest.RuT("prizes.unknown", "Category", apitest.RuF("Juniors born in %d or later", 2008),
		"Missing", apitest.RuT("prizes.missing.birth_year"), "N", 3))
	if rec := s.Anonymous().Get(path); rec.Code != http.StatusSeeOther {
		t.Errorf("an anonymous reader: %d, want the sign-in", rec.Code)
	}

	typed := url.Values{"ties": {"hort"}, "one_per_player": {"1"},
		"place_1": {"1"}, "amount_1": {"120"}, "place_4": {"2"}, "amount_4": {"60,50"},
		"category_5": {"rating"}, "param_5": {"1998"}, "place_5": {"1"}, "amount_5": {"25"}}
	if rec := arbiter.Post(path, typed); rec.Code != http.StatusSeeOther {
		t.Fatalf("saving: %d\n%s", rec.Code, apitest.PageText(rec))
	}
	got := s.Must(http.StatusOK, "", "GET", "/api/v1"+path, nil)
	if fmt.Sprint(got["prizes"]) != "[map[amount:120 place:1] map[amount:60.5 place:2] map[amount:25 category:rating place:1 rating_below:1998]]" || got["ties"] != "hort" {
		t.Errorf("the list saved: %v", got)
	}

	bad := url.Values{"ties": {"shared"}, "category_1": {"veterans"}, "param_1": {"1950"}, "place_1": {"1"}, "amount_1": {"30"}}
	rec := arbiter.Post(path, bad)
	if rec.Code != http.StatusBadRequest || !strings.Contains(apitest.PageText(rec), apitest.RuF("nobody fits %s: %d of the %d players have no %s recorded, and a player whose data is missing fits no category that reads it",
		apitest.RuF("the prizes of veterans born in %d or earlier", 1950), 3, 4, apitest.RuT("prizes.missing.birth_year"))) {
		t.Errorf("a category nobody fits: %d\n%s", rec.Code, apitest.PageText(rec))
	}
	apitest.MustContain(t, "the form shown again", rec.Body.String(), `<option value="veterans" selected>`, `name="param_1" value="1950"`)
	if rec := arbiter.Post(path, url.Values{"ties": {"shared"}, "place_1": {"первое"}, "amount_1": {"30"}}); rec.Code != http.StatusBadRequest ||
		!strings.Contains(apitest.PageText(rec), apitest.RuF("prize %d: %q is not a whole number", 1, "первое")) {
		t.Errorf("a place that is not a number: %d\n%s", rec.Code, apitest.PageText(rec))
	}

	standings := fmt.Sprintf("/events/%d/standings", id)
	apitest.MustContain(t, "the standings before the end", apitest.PageText(s.Anonymous().Get(standings)), apitest.RuT("prizes.winners"), apitest.RuT("report.prize_not_finished"))
	s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", "/api/v1"+path, apitest.PrizeList)
	s.Must(http.StatusOK, tournament.ArbiterRole, "PATCH", fmt.Sprintf("/api/v1/events/%d", id), map[string]any{"status": "finished"})
	text := apitest.Spaced(apitest.PageText(s.Anonymous().Get(standings)))
	apitest.MustContain(t, "the final standings", text, apitest.RuT("prizes.winners"), apitest.RuT("prizes.shared", "From", 1, "To", 3, "N", 3),
		apitest.RuF("Juniors born in %d or later", 2008), apitest.RuT("prizes.total"))
	apitest.MustNotContain(t, "the final standings", text, apitest.RuT("report.prize_not_finished"))
	if body := arbiter.Get(path).Body.String(); !strings.Contains(body, "<fieldset disabled>") || !strings.Contains(body, apitest.RuT("prizes.finished_stands")) {
		t.Errorf("the form of a finished event is open")
	}
	if rec := arbiter.Post(path, typed); rec.Code != http.StatusConflict {
		t.Errorf("saving after the end: %d, want 409", rec.Code)
	}
}
