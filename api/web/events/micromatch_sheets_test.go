package events_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// The round's fast entry takes a micro-match game's score sheet with (or
// instead of) its result; a sheet that does not replay comes back in the
// form with its ply. The game then has its page in the viewer: the opening,
// the two games as tabs, the moves from the start (the opening's first),
// and its record as a PDF.
func TestMicroMatchSheetPages(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	base, round := apitest.MicroSheetEvent(t, s.Server)
	id := strings.TrimPrefix(base, "/api/v1/events/")
	games := round["games"].([]any)
	versions := fmt.Sprintf("1:%d,2:%d", apitest.Num(games[0].(map[string]any)["version"]), apitest.Num(games[1].(map[string]any)["version"]))
	arbiter := s.SignIn(tournament.ArbiterRole)
	entry := apitest.PageText(arbiter.Get("/events/" + id + "/rounds/1/results"))
	if !strings.Contains(entry, `name="sheet"`) || !strings.Contains(entry, apitest.RuT("micro.sheet")) {
		t.Fatalf("the fast entry of a micro-match round has no sheet field")
	}
	micro := "/events/" + id + "/rounds/1/micro"
	bad := arbiter.Post(micro, url.Values{"board": {"1"}, "game": {"1"}, "score": {"2:0"}, "end_reason": {"resignation"}, "sheet": {"4. b4:d6 e7:c5 5. g3-g5"}, "versions": {versions}})
	if text := apitest.PageText(bad); bad.Code != http.StatusBadRequest || !strings.Contains(text, "полуход 9") || !strings.Contains(text, "5. g3-g5</textarea>") {
		t.Errorf("a sheet with a wrong move: %d, want 400 naming ply 9 with the sheet kept\n%s", bad.Code, text)
	}
	if rec := arbiter.Post(micro, url.Values{"board": {"1"}, "game": {"1"}, "score": {""}, "end_reason": {""}, "sheet": {apitest.MicroAfter1I}, "versions": {versions}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("game 1 of board 1 by its sheet: %d\n%s", rec.Code, apitest.PageText(rec))
	}
	link := "/events/" + id + "/rounds/1/boards/1?game=1"
	if page := apitest.PageText(arbiter.Get("/events/" + id + "/rounds/1/results")); !strings.Contains(page, `<a href="`+link+`" class="micro-game">1:1 ▸</a>, —)`) {
		t.Errorf("the results do not link game 1 (1:1) to its page\n%s", page)
	}
	page := apitest.PageText(s.Anonymous().Get(link))
	for _, want := range []string{`id="micro-games"`, "«1-I»", `data-goto="1">a3-b4</button>`, `data-goto="7">b4:d6</button>`, `data-goto="12">g7:e5</button>`, "record.pdf?lang=ru&game=1", `href="?game=2"`} {
		if !strings.Contains(page, want) {
			t.Errorf("game 1's page lacks %s\n%s", want, page)
		}
	}
	if page := apitest.PageText(s.Anonymous().Get("/events/" + id + "/rounds/1/boards/1?game=2")); !strings.Contains(page, apitest.RuT("game.no_sheet")) || !strings.Contains(page, apitest.RuT("micro.game_n", "N", 2)) {
		t.Errorf("game 2 without its sheet: want the page to say so\n%s", page)
	}
	text := apitest.Spaced(apitest.PDFToText(t, "micro-record", s.MustDownload(base+"/rounds/1/games/1/record.pdf?game=1", "application/pdf")))
	for _, want := range []string{"Партия микроматча 1", "1-I", "a3-b4", "b4:d6", "g7:e5"} {
		if !strings.Contains(text, want) {
			t.Errorf("the record of game 1 lacks %q:\n%s", want, text)
		}
	}
	if rec := s.Download("", base+"/rounds/1/games/1/record.pdf?game=2", nil); rec.Code != http.StatusNotFound {
		t.Errorf("the record of game 2 without a sheet: %d, want 404", rec.Code)
	}
}

// A team competition's micro-match boards on its pages: each board's
// opening and two games on the round's page, the results entry taking a
// game of a board by its number in the round.
func TestMicroMatchTeamPages(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	base, round := apitest.MicroTeamEvent(t, s.Server)
	id := strings.TrimPrefix(base, "/api/v1/events/")
	page := apitest.PageText(s.Anonymous().Get("/events/" + id))
	if n := strings.Count(page, `class="board-opening"`); n != 2 || !strings.Contains(page, `<small class="micro">(—, —)</small>`) {
		t.Errorf("the round's page shows %d boards' openings, want 2 with their games to come\n%s", n, page)
	}
	var versions []string
	for _, g := range round["matches"].([]any)[0].(map[string]any)["games"].([]any) {
		g := g.(map[string]any)
		versions = append(versions, fmt.Sprintf("%d:%d", apitest.Num(g["game"]), apitest.Num(g["version"])))
	}
	arbiter := s.SignIn(tournament.ArbiterRole)
	if rec := arbiter.Post("/events/"+id+"/rounds/1/micro", url.Values{"board": {"2"}, "game": {"1"}, "score": {"2:0"}, "end_reason": {"resignation"}, "versions": {strings.Join(versions, ",")}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("game 1 of board 2: %d\n%s", rec.Code, apitest.PageText(rec))
	}
	if page := apitest.PageText(arbiter.Get("/events/" + id + "/rounds/1/results")); !strings.Contains(page, "(2:0, —)") || strings.Contains(page, "/boards/2/edit") {
		t.Errorf("the team results: want board 2's first game 2:0 and no board sheet form\n%s", page)
	}
	// Game 2 of board 2 by a sheet of its opening's moves alone, agreed
	// drawn there: the viewer shows it.
	board2 := round["matches"].([]any)[0].(map[string]any)["games"].([]any)[1].(map[string]any)
	var sheet strings.Builder
	for i, m := range board2["opening"].(map[string]any)["moves"].([]any) {
		if i%2 == 0 {
			fmt.Fprintf(&sheet, "%d. ", i/2+1)
		}
		fmt.Fprintf(&sheet, "%s ", m)
	}
	sheet.WriteString("\n1:1 agreement")
	stored := s.Must(http.StatusOK, "", "GET", base+"/rounds/1", nil)["matches"].([]any)[0].(map[string]any)["games"].([]any)[1].(map[string]any)
	if rec := arbiter.Post("/events/"+id+"/rounds/1/micro", url.Values{"board": {"2"}, "game": {"2"}, "sheet": {sheet.String()}, "versions": {fmt.Sprintf("2:%d", apitest.Num(stored["version"]))}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("game 2 of board 2 by its sheet %q: %d\n%s", sheet.String(), rec.Code, apitest.PageText(rec))
	}
	plies := len(board2["opening"].(map[string]any)["moves"].([]any))
	if page := apitest.PageText(s.Anonymous().Get("/events/" + id + "/rounds/1/boards/2?game=2")); !strings.Contains(page, `id="micro-games"`) || !strings.Contains(page, fmt.Sprintf(`data-goto="%d"`, plies)) {
		t.Errorf("game 2 of board 2 in the viewer: want its tabs and its %d plies\n%s", plies, page)
	}
}
