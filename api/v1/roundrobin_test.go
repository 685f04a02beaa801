package v1_test

import (
	"fmt"
	"net/http"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// TestEightPlayerRoundRobin runs a whole round robin through the API: the
// lower start number wins every game 17:7, except that 2 beats 1 and 5 draws
// with 6. So 2 is first on score, 1 second, and 5 and 6 are equal on score,
// direct encounter, Sonneborn-Berger, wins and Adiukh points: they share 5th
// place.
func TestEightPlayerRoundRobin(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		const arbiter = tournament.ArbiterRole
		ev := s.Must(http.StatusCreated, arbiter, "POST", "/api/v1/events", map[string]any{
			"name": "Первенство Майкопа по адиюх", "discipline": "rapid", "system": "round-robin", "time_control": "8+4",
		})
		id := apitest.Num(ev["id"])
		if w := ev["warnings"].([]any); len(w) != 0 {
			t.Errorf("8+4 rapid got warnings %v", w)
		}

		// Registered in a jumble; start numbers follow rating, then name
		// (Ёлкин before Жуков at equal rating: ё sorts as е).
		entries := []struct {
			name   string
			rating int
			want   int
		}{
			{"Жуков Андрей", 1500, 6}, {"Хуаде Аслан", 1900, 1}, {"Тлехас Мурат", 1800, 2}, {"Ёлкин Пётр", 1500, 5},
			{"Шхалахов Руслан", 1700, 3}, {"Абрегов Заур", 1600, 4}, {"Нехай Бэла", 1400, 7}, {"Smith John", 1300, 8},
		}
		ids := map[string]int{}
		for _, e := range entries {
			p := s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", id),
				map[string]any{"name": e.name, "rating": e.rating, "club": "Адыгея"})
			ids[e.name] = apitest.Num(p["id"])
		}
		players := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/players", id), nil)["players"].([]any)
		for _, e := range entries {
			for _, p := range players {
				p := p.(map[string]any)
				if apitest.Num(p["id"]) == ids[e.name] && apitest.Num(p["start_no"]) != e.want {
					t.Errorf("%s has start number %d, want %d", e.name, apitest.Num(p["start_no"]), e.want)
				}
			}
		}

		met := map[[2]int]bool{}
		for n := 1; n <= 7; n++ {
			round := s.Must(http.StatusCreated, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
			games := round["games"].([]any)
			if apitest.Num(round["number"]) != n || len(games) != 4 {
				t.Fatalf("round %d: got number %v with %d games", n, round["number"], len(games))
			}
			s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/%d/publish", id, n), nil)
			for _, g := range games {
				g := g.(map[string]any)
				white, black := apitest.Num(g["white"]), apitest.Num(g["black"])
				pair := [2]int{min(white, black), max(white, black)}
				if met[pair] {
					t.Errorf("round %d pairs %d and %d again", n, white, black)
				}
				met[pair] = true
				winner := pair[0]
				if pair == [2]int{1, 2} {
					winner = 2
				}
				score := "7:17"
				switch {
				case pair == [2]int{5, 6}:
					score = "12:12"
				case winner == white:
					score = "17:7"
				}
				s.Must(http.StatusOK, arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/%d/games/%d/result", id, n, apitest.Num(g["board"])),
					map[string]any{"score": score, "end_reason": "final_position", "version": apitest.Num(g["version"])})
			}
		}
		if len(met) != 28 {
			t.Errorf("%d different pairs met, want all 28", len(met))
		}
		s.Must(http.StatusConflict, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)

		st := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/standings", id), nil)
		if apitest.Num(st["after_round"]) != 7 {
			t.Errorf("standings after round %v, want 7", st["after_round"])
		}
		want := []struct {
			startNo, rank, rankTo int
			score, adiukh         float64
		}{
			{2, 1, 1, 14, 7 * 17},
			{1, 2, 2, 12, 6*17 + 7},
			{3, 3, 3, 10, 5*17 + 2*7},
			{4, 4, 4, 8, 4*17 + 3*7},
			{5, 5, 6, 5, 2*17 + 12 + 4*7},
			{6, 5, 6, 5, 2*17 + 12 + 4*7},
			{7, 7, 7, 2, 17 + 6*7},
			{8, 8, 8, 0, 7 * 7},
		}
		rows := st["rows"].([]any)
		if len(rows) != len(want) {
			t.Fatalf("%d standings rows, want %d", len(rows), len(want))
		}
		for i, w := range want {
			row := rows[i].(map[string]any)
			tbs := row["tiebreaks"].(map[string]any)
			got := [5]float64{float64(apitest.Num(row["start_no"])), float64(apitest.Num(row["rank"])), float64(apitest.Num(row["rank_to"])), row["score"].(float64), tbs["adiukh-points"].(float64)}
			if got != [5]float64{float64(w.startNo), float64(w.rank), float64(w.rankTo), w.score, w.adiukh} {
				t.Errorf("row %d: start_no, rank, rank_to, score, adiukh-points = %v, want %v", i+1, got, w)
			}
			for _, id := range []string{"adiukh-points", "buchholz", "buchholz-cut1", "buchholz-median", "sonneborn-berger", "shmulyan",
				"direct-encounter", "wins", "black-games", "black-wins", "progressive", "aro", "tpr"} {
				if _, ok := tbs[id]; !ok {
					t.Errorf("row %d has no tie-break %q", i+1, id)
				}
			}
		}

		ct := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/crosstable", id), nil)
		first := ct["rows"].([]any)[0].(map[string]any)
		if apitest.Num(first["start_no"]) != 1 || apitest.Num(first["rank"]) != 2 || len(first["games"].([]any)) != 7 {
			t.Errorf("crosstable row 1 = %v, want start number 1, rank 2, 7 games", first)
		}
		s.Must(http.StatusOK, arbiter, "PATCH", fmt.Sprintf("/api/v1/events/%d", id), map[string]any{"status": "finished"})
	})
}
