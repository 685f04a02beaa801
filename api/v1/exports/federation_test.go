package exports_test

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// TestExportVisibility checks that documents follow the JSON reads: a
// private event's documents are hidden from anonymous readers and shown to
// its arbiter.
func TestExportVisibility(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		id := apitest.StandardEvent(t, s, map[string]any{"visibility": "private"})
		s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
		for _, path := range []string{"/standings.pdf", "/standings.csv", "/crosstable.pdf", "/rounds/1/pairings.pdf", "/rounds/1/scoresheets.pdf", "/scoresheets.pdf", "/games.pdn", "/export.trf"} {
			t.Run(path, func(t *testing.T) {
				url := fmt.Sprintf("/api/v1/events/%d%s", id, path)
				if rec := s.Download("", url, nil); rec.Code != http.StatusNotFound {
					t.Errorf("anonymous: status %d, want 404", rec.Code)
				}
				if rec := s.Download(tournament.ArbiterRole, url, nil); rec.Code != http.StatusOK {
					t.Errorf("arbiter: status %d, want 200: %s", rec.Code, rec.Body.String())
				}
			})
		}
	})
}

// TestFederationExport finishes three public events on different dates and
// a private one, and exports a period holding two of the public ones.
func TestFederationExport(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		const arbiter = tournament.ArbiterRole
		finish := func(event map[string]any) int {
			id, _, _ := playEvent(t, s, event, roundRobinNames[:3])
			s.Must(http.StatusOK, arbiter, "PATCH", fmt.Sprintf("/api/v1/events/%d", id), map[string]any{"status": "finished"})
			return id
		}
		finish(roundRobinEvent(map[string]any{"name": "Кубок весны", "start_date": "2026-03-01", "end_date": "2026-03-02"}))
		finish(roundRobinEvent(map[string]any{"name": "Кубок зимы", "start_date": "2025-12-30", "end_date": "2026-01-02"}))
		finish(roundRobinEvent(map[string]any{"name": "Кубок прошлого года", "start_date": "2025-06-01", "end_date": "2025-06-01"}))
		finish(roundRobinEvent(map[string]any{"name": "Тренировочный турнир", "start_date": "2026-03-01", "visibility": "private"}))
		playEvent(t, s, roundRobinEvent(map[string]any{"name": "Незаконченный"}), roundRobinNames[:3])

		var got struct {
			From   string `json:"from"`
			To     string `json:"to"`
			Events []struct {
				Event struct {
					Name string `json:"name"`
				} `json:"event"`
				Standings []struct {
					Place     int                `json:"place"`
					Name      string             `json:"name"`
					Points    float64            `json:"points"`
					TieBreaks map[string]float64 `json:"tie_breaks"`
				} `json:"standings"`
			} `json:"events"`
		}
		// As an administrator, who may see the private event, to show that it still stays out.
		rec := s.Download(tournament.Admin, "/api/v1/federation/export.json?from=2026-01-01&to=2026-12-31", nil)
		if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
			t.Fatalf("status %d: %v\n%s", rec.Code, err, rec.Body.String())
		}
		var names []string
		for _, e := range got.Events {
			names = append(names, e.Event.Name)
		}
		if got.From != "2026-01-01" || got.To != "2026-12-31" || !slices.Equal(names, []string{"Кубок зимы", "Кубок весны"}) {
			t.Fatalf("federation export of 2026 = %s to %s with %q, want the winter and spring cups ending in 2026, in date order", got.From, got.To, names)
		}
		first := got.Events[0].Standings[0]
		if first.Place != 1 || first.Name != "Хуаде Аслан" || first.Points != 4 || len(first.TieBreaks) == 0 {
			t.Errorf("winner of the winter cup = %+v, want Хуаде Аслан, place 1, 4 points, with tie-breaks", first)
		}

		records, err := csv.NewReader(bytes.NewReader(s.MustDownload("/api/v1/federation/export.csv?to=2025-12-31", "text/csv"))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if len(records) != 4 || records[1][1] != "Кубок прошлого года" || records[1][4] != "round-robin" || records[1][5] != "2025-06-01" || records[3][17] != "Шхалахов Руслан" {
			t.Errorf("federation CSV up to 2025 = %q, want last year's cup with its 3 players", records)
		}
		games, err := csv.NewReader(bytes.NewReader(s.MustDownload("/api/v1/federation/games.csv?to=2025-12-31", "text/csv"))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		// Three players meet once each: three games, and a rest day each.
		if len(games) != 1+6 || games[0][6] != "result" {
			t.Errorf("federation games up to 2025 = %q, want 3 games and 3 rest days", games)
		}
	})
}
