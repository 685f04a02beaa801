package web_test

import (
	"fmt"
	"html"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// What is Russian draughts' alone; what every game does is tested over
// the registry (every_game_test.go).

// A sheet of Russian draughts from a position: White's man on c7 is
// crowned on d8, and the king captures from d8 to h4.
const russianKingSheet = `[White "Игрок 1"]
[Black "Игрок 2"]
[Result "2-0"]
[GameType "25"]
[FEN "W:Wa1,c7,e3:Bh6,h8"]

1. c7-d8 h6-g5 2. d8:h4 h8-g7 3. e3-f4 2-0
`

// The game viewer of a Russian draughts event replays its sheet by
// Russian draughts' rules: a frame a ply, the moves in its notation, and
// the board after the last move drawn with flat men and kings (no towers),
// its last move marked; its record is offered.
func TestRussianGameViewer(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	a := s.SignIn(tournament.ArbiterRole)
	ev := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events", map[string]any{
		"name": "Кубок по русским шашкам", "game": "russian", "discipline": "rapid", "system": "round-robin",
		"visibility": "public", "time_control": "8+4", "start_date": "2026-12-10",
	})
	id := apitest.Num(ev["id"])
	api := fmt.Sprintf("/api/v1/events/%d", id)
	for i := 1; i <= 2; i++ {
		s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", api+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i), "rating": 2000 - i})
	}
	s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", api+"/rounds", nil)
	s.Must(http.StatusOK, tournament.ArbiterRole, "POST", api+"/rounds/1/publish", nil)
	s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", api+"/rounds/1/games/1/result", map[string]any{"sheet": russianKingSheet, "version": 1})

	path := fmt.Sprintf("/events/%d/rounds/1/boards/1", id)
	page := apitest.PageText(a.Get(path))
	m := regexp.MustCompile(`data-frames="([^"]*)"`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("%s has no game viewer:\n%s", path, page)
	}
	frames := strings.Split(html.UnescapeString(m[1]), "|")
	if len(frames) != 6 {
		t.Fatalf("%d frames, want the start and one a ply (6): %q", len(frames), frames)
	}
	for i, want := range map[int]string{
		0: "a1:wm e3:wm h6:bm c7:wm h8:bm;;",
		1: "a1:wm e3:wm h6:bm d8:wk h8:bm;c7;d8",
		3: "a1:wm e3:wm h4:wk h8:bm;d8;h4",
		5: "a1:wm f4:wm h4:wk g7:bm;e3;f4",
	} {
		if frames[i] != want {
			t.Errorf("frame %d = %q, want %q", i, frames[i], want)
		}
	}
	for _, want := range []string{
		`data-goto="1">c7-d8</button>`, `data-goto="3">d8:h4</button>`, `data-goto="5">e3-f4</button>`,
		`class="dark mark" data-sq="e3"`, `class="dark mark" data-sq="f4"`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("%s lacks %q", path, want)
		}
	}
	if n := strings.Count(page, "data-goto="); n != 5 {
		t.Errorf("%d moves listed, want 5", n)
	}
	pieces := map[string]string{
		"h4": `<circle r="19" class="c-w"/><circle r="11" class="crown"/>`,
		"f4": `<circle r="19" class="c-w"/><circle r="13" class="rim-w"/>`,
		"g7": `<circle r="19" class="c-b"/><circle r="13" class="rim-b"/>`,
		"c7": ``, "d8": ``, "e3": ``,
	}
	for sq, want := range pieces {
		g := regexp.MustCompile(`data-tower="` + sq + `"[^>]*>(.*?)</g>`).FindStringSubmatch(page)
		if g == nil || g[1] != want {
			t.Errorf("square %s drawn as %q, want %q", sq, g, want)
		}
	}
	if strings.Contains(page, "<text class=\"t-") || !strings.Contains(page, fmt.Sprintf("/api/v1/events/%d/rounds/1/games/1/record.pdf", id)) || strings.Contains(page, `class="field-error"`) {
		t.Errorf("%s draws a tower's height, does not offer the record or shows a problem:\n%s", path, page)
	}
	if en := apitest.PageText(a.Get(path + "?lang=en")); !strings.Contains(en, "Position on the board") {
		t.Errorf("the English game page does not label its board")
	}
}
