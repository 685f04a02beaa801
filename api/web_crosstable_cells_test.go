package api_test

import (
	"fmt"
	"net/http"
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
