package report

import (
	"adiukh/rules"
	"adiukh/tournament/catalog"
	"bytes"
	"strings"
	"testing"
)

// TestEmptyInputRenders checks that an event without players, boards or
// moves (a record still on its game's board) still gives a valid document (an empty list to print), not an error
// or a panic.
func TestEmptyInputRenders(t *testing.T) {
	t.Parallel()
	for name, f := range map[string]func(*bytes.Buffer) error{
		"standings":  func(b *bytes.Buffer) error { return StandingsPDF(b, catalog.Russian, Standings{}) },
		"crosstable": func(b *bytes.Buffer) error { return CrosstablePDF(b, catalog.Russian, Standings{}) },
		"progress":   func(b *bytes.Buffer) error { return ProgressPDF(b, catalog.English, Standings{}) },
		"pairings":   func(b *bytes.Buffer) error { return PairingsPDF(b, catalog.Russian, Pairings{}) },
		"sheets":     func(b *bytes.Buffer) error { return ScoreSheetsPDF(b, catalog.Russian, nil) },
		"record": func(b *bytes.Buffer) error {
			return GameRecordPDF(b, catalog.Russian, GameRecord{Event: Event{Board: rules.Board{Size: 8}}})
		},
		"csv":  func(b *bytes.Buffer) error { return StandingsCSV(b, PlainCSV, catalog.Russian, Standings{}) },
		"json": func(b *bytes.Buffer) error { return StandingsJSON(b, Standings{}) },
	} {
		t.Run(name, func(t *testing.T) {
			if out := render(t, f); len(out) == 0 {
				t.Fatal("no output")
			}
		})
	}
}

// Before any round is finished the standings, the progress table and the
// board prizes are lists of who takes part, not tables "after round 0".
func TestTitlesBeforeTheFirstRound(t *testing.T) {
	t.Parallel()
	event := Event{Name: "Первенство", Rounds: 5}
	for name, f := range map[string]func(*bytes.Buffer) error{
		"standings": func(b *bytes.Buffer) error { return StandingsPDF(b, catalog.Russian, Standings{Event: event}) },
		"progress":  func(b *bytes.Buffer) error { return ProgressPDF(b, catalog.Russian, Standings{Event: event}) },
		"boards": func(b *bytes.Buffer) error {
			return BoardStandingsPDF(b, catalog.Russian, BoardStandings{Event: event})
		},
	} {
		t.Run(name, func(t *testing.T) {
			text := pdfText(t, name, render(t, f))
			if strings.Contains(text, "после 0-го тура") || !strings.Contains(text, map[string]string{"standings": "Участники", "progress": "Участники", "boards": "Результаты по доскам"}[name]) {
				t.Errorf("the title before round 1:\n%.300s", text)
			}
		})
	}
}
