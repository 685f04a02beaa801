package report

import (
	"fmt"
	"io"
	"strconv"

	"adiukh/tournament/catalog"

	"github.com/xuri/excelize/v2"
)

// StandingsXLSX writes the standings as an Excel workbook with the columns
// of StandingsCSV headed in the reader's language: numbers are numbers,
// every text is a text cell (a name like =HYPERLINK(…) is never a
// formula), the header row stays in view.
func StandingsXLSX(w io.Writer, loc catalog.Lang, s Standings) error {
	if err := checkStandings(s, false); err != nil {
		return err
	}
	rows := make([][]any, 0, len(s.Rows))
	for _, r := range s.Rows {
		p := r.Player
		row := []any{r.Place, placeLast(r), p.StartNo, p.Name, optionalInt(p.Rating), optionalInt(p.BirthYear), p.Club, p.City, p.FederationID, p.Federation, p.Title, markText(&loc, p.Withdrawn), markText(&loc, r.Playoff), r.Points}
		for _, v := range r.TieBreaks {
			row = append(row, v)
		}
		rows = append(rows, row)
	}
	return writeXLSX(w, "standings", header(&loc, standingsColumns, s.TieBreaks), rows, eventProperties(loc, s.Event))
}

// TeamStandingsXLSX writes the team standings as an Excel workbook with the
// columns of TeamStandingsCSV headed in the reader's language.
func TeamStandingsXLSX(w io.Writer, loc catalog.Lang, s TeamStandings) error {
	if err := checkTeamStandings(s); err != nil {
		return err
	}
	rows := make([][]any, 0, len(s.Rows))
	for _, r := range s.Rows {
		t := r.Team
		row := []any{r.Place, max(r.Place, r.PlaceLast), t.StartNo, t.Name, t.Club, t.City, markText(&loc, t.Withdrawn), markText(&loc, r.Playoff), r.MatchPoints, r.GamePoints}
		for _, v := range r.TieBreaks {
			row = append(row, v)
		}
		rows = append(rows, row)
	}
	return writeXLSX(w, "team standings", header(&loc, teamStandingsColumns, s.TieBreaks), rows, eventProperties(loc, s.Event))
}

// optionalInt leaves an unknown number (0) as an empty cell.
func optionalInt(n int) any {
	if n == 0 {
		return nil
	}
	return n
}

// eventProperties are the workbook's properties of an event's document:
// its name, its discipline with its game in the reader's language, and the
// game by its API spelling among the keywords, which the columns have no
// place for.
func eventProperties(loc catalog.Lang, e Event) *excelize.DocProperties {
	return &excelize.DocProperties{Title: e.Name, Subject: disciplineName(loc, e), Keywords: "game:" + e.Game}
}

// writeXLSX writes one sheet: a bold header row, frozen, and the rows;
// what names the file in errors, props (when not nil) its properties.
func writeXLSX(w io.Writer, what string, header []string, rows [][]any, props *excelize.DocProperties) error {
	f := excelize.NewFile()
	defer f.Close()
	const sheet = "Sheet1"
	fail := func(err error) error { return fmt.Errorf("write %s XLSX: %w", what, err) }
	if props != nil {
		if err := f.SetDocProps(props); err != nil {
			return fail(err)
		}
	}
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		return fail(err)
	}
	for i, h := range header {
		cell, err := excelize.CoordinatesToCellName(i+1, 1)
		if err != nil {
			return fail(err)
		}
		if err := f.SetCellStr(sheet, cell, h); err != nil {
			return fail(err)
		}
	}
	if err := f.SetRowStyle(sheet, 1, 1, bold); err != nil {
		return fail(err)
	}
	for r, row := range rows {
		for c, v := range row {
			cell, err := excelize.CoordinatesToCellName(c+1, r+2)
			if err != nil {
				return fail(err)
			}
			switch v := v.(type) {
			case nil:
				continue
			case string:
				// A text cell, whatever it starts with.
				err = f.SetCellStr(sheet, cell, v)
			case bool:
				err = f.SetCellStr(sheet, cell, strconv.FormatBool(v))
			default:
				err = f.SetCellValue(sheet, cell, v)
			}
			if err != nil {
				return fail(err)
			}
		}
	}
	if err := f.SetPanes(sheet, &excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return fail(err)
	}
	if err := f.Write(w); err != nil {
		return fail(err)
	}
	return nil
}
