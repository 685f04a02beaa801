// Package export produces the documents of an event: the PDFs an arbiter
// prints, the standings files, the games as PDN, the event as a FIDE
// tournament report file (TRF), and the federation's export of finished
// events. It reads through tournament.Service and, for a team
// competition, teams.Service, so the
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
	"time"

	"adiukh/tournament"
	"adiukh/tournament/brackets"
	"adiukh/tournament/catalog"
	"adiukh/tournament/knockout"
	"adiukh/tournament/playoff"
	"adiukh/tournament/report"
	"adiukh/tournament/teams"
)

// Exporter writes the documents of the events a service holds.
type Exporter struct {
	events   *tournament.Service
	teams    *teams.Service
	days     RoundDays
	matches  *knockout.Service
	playoffs *playoff.Service
	now      func() time.Time
}

// RoundDays tells the days an event's published rounds were played, by
// round number (schedule.Service RoundDays): PDN dates its games by them.
type RoundDays interface {
	RoundDays(ctx context.Context, eventID int64) (map[int]time.Time, error)
}

// New returns an exporter reading from events and their team competitions
// (teams), the games of knockout events' matches (matches) and the
// play-offs of events' ties (playoffs), dating games by days; its documents
// carry the time they were printed by the computer's clock.
func New(events *tournament.Service, teams *teams.Service, days RoundDays, matches *knockout.Service, playoffs *playoff.Service) *Exporter {
	return &Exporter{events: events, teams: teams, days: days, matches: matches, playoffs: playoffs, now: time.Now}
}

// WithClock returns the exporter with its documents stamped by now.
func (x *Exporter) WithClock(now func() time.Time) *Exporter {
	c := *x
	c.now = now
	return &c
}

// stamp sets the time the document is printed on the headers of its views,
// in the event's zone.
func (x *Exporter) stamp(events ...*report.Event) {
	t := x.now()
	for _, e := range events {
		e.Printed = t
		if e.Zone != nil {
			e.Printed = t.In(e.Zone)
		}
	}
}

