package composition_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// A solving contest through the JSON API: the director sets the problems
// and the window, participants answer while it is open, and the ranking
// and the solutions are published when it closes.
func TestSolvingContestAPI(t *testing.T) {
	t.Parallel()
	s, clock, start := contestServer(t)
	director := s.User("director@example.org", tournament.ArbiterRole)
	solver := s.User("solver@example.org", tournament.PlayerRole)
	e := s.Must(http.StatusCreated, director, "POST", "/api/v1/events", map[string]any{"name": "Конкурс решения", "discipline": "composition", "system": "swiss"}).(map[string]any)
	// A system sent for a composition contest, even Swiss without rounds, is
	// not kept: it pairs nobody.
	if e["system"] != nil || e["rounds"] != float64(0) {
		t.Errorf("the contest keeps system %v and rounds %v", e["system"], e["rounds"])
	}
	base := fmt.Sprintf("/api/v1/events/%d/solving", int(e["id"].(float64)))

	problem := map[string]any{"position": apitest.G005, "side": "black", "stipulation": "exact 18:6", "solution": "d6:f8 b2-c3 f8:d6 e7:c5"}
	code, out := s.Call(director, "PUT", base, map[string]any{"starts": "soon", "ends": "2026-11-01T15:00:00Z", "problems": []any{problem}})
	if code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out), "RFC 3339") {
		t.Fatalf("a bad start: %d %v", code, out)
	}
	set := s.Must(http.StatusOK, director, "PUT", base, map[string]any{"starts": "2026-11-01T13:00:00Z", "ends": "2026-11-01T15:00:00Z", "problems": []any{problem}}).(map[string]any)
	if p := set["problems"].([]any)[0].(map[string]any); p["points"] != 5.0 || p["solution"] == "" {
		t.Fatalf("the director's view: %v", set)
	}
	if v := s.Must(http.StatusOK, "", "GET", base, nil).(map[string]any); len(v["problems"].([]any)) != 0 {
		t.Fatalf("the problems are shown before the start: %v", v)
	}

	clock.Set(start.Add(90 * time.Minute))
	a := s.Must(http.StatusCreated, solver, "POST", base+"/problems/1/answer", map[string]any{"answer": "1... d6:f8 2. b2-c3 f8:d6 3. e7:c5"}).(map[string]any)
	if _, shown := a["points"]; shown {
		t.Errorf("the verdict is shown while the contest runs: %v", a)
	}
	code, out = s.Call(solver, "POST", base+"/problems/2/answer", map[string]any{"answer": "d6:f8"})
	if code != http.StatusNotFound {
		t.Errorf("an answer to a problem that is not there: %d %v", code, out)
	}

	clock.Set(start.Add(3 * time.Hour))
	v := s.Must(http.StatusOK, "", "GET", base, nil).(map[string]any)
	ranking := v["ranking"].([]any)
	if v["over"] != true || len(ranking) != 1 || ranking[0].(map[string]any)["points"] != 5.0 || strings.Contains(fmt.Sprint(ranking[0]), "@") {
		t.Fatalf("the result: %v", v)
	}
}
