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

// TestOwnTRFOfMicroMatchesImportedAgain: a Russian draughts event of
// micro-matches counted by their games exported as TRF and imported again
// is an event of micro-matches with the same boards' two games, standings
// and crosstable (a 3:1 board scores its three game points, not a win's
// two; a board forfeited keeps its two forfeited games); without our comments, as
// another program writes the file, it is imported as before: single games
// whose score is unknown (issue 57).
func TestOwnTRFOfMicroMatchesImportedAgain(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			s := apitest.NewServer(t, st)
			base, _ := apitest.MicroSheetEvent(t, s)
			playMicroRound(t, s, base, 1, [][2]string{{"2:0 resignation", "1:1 agreement"}, {"1:1 agreement", "2:0 time"}})
			s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", base+"/rounds", nil)
			s.Must(http.StatusOK, tournament.ArbiterRole, "POST", base+"/rounds/2/publish", nil)
			playMicroRound(t, s, base, 2, [][2]string{{"0:2 resignation", "0:2 resignation"}, {"2:0 forfeit", "0:2 forfeit"}})
			own := string(s.MustDownload(base+"/export.trf", "text/plain"))
			wantRanks, wantCross, wantGames := rankedRows(t, s, base), crosstableJSON(t, s, base), microGamesOf(t, s, base, 2)
			if !strings.Contains(wantGames, "1.1 3:1 final_position") || !strings.Contains(wantGames, "2.2 4:0 forfeit") {
				t.Fatalf("the event has no 3:1 board or no board forfeited:\n%s", wantGames)
			}

			again := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events/import.trf", own)
			if again["micro_match"] != "round" || again["micro_count"] != "games" {
				t.Errorf("export.trf imported again: micro-matches %v, %v; want round, games\n%s", again["micro_match"], again["micro_count"], own)
			}
			againBase := fmt.Sprintf("/api/v1/events/%d", apitest.Num(again["id"]))
			if got := rankedRows(t, s, againBase); got != wantRanks {
				t.Errorf("export.trf imported again ranks\n%s\nwant\n%s\nthe file:\n%s", got, wantRanks, own)
			}
			if got := crosstableJSON(t, s, againBase); got != wantCross {
				t.Errorf("export.trf imported again has the crosstable\n%s\nwant\n%s", got, wantCross)
			}
			if got := microGamesOf(t, s, againBase, 2); got != wantGames {
				t.Errorf("export.trf imported again has the games\n%s\nwant\n%s", got, wantGames)
			}
			// Its rounds have no drawn opening, which a file does not keep:
			// every document of them is made all the same.
			for _, doc := range []string{"/crosstable.pdf", "/standings.xlsx", "/games.pdn", "/rounds/1/pairings.pdf", "/rounds/2/scoresheets.pdf"} {
				if rec := s.Download(apitest.Arbiter, againBase+doc, nil); rec.Code != http.StatusOK {
					t.Errorf("%s of the imported event: %d %s", doc, rec.Code, rec.Body.String())
				}
			}
			event := strings.Replace(againBase, "/api/v1", "", 1)
			for _, page := range []string{event + "?round=2", event + "/crosstable", event + "/rounds/2/boards/1"} {
				if rec := s.Download("", page, nil); rec.Code != http.StatusOK {
					t.Errorf("%s: %d", page, rec.Code)
				}
			}

			foreign := regexp.MustCompile(`(?m)^###.*\n`).ReplaceAllString(own, "")
			other := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events/import.trf", foreign)
			otherBase := fmt.Sprintf("/api/v1/events/%d", apitest.Num(other["id"]))
			if other["micro_match"] != "" || strings.Contains(microGamesOf(t, s, otherBase, 2), "micro_games [") {
				t.Errorf("a file without our comments is imported with micro-matches: %v\n%s", other["micro_match"], microGamesOf(t, s, otherBase, 2))
			}
		})
	}
}

// playMicroRound enters the two games of each board of round n, board by
// board: each game's score and end reason from its own White's side.
func playMicroRound(t *testing.T, s *apitest.Server, base string, n int, boards [][2]string) {
	t.Helper()
	round := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("%s/rounds/%d", base, n), nil)
	for i, g := range round["games"].([]any) {
		board := g.(map[string]any)
		if board["black"] == nil {
			continue
		}
		for game, result := range boards[i] {
			score, reason, _ := strings.Cut(result, " ")
			board = s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("%s/rounds/%d/games/%v/micro/%d", base, n, board["board"], game+1),
				map[string]any{"score": score, "end_reason": reason, "version": apitest.Num(board["version"])})
		}
	}
}

// crosstableJSON is the event's crosstable as the API answers it.
func crosstableJSON(t *testing.T, s *apitest.Server, base string) string {
	t.Helper()
	out, _ := json.MarshalIndent(s.Must(http.StatusOK, "", "GET", base+"/crosstable", nil), "", " ")
	return string(out)
}

// microGamesOf is every board's score and two games of the first rounds of
// the event, as the API answers them.
func microGamesOf(t *testing.T, s *apitest.Server, base string, rounds int) string {
	t.Helper()
	var b strings.Builder
	for n := 1; n <= rounds; n++ {
		for _, g := range s.Must(http.StatusOK, "", "GET", fmt.Sprintf("%s/rounds/%d", base, n), nil)["games"].([]any) {
			board := g.(map[string]any)
			micro, _ := json.Marshal(board["micro_games"])
			fmt.Fprintf(&b, "%d.%v %v %v micro_games %s\n", n, board["board"], board["score"], board["end_reason"], micro)
		}
	}
	return b.String()
}
