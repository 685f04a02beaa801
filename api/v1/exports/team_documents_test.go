package exports_test

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/store/storetest"
)

// TestTeamEventIndividualDocumentsRefused checks that the documents only an
// individual event has are refused for a team event with a reason, and
// that its games' PDN is not among them.
func TestTeamEventIndividualDocumentsRefused(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		id := apitest.Num(s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/events",
			map[string]any{"name": "Командный кубок", "discipline": "rapid-team", "system": "round-robin", "time_control": "8+4"})["id"])
		for _, path := range []string{"/rounds/1/games/1/record.pdf", "/export.trf"} {
			t.Run(path, func(t *testing.T) {
				code, body := s.Do("", "GET", fmt.Sprintf("/api/v1/events/%d%s", id, path), nil)
				if msg, _ := body["message"].(string); code != http.StatusBadRequest || body["field"] != "event" || !strings.Contains(msg, "is a team event") {
					t.Errorf("status %d, answer %v; want 400 naming the team event", code, body)
				}
			})
		}
		if rec := s.Download("", fmt.Sprintf("/api/v1/events/%d/games.pdn", id), nil); rec.Code != http.StatusOK {
			t.Errorf("the games of a team event as PDN: status %d, want 200: %s", rec.Code, rec.Body.String())
		}
		if rec := s.Download("", fmt.Sprintf("/api/v1/events/%d/scoresheets.pdf?count=2", id), nil); rec.Code != http.StatusOK {
			t.Errorf("blank score sheets of a team event: status %d, want 200: %s", rec.Code, rec.Body.String())
		}
	})
}

// TestTeamEventDocuments plays round 1 of a four-team round robin on two
// boards — the lower start number wins board 1 17:7 and draws board 2, so
// 3:1 in game points — and reads its documents back.
func TestTeamEventDocuments(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		te := apitest.NewTeamEvent(t, s, "round-robin", 0, 2, []int{2, 2, 2, 2})
		round := s.Must(http.StatusCreated, apitest.Arbiter, "POST", te.Path("/rounds"), nil)
		te.Play(round, func(home, away, board int) apitest.BoardScore {
			won := 17
			if board == 2 {
				won = 12
			}
			reason := map[int]string{17: "final_position", 12: "agreement"}[won]
			if home < away {
				return apitest.BoardScore{Home: won, Away: 24 - won, Reason: reason}
			}
			return apitest.BoardScore{Home: 24 - won, Away: won, Reason: reason}
		})
		get := func(path string) []byte {
			t.Helper()
			rec := s.Download("", te.Path(path), nil)
			if rec.Code != http.StatusOK {
				t.Fatalf("GET %s: status %d: %s", path, rec.Code, rec.Body.String())
			}
			return rec.Body.Bytes()
		}

		for _, tc := range []struct {
			path string
			want []string
		}{
			{"/standings.pdf", []string{apitest.RuDoc("report.team_standings_after", 1), "Команда 1", "Команда 4", apitest.RuDoc("report.match_points") + " " + apitest.RuDoc("report.game_points")}},
			{"/standings.pdf?lang=en", []string{"Team standings after round 1", "MP GP"}},
			{"/crosstable.pdf", []string{apitest.RuDoc("report.team_crosstable"), "3:1", "1:3", "Команда 3"}},
			{"/rounds/1/pairings.pdf", []string{apitest.RuDoc("report.match_card"), "Игрок 1.1", "Игрок 4.2", "17 : 7", "12 : 12",
				apitest.RuDoc("report.match_total") + " (" + apitest.RuDoc("report.game_points") + ") 3 : 1", apitest.RuDoc("report.captain_home"), apitest.RuDoc("report.captain_away"), apitest.RuDoc("report.signature_arbiter")}},
			{"/rounds/1/scoresheets.pdf", []string{apitest.RuDoc("report.score_sheet"), apitest.RuDoc("report.white") + ": Игрок 1.1 (1) · Команда 1",
				apitest.RuDoc("report.black") + ": Игрок 4.1 (7) · Команда 4", apitest.RuDoc("report.white") + ": Игрок 4.2 (8) · Команда 4"}},
		} {
			t.Run(tc.path, func(t *testing.T) {
				text := apitest.Spaced(apitest.PDFToText(t, "team"+strings.NewReplacer("/", "-", "?", "-", "=", "-").Replace(tc.path), get(tc.path)))
				for _, want := range tc.want {
					if !strings.Contains(text, want) {
						t.Errorf("%s has no %q:\n%s", tc.path, want, text)
					}
				}
			})
		}

		t.Run("standings places", func(t *testing.T) {
			records, err := csv.NewReader(bytes.NewReader(get("/standings.csv"))).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			if len(records) != 5 {
				t.Fatalf("team standings CSV = %q, want a header and 4 teams", records)
			}
			column := map[string]int{}
			for i, name := range records[0] {
				column[name] = i
			}
			for _, name := range []string{"place", "start_no", "team", "match_points", "game_points"} {
				if _, ok := column[name]; !ok {
					t.Fatalf("team standings CSV's header %q has no %q", records[0], name)
				}
			}
			for _, r := range records[1:] {
				place, start, mp, gp := r[column["place"]], r[column["start_no"]], r[column["match_points"]], r[column["game_points"]]
				winner := start == "1" || start == "2"
				if want := map[bool][3]string{true: {"1", "2", "3"}, false: {"3", "0", "1"}}[winner]; place != want[0] || mp != want[1] || gp != want[2] {
					t.Errorf("team %s: place %s, %s match points, %s game points; want %v", r[column["team"]], place, mp, gp, want)
				}
			}
		})
	})
}

