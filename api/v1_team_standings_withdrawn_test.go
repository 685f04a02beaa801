package api_test

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"adiukh/api/apitest"
)

// The team standings of the JSON API say which teams have withdrawn, as
// the standings CSV and standings.json exports do.
func TestTeamStandingsSayWithdrawn(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		te := newTeamEvent(t, s, "swiss", 3, 2, []int{2, 2, 2, 2})
		round := s.Must(http.StatusCreated, arbiter, "POST", te.path("/rounds"), nil)
		te.play(round, func(home, away, board int) boardScore { return boardScore{17, 7, "final_position"} })
		s.Must(http.StatusOK, arbiter, "PATCH", te.path("/teams/4"), map[string]any{"withdraw_from_round": 2, "reason": "не приехала"})

		api := map[int]map[string]any{}
		for _, r := range s.Must(http.StatusOK, "", "GET", te.path("/standings"), nil)["rows"].([]any) {
			row := r.(map[string]any)
			api[apitest.Num(row["start_no"])] = row
		}
		for no := 1; no <= 4; no++ {
			row := api[no]
			if w, ok := row["withdrawn"].(bool); !ok || w != (no == 4) {
				t.Errorf("team %d: withdrawn = %v, want %v", no, row["withdrawn"], no == 4)
			}
		}
		if got := apitest.Num(api[4]["withdraw_from_round"]); got != 2 {
			t.Errorf("team 4: withdraw_from_round = %v, want 2", api[4]["withdraw_from_round"])
		}
		if _, ok := api[1]["withdraw_from_round"]; ok {
			t.Errorf("team 1 has not withdrawn, yet has withdraw_from_round: %v", api[1])
		}

		// The exports say the same.
		get := func(path string) string {
			rec := httptest.NewRecorder()
			s.Handler.ServeHTTP(rec, httptest.NewRequest("GET", te.path(path), nil))
			if rec.Code != http.StatusOK {
				t.Fatalf("%s: status %d", path, rec.Code)
			}
			return rec.Body.String()
		}
		records, err := csv.NewReader(strings.NewReader(get("/standings.csv"))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		col := map[string]int{}
		for i, name := range records[0] {
			col[name] = i
		}
		for _, rec := range records[1:] {
			var no int
			fmt.Sscan(rec[col["start_no"]], &no)
			if want := fmt.Sprint(api[no]["withdrawn"]); rec[col["withdrawn"]] != want {
				t.Errorf("team %d: the CSV says withdrawn=%s, the API %s", no, rec[col["withdrawn"]], want)
			}
		}
		var file struct {
			Standings []struct {
				StartNo   int  `json:"start_no"`
				Withdrawn bool `json:"withdrawn"`
			} `json:"standings"`
		}
		if err := json.Unmarshal([]byte(get("/standings.json")), &file); err != nil {
			t.Fatal(err)
		}
		for _, r := range file.Standings {
			if r.Withdrawn != api[r.StartNo]["withdrawn"] {
				t.Errorf("team %d: standings.json says withdrawn=%v, the API %v", r.StartNo, r.Withdrawn, api[r.StartNo]["withdrawn"])
			}
		}
	})
}
