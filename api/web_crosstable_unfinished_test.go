package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"adiukh/tournament"
)

// A round being played shows its results in the crosstable as they come,
// and the page says the points do not count them yet.
func TestCrosstableSaysWhatIsNotCountedYet(t *testing.T) {
	t.Parallel()
	s := newWebServer(t)
	const arbiter = tournament.ArbiterRole
	id := num(s.must(http.StatusCreated, arbiter, "POST", "/api/v1/events",
		map[string]any{"name": "Швейцарка", "discipline": "rapid", "system": "swiss", "rounds": 3})["id"])
	events := fmt.Sprintf("/api/v1/events/%d", id)
	for i := range 6 {
		s.must(http.StatusCreated, arbiter, "POST", events+"/players", map[string]any{"name": fmt.Sprintf("Игрок %d", i+1), "rating": 2000 - 10*i})
	}
	page := func() string { return s.anonymous().get(fmt.Sprintf("/events/%d/crosstable", id)).Body.String() }
	record := func(n int, games []any) {
		for _, g := range games {
			g := g.(map[string]any)
			s.must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("%s/rounds/%d/games/%d/result", events, n, num(g["board"])),
				map[string]any{"score": "17:7", "end_reason": "final_position", "version": num(g["version"])})
		}
	}
	for n := 1; n <= 2; n++ {
		games := s.must(http.StatusCreated, arbiter, "POST", events+"/rounds", nil)["games"].([]any)
		s.must(http.StatusOK, arbiter, "POST", fmt.Sprintf("%s/rounds/%d/publish", events, n), nil)
		record(n, games[:1])
		want := "Результаты первого тура показаны, но в очки и места войдут, когда тур закончится."
		if n == 2 {
			want = "они даны после 1-го тура"
		}
		if p := page(); !strings.Contains(p, want) {
			t.Errorf("round %d with one result: the crosstable does not say %q", n, want)
		}
		record(n, games[1:])
		if p := page(); strings.Contains(p, "войдут") || strings.Contains(p, "пока не входят") {
			t.Errorf("round %d finished: the crosstable still says results are not counted", n)
		}
	}
}

// Standings after a round that cannot be are refused with what is wrong.
func TestStandingsAfterARoundThatCannotBe(t *testing.T) {
	t.Parallel()
	s := newWebServer(t)
	id := s.roundRobin(4)
	for round, want := range map[string]string{"-1": "numbered from 1, not -1", "99": "round 99 has not been played"} {
		rec := s.anonymous().get(fmt.Sprintf("/api/v1/events/%d/standings?round=%s", id, round))
		code, out := rec.Code, rec.Body.String()
		if code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out), want) {
			t.Errorf("?round=%s: %d %v, want 400 with %q", round, code, out, want)
		}
	}
}
