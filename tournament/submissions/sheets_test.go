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
	} {
		if got := splitSheets(JoinSheets(sheets)); !slices.Equal(got, sheets) {
			t.Errorf("splitSheets(JoinSheets(%q)) = %q", sheets, got)
		}
	}
}
