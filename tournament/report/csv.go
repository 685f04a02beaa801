package report

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
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
// wrong decimal mark reaches a spreadsheet.
type csvFile struct {
	out     *csv.Writer
	dialect CSVDialect
	what    string // names the file in errors
	err     error
}

func newCSV(w io.Writer, d CSVDialect, what string) *csvFile {
	f := &csvFile{out: csv.NewWriter(w), dialect: d, what: what}
	if d == ExcelCSV {
		f.out.Comma, f.out.UseCRLF = ';', true
		if _, err := io.WriteString(w, "\ufeff"); err != nil {
			f.err = err
		}
	}
	return f
}

// write adds one record; the first error is kept for close.
func (f *csvFile) write(record []string) {
	if f.err == nil {
		f.err = f.out.Write(record)
	}
}

// close flushes the table and reports the first error on the way.
func (f *csvFile) close() error {
	f.out.Flush()
	if f.err == nil {
		f.err = f.out.Error()
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

func neutralise(s string) string {
	if s == "" {
		return s
	}
	switch first, _ := utf8.DecodeRuneInString(s); first {
	case '=', '+', '-', '@', '\t', '\r', 0, '＝', '＋', '－', '＠':
		return "'" + s
	}
	return s
}
