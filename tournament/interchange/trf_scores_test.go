package interchange_test

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"slices"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/interchange"
	"adiukh/tournament/store/storetest"
)

// TestTRFImportKeepsScoresOrSaysTheyAreUnknown: an Adiukh round robin
// exported as TRF and imported again has the same standings, the checkers
// won (adiukh-points) included; the same file without our score comments,
// as another program writes it, keeps who won and invents no score: its
// games' scores are unknown, adiukh-points leaves them out and the
// standings say it is incomplete (issue 60, item 5).
func TestTRFImportKeepsScoresOrSaysTheyAreUnknown(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			arbiter := storetest.Arbiter(t, st)
			events := tournament.NewService(st, engines.Options())
			files := interchange.NewService(st.Interchange(), events, engines.InterchangeOptions())
			e, _ := storetest.Event(t, arbiter, events, "round-robin", 0, "Хуаде Аслан", "Тлехас Мурат", "Нехай Бэла", "Ачмиз Заур")
			scores := [][]string{{"17:7", "13:11"}, {"12:12", "8:16"}, {"20:4", "11:13"}}
			for n, round := range scores {
				r, err := events.PairNextRound(arbiter, e.ID)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := events.PublishRound(arbiter, e.ID, n+1); err != nil {
					t.Fatal(err)
				}
				for i, g := range r.Games {
					reason := "final_position"
					if round[i] == "12:12" {
						reason = "agreement"
					}
					if _, err := events.RecordResult(arbiter, tournament.ResultInput{EventID: e.ID, Round: n + 1, Board: g.Board, Score: round[i], EndReason: reason, Version: g.Version}); err != nil {
						t.Fatal(err)
					}
				}
			}
			var exported bytes.Buffer
			if err := files.ExportTRF(arbiter, e.ID, &exported); err != nil {
				t.Fatal(err)
			}
			want := standingsText(t, arbiter, events, e.ID)

			again, err := files.ImportTRF(arbiter, bytes.NewReader(exported.Bytes()), "")
			if err != nil {
				t.Fatal(err)
			}
			if got := standingsText(t, arbiter, events, again.ID); got != want {
				t.Errorf("our own TRF imported again ranks\n%s\nwant\n%s", got, want)
			}
			if st, err := events.Standings(arbiter, again.ID, 0); err != nil || len(st.Incomplete()) != 0 {
				t.Errorf("our own TRF imported again: incomplete tie-breaks %v, %v", st.Incomplete(), err)
			}

			foreign := regexp.MustCompile(`(?m)^### score .*\n`).ReplaceAll(exported.Bytes(), nil)
			if bytes.Equal(foreign, exported.Bytes()) {
				t.Fatalf("the export has no score comments to take out:\n%s", exported.String())
			}
			other, err := files.ImportTRF(arbiter, bytes.NewReader(foreign), "")
			if err != nil {
				t.Fatal(err)
			}
			rounds, err := events.Rounds(arbiter, other.ID)
			if err != nil {
				t.Fatal(err)
			}
			var imported []string
			for _, r := range rounds {
				for _, g := range r.Games {
					imported = append(imported, fmt.Sprintf("%s %s", g.Result.Score(), g.Result.EndReason))
				}
			}
			slices.Sort(imported)
			if want := []string{"0:1 score_unknown", "0:1 score_unknown", "1:0 score_unknown", "1:0 score_unknown", "1:0 score_unknown", "½:½ score_unknown"}; !slices.Equal(imported, want) {
				t.Errorf("the foreign file's games are imported as %v, want %v", imported, want)
			}
			st, err := events.Standings(arbiter, other.ID, 0)
			if err != nil {
				t.Fatal(err)
			}
			if incomplete := st.Incomplete(); len(incomplete) != 1 || incomplete[0].ID != "adiukh-points" || st.UnscoredGames != 6 {
				t.Errorf("the foreign file's standings: incomplete %v, %d games without a score; want adiukh-points, 6", incomplete, st.UnscoredGames)
			}
			for _, row := range st.Rows {
				if row.TieBreaks["adiukh-points"] != 0 {
					t.Errorf("%s counts %v checkers won in games whose score is unknown", row.Name, row.TieBreaks["adiukh-points"])
				}
			}
		})
	}
}

// standingsText is the standings as a table would print them: place, name,
// score and every tie-break.
func standingsText(t *testing.T, ctx context.Context, events *tournament.Service, eventID int64) string {
	t.Helper()
	st, err := events.Standings(ctx, eventID, 0)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	for _, row := range st.Rows {
		fmt.Fprintf(&b, "%d %s %g", row.Rank, row.Name, row.Score)
		for _, tb := range st.TieBreaks {
			fmt.Fprintf(&b, " %s=%g", tb.ID, row.TieBreaks[tb.ID])
		}
		b.WriteString("\n")
	}
	return b.String()
}