// TestTeamSwissProgressTable prints a team Swiss event's crosstable as the
// progress table: five teams, so one has the bye, whose cell shows the
// game points it scores (counted in the row's total), as the web
// crosstable's does.
func TestTeamSwissProgressTable(t *testing.T) {
	t.Parallel()
	s := apitest.NewServer(t, storetest.SQLite(t))
	te := apitest.NewTeamEvent(t, s, "swiss", 3, 2, []int{2, 2, 2, 2, 2})
	round := s.Must(http.StatusCreated, apitest.Arbiter, "POST", te.Path("/rounds"), nil)
	te.Play(round, func(home, away, board int) apitest.BoardScore {
		if home < away {
			return apitest.BoardScore{Home: 17, Away: 7, Reason: "final_position"}
		}
		return apitest.BoardScore{Home: 7, Away: 17, Reason: "final_position"}
	})
	rec := s.Download("", te.Path("/crosstable.pdf"), nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("crosstable.pdf: status %d: %s", rec.Code, rec.Body.String())
	}
	text := apitest.Spaced(apitest.PDFToText(t, "team-swiss-progress", rec.Body.Bytes()))
	home, away, bye := apitest.RuDoc("report.home_short"), apitest.RuDoc("report.away_short"), apitest.RuDoc("report.bye_cell")
	for _, want := range []string{apitest.RuDoc("report.team_progress_after", 1), "1–2 1 Команда 1 3" + home + " 4:0 2 4", "3 5 Команда 5 " + bye + " 4 1 4", "4–5 3 Команда 3 1" + away + " 0:4 0 0"} {
		if !strings.Contains(text, want) {
			t.Errorf("team progress table has no %q:\n%s", want, text)
		}
	}
	// The web crosstable shows the bye's game points in its cell too.
	rec = s.Anonymous().Get(fmt.Sprintf("/events/%d/crosstable", te.ID))
	apitest.MustStatus(t, "crosstable", rec.Code, http.StatusOK, rec.Body.String())
	if want := `<td class="cell">` + apitest.RuT("reason.bye") + ` <small class="inline-small">4</small></td>`; !strings.Contains(apitest.PageText(rec), want) {
		t.Errorf("the team crosstable does not show %q:\n%s", want, rec.Body.String())
	}
}
