package report

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"time"
)

// Standings files are for programs (a federation's rating office) as much as
// for people, so their column names and keys are stable English identifiers
// and dates ISO 8601, whatever the reader's locale; numbers use a decimal
// point, except in the CSV dialect for Excel (csv.go).

// standingsColumns are the fixed CSV columns; one column per tie-break follows,
// named by the tie-break's ID.
var standingsColumns = []string{"place", "place_last", "start_no", "name", "rating", "birth_year", "club", "city", "federation_id", "withdrawn", "points"}

// StandingsCSV writes the standings as UTF-8 CSV in dialect d with a
// header row: the columns of standingsColumns, then one column per
// tie-break (its ID).
func StandingsCSV(w io.Writer, d CSVDialect, s Standings) error {
	if err := checkStandings(s, false); err != nil {
		return err
	}
	out := newCSV(w, d, "standings")
	header := append([]string(nil), standingsColumns...)
	for _, tb := range s.TieBreaks {
		header = append(header, tb.ID)
	}
	out.write(header)
	for _, r := range s.Rows {
		record := out.standingsRecord(r)
		for _, v := range r.TieBreaks {
			record = append(record, out.number(v))
		}
		out.write(record)
	}
	return out.close()
}

// standingsRecord is a row's values for the columns of standingsColumns.
func (f *csvFile) standingsRecord(r StandingsRow) []string {
	p := r.Player
	return []string{
		strconv.Itoa(r.Place), strconv.Itoa(placeLast(r)), strconv.Itoa(p.StartNo), f.text(p.Name), formatInt(p.Rating), formatInt(p.BirthYear),
		f.text(p.Club), f.text(p.City), f.text(p.FederationID), strconv.FormatBool(p.Withdrawn), f.number(r.Points),
	}
}

// placeLast is the last place of the row's group: its own place when unshared.
func placeLast(r StandingsRow) int {
	return max(r.Place, r.PlaceLast)
}

func isoDate(d time.Time) string {
	if d.IsZero() {
		return ""
	}
	return d.Format(time.DateOnly)
}

// The JSON shape of StandingsJSON.
type (
	standingsFile struct {
		Event      eventFile      `json:"event"`
		AfterRound int            `json:"after_round"`
		TieBreaks  []tieBreakFile `json:"tie_breaks"`
		Standings  []standingFile `json:"standings"`
	}
	eventFile struct {
		Name          string `json:"name"`
		DisciplineRU  string `json:"discipline_ru,omitempty"`
		DisciplineEN  string `json:"discipline_en,omitempty"`
		SystemRU      string `json:"system_ru,omitempty"`
		SystemEN      string `json:"system_en,omitempty"`
		Venue         string `json:"venue,omitempty"`
		City          string `json:"city,omitempty"`
		ChiefArbiter  string `json:"chief_arbiter,omitempty"`
		StartDate     string `json:"start_date,omitempty"`
		EndDate       string `json:"end_date,omitempty"`
		Rounds        int    `json:"rounds"`
		BaseSeconds   int64  `json:"time_control_base_seconds,omitempty"`
		IncrementSecs int64  `json:"time_control_increment_seconds,omitempty"`
	}
	tieBreakFile struct {
		ID     string `json:"id"`
		NameRU string `json:"name_ru"`
		NameEN string `json:"name_en,omitempty"`
	}
	standingFile struct {
		Place        int                `json:"place"`
		PlaceLast    int                `json:"place_last"`
		StartNo      int                `json:"start_no"`
		Name         string             `json:"name"`
		Rating       int                `json:"rating,omitempty"`
		BirthYear    int                `json:"birth_year,omitempty"`
		Club         string             `json:"club,omitempty"`
		City         string             `json:"city,omitempty"`
		FederationID string             `json:"federation_id,omitempty"`
		Withdrawn    bool               `json:"withdrawn,omitempty"`
		Points       float64            `json:"points"`
		TieBreaks    map[string]float64 `json:"tie_breaks"`
	}
)

// StandingsJSON writes the standings as one JSON object: the event, the round
// they are after, the tie-breaks in order (ID and both names) and a row per
// player whose tie_breaks object is keyed by tie-break ID.
func StandingsJSON(w io.Writer, s Standings) error {
	if err := checkStandings(s, false); err != nil {
		return err
	}
	return writeJSON(w, "standings", newStandingsFile(s))
}

// newStandingsFile is the JSON shape of one event's standings, shared by
// StandingsJSON and FederationJSON.
func newStandingsFile(s Standings) standingsFile {
	e := s.Event
	file := standingsFile{
		Event: eventFile{
			Name: e.Name, DisciplineRU: e.Discipline.RU, DisciplineEN: e.Discipline.EN,
			SystemRU: e.System.RU, SystemEN: e.System.EN, Venue: e.Venue, City: e.City, ChiefArbiter: e.ChiefArbiter,
			StartDate: isoDate(e.StartDate), EndDate: isoDate(e.EndDate), Rounds: e.Rounds,
			BaseSeconds: int64(e.TimeControl.Base.Seconds()), IncrementSecs: int64(e.TimeControl.Increment.Seconds()),
		},
		AfterRound: s.AfterRound,
		TieBreaks:  make([]tieBreakFile, len(s.TieBreaks)),
		Standings:  make([]standingFile, len(s.Rows)),
	}
	for i, tb := range s.TieBreaks {
		file.TieBreaks[i] = tieBreakFile{ID: tb.ID, NameRU: tb.Name.RU, NameEN: tb.Name.EN}
	}
	for i, r := range s.Rows {
		p := r.Player
		values := make(map[string]float64, len(r.TieBreaks))
		for j, v := range r.TieBreaks {
			values[s.TieBreaks[j].ID] = v
		}
		file.Standings[i] = standingFile{
			Place: r.Place, PlaceLast: placeLast(r), StartNo: p.StartNo, Name: p.Name, Rating: p.Rating, BirthYear: p.BirthYear,
			Club: p.Club, City: p.City, FederationID: p.FederationID, Withdrawn: p.Withdrawn,
			Points: r.Points, TieBreaks: values,
		}
	}
	return file
}

// writeJSON writes v indented; what names the file in an error.
func writeJSON(w io.Writer, what string, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("write %s JSON: %w", what, err)
	}
	return nil
}