// individualEvent refuses the documents only an individual event has (game
// records, TRF): a team event's rounds are matches, printed as match cards
// and team tables instead (its games' PDN reads them, pdnBoards).
func (x *Exporter) individualEvent(ctx context.Context, eventID int64) error {
	team, err := x.isTeamEvent(ctx, eventID)
	if err != nil {
		return err
	}
	if team {
		return tournament.Invalid("event", "this is a team event: this document exists for individual events only; a team event has its team standings, crosstable, match cards and score sheets")
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
// finished round) with the players' details and games, and the event.
// The callers have sent team events to their team tables.
func (x *Exporter) standings(ctx context.Context, eventID int64, afterRound int) (report.Standings, *tournament.Event, error) {
	ct, err := x.teams.CrosstableAfter(ctx, eventID, afterRound)
	if err != nil {
		return report.Standings{}, nil, err
	}
	s, err := StandingsView(ct)
	return s, ct.Event, err
}

// teamStandings reads the team standings of a team event after round
// afterRound (0: after the last finished round); ok is false for an
// individual event.
func (x *Exporter) teamStandings(ctx context.Context, eventID int64, afterRound int) (s report.TeamStandings, ok bool, err error) {
	team, err := x.isTeamEvent(ctx, eventID)
	if err != nil || !team {
		return report.TeamStandings{}, false, err
	}
	st, err := x.teams.TeamStandings(ctx, eventID, afterRound)
	if err != nil {
		return report.TeamStandings{}, true, err
	}
	d, err := x.teams.TeamEventData(ctx, eventID)
	if err != nil {
		return report.TeamStandings{}, true, err
	}
	return TeamStandingsView(st, d.Teams), true, nil
}

// StandingsPDF writes the standings after round afterRound (0: after the
// last finished round) with the event's tie-breaks; those of a team event
// rank the teams by match points.
func (x *Exporter) StandingsPDF(ctx context.Context, w io.Writer, loc catalog.Lang, eventID int64, afterRound int) error {
	if ts, team, err := x.teamStandings(ctx, eventID, afterRound); team || err != nil {
		if err != nil {
			return err
		}
		x.stamp(&ts.Event)
		return report.TeamStandingsPDF(w, loc, ts)
	}
	s, e, err := x.standings(ctx, eventID, afterRound)
	if err != nil {
		return err
	}
	if e.System == tournament.Knockout {
		return x.bracketOf(ctx, w, loc, eventID)
	}
	x.stamp(&s.Event)
	return report.StandingsPDF(w, loc, s)
}

// bracketOf prints a knockout event's bracket in place of its standings
// and crosstable: its matches are not games of a table, and points and
// tie-breaks would read a match as a game of 2:0 and rank those knocked
// out in one round against each other.
func (x *Exporter) bracketOf(ctx context.Context, w io.Writer, loc catalog.Lang, eventID int64) error {
	b, err := x.matches.Bracket(ctx, eventID)
	if err != nil {
		return err
	}
	return x.BracketPDF(w, loc, &brackets.Bracket{Matches: b})
}

// StandingsCSV writes the standings as CSV in dialect d, Excel's headed in
// language loc (see report.StandingsCSV and, for a team event,
// report.TeamStandingsCSV).
func (x *Exporter) StandingsCSV(ctx context.Context, w io.Writer, d report.CSVDialect, loc catalog.Lang, eventID int64, afterRound int) error {
	if ts, team, err := x.teamStandings(ctx, eventID, afterRound); team || err != nil {
		if err != nil {
			return err
		}
		return report.TeamStandingsCSV(w, d, loc, ts)
	}
	s, _, err := x.standings(ctx, eventID, afterRound)
	if err != nil {
		return err
	}
	return report.StandingsCSV(w, d, loc, s)
}

// StandingsXLSX writes the standings as an Excel workbook headed in
// language loc (see report.StandingsXLSX and, for a team event,
// report.TeamStandingsXLSX).
func (x *Exporter) StandingsXLSX(ctx context.Context, w io.Writer, loc catalog.Lang, eventID int64, afterRound int) error {
	if ts, team, err := x.teamStandings(ctx, eventID, afterRound); team || err != nil {
		if err != nil {
			return err
		}
		return report.TeamStandingsXLSX(w, loc, ts)
	}
	s, _, err := x.standings(ctx, eventID, afterRound)
	if err != nil {
		return err
	}
	return report.StandingsXLSX(w, loc, s)
}

// StandingsJSON writes the standings as JSON (see report.StandingsJSON and,
// for a team event, report.TeamStandingsJSON).
func (x *Exporter) StandingsJSON(ctx context.Context, w io.Writer, eventID int64, afterRound int) error {
	if ts, team, err := x.teamStandings(ctx, eventID, afterRound); team || err != nil {
		if err != nil {
			return err
		}
		return report.TeamStandingsJSON(w, ts)
	}
	s, _, err := x.standings(ctx, eventID, afterRound)
	if err != nil {
		return err
	}
	return report.StandingsJSON(w, s)
}

// CrosstablePDF writes the crosstable of every published round: the grid of
// a round robin, the progress table (opponent, colour, score per round) of a
// Swiss event, with the standings after the last finished round. A team
// event's tables hold the matches' game points instead.
func (x *Exporter) CrosstablePDF(ctx context.Context, w io.Writer, loc catalog.Lang, eventID int64) error {
	team, err := x.isTeamEvent(ctx, eventID)
	if err != nil {
		return err
	}
	if team {
		return x.teamCrosstablePDF(ctx, w, loc, eventID)
	}
	s, e, err := x.standings(ctx, eventID, 0)
	if err != nil {
		return err
	}
	if e.System == tournament.Knockout {
		return x.bracketOf(ctx, w, loc, eventID)
	}
	x.stamp(&s.Event)
	if e.System.IsRoundRobin() {
		return report.CrosstablePDF(w, loc, s)
	}
	return report.ProgressPDF(w, loc, s)
}

// PairingsPDF writes the pairing list of round n; publicURL, the address of
// the public pairings page, is printed as a QR code when not empty. A team
// event's round is printed as its match cards.
func (x *Exporter) PairingsPDF(ctx context.Context, w io.Writer, loc catalog.Lang, eventID int64, n int, publicURL string) error {
	team, err := x.isTeamEvent(ctx, eventID)
	if err != nil {
		return err
	}
	if team {
		return x.matchCardsPDF(ctx, w, loc, eventID, n)
	}
	d, err := x.eventData(ctx, eventID)
	if err != nil {
		return err
	}
	p, err := PairingsView(d, n, publicURL, loc)
	if err != nil {
		return err
	}
	x.stamp(&p.Event)
	return report.PairingsPDF(w, loc, p)
}

// ScoreSheetsPDF writes a pre-filled score sheet for every board of round n
// that is to be played; in a team event, with the players' teams; in a
// knockout, for every game of its matches (MatchScoreSheetsView).
func (x *Exporter) ScoreSheetsPDF(ctx context.Context, w io.Writer, loc catalog.Lang, eventID int64, n int) error {
	team, err := x.isTeamEvent(ctx, eventID)
	if err != nil {
		return err
	}
	if team {
		return x.teamScoreSheetsPDF(ctx, w, loc, eventID, n)
	}
	d, err := x.eventData(ctx, eventID)
	if err != nil {
		return err
	}
	if d.Event.System == tournament.Knockout {
		b, err := x.matches.Bracket(ctx, eventID)
		if err != nil {
			return err
		}
		sheets, err := MatchScoreSheetsView(d, b, n)
		if err != nil {
			return err
		}
		return x.scoreSheetsPDF(w, loc, sheets)
	}
	sheets, err := ScoreSheetsView(d, n, loc)
	if err != nil {
		return err
	}
	return x.scoreSheetsPDF(w, loc, sheets)
}

// MaxBlankSheets bounds one request for blank score sheets: a round of the
// biggest event, and a document a printer takes in one go.
const MaxBlankSheets = 200

// BlankScoreSheetsPDF writes count blank score sheets with the event's
// particulars filled in; eventID 0 leaves the event to be written by hand too.
func (x *Exporter) BlankScoreSheetsPDF(ctx context.Context, w io.Writer, loc catalog.Lang, eventID int64, count int) error {
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
	return x.scoreSheetsPDF(w, loc, sheets)
}

// GameRecordPDF writes the record of the game on board b of round n: its
// moves and the start (when not the initial position) and final positions.
// The game needs a score sheet whose moves replay.
func (x *Exporter) GameRecordPDF(ctx context.Context, w io.Writer, loc catalog.Lang, eventID int64, n, b int) error {
	d, err := x.eventData(ctx, eventID)
	if err != nil {
		return err
	}
	rec, err := GameRecordView(d, n, b)
	if err != nil {
		return err
	}
	x.stamp(&rec.Event)
	return report.GameRecordPDF(w, loc, rec)
}

// MicroGameRecordPDF writes the record of game 1 or 2 of the micro-match
// on board b of round n (MicroGameRecordView).
func (x *Exporter) MicroGameRecordPDF(ctx context.Context, w io.Writer, loc catalog.Lang, eventID int64, n, b, game int) error {
	d, err := x.eventData(ctx, eventID)
	if err != nil {
		return err
	}
	rec, err := MicroGameRecordView(d, n, b, game, loc)
	if err != nil {
		return err
	}
	x.stamp(&rec.Event)
	return report.GameRecordPDF(w, loc, rec)
}

// scoreSheetsPDF writes score sheets stamped with the time they are printed.
func (x *Exporter) scoreSheetsPDF(w io.Writer, loc catalog.Lang, sheets []report.ScoreSheet) error {
	for i := range sheets {
		x.stamp(&sheets[i].Event)
	}
	return report.ScoreSheetsPDF(w, loc, sheets)
}
