package events_test

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// The web crosstable writes a forfeit as the printed one does (+:− / −:+; html/template writes + as &#43;),
// keeps a Swiss cell's opponent number and colour together, and the JSON
// API keeps the numbers.
func TestCrosstableForfeitCells(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	id := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events",
		map[string]any{"name": "Швейцарка", "discipline": "rapid", "system": "swiss", "rounds": 3})["id"])
	events := fmt.Sprintf("/api/v1/events/%d", id)
	for i := range 12 {
		s.Must(http.StatusCreated, arbiter, "POST", events+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i+1), "rating": 2000 - 10*i})
	}
	round := s.Must(http.StatusCreated, arbiter, "POST", events+"/rounds", nil)
	s.Must(http.StatusOK, arbiter, "POST", events+"/rounds/1/publish", nil)
	var forfeitWinner, player int
	for _, g := range round["games"].([]any) {
		g := g.(map[string]any)
		score, reason := "17:7", "final_position"
		player = apitest.Num(g["white"])
		if apitest.Num(g["board"]) == 1 {
			forfeitWinner = apitest.Num(g["white"])
			score, reason = "24:0", "forfeit"
		}
		s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("%s/rounds/1/games/%d/result", events, apitest.Num(g["board"])),
			map[string]any{"score": score, "end_reason": reason, "version": apitest.Num(g["version"])})
	}
	page := s.Anonymous().Get(fmt.Sprintf("/events/%d/crosstable", id)).Body.String()
	for _, want := range []string{`<small class="adiukh">&#43;:−</small>`, `<small class="adiukh">−:&#43;</small>`, `<span class="opp">12<span class="piece`} {
		if !strings.Contains(page, want) {
			t.Errorf("the crosstable does not show %q", want)
		}
	}
	if strings.Contains(page, ">24:0<") || strings.Contains(page, ">0:24<") {
		t.Error("the web crosstable shows a forfeit as 24:0")
	}

	// The player card: the forfeit winner's official tie-breaks are not
	// the sums of the games played, and the card says so under them; a
	// player with only played games has one total row.
	card := apitest.PageText(s.Anonymous().Get(fmt.Sprintf("/events/%d/players/%d", id, forfeitWinner)))
	for _, want := range []string{apitest.RuT("teamweb.played_total"), `<tr class="official"><td colspan="4">` + apitest.RuT("teamweb.official_row") + "</td>", apitest.RuT("teamweb.official_why")} {
		if !strings.Contains(card, want) {
			t.Errorf("the forfeit winner's card does not show %q", want)
		}
	}
	card = apitest.PageText(s.Anonymous().Get(fmt.Sprintf("/events/%d/players/%d", id, player)))
	if !strings.Contains(card, `<tfoot><tr><td colspan="4">`+apitest.RuT("player.total")+"</td>") || strings.Contains(card, `<tr class="official">`) {
		t.Error("a card whose games add up to the tie-breaks still shows a second total")
	}
	if ct := fmt.Sprint(s.Must(http.StatusOK, "", "GET", events+"/crosstable", nil)); !strings.Contains(ct, "24:0") {
		t.Error("the JSON crosstable lost the forfeit's score")
	}
}

// A bye in the Swiss crosstable shows its points under the word "бай", as a
// game shows them under the opponent: a pairing-allocated bye, a requested
// half-point bye and a zero-point bye are told apart by them.
func TestCrosstableByeCells(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	events, ids := unpairedSwiss(s.Server, 5)
	s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("%s/players/%d/bye", events, ids[0]), map[string]any{"round": 1, "kind": "half"})
	s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("%s/players/%d/bye", events, ids[1]), map[string]any{"round": 1, "kind": "zero"})
	s.Must(http.StatusCreated, arbiter, "POST", events+"/rounds", nil)
	s.Must(http.StatusOK, arbiter, "POST", events+"/rounds/1/publish", nil)
	page := apitest.PageText(s.Anonymous().Get(strings.TrimPrefix(events, "/api/v1") + "/crosstable"))
	byeCell := func(reason string, points int) string {
		return fmt.Sprintf(`<span class="opp" title="%s">%s</span>%d`, apitest.RuT("reason."+reason), apitest.RuT("report.bye_cell"), points)
	}
	for _, want := range []string{byeCell("bye", 2), byeCell("half_point_bye", 1), byeCell("zero_point_bye", 0)} {
		if !strings.Contains(page, want) {
			t.Errorf("the crosstable lacks the bye cell %q", want)
		}
	}
}

