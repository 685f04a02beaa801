package report

import (
	"io"

	"adiukh/tournament/csvfile"
)

// CSVDialect is the form of a CSV file (csvfile.Dialect).
type CSVDialect = csvfile.Dialect

const (
	// PlainCSV is RFC 4180 for programs (csvfile.Plain).
	PlainCSV = csvfile.Plain
	// ExcelCSV opens in one click in a Russian Excel (csvfile.Excel).
	ExcelCSV = csvfile.Excel
)

// CSVDialects lists the dialects, the default for programs first.
var CSVDialects = csvfile.Dialects

// csvFile is a CSV table of the reports, written by the project's one CSV
// writer; the reports' records (standingsRecord, eventRecord) are its
// methods.
type csvFile struct{ *csvfile.Writer }

func newCSV(w io.Writer, d CSVDialect, what string) csvFile {
	return csvFile{csvfile.New(w, d, what)}
}
