package report

import (
	"adiukh/tournament/catalog"
	"adiukh/tournament/csvfile"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"time"
)

// Standings files are for programs (a federation's rating office) as much as
// for people: the plain CSV and the JSON name their columns and keys by
// stable English identifiers, whatever the reader's locale, and write dates
// ISO 8601 and numbers with a decimal point. The files people open — the
// CSV dialect for Excel (csv.go) and the workbook (xlsx.go) — head their
// columns in the reader's language (header).

// standingsColumns are the fixed CSV columns; one column per tie-break follows,
// named by the tie-break's ID.
var standingsColumns = []string{"place", "place_last", "start_no", "name", "rating", "birth_year", "club", "city", "federation_id", "federation", "title", "withdrawn", "playoff", "points"}

// StandingsCSV writes the standings as UTF-8 CSV in dialect d with a
// header row: the columns of standingsColumns, then one column per
// tie-break (its ID).
func StandingsCSV(w io.Writer, d CSVDialect, loc catalog.Lang, s Standings) error {
	if err := checkStandings(s, false); err != nil {
		return err
	}
	out := newCSV(w, d, "standings")
	people := forPeople(d, loc)
	out.Write(header(people, standingsColumns, s.TieBreaks))
	for _, r := range s.Rows {
		record := out.standingsRecord(r, people)
		for _, v := range r.TieBreaks {
			record = append(record, out.Number(v))
		}
		out.Write(record)
	}
	return out.Close()
}

// header is a file's header row: its columns, then one per tie-break, by
// their IDs for programs (loc nil), else in the reader's language.
func header(loc *catalog.Lang, columns []string, tieBreaks []TieBreak) []string {
	out := make([]string, 0, len(columns)+len(tieBreaks))
	for _, c := range columns {
		if loc == nil {
			out = append(out, c)
		} else {
			out = append(out, catalog.For(*loc).T("report.file_col."+c))
		}
	}
	for _, tb := range tieBreaks {
		if loc == nil {
			out = append(out, tb.ID)
		} else {
			out = append(out, catalog.For(*loc).TieBreak(tb.ID))
		}
	}
	return out
}

// forPeople is the language a CSV file's header is written in: none (the
// IDs) in the plain CSV for programs, the reader's in Excel's.
func forPeople(d CSVDialect, loc catalog.Lang) *catalog.Lang {
	if d == PlainCSV {
		return nil
	}
	return &loc
}

// markText is the value of a column that marks some rows (withdrawn, a
// place a play-off decided): true or false for programs (loc nil); in the
// files people open, the reader's «да» for a marked row, and nothing for
// the others.
func markText(loc *catalog.Lang, marked bool) string {
	switch {
	case loc == nil:
		return strconv.FormatBool(marked)
	case marked:
		return catalog.For(*loc).T("report.file_withdrawn_yes")
	}
	return ""
}

// standingsRecord is a row's values for the columns of standingsColumns,
// the marks (withdrawn, playoff) for people (loc) or programs (nil).
func (f csvFile) standingsRecord(r StandingsRow, loc *catalog.Lang) []string {
	p := r.Player
	return []string{
		strconv.Itoa(r.Place), strconv.Itoa(placeLast(r)), strconv.Itoa(p.StartNo), csvfile.Text(p.Name), formatInt(p.Rating), formatInt(p.BirthYear),
		csvfile.Text(p.Club), csvfile.Text(p.City), csvfile.Text(p.FederationID), csvfile.Text(p.Federation), csvfile.Text(p.Title), markText(loc, p.Withdrawn), markText(loc, r.Playoff), f.Number(r.Points),
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
		ID            int64        `json:"id,omitempty"`
		System        string       `json:"system,omitempty"`
		Scoring       *scoringFile `json:"scoring,omitempty"`
		Name          string       `json:"name"`
		Game          string       `json:"game"`
		DisciplineRU  string       `json:"discipline_ru,omitempty"`
		DisciplineEN  string       `json:"discipline_en,omitempty"`
		SystemRU      string       `json:"system_ru,omitempty"`
		SystemEN      string       `json:"system_en,omitempty"`
		Venue         string       `json:"venue,omitempty"`
		City          string       `json:"city,omitempty"`
		ChiefArbiter  string       `json:"chief_arbiter,omitempty"`
		StartDate     string       `json:"start_date,omitempty"`
		EndDate       string       `json:"end_date,omitempty"`
		Rounds        int          `json:"rounds"`
		BaseSeconds   int64        `json:"time_control_base_seconds,omitempty"`
		IncrementSecs int64        `json:"time_control_increment_seconds,omitempty"`
	}
	scoringFile struct {
		Win        float64 `json:"win"`
		Draw       float64 `json:"draw"`
		Loss       float64 `json:"loss"`
		Bye        float64 `json:"bye"`
		ForfeitWin float64 `json:"forfeit_win"`
	}
	gameFile struct {
		Round    int    `json:"round"`
		Opponent int    `json:"opponent,omitempty"` // start number
		Colour   string `json:"colour,omitempty"`   // "white", "black"
		Result   string `json:"result"`             // resultKinds
		Score    string `json:"score,omitempty"`    // own:opponent's Adiukh points, "17:7"
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
		Federation   string             `json:"federation,omitempty"`
		Title        string             `json:"title,omitempty"`
		Withdrawn    bool               `json:"withdrawn,omitempty"`
		Playoff      bool               `json:"playoff,omitempty"` // a play-off decided the place
		Points       float64            `json:"points"`
		TieBreaks    map[string]float64 `json:"tie_breaks"`
		Games        []gameFile         `json:"games,omitempty"`
	}
)