// A round being played shows its results in the crosstable as they come,
// and the page says the points do not count them yet.
func TestCrosstableSaysWhatIsNotCountedYet(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	const arbiter = tournament.ArbiterRole
	id := apitest.Num(s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events",
		map[string]any{"name": "Швейцарка", "discipline": "rapid", "system": "swiss", "rounds": 3})["id"])
	events := fmt.Sprintf("/api/v1/events/%d", id)
	for i := range 6 {
		s.Must(http.StatusCreated, arbiter, "POST", events+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i+1), "rating": 2000 - 10*i})
	}
	page := func() string { return s.Anonymous().Get(fmt.Sprintf("/events/%d/crosstable", id)).Body.String() }
	record := func(n int, games []any) {
		for _, g := range games {
			g := g.(map[string]any)
			s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("%s/rounds/%d/games/%d/result", events, n, apitest.Num(g["board"])),
				map[string]any{"score": "17:7", "end_reason": "final_position", "version": apitest.Num(g["version"])})
		}
	}
	for n := 1; n <= 2; n++ {
		games := s.Must(http.StatusCreated, arbiter, "POST", events+"/rounds", nil)["games"].([]any)
		s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("%s/rounds/%d/publish", events, n), nil)
		record(n, games[:1])
		want := `<p class="muted">` + apitest.RuT("crosstable.not_counted_none") + "</p>"
		if n == 2 {
			want = `<p class="muted">` + apitest.RuDoc("report.not_counted_yet", 1) + "</p>"
		}
		if p := page(); !strings.Contains(p, want) {
			t.Errorf("round %d with one result: the crosstable does not say %q", n, want)
		}
		record(n, games[1:])
		uncounted, _, _ := strings.Cut(apitest.RuT("report.not_counted_yet"), "%d")
		if p := page(); strings.Contains(p, apitest.RuT("crosstable.not_counted_none")) || strings.Contains(p, uncounted) {
			t.Errorf("round %d finished: the crosstable still says results are not counted", n)
		}
	}
}

// Standings after a round that cannot be are refused with what is wrong.
func TestStandingsAfterARoundThatCannotBe(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	id := s.RoundRobin(4)
	for round, want := range map[string]string{"-1": "numbered from 1, not -1", "99": "round 99 has not been played"} {
		rec := s.Anonymous().Get(fmt.Sprintf("/api/v1/events/%d/standings?round=%s", id, round))
		code, out := rec.Code, rec.Body.String()
		if code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out), want) {
			t.Errorf("?round=%s: %d %v, want 400 with %q", round, code, out, want)
		}
	}
}

// Finding D of the second security pass: the progress table of a
// 4,096-player open was one page of 25 MB; issue 48.4: its standings were
// 1.4 MB, made afresh for any unknown parameter. Beyond 200 players both
// are shown 200 rows a page, with links between the pages; a page number
// past the end shows the last page.
func TestLargeTablesArePaged(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	arbiter := tournament.ArbiterRole
	e := s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{"name": "Открытый", "discipline": "blitz", "system": "swiss", "rounds": 5, "time_control": "3+2"})
	id := apitest.Num(e["id"])
	var players []map[string]any
	for i := range 250 {
		players = append(players, map[string]any{"name": fmt.Sprintf("Игрок Номер%03d", i+1), "rating": 2400 - i})
	}
	s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players/bulk", id), map[string]any{"players": players})
	s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), nil)
	rows := regexp.MustCompile(`<td class="name"><a href="/events/\d+/players/`)
	for _, table := range []string{"crosstable", "standings"} {
		for _, tc := range []struct {
			query      string
			rows       int
			prev, next bool
		}{
			{"", 200, false, true},
			{"?page=2", 50, true, false},
			{"?page=9", 50, true, false},
		} {
			page := s.Anonymous().Get(fmt.Sprintf("/events/%d/%s%s", id, table, tc.query))
			body := page.Body.String()
			if page.Code != http.StatusOK {
				t.Fatalf("%s%s: status %d", table, tc.query, page.Code)
			}
			if got := len(rows.FindAllString(body, -1)); got != tc.rows {
				t.Errorf("%s%s: %d rows, want %d", table, tc.query, got, tc.rows)
			}
			if strings.Contains(body, `rel="prev"`) != tc.prev || strings.Contains(body, `rel="next"`) != tc.next {
				t.Errorf("%s%s: links to the previous %v and next %v page, want %v and %v", table, tc.query, strings.Contains(body, `rel="prev"`), strings.Contains(body, `rel="next"`), tc.prev, tc.next)
			}
			if tc.next && !strings.Contains(body, fmt.Sprintf(`href="/events/%d/%s?page=2" rel="next"`, id, table)) {
				t.Errorf("%s%s: no link to page 2 of the same table", table, tc.query)
			}
		}
	}
}
