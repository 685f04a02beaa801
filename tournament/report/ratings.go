package report

import (
	"io"
	"strconv"

	"adiukh/tournament/catalog"
	"adiukh/tournament/csvfile"
)

// RatingRow is one person's line of a published rating list.
type RatingRow struct {
	Rank         int
	FederationID string
	Name         string
	LatinName    string
	BirthYear    int
	Sex          string
	Club         string
	Region       string
	Rating       int
	// Change is the last period's change; nil when the person did not
	// play in it.
	Change *int
	Games  int
	K      int
}

// ratingColumns are the columns of a rating list's files, named for
// scripts in the plain CSV (the federation's and FIDE-like tools read them
// by name), in the reader's language in the files people open (the CSV
// for Excel, the workbook).
var ratingColumns = []string{"rank", "federation_id", "name", "latin_name", "birth_year", "sex", "club", "region", "rating", "change", "games", "k"}

// RatingListCSV writes a rating list as CSV in dialect d with a header
// row, Excel's in language loc.
func RatingListCSV(w io.Writer, d CSVDialect, loc catalog.Lang, rows []RatingRow) error {
	f := newCSV(w, d, "rating list")
	f.Write(header(forPeople(d, loc), ratingColumns, nil))
	for _, r := range rows {
		change := ""
		if r.Change != nil {
			change = strconv.Itoa(*r.Change)
		}
		f.Write([]string{strconv.Itoa(r.Rank), csvfile.Text(r.FederationID), csvfile.Text(r.Name), csvfile.Text(r.LatinName), formatInt(r.BirthYear), r.Sex,
			csvfile.Text(r.Club), csvfile.Text(r.Region), strconv.Itoa(r.Rating), change, strconv.Itoa(r.Games), strconv.Itoa(r.K)})
	}
	return f.Close()
}

// RatingListXLSX writes a rating list as an Excel workbook with the
// columns of RatingListCSV headed in language loc: numbers are numbers,
// texts text cells.
func RatingListXLSX(w io.Writer, loc catalog.Lang, rows []RatingRow) error {
	out := make([][]any, len(rows))
	for i, r := range rows {
		var change any
		if r.Change != nil {
			change = *r.Change
		}
		out[i] = []any{r.Rank, r.FederationID, r.Name, r.LatinName, optionalInt(r.BirthYear), r.Sex, r.Club, r.Region, r.Rating, change, r.Games, r.K}
	}
	return writeXLSX(w, "rating list", header(&loc, ratingColumns, nil), out, nil)
}
