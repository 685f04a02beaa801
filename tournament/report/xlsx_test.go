package report

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"

	"adiukh/tournament/catalog"
	"github.com/xuri/excelize/v2"
)

// TestStandingsXLSX reads the workbook back: the header in the reader's
// language, numbers as numbers, and a hostile name as a text cell, not a
// formula.
func TestStandingsXLSX(t *testing.T) {
	t.Parallel()
	s := testStandings(5, 3)
	s.Event.Game = "adiukh" // as export.EventView fills it
	s.Rows[0].Player.Name, s.Rows[0].Player.Title = hostileText[0], "КМС"
	s.Rows[0].Points = 2.5
	var buf bytes.Buffer
	if err := StandingsXLSX(&buf, catalog.Russian, s); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatalf("the workbook does not open: %v", err)
	}
	defer f.Close()
	rows, err := f.GetRows("Sheet1")
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 6 || rows[0][0] != "Место" || rows[0][3] != "Участник" || rows[0][len(rows[0])-1] != "Коэффициент Солкофа" {
		t.Fatalf("rows = %q", rows)
	}
	if rows[1][3] != hostileText[0] || rows[1][8] != s.Rows[0].Player.FederationID || rows[1][9] != s.Rows[0].Player.Federation || rows[1][10] != s.Rows[0].Player.Title || rows[1][13] != "2.5" {
		t.Errorf("first row = %q", rows[1])
	}
	if formula, err := f.GetCellFormula("Sheet1", "D2"); err != nil || formula != "" {
		t.Errorf("the name is a formula %q (%v)", formula, err)
	}
	// A text is a shared string; a number has no type attribute (unset).
	for cell, want := range map[string]excelize.CellType{"D2": excelize.CellTypeSharedString, "N2": excelize.CellTypeUnset} {
		got, err := f.GetCellType("Sheet1", cell)
		if err != nil || got != want {
			t.Errorf("cell %s has type %v (%v), want %v", cell, got, err, want)
		}
	}
	if props, err := f.GetDocProps(); err != nil || props.Title != s.Event.Name || props.Keywords != "game:adiukh" {
		t.Errorf("the workbook's properties: %+v (%v)", props, err)
	}
	// An event of Russian draughts says its game; an English reader's
	// workbook is in English.
	s.Event.Game, s.Event.Discipline, s.Event.DisciplineKey = "russian", "rapid", "discipline_russian.rapid"
	buf.Reset()
	if err := StandingsXLSX(&buf, catalog.English, s); err != nil {
		t.Fatal(err)
	}
	russian, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if props, err := russian.GetDocProps(); err != nil || props.Keywords != "game:russian" || props.Subject != "Russian draughts — rapid" {
		t.Errorf("the Russian workbook's properties: %+v (%v)", props, err)
	}
	if rows, err := russian.GetRows("Sheet1"); err != nil || rows[0][0] != "Place" || rows[0][len(rows[0])-1] != "Buchholz" {
		t.Errorf("the English workbook's header: %q (%v)", rows[0], err)
	}
	var team bytes.Buffer
	if err := TeamStandingsXLSX(&team, catalog.Russian, teamTable()); err != nil {
		t.Fatal(err)
	}
	tf, err := excelize.OpenReader(&team)
	if err != nil {
		t.Fatalf("the team workbook does not open: %v", err)
	}
	if rows, err := tf.GetRows("Sheet1"); err != nil || rows[0][3] != "Команда" || rows[0][7] != "Плей-офф" || rows[0][8] != "Очки матчей" {
		t.Errorf("the team workbook's header: %q (%v)", rows[0], err)
	}
}

// TestWithdrawnColumnInTheReadersWords: the files people open (the
// workbook, the CSV for Excel) mark a player or team withdrawn by the
// reader's word and leave the others empty, never true or false; the plain
// CSV for programs keeps true and false (issue 57).
func TestWithdrawnColumnInTheReadersWords(t *testing.T) {
	t.Parallel()
	s := testStandings(3, 2) // its third player is withdrawn
	teams := teamTable()     // and its third team
	workbook := func(write func(*bytes.Buffer) error) [][]string {
		var buf bytes.Buffer
		if err := write(&buf); err != nil {
			t.Fatal(err)
		}
		f, err := excelize.OpenReader(&buf)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		rows, err := f.GetRows("Sheet1")
		if err != nil {
			t.Fatal(err)
		}
		return rows
	}
	table := func(d CSVDialect, write func(*bytes.Buffer) error) [][]string {
		var buf bytes.Buffer
		if err := write(&buf); err != nil {
			t.Fatal(err)
		}
		r := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(buf.Bytes(), []byte("\ufeff"))))
		if d == ExcelCSV {
			r.Comma = ';'
		}
		rows, err := r.ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		return rows
	}
	for _, tc := range []struct {
		name    string
		loc     catalog.Lang
		d       CSVDialect
		yes, no string
		heading string
		xlsxToo bool
	}{
		{"ru", catalog.Russian, ExcelCSV, "да", "", "Выбыл", true},
		{"en", catalog.English, ExcelCSV, "yes", "", "Withdrawn", true},
		{"programs", catalog.Russian, PlainCSV, "true", "false", "withdrawn", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string][][]string{
				"standings.csv":      table(tc.d, func(b *bytes.Buffer) error { return StandingsCSV(b, tc.d, tc.loc, s) }),
				"team-standings.csv": table(tc.d, func(b *bytes.Buffer) error { return TeamStandingsCSV(b, tc.d, tc.loc, teams) }),
			}
			if tc.xlsxToo {
				files["standings.xlsx"] = workbook(func(b *bytes.Buffer) error { return StandingsXLSX(b, tc.loc, s) })
				files["team-standings.xlsx"] = workbook(func(b *bytes.Buffer) error { return TeamStandingsXLSX(b, tc.loc, teams) })
			}
			for name, rows := range files {
				column := 11
				if strings.HasPrefix(name, "team") {
					column = 6
				}
				if rows[0][column] != tc.heading {
					t.Fatalf("%s: column %d is %q, want %q", name, column, rows[0][column], tc.heading)
				}
				for i, row := range rows[1:] {
					want := tc.no
					if i == 2 {
						want = tc.yes
					}
					if row[column] != want {
						t.Errorf("%s, row %d: withdrawn %q, want %q", name, i+1, row[column], want)
					}
				}
			}
		})
	}
}
