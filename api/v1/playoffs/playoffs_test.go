package playoffs_test

import (
	"bytes"
	"fmt"
	"net/http"
	"os/exec"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/store/storetest"
)

// TestPlayoffThroughTheAPI: two players tied for first place in a finished
// round robin play a match of two games created by POST …/playoffs; once
// it is finished the parent's standings, its JSON, CSV and PDF put the
// match's winner first, marked with the play-off; GET …/playoffs lists
// it as decided. A place nobody is tied for is refused with what is wrong.
func TestPlayoffThroughTheAPI(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			s := apitest.NewServer(t, st)
			id := s.RoundRobin(2)
			event := fmt.Sprintf("/api/v1/events/%d", id)
			apitest.PlayRound(s, id, 1, "12:12")
			code, out := s.Do(tournament.ArbiterRole, "POST", event+"/playoffs", map[string]any{"places": []int{1}})
			if code != http.StatusConflict || !strings.Contains(out["message"].(string), "finish") {
				t.Errorf("a play-off of a running event: %d %v", code, out)
			}
			s.Must(http.StatusOK, tournament.ArbiterRole, "PATCH", event, map[string]any{"status": "finished"})
			code, out = s.Do(tournament.ArbiterRole, "POST", event+"/playoffs", map[string]any{"places": []int{3}})
			if code != http.StatusBadRequest || out["field"] != "places" || !strings.Contains(out["message"].(string), "place 3 is not in the standings") {
				t.Errorf("a play-off for place 3 of 2: %d %v", code, out)
			}
			created := s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", event+"/playoffs", map[string]any{"places": []int{1}, "games": 2, "time_control": "5+3"})
			child := apitest.Num(created["event_id"])
			if created["name"] != "Первенство Майкопа: play-off for place 1" || apitest.Num(created["games"]) != 2 || created["time_control"] != "5+3" || created["state"] != "playing" {
				t.Errorf("created: %v", created)
			}
			playoff := fmt.Sprintf("/api/v1/events/%d", child)
			if _, e := s.Do("", "GET", playoff, nil); apitest.Num(e["parent_event_id"]) != id || apitest.Num(e["cycles"]) != 2 {
				t.Errorf("the play-off event: %v", e)
			}
			for n := 1; n <= 2; n++ {
				s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", playoff+"/rounds", nil)
				s.Must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("%s/rounds/%d/publish", playoff, n), nil)
			}
			// Игрок 2 wins both games: White in round 1, Black in round 2.
			apitest.PlayRound(s, child, 1, "7:17")
			apitest.PlayRound(s, child, 2, "17:7")
			s.Must(http.StatusOK, tournament.ArbiterRole, "PATCH", playoff, map[string]any{"status": "finished"})
			_, standings := s.Do("", "GET", event+"/standings", nil)
			rows := standings["rows"].([]any)
			first, second := rows[0].(map[string]any), rows[1].(map[string]any)
			if first["name"] != "Игрок 2" || apitest.Num(first["rank"]) != 1 || apitest.Num(first["playoff"]) != child || apitest.Num(second["rank"]) != 2 {
				t.Errorf("standings after the play-off: %v", rows)
			}
			_, list := s.Do("", "GET", event+"/playoffs", nil)
			playoffs := list["playoffs"].([]any)
			if len(playoffs) != 1 || playoffs[0].(map[string]any)["state"] != "decided" || list["ties"] != nil {
				t.Errorf("the play-offs read by anyone: %v", list)
			}
			_, ct := s.Do("", "GET", event+"/crosstable", nil)
			for _, r := range ct["rows"].([]any) {
				row := r.(map[string]any)
				player, _ := row["player"].(map[string]any)
				if name, _ := player["name"].(string); name == "Игрок 2" && apitest.Num(row["rank"]) != 1 || name == "Игрок 1" && apitest.Num(row["rank"]) != 2 {
					t.Errorf("crosstable row %v", row)
				}
			}
			_, trf := s.Text("", "GET", event+"/export.trf", "")
			for _, line := range strings.Split(trf, "\n") {
				// TRF-16's 001 line: the rank in columns 86-89.
				if cols := []rune(line); strings.HasPrefix(line, "001") && len(cols) >= 89 {
					if name, rank := strings.TrimSpace(string(cols[14:47])), strings.TrimSpace(string(cols[85:89])); name == "Игрок 2" && rank != "1" || name == "Игрок 1" && rank != "2" {
						t.Errorf("TRF: %s ranked %s:\n%s", name, rank, trf)
					}
				}
			}
			if pdftotext, err := exec.LookPath("pdftotext"); err == nil {
				pdf := s.MustDownload(event+"/standings.pdf?lang=ru", "application/pdf")
				cmd := exec.Command(pdftotext, "-layout", "-", "-")
				cmd.Stdin = bytes.NewReader(pdf)
				text, err := cmd.Output()
				if err != nil {
					t.Fatal(err)
				}
				if i, j := strings.Index(string(text), "Игрок 2"), strings.Index(string(text), "Игрок 1"); i < 0 || j < 0 || i > j {
					t.Errorf("standings PDF, Игрок 2 not first:\n%s", text)
				}
			}
			for _, doc := range []string{"/standings.csv", "/standings.json"} {
				req, body := s.Text("", "GET", event+doc+"?lang=en", "")
				if req != http.StatusOK || strings.Index(body, "Игрок 2") > strings.Index(body, "Игрок 1") {
					t.Errorf("%s: %d, Игрок 2 not first:\n%s", doc, req, body)
				}
			}
		})
	}
}