// resultKinds name the kinds of result in the data files.
var resultKinds = map[ResultKind]string{
	NotPlayed: "pending", Played: "played", Forfeit: "forfeit", DoubleForfeit: "double_forfeit", Unscored: "score_unknown",
	PairingBye: "bye", HalfPointBye: "half_point_bye", ZeroPointBye: "zero_point_bye", Absent: "absent",
}

// colourNames name the colours in the data files.
var colourNames = map[Colour]string{White: "white", Black: "black"}

// gameScoreText writes a result as the data files do: "17:7" from the player's
// side; "" for a bye or a round without a game.
func gameScoreText(g GameScore) string {
	if g.Shown != "" && (g.Kind == Played || g.Kind == Forfeit || g.Kind == DoubleForfeit || g.Kind == Unscored) {
		return g.Shown
	}
	switch g.Kind {
	case Played, Forfeit, DoubleForfeit:
		return strconv.Itoa(g.Own) + ":" + strconv.Itoa(g.Opponent)
	case Unscored:
		return unscoredText(g)
	}
	return ""
}

// StandingsJSON writes the standings as one JSON object: the event, the round
// they are after, the tie-breaks in order (ID and both names) and a row per
// player whose tie_breaks object is keyed by tie-break ID.
func StandingsJSON(w io.Writer, s Standings) error {
	if err := checkStandings(s, false); err != nil {
		return err
	}
	return writeJSON(w, "standings", newStandingsFile(s, false))
}

// newStandingsFile is the JSON shape of one event's standings, shared by
// StandingsJSON and FederationJSON; withGames adds every player's games.
func newStandingsFile(s Standings, withGames bool) standingsFile {
	e := s.Event
	var scoring *scoringFile
	if e.Scoring != (Scoring{}) {
		sc := e.Scoring
		scoring = &scoringFile{Win: sc.Win, Draw: sc.Draw, Loss: sc.Loss, Bye: sc.Bye, ForfeitWin: sc.ForfeitWin}
	}
	file := standingsFile{
		Event: eventFile{
			ID: e.ID, System: e.SystemID, Scoring: scoring,
			Name: e.Name, Game: e.Game, DisciplineRU: disciplineName(catalog.Russian, e), DisciplineEN: disciplineName(catalog.English, e),
			SystemRU: systemName(catalog.Russian, e.SystemID), SystemEN: systemName(catalog.English, e.SystemID), Venue: e.Venue, City: e.City, ChiefArbiter: e.ChiefArbiter,
			StartDate: isoDate(e.StartDate), EndDate: isoDate(e.EndDate), Rounds: e.Rounds,
			BaseSeconds: int64(e.TimeControl.Base.Seconds()), IncrementSecs: int64(e.TimeControl.Increment.Seconds()),
		},
		AfterRound: s.AfterRound,
		TieBreaks:  make([]tieBreakFile, len(s.TieBreaks)),
		Standings:  make([]standingFile, len(s.Rows)),
	}
	for i, tb := range s.TieBreaks {
		file.TieBreaks[i] = tieBreakFile{ID: tb.ID, NameRU: catalog.For(catalog.Russian).TieBreak(tb.ID), NameEN: catalog.For(catalog.English).TieBreak(tb.ID)}
	}
	for i, r := range s.Rows {
		p := r.Player
		values := make(map[string]float64, len(r.TieBreaks))
		for j, v := range r.TieBreaks {
			values[s.TieBreaks[j].ID] = v
		}
		file.Standings[i] = standingFile{
			Place: r.Place, PlaceLast: placeLast(r), StartNo: p.StartNo, Name: p.Name, Rating: p.Rating, BirthYear: p.BirthYear,
			Club: p.Club, City: p.City, FederationID: p.FederationID, Federation: p.Federation, Title: p.Title, Withdrawn: p.Withdrawn,
			Playoff: r.Playoff, Points: r.Points, TieBreaks: values,
		}
		if withGames {
			for _, g := range r.Games {
				file.Standings[i].Games = append(file.Standings[i].Games, gameFile{
					Round: g.Round, Opponent: g.Opponent, Colour: colourNames[g.Colour], Result: resultKinds[g.Score.Kind], Score: gameScoreText(g.Score),
				})
			}
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
