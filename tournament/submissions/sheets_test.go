package submissions

import (
	"slices"
	"testing"
)

// Sheets put together again by JoinSheets are cut into the same sheets.
func TestJoinSheetsSplitsBack(t *testing.T) {
	t.Parallel()
	for _, sheets := range [][]string{
		{"Доска: 1\n1. c3-b4 b6-c5", "Доска: 3\n1. c3-d4 f6-e5\n24:0 resignation"},
		{"[Board \"1\"]\n\n1. c3-b4 b6-c5 2-0", "[Board \"2\"]\n[Score \"0:24\"]\n\n1. c3-d4 f6-e5 0-2"},
		{"1. c3-b4 b6-c5"},
		{"[Board \"1\"]\n\n1. c3-b4 b6-c5 2-0", "Доска: 3\n1. c3-d4 f6-e5\n24:0 resignation"},
	} {
		if got := splitSheets(JoinSheets(sheets)); !slices.Equal(got, sheets) {
			t.Errorf("splitSheets(JoinSheets(%q)) = %q", sheets, got)
		}
	}
}

// Files chosen together are joined by a line of dashes: each file of PDN
// games is cut into its games, and the dashes are not read as a move
// (issue 64: all but the last of several PDN files were refused).
func TestSplitSheetsOfFilesChosenTogether(t *testing.T) {
	t.Parallel()
	one := "[Event \"A\"]\n[White \"Иванов\"]\n\n1. c3-d4 f6-e5 2-0"
	two := "[Event \"A\"]\n[White \"Петров\"]\n\n1. c3-b4 b6-c5 0-2"
	three := "[Event \"A\"]\n[White \"Сидоров\"]\n\n1. e3-f4 f6-g5 1-1"
	got := splitSheets(one + "\n---\n" + two + "\n\n" + three + "\n")
	if want := []string{one, two, three}; !slices.Equal(got, want) {
		t.Errorf("splitSheets = %q, want %q", got, want)
	}
}
