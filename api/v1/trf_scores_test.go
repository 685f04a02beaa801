package v1_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/store/storetest"
)

// TestOwnTRFImportedAgainKeepsStandings: the event's export.trf imported
// again ranks as the event did, the checkers won (adiukh-points)
// included; without the score comments, as another program writes the
// file, it invents no score: the JSON, the standings page and its PDF say
// adiukh-points is incomplete, leaving out the games whose score is
// unknown (issue 60, item 5).
func TestOwnTRFImportedAgainKeepsStandings(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			s := apitest.NewServer(t, st)
			id := s.RoundRobin(4)
			base := fmt.Sprintf("/api/v1/events/%d", id)
			for n, scores := range [][]string{{"17:7", "13:11"}, {"20:4", "8:16"}, {"11:13", "15:9"}} {
				if n > 0 {
					s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", base+"/rounds", nil)
					s.Must(http.StatusOK, tournament.ArbiterRole, "POST", fmt.Sprintf("%s/rounds/%d/publish", base, n+1), nil)
				}
				apitest.PlayRound(s, id, n+1, scores...)
			}
			own := string(s.MustDownload(base+"/export.trf", "text/plain"))
			want := rankedRows(t, s, base)

			again := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events/import.trf", own)
			againBase := fmt.Sprintf("/api/v1/events/%d", apitest.Num(again["id"]))
			if got := rankedRows(t, s, againBase); got != want {
				t.Errorf("export.trf imported again ranks\n%s\nwant\n%s", got, want)
			}

			foreign := regexp.MustCompile(`(?m)^### score .*\n`).ReplaceAllString(own, "")
			if foreign == own {
				t.Fatalf("export.trf keeps no scores:\n%s", own)
			}
			other := apitest.Num(s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events/import.trf", foreign)["id"])
			otherBase := fmt.Sprintf("/api/v1/events/%d", other)
			standings := s.Must(http.StatusOK, "", "GET", otherBase+"/standings", nil)
			incomplete, _ := json.Marshal(standings["incomplete"])
			if !strings.Contains(string(incomplete), `"adiukh-points"`) || apitest.Num(standings["unscored_games"]) != 6 {
				t.Errorf("the foreign file's standings: incomplete %s, unscored games %v", incomplete, standings["unscored_games"])
			}
			round, _ := json.Marshal(s.Must(http.StatusOK, "", "GET", otherBase+"/rounds/1", nil))
			if strings.Contains(string(round), `"24:0"`) || !strings.Contains(string(round), `"score_unknown"`) {
				t.Errorf("the foreign file's round 1 invents scores: %s", round)
			}
			note := apitest.RuT("standings.incomplete", "TieBreak", apitest.RuT("tiebreak.adiukh-points"), "Count", 6)
			if page := apitest.PageText(s.Download("", fmt.Sprintf("/events/%d/standings", other), nil)); !strings.Contains(page, note) {
				t.Errorf("the standings page does not say %q:\n%s", note, page)
			}
			pdf := strings.Join(strings.Fields(apitest.PDFToText(t, "standings-unscored", s.MustDownload(otherBase+"/standings.pdf", "application/pdf"))), " ")
			if legend := apitest.RuDoc("report.legend_unscored", apitest.RuT("tiebreak.adiukh-points"), 6); !strings.Contains(pdf, legend) {
				t.Errorf("the standings PDF does not say %q:\n%s", legend, pdf)
			}
		})
	}
}

// rankedRows is the standings' every row: place, name, points and
// tie-breaks by ID.
func rankedRows(t *testing.T, s *apitest.Server, base string) string {
	t.Helper()
	var b strings.Builder
	for _, r := range s.Must(http.StatusOK, "", "GET", base+"/standings", nil)["rows"].([]any) {
		row := r.(map[string]any)
		tbs, _ := json.Marshal(row["tiebreaks"])
		fmt.Fprintf(&b, "%v %v %v %s\n", row["rank"], row["name"], row["score"], tbs)
	}
	return b.String()
}
