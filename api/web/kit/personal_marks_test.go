package kit

import "testing"

// A row's mark is read back as written, a bye's black 0 included, and a
// mark that is not five whole numbers is an error, not a row of zeros.
func TestBoardMarksReadBackAsWritten(t *testing.T) {
	for _, m := range []BoardMark{{Round: 9, Board: 2048, Game: 123456789, White: 4096, Black: 17}, {Round: 1, Board: 3, Game: 5, White: 6}} {
		if got, err := ParseBoardMark(m.String()); err != nil || got != m {
			t.Errorf("%q read as %+v, %v; want %+v", m.String(), got, err, m)
		}
	}
	for _, bad := range []string{"", "1 2 3 4", "1 2 3 4 5 6", "1 2 x 4 5", "1  2 3 4 5"} {
		if m, err := ParseBoardMark(bad); err == nil {
			t.Errorf("%q read as %+v; want an error", bad, m)
		}
	}
}
