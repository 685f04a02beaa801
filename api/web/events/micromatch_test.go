package events_test

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

// The pages of micro-matches: the event's table of openings (a bad row
// comes back in the form at its line and field, a good table is saved),
// the round's opening on its pairings and at the fast entry, and a game of
// a micro-match entered there, the board showing its two games.
func TestMicroMatchPages(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	ev := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", map[string]any{
		"name": "Первенство клуба", "game": "russian", "discipline": "rapid", "system": "swiss", "rounds": 3,
		"time_control": "15+5", "micro_match": "round",
	})
	id := apitest.Num(ev["id"])
	base := fmt.Sprintf("/api/v1/events/%d", id)
	for i := 1; i <= 4; i++ {
		s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", base+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i), "rating": 2000 - 10*i})
	}
	arbiter := s.SignIn(tournament.ArbiterRole)
	tablePath := fmt.Sprintf("/events/%d/openings", id)
	page := html.UnescapeString(s.Anonymous().Get(tablePath).Body.String())
	if !strings.Contains(page, apitest.RuT("micro.table_title")) || !strings.Contains(page, "1-I") || strings.Contains(page, `id="openings-form"`) {
		t.Errorf("the default table for a reader: want its openings without the form\n%s", page)
	}
	// The default table's openings named by their debuts, in the reader's
	// language.
	if !strings.Contains(page, "<td>Игра Бодянского (1-V)</td>") {
		t.Errorf("the default table in Russian does not name opening 1-V by its debut")
	}
	if en := html.UnescapeString(s.Anonymous().Get(tablePath + "?lang=en").Body.String()); !strings.Contains(en, "<td>Bodyansky's game (1-V)</td>") {
		t.Errorf("the default table in English does not name opening 1-V by its debut in English")
	}
	bad := arbiter.Post(tablePath, url.Values{"table": {"1,Городская партия,c3-d4 d6-c5 b2-c3\n2,Плохая,c3-d4 d4-e5\n"}})
	if text := apitest.PageText(bad); bad.Code != http.StatusBadRequest || !strings.Contains(text, "строка 2") || !strings.Contains(text, "Плохая") {
		t.Errorf("a bad second row: %d, want 400 naming line 2 with the text kept\n%s", bad.Code, text)
	}
	if rec := arbiter.Post(tablePath, url.Values{"table": {"1,Городская партия,c3-d4 d6-c5 b2-c3\n2,Обратная городская партия,c3-d4 f6-g5 b2-c3\n"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("a good table: %d\n%s", rec.Code, apitest.PageText(rec))
	}
	if page := html.UnescapeString(arbiter.Get(tablePath).Body.String()); !strings.Contains(page, "Обратная городская партия") || !strings.Contains(page, `id="openings-form"`) {
		t.Errorf("the event's table for its arbiter: want its openings and the form")
	}
	s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", base+"/rounds", nil)
	round := s.Must(http.StatusOK, tournament.ArbiterRole, "POST", base+"/rounds/1/publish", nil)
	opening := round["games"].([]any)[0].(map[string]any)["opening"].(map[string]any)
	name := fmt.Sprint(opening["name"])
	pairings := html.UnescapeString(s.Anonymous().Get(fmt.Sprintf("/events/%d", id)).Body.String())
	if !strings.Contains(pairings, `id="round-opening"`) || !strings.Contains(pairings, "«"+name+"»") {
		t.Errorf("the pairings do not show the round's opening «%s»", name)
	}
	results := fmt.Sprintf("/events/%d/rounds/1/results", id)
	entry := arbiter.Get(results).Body.String()
	if !strings.Contains(entry, fmt.Sprintf(`action="/events/%d/rounds/1/micro"`, id)) || !strings.Contains(entry, `name="game"`) {
		t.Fatalf("the fast entry of a micro-match round has no game field")
	}
	if strings.Contains(entry, `id="sheets-form"`) || strings.Contains(entry, "/boards/1/edit") {
		t.Errorf("the fast entry of a micro-match round offers a board's sheet, which a micro-match does not keep")
	}
	versions := fmt.Sprintf("1:%d,2:%d", apitest.Num(round["games"].([]any)[0].(map[string]any)["version"]), apitest.Num(round["games"].([]any)[1].(map[string]any)["version"]))
	if rec := arbiter.Post(fmt.Sprintf("/events/%d/rounds/1/micro", id), url.Values{"board": {"1"}, "game": {"1"}, "score": {"2:0"}, "end_reason": {"resignation"}, "versions": {versions}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("game 1 of board 1: %d\n%s", rec.Code, apitest.PageText(rec))
	}
	if page := arbiter.Get(results).Body.String(); !strings.Contains(page, `<small class="micro"`) || !strings.Contains(page, "(2:0, —)") {
		t.Errorf("the board does not show its first game 2:0 and the second to come")
	}
	if rec := arbiter.Post(fmt.Sprintf("/events/%d/rounds/1/micro", id), url.Values{"board": {"2"}, "game": {"3"}, "score": {"2:0"}, "end_reason": {"resignation"}, "versions": {versions}}); rec.Code != http.StatusBadRequest || !strings.Contains(apitest.PageText(rec), "в микроматче партии 1 и 2") {
		t.Errorf("game 3: %d, want 400 at the game\n%s", rec.Code, apitest.PageText(rec))
	}
}

// The event form sets micro-matches, and refuses them for Adiukh at the
// field.
func TestMicroMatchEventForm(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	arbiter := s.SignIn(tournament.ArbiterRole)
	form := url.Values{"name": {"Кубок"}, "game": {"adiukh"}, "discipline": {"rapid"}, "system": {"swiss"}, "rounds": {"5"}, "time_control": {"15+5"},
		"visibility": {"public"}, "micro_match": {"board"}, "micro_count": {"matches"}}
	if rec := arbiter.Post("/manage/events", form); rec.Code != http.StatusBadRequest || !strings.Contains(apitest.PageText(rec), "у игры «Адиюх» нет таблицы дебютов") {
		t.Errorf("micro-matches in Adiukh: %d, want 400 at the field\n%s", rec.Code, apitest.PageText(rec))
	}
	form.Set("game", "russian")
	rec := arbiter.Post("/manage/events", form)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("a Russian event of micro-matches: %d\n%s", rec.Code, apitest.PageText(rec))
	}
	var id int
	fmt.Sscanf(rec.Header().Get("Location"), "/events/%d", &id)
	ev := s.Must(http.StatusOK, tournament.ArbiterRole, "GET", fmt.Sprintf("/api/v1/events/%d", id), nil)
	if ev["micro_match"] != "board" || ev["micro_count"] != "matches" {
		t.Errorf("the event's micro-matches: %v, %v; want board, matches", ev["micro_match"], ev["micro_count"])
	}
	page := arbiter.Get(fmt.Sprintf("/events/%d/manage", id)).Body.String()
	if !strings.Contains(page, `<option value="board" selected>`) {
		t.Errorf("the settings form does not show the draw for each board")
	}
	if !strings.Contains(page, fmt.Sprintf(`href="/events/%d/openings"`, id)) {
		t.Errorf("the desk does not link the event's table of openings")
	}
}
