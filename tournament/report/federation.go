package report

import (
	"fmt"
	"io"
	"time"
)

// Federation is what a federation loads for its ratings and records: the
// final standings of every event finished in a period.
type Federation struct {
	From, To time.Time // the period asked for; zero when open at that end
	Events   []Standings
}

// federationEventColumns lead every row of the federation CSV: the event the
// row belongs to. The standings columns and the tie-breaks follow.
var federationEventColumns = []string{"event", "discipline_ru", "discipline_en", "start_date", "end_date", "event_city", "rounds"}

// FederationCSV writes the federation export as one UTF-8 CSV table in
// dialect d with a
// row per player per event: the event's columns (federationEventColumns),
// the standings columns of StandingsCSV, then a column per tie-break ID used
// by any of the events, in order of first use; a tie-break an event does not
// rank by is left empty in its rows.
func FederationCSV(w io.Writer, d CSVDialect, f Federation) error {
	var ids []string
	column := map[string]int{}
	for i, s := range f.Events {
		if err := checkStandings(s, false); err != nil {
			return fmt.Errorf("event %d (%s): %w", i+1, s.Event.Name, err)
		}
		for _, tb := range s.TieBreaks {
			if _, ok := column[tb.ID]; !ok {
				column[tb.ID] = len(ids)
				ids = append(ids, tb.ID)
			}
		}
	}
	out := newCSV(w, d, "federation")
	out.write(append(append(append([]string(nil), federationEventColumns...), standingsColumns...), ids...))
	for _, s := range f.Events {
		e := s.Event
		event := []string{out.text(e.Name), out.text(e.Discipline.RU), out.text(e.Discipline.EN), isoDate(e.StartDate), isoDate(e.EndDate), out.text(e.City), formatInt(e.Rounds)}
		for _, r := range s.Rows {
			values := make([]string, len(ids))
			for j, v := range r.TieBreaks {
				values[column[s.TieBreaks[j].ID]] = out.number(v)
			}
			out.write(append(append(append([]string(nil), event...), out.standingsRecord(r)...), values...))
		}
	}
	return out.close()
}

// federationFile is the JSON shape of FederationJSON.
type federationFile struct {
	From   string          `json:"from,omitempty"`
	To     string          `json:"to,omitempty"`
	Events []standingsFile `json:"events"`
}

// FederationJSON writes the federation export as one JSON object: the period
// (from, to; absent when open) and the events, each in the shape of
// StandingsJSON.
func FederationJSON(w io.Writer, f Federation) error {
	file := federationFile{From: isoDate(f.From), To: isoDate(f.To), Events: make([]standingsFile, len(f.Events))}
	for i, s := range f.Events {
		if err := checkStandings(s, false); err != nil {
			return fmt.Errorf("event %d (%s): %w", i+1, s.Event.Name, err)
		}
		file.Events[i] = newStandingsFile(s)
	}
	return writeJSON(w, "federation", file)
}
