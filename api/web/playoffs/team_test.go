package playoffs_test

import (
	"encoding/csv"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"adiukh/api/apitest"
)

// TestTeamPlayoffPages: in a finished team round robin Команда 1 and
// Команда 2 draw their match and beat Команда 3, tied for first; on the
// play-offs page the arbiter's button creates their play-off team match,
// whose teams are theirs; Команда 2 wins it, and the parent's team
// standings page, its JSON and CSV put Команда 2 first, both marked, and
// the play-offs' JSON lists the play-off as decided with its teams.
func TestTeamPlayoffPages(t *testing.T) {
	t.Parallel()
	s := apitest.NewWebServer(t)
	te := apitest.NewTeamEvent(t, s.Server, "round-robin", 0, 2, []int{2, 2, 2})
	for n := 1; n <= 3; n++ {
		round := s.Must(http.StatusCreated, apitest.Arbiter, "POST", te.Path("/rounds"), nil)
		te.Play(round, func(home, away, board int) apitest.BoardScore {
			won := home < away // the stronger team wins both boards
			if min(home, away) == 1 && max(home, away) == 2 {
				won = board == 1 // Команда 1 and Команда 2 draw
			}
			if won {
				return apitest.BoardScore{Home: 17, Away: 7, Reason: "final_position"}
			}
			return apitest.BoardScore{Home: 7, Away: 17, Reason: "final_position"}
		})
	}
	s.Must(http.StatusOK, apitest.Arbiter, "PATCH", te.Path(""), map[string]any{"status": "finished"})
	arbiter := s.SignIn(apitest.Arbiter)
	if desk := arbiter.Get(fmt.Sprintf("/events/%d/manage", te.ID)).Body.String(); !strings.Contains(desk, `id="playoffs-link"`) {
		t.Error("the desk of a finished team event does not link its play-offs")
	}
	page := html.UnescapeString(arbiter.Get(fmt.Sprintf("/events/%d/playoffs", te.ID)).Body.String())
	if !strings.Contains(page, apitest.RuT("playoff.tie", "From", 1, "To", 2, "Score", "3")+": Команда 1, Команда 2") || !strings.Contains(page, apitest.RuT("playoff.matches_hint")) {
		t.Fatalf("the play-offs page shows no tie of Команда 1 and Команда 2 for places 1 to 2:\n%s", page)
	}
	created := arbiter.Post(fmt.Sprintf("/events/%d/playoffs", te.ID), url.Values{"place": {"1"}})
	var child int
	if _, err := fmt.Sscanf(created.Header().Get("Location"), "/events/%d/manage", &child); created.Code != http.StatusSeeOther || err != nil || child == te.ID {
		t.Fatalf("the play-off's form: %d to %q\n%s", created.Code, created.Header().Get("Location"), created.Body.String())
	}
	match := &apitest.TeamEvent{Server: s.Server, T: t, ID: child, Roster: map[int][]int{}, TeamOf: map[int]int{}}
	names := map[int]string{}
	for _, tm := range s.Must(http.StatusOK, "", "GET", match.Path("/teams"), nil)["teams"].([]any) {
		tm := tm.(map[string]any)
		no := apitest.Num(tm["start_no"])
		names[no] = tm["name"].(string)
		for _, p := range tm["players"].([]any) {
			id := apitest.Num(p.(map[string]any)["id"])
			match.Roster[no] = append(match.Roster[no], id)
			match.TeamOf[id] = no
		}
	}
	if len(names) != 2 || !slices.Contains([]string{names[1], names[2]}, "Команда 2") || len(match.Roster[1]) != 2 {
		t.Fatalf("the play-off's teams %v, rosters %v: want Команда 1 and Команда 2 with two players each", names, match.Roster)
	}
	// Read (and cached) while the play-off is played: nothing decided yet.
	if before := s.Anonymous().Get(fmt.Sprintf("/events/%d/standings", te.ID)).Body.String(); strings.Contains(before, `class="playoff"`) {
		t.Error("the team standings mark a play-off not played yet")
	}
	round := s.Must(http.StatusCreated, apitest.Arbiter, "POST", match.Path("/rounds"), nil)
	match.Play(round, func(home, away, board int) apitest.BoardScore {
		if names[home] == "Команда 2" {
			return apitest.BoardScore{Home: 17, Away: 7, Reason: "final_position"}
		}
		return apitest.BoardScore{Home: 7, Away: 17, Reason: "final_position"}
	})
	s.Must(http.StatusOK, apitest.Arbiter, "PATCH", match.Path(""), map[string]any{"status": "finished"})

	standings := html.UnescapeString(s.Anonymous().Get(fmt.Sprintf("/events/%d/standings", te.ID)).Body.String())
	mark := fmt.Sprintf(`<a class="playoff" href="/events/%d">%s</a>`, child, apitest.RuT("playoff.decided_by"))
	if strings.Count(standings, mark) != 2 || strings.Index(standings, "Команда 2") > strings.Index(standings, "Команда 1") {
		t.Errorf("the team standings after the play-off Команда 2 won: want both marked %q, Команда 2 first\n%s", mark, standings)
	}
	rows := s.Must(http.StatusOK, "", "GET", te.Path("/standings"), nil)["rows"].([]any)
	for i, want := range []string{"Команда 2", "Команда 1", "Команда 3"} {
		row := rows[i].(map[string]any)
		if row["name"] != want || apitest.Num(row["rank"]) != i+1 || (apitest.Num(row["playoff"]) == child) != (i < 2) {
			t.Errorf("standings JSON, place %d: %v, want %s, marked %v", i+1, row, want, i < 2)
		}
	}
	code, text := s.Text("", "GET", te.Path("/standings.csv"), "")
	records, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(text, "\ufeff"))).ReadAll()
	if code != http.StatusOK || err != nil || len(records) != 4 {
		t.Fatalf("standings CSV: %d %v\n%s", code, err, text)
	}
	team, marked := slices.Index(records[0], "team"), slices.Index(records[0], "playoff")
	var got []string
	for _, r := range records[1:] {
		got = append(got, r[team]+" "+r[marked])
	}
	if want := []string{"Команда 2 true", "Команда 1 true", "Команда 3 false"}; !slices.Equal(got, want) {
		t.Errorf("standings CSV: %q, want %q\n%s", got, want, text)
	}
	list := s.Must(http.StatusOK, "", "GET", te.Path("/playoffs"), nil)["playoffs"].([]any)
	if len(list) != 1 {
		t.Fatalf("play-offs JSON: %v", list)
	}
	p := list[0].(map[string]any)
	if teams, _ := p["teams"].([]any); p["state"] != "decided" || len(teams) != 2 || teams[0].(map[string]any)["name"] != "Команда 2" {
		t.Errorf("play-offs JSON: %v, want decided with Команда 2 first of its teams", p)
	}
}
