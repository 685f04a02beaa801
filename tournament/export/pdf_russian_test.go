package export

import (
	"bytes"
	"fmt"
	"io"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"adiukh/internal/testtool"
	"adiukh/rules"
	"adiukh/rules/games"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
)

// The documents of an event of every game but Adiukh's, in Russian and in
// English, say nothing of Adiukh: no Adiukh score, points or rule-book
// reference, its forfeits and its scores in its own points (the program's
// name at the foot of the page aside).
func TestDocumentsSpeakTheirGame(t *testing.T) {
	t.Parallel()
	pdftotext := testtool.Need(t, "poppler-utils", "pdftotext")
	for _, game := range games.All {
		if game == games.Default {
			continue
		}
		t.Run(game.Key, func(t *testing.T) {
			t.Parallel()
			documentsSpeakTheirGame(t, pdftotext, game)
		})
	}
}

func documentsSpeakTheirGame(t *testing.T, pdftotext string, game *rules.Variant) {
	f := newDocFixture(t)
	e, err := f.svc.CreateEvent(f.ctx, tournament.EventInput{Name: ptr("Первенство города"), Game: ptr(game.Key), Discipline: ptr("rapid"),
		System: ptr("round-robin"), TimeControl: ptr("15+10"), StartDate: ptr("2026-05-09"), EndDate: ptr("2026-05-09")})
	f.must(err)
	f.players(e.ID, 4)
	r := f.pair(e.ID)
	_, err = f.svc.PublishRound(f.ctx, e.ID, r.Number)
	f.must(err)
	w := game.Scale.Win(true)
	win := fmt.Sprintf("%d:%d", w.White, w.Black)
	for i, g := range r.Games {
		reason := "resignation"
		if i == 0 {
			reason = "forfeit"
		}
		_, err := f.svc.RecordResult(f.ctx, tournament.ResultInput{EventID: e.ID, Round: r.Number, Board: g.Board, Version: g.Version, Score: win, EndReason: reason})
		f.must(err)
	}
	x := New(f.svc, f.teams)
	adiukh := regexp.MustCompile(`(?i)адиюх|adiukh|24:0|12:12|17:7|§`)
	for name, write := range map[string]func(io.Writer, catalog.Lang) error{
		"standings":   func(w io.Writer, loc catalog.Lang) error { return x.StandingsPDF(f.ctx, w, loc, e.ID, 0) },
		"crosstable":  func(w io.Writer, loc catalog.Lang) error { return x.CrosstablePDF(f.ctx, w, loc, e.ID) },
		"pairings":    func(w io.Writer, loc catalog.Lang) error { return x.PairingsPDF(f.ctx, w, loc, e.ID, 1, "") },
		"scoresheets": func(w io.Writer, loc catalog.Lang) error { return x.BlankScoreSheetsPDF(f.ctx, w, loc, e.ID, 1) },
	} {
		for _, loc := range []catalog.Lang{catalog.Russian, catalog.English} {
			var pdf bytes.Buffer
			f.must(write(&pdf, loc))
			cmd := exec.Command(pdftotext, "-layout", "-", "-")
			cmd.Stdin = &pdf
			out, err := cmd.Output()
			f.must(err)
			// The program names itself in the foot of every page.
			text := strings.ReplaceAll(strings.Join(strings.Fields(string(out)), " "), "adiukh · ", "")
			if m := adiukh.FindString(text); m != "" {
				t.Errorf("the %s (%s) says %q:\n%s", name, loc, m, text)
			}
		}
	}
}
