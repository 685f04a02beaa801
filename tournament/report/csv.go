package report

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// CSVDialect is the form of a CSV file: the same table for a program or for
// a spreadsheet.
type CSVDialect string

const (
	// PlainCSV is RFC 4180 for programs: UTF-8 without a byte order mark,
	// commas between fields, a decimal point.
	PlainCSV CSVDialect = "rfc4180"
	// ExcelCSV opens in one click in Excel set up for Russian: UTF-8 with
	// a byte order mark (without it Excel reads the Cyrillic as
	// Windows-1251), semicolons between fields and a decimal comma, as
	// the Russian list separator and decimal symbol are, and CRLF line ends.
	ExcelCSV CSVDialect = "excel"
)

// CSVDialects lists the dialects, the default for programs first.
var CSVDialects = []CSVDialect{PlainCSV, ExcelCSV}

// Valid reports whether d is one of CSVDialects.
func (d CSVDialect) Valid() bool {
	return d == PlainCSV || d == ExcelCSV
}

// csvFile writes one CSV table in a dialect. Text that people typed goes
// through text, numbers through number, so that neither a formula nor the
// wrong decimal mark reaches a spreadsheet. It writes the records itself
// rather than through encoding/csv, which quotes a field only for its own
// separator: a plain file's field holding a semicolon must be quoted too,
// for a spreadsheet set up with the Russian list separator.
type csvFile struct {
	out     *bufio.Writer
	dialect CSVDialect
	comma   byte
	eol     string
	what    string // names the file in errors
	err     error
}

func newCSV(w io.Writer, d CSVDialect, what string) *csvFile {
	f := &csvFile{out: bufio.NewWriter(w), dialect: d, comma: ',', eol: "\n", what: what}
	if d == ExcelCSV {
		f.comma, f.eol = ';', "\r\n"
		_, f.err = f.out.WriteString("\ufeff")
	}
	return f
}

// write adds one record; the first error is kept for close.
func (f *csvFile) write(record []string) {
	if f.err != nil {
		return
	}
	for i, field := range record {
		if i > 0 {
			f.out.WriteByte(f.comma)
		}
		if needsQuotes(field) {
			field = `"` + strings.ReplaceAll(field, `"`, `""`) + `"`
		}
		f.out.WriteString(field)
	}
	_, f.err = f.out.WriteString(f.eol)
}

// needsQuotes tells whether a field must be quoted in either dialect: it
// holds a separator some spreadsheet splits on (comma, semicolon, tab), a
// quote or a line end, or begins or ends with a space a reader might trim.
func needsQuotes(field string) bool {
	return field != "" && (strings.ContainsAny(field, ",;\t\"\r\n") ||
		field[0] == ' ' || field[len(field)-1] == ' ')
}

// close flushes the table and reports the first error on the way.
func (f *csvFile) close() error {
	if f.err == nil {
		f.err = f.out.Flush()
	}
	if f.err != nil {
		return fmt.Errorf("write %s CSV: %w", f.what, f.err)
	}
	return nil
}

// number writes a number with the dialect's decimal mark.
func (f *csvFile) number(v float64) string {
	s := strconv.FormatFloat(v, 'f', -1, 64)
	if f.dialect == ExcelCSV {
		return strings.Replace(s, ".", ",", 1)
	}
	return s
}

// text neutralises a formula, as OWASP's CSV injection guidance says: a
// cell that begins with =, +, -, @, a tab, a carriage return or a NUL (or
// their full-width forms, which some spreadsheets also read as formulas)
// is prefixed with a single quote, so that a player named
// =HYPERLINK("http://…") is shown as text and never run. Every dialect does
// it: a federation's clerk opens the plain file in a spreadsheet too.
func (f *csvFile) text(s string) string {
	return neutralise(s)
}

// neutralise prefixes with a single quote every formula that would start a
// cell: at the start of the text, and after each comma, semicolon or tab,
// where a spreadsheet that splits on that separator starts a cell (a plain
// file opened with the Russian list separator splits "semi;=1+2" in two).
// Spaces and quotes before the formula do not hide it.
func neutralise(s string) string {
	var b strings.Builder
	cellStart := true
	for _, r := range s {
		if cellStart {
			switch {
			case r == ' ' || r == '"':
				b.WriteRune(r)
				continue
			case startsFormula(r):
				b.WriteByte('\'')
			}
			cellStart = false
		}
		b.WriteRune(r)
		if r == ',' || r == ';' || r == '\t' {
			cellStart = true
		}
	}
	return b.String()
}

// startsFormula tells whether a cell beginning with r is read as a formula.
func startsFormula(r rune) bool {
	switch r {
	case '=', '+', '-', '@', '\t', '\r', 0, '＝', '＋', '－', '＠':
		return true
	}
	return false
}
