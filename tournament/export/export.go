// Package export produces the documents of an event: the PDFs an arbiter
// prints, the standings files, the games as PDN, the event as a FIDE
// tournament report file (TRF), and the federation's export of finished
// events. It reads through tournament.Service, so the
// caller's visibility rules apply (anonymous callers see public events and
// published rounds), fills the views of tournament/report (views.go), replays
// score sheets with rules, and writes the files.
//
// The API and the command line both call it; it knows nothing of HTTP or
// flags. Every method writes one whole document to w and returns the
// service's *tournament.Error for what the caller asked wrongly.
package export

import (
	"context"
	"io"

	"adiukh/tournament"
	"adiukh/tournament/report"
)

// Exporter writes the documents of the events a service holds.
type Exporter struct {
	events *tournament.Service
}

// New returns an exporter reading from events.
func New(events *tournament.Service) *Exporter {
	return &Exporter{events: events}
}

// individualEvent refuses the documents of a team event: its tables rank
// teams and its rounds are matches, which the views here do not hold yet.
func (x *Exporter) individualEvent(ctx context.Context, eventID int64) error {
	e, err := x.events.Event(ctx, eventID)
	if err != nil {
		return err
	}
	if e.Discipline.IsTeam() {
		return tournament.Invalid("event", "event %d is a team event (%s): its documents are not printed yet; the JSON API has its standings and crosstable", eventID, e.Discipline)
	}
	return nil
}

// eventData reads an individual event with its players and rounds.
func (x *Exporter) eventData(ctx context.Context, eventID int64) (*tournament.EventData, error) {
	if err := x.individualEvent(ctx, eventID); err != nil {
		return nil, err
	}
	return x.events.EventData(ctx, eventID)
}

// standings reads the standings after round afterRound (0: after the last
// finished round) with the players' details and games.
func (x *Exporter) standings(ctx context.Context, eventID int64, afterRound int) (report.Standings, bool, error) {
	if err := x.individualEvent(ctx, eventID); err != nil {
		return report.Standings{}, false, err
	}
	ct, err := x.events.CrosstableAfter(ctx, eventID, afterRound)
	if err != nil {
		return report.Standings{}, false, err
	}
	s, err := StandingsView(ct)
	return s, ct.Event.System.IsRoundRobin(), err
}

// StandingsPDF writes the standings after round afterRound (0: after the
// last finished round) with the event's tie-breaks.
func (x *Exporter) StandingsPDF(ctx context.Context, w io.Writer, loc report.Locale, eventID int64, afterRound int) error {
	s, _, err := x.standings(ctx, eventID, afterRound)
	if err != nil {
		return err
	}
	return report.StandingsPDF(w, loc, s)
}

// StandingsCSV writes the standings as CSV (see report.StandingsCSV).
func (x *Exporter) StandingsCSV(ctx context.Context, w io.Writer, eventID int64, afterRound int) error {
	s, _, err := x.standings(ctx, eventID, afterRound)
	if err != nil {
		return err
	}
	return report.StandingsCSV(w, s)
}

// StandingsJSON writes the standings as JSON (see report.StandingsJSON).
func (x *Exporter) StandingsJSON(ctx context.Context, w io.Writer, eventID int64, afterRound int) error {
	s, _, err := x.standings(ctx, eventID, afterRound)
	if err != nil {
		return err
	}
	return report.StandingsJSON(w, s)
}

// CrosstablePDF writes the crosstable of every published round: the grid of
// a round robin, the progress table (opponent, colour, score per round) of a
// Swiss event, with the standings after the last finished round.
func (x *Exporter) CrosstablePDF(ctx context.Context, w io.Writer, loc report.Locale, eventID int64) error {
	s, roundRobin, err := x.standings(ctx, eventID, 0)
	if err != nil {
		return err
	}
	if roundRobin {
		return report.CrosstablePDF(w, loc, s)
	}
	return report.ProgressPDF(w, loc, s)
}

// PairingsPDF writes the pairing list of round n; publicURL, the address of
// the public pairings page, is printed as a QR code when not empty.
func (x *Exporter) PairingsPDF(ctx context.Context, w io.Writer, loc report.Locale, eventID int64, n int, publicURL string) error {
	d, err := x.eventData(ctx, eventID)
	if err != nil {
		return err
	}
	p, err := PairingsView(d, n, publicURL)
	if err != nil {
		return err
	}
	return report.PairingsPDF(w, loc, p)
}

// ScoreSheetsPDF writes a pre-filled score sheet for every board of round n
// that is to be played.
func (x *Exporter) ScoreSheetsPDF(ctx context.Context, w io.Writer, loc report.Locale, eventID int64, n int) error {
	d, err := x.eventData(ctx, eventID)
	if err != nil {
		return err
	}
	sheets, err := ScoreSheetsView(d, n)
	if err != nil {
		return err
	}
	return report.ScoreSheetsPDF(w, loc, sheets)
}

// MaxBlankSheets bounds one request for blank score sheets: a round of the
// biggest event, and a document a printer takes in one go.
const MaxBlankSheets = 200

// BlankScoreSheetsPDF writes count blank score sheets with the event's
// particulars filled in; eventID 0 leaves the event to be written by hand too.
func (x *Exporter) BlankScoreSheetsPDF(ctx context.Context, w io.Writer, loc report.Locale, eventID int64, count int) error {
	if count < 1 || count > MaxBlankSheets {
		return tournament.Invalid("count", "the number of blank score sheets must be from 1 to %d; got %d", MaxBlankSheets, count)
	}
	var sheet report.ScoreSheet
	if eventID != 0 {
		e, err := x.events.Event(ctx, eventID)
		if err != nil {
			return err
		}
		sheet.Event = EventView(e)
	}
	sheets := make([]report.ScoreSheet, count)
	for i := range sheets {
		sheets[i] = sheet
	}
	return report.ScoreSheetsPDF(w, loc, sheets)
}

// GameRecordPDF writes the record of the game on board b of round n: its
// moves and the start (when not the initial position) and final positions.
// The game needs a score sheet whose moves replay.
func (x *Exporter) GameRecordPDF(ctx context.Context, w io.Writer, loc report.Locale, eventID int64, n, b int) error {
	d, err := x.eventData(ctx, eventID)
	if err != nil {
		return err
	}
	rec, err := GameRecordView(d, n, b)
	if err != nil {
		return err
	}
	return report.GameRecordPDF(w, loc, rec)
}
