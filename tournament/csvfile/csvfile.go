// Package csvfile is the one writer of every CSV file the project writes
// (standings, the federation's files, the audit log, rating lists, the
// openings table): two dialects, one for programs and one for a Russian
// spreadsheet, and text that people typed neutralised so that no formula
// reaches a spreadsheet. It knows nothing of what the tables hold: the
// packages that write them (report, openings) give it rows of text.
package csvfile

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Dialect is the form of a CSV file: the same table for a program or for
// a spreadsheet.
type Dialect string

const (
	// Plain is RFC 4180 for programs: UTF-8 without a byte order mark,
	// commas between fields, a decimal point.
	Plain Dialect = "rfc4180"
	// Excel opens in one click in Excel set up for Russian: UTF-8 with
	// a byte order mark (without it Excel reads the Cyrillic as
	// Windows-1251), semicolons between fields and a decimal comma, as
	// the Russian list separator and decimal symbol are, and CRLF line ends.
	Excel Dialect = "excel"
)

// Dialects lists the dialects, the default for programs first.
var Dialects = []Dialect{Plain, Excel}

// Valid reports whether d is one of Dialects.
func (d Dialect) Valid() bool {
	return d == Plain || d == Excel
}

// Writer writes one CSV table in a dialect. Text that people typed goes
// through Text, numbers through Number, so that neither a formula nor the
// wrong decimal mark reaches a spreadsheet. It writes the records itself
// rather than through encoding/csv, which quotes a field only for its own
// separator: a plain file's field holding a semicolon must be quoted too,
// for a spreadsheet set up with the Russian list separator.
type Writer struct {
	out     *bufio.Writer
	dialect Dialect
	comma   byte
	eol     string
	what    string // names the file in errors
	err     error
}

// New starts a table on w; what names the file in errors.
func New(w io.Writer, d Dialect, what string) *Writer {
	f := &Writer{out: bufio.NewWriter(w), dialect: d, comma: ',', eol: "\n", what: what}
	if d == Excel {
		f.comma, f.eol = ';', "\r\n"
		_, f.err = f.out.WriteString("\ufeff")
	}
	return f
}

// Comment adds a comment line ("# " and the line), which readers that
// know comments (the openings table's) leave aside; a spreadsheet shows
// it as a cell, so it is neutralised as text is.
func (f *Writer) Comment(line string) {
	if f.err == nil {
		_, f.err = f.out.WriteString(Text("# "+line) + f.eol)
	}
}

// Write adds one record; the first error is kept for Close.
func (f *Writer) Write(record []string) {
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

// Close flushes the table and reports the first error on the way.
func (f *Writer) Close() error {
	if f.err == nil {
		f.err = f.out.Flush()
	}
	if f.err != nil {
		return fmt.Errorf("write %s CSV: %w", f.what, f.err)
	}
	return nil
}

// Number writes a number with the dialect's decimal mark.
func (f *Writer) Number(v float64) string {
	s := strconv.FormatFloat(v, 'f', -1, 64)
	if f.dialect == Excel {
		return strings.Replace(s, ".", ",", 1)
	}
	return s
}

// Text neutralises a formula, as OWASP's CSV injection guidance says: a
// cell that begins with =, +, -, @, a tab, a carriage return or a NUL (or
// their full-width forms, which some spreadsheets also read as formulas)
// is prefixed with a single quote, so that a player named
// =HYPERLINK("http://…") is shown as text and never run. Every dialect does
// it: a federation's clerk opens the plain file in a spreadsheet too.
// It quotes every formula that would start a cell: at the start of the
// text, and after each comma, semicolon or tab, where a spreadsheet that
// splits on that separator starts a cell (a plain file opened with the
// Russian list separator splits "semi;=1+2" in two). Spaces and quotes
// before the formula do not hide it.
func Text(s string) string {
	var b strings.Builder
	cellStart := true
	for _, r := range s {
		if cellStart {
			switch {
			case r == ' ' || r == '"':
				b.WriteRune(r)
				continue
			case StartsFormula(r):
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

// ReadText is the text a cell written through Text stands for: the quote
// Text put before each formula is taken away, so that a table written and
// read back (the openings table) is the table it was. A text that held a
// quote before a formula sign of its own reads without it.
func ReadText(cell string) string {
	if !utf8.ValidString(cell) {
		return cell // as it came, for the reader's check to refuse
	}
	var b strings.Builder
	cellStart, quoted := true, false
	for _, r := range cell {
		if quoted {
			quoted = false
			if !StartsFormula(r) {
				b.WriteByte('\'')
			}
		}
		if cellStart {
			switch {
			case r == ' ' || r == '"':
				b.WriteRune(r)
				continue
			case r == '\'':
				quoted, cellStart = true, false
				continue
			}
			cellStart = false
		}
		b.WriteRune(r)
		if r == ',' || r == ';' || r == '\t' {
			cellStart = true
		}
	}
	if quoted {
		b.WriteByte('\'')
	}
	return b.String()
}

// StartsFormula tells whether a cell beginning with r is read as a formula.
func StartsFormula(r rune) bool {
	switch r {
	case '=', '+', '-', '@', '\t', '\r', 0, '＝', '＋', '－', '＠':
		return true
	}
	return false
}
