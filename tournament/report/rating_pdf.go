package report

import (
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"adiukh/tournament/catalog"
)

// RatingOptions are the options a rating period was rated with.
type RatingOptions struct {
	Initial    int
	PointShare bool // s is the points' share instead of 1, ½, 0
}

// RatingFilter is what a printed list was narrowed by, as its page reads
// it; empty fields narrow nothing.
type RatingFilter struct {
	Query, Region, Club, Sex, Age string
}

// RatingList is a published rating list as printed: its list ("standard",
// "rapid", "blitz", named from the catalogue), the end of the period it
// was published after (zero before the first) with its options, and its
// rows, narrowed by Filter.
type RatingList struct {
	List    string
	Until   time.Time
	Options RatingOptions
	Filter  RatingFilter
	Rows    []RatingRow
	Printed time.Time
}

// RatingLine is one game of a person's report in a period: the opponent
// and their rating before the period, D, E, s and the score from the
// person's side. A correction has S = s(new) − s(old) and no D or E, and
// may say where the corrected game was played: Event ("" when it does
// not), Round and Board.
type RatingLine struct {
	Opponent       string
	OpponentRating int
	D              int
	E, S           float64
	Points         int
	OpponentPoints int
	Correction     bool
	Event          string
	Round, Board   int
}

// RatingChange is one person's part of a rating report: the rating
// before and after the whole period with its K, and the lines reported
// with their Σ(s − E).
type RatingChange struct {
	Name         string
	FederationID string
	Old, New, K  int
	Lines        []RatingLine
	Sum          float64
}

// RatingReport is one closed period of a list with the changes reported.
type RatingReport struct {
	List    string
	Until   time.Time
	Options RatingOptions
	Changes []RatingChange
}

// EventRating is what the lists made of one event's games: the periods
// that rated them or carried their corrections, oldest first. Without a
// period, Pending tells an event rated but not yet from one not rated.
type EventRating struct {
	Event   Event
	Pending bool
	Periods []RatingReport
	// Unlinked names the players not linked to the register, whose games
	// are not rated.
	Unlinked []string
}

// listName is a list's name in the language: its discipline's, as the
// rules name it ("Молниеносная игра").
func listName(loc catalog.Lang, list string) string {
	return catalog.For(loc).T("rating_list." + list)
}

// periodTitle names the period a list was published after.
func periodTitle(loc catalog.Lang, until time.Time) string {
	if until.IsZero() {
		return text(loc, msgRatingNotPublished)
	}
	return text(loc, msgRatingAfterPeriod, formatDate(loc, until))
}

// optionsNote says what a period was rated with.
func optionsNote(loc catalog.Lang, o RatingOptions) string {
	scoring := text(loc, msgRatingScoreWinDraw)
	if o.PointShare {
		scoring = text(loc, msgRatingScoreShare)
	}
	return text(loc, msgRatingOptions, o.Initial, scoring)
}

// filterNote says what a printed list is narrowed by, "" for nothing.
func filterNote(loc catalog.Lang, f RatingFilter) string {
	var parts []string
	if f.Sex != "" {
		f.Sex = catalog.For(loc).T("entries.sex." + f.Sex)
	}
	for _, p := range []struct {
		label msg
		value string
	}{{msgRatingSearch, f.Query}, {msgRatingInRegion, f.Region}, {msgRatingInClub, f.Club}, {msgRatingSex, f.Sex}, {msgRatingAge, f.Age}} {
		if p.value != "" {
			parts = append(parts, text(loc, p.label)+": "+p.value)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return text(loc, msgRatingFilter, strings.Join(parts, "; "))
}

// RatingListPDF prints a published list as its page shows it, narrowed by
// the same filter: rank, federation ID, name, birth year, club, region,
// rating, the last period's change, rated games and K; headed by the
// list's name and the period's date, with the options it was rated with.
func RatingListPDF(w io.Writer, loc catalog.Lang, l RatingList) error {
	d := newDocument(loc, Event{Name: text(loc, msgRatingList, listName(loc, l.List)), Printed: l.Printed}, periodTitle(loc, l.Until))
	d.withPageNumbers()
	cells := make([][]cell, len(l.Rows))
	for i, r := range l.Rows {
		change := ""
		if r.Change != nil {
			change = signed(*r.Change)
		}
		cells[i] = []cell{{text: strconv.Itoa(r.Rank)}, {text: r.FederationID}, {text: listedName(loc, r.Name, r.LatinName)}, {text: formatInt(r.BirthYear)}, {text: r.Club},
			{text: r.Region}, {text: strconv.Itoa(r.Rating), bold: true}, {text: change}, {text: strconv.Itoa(r.Games)}, {text: strconv.Itoa(r.K)}}
	}
	heads := []struct {
		title string
		align string
		flex  bool
		most  float64 // the widest a column of free text may take; 0 for any
	}{
		{"№", "R", false, 0}, {text(loc, msgRatingID), "C", false, 0}, {text(loc, msgPlayer), "L", true, 0}, {text(loc, msgBirthYear), "C", false, 0},
		{text(loc, msgClub), "L", false, 40}, {text(loc, msgRatingRegion), "L", false, 35}, {text(loc, msgRating), "R", false, 0},
		{text(loc, msgRatingChange), "R", false, 0}, {text(loc, msgRatingGames), "R", false, 0}, {text(loc, msgRatingKNext), "R", false, 0},
	}
	t := d.placeTable(uprightLayouts(tableSizes), func(float64) *table {
		t := &table{rows: cells}
		for i, h := range heads {
			values := []string{h.title}
			for _, row := range cells {
				values = append(values, row[i].text)
			}
			width := d.textWidth(values...)
			if h.most > 0 {
				width = min(width, h.most)
			}
			t.lead = append(t.lead, column{title: h.title, width: width, align: h.align, flex: h.flex})
		}
		return t
	})
	notes := []string{filterNote(loc, l.Filter)}
	if !l.Until.IsZero() {
		notes = append(notes, optionsNote(loc, l.Options))
	}
	if len(l.Rows) == 0 {
		notes = append(notes, text(loc, msgRatingNoRows))
	}
	t.after = d.notesHeight(notes...)
	t.draw(d)
	d.notes(notes...)
	return d.output(w)
}

// listedName is how a list names a person, surname first: in Cyrillic,
// and on an English document in Latin letters with the Cyrillic after.
func listedName(loc catalog.Lang, name, latin string) string {
	if loc == catalog.English && latin != "" && latin != name {
		return latin + " (" + name + ")"
	}
	return name
}

// PeriodReportPDF prints a closed period's report: each person's games
// with the opponent's rating, D, E, s, the score, s − E and K·(s − E),
// and the change they make.
func PeriodReportPDF(w io.Writer, loc catalog.Lang, r RatingReport, printed time.Time) error {
	d := newDocument(loc, Event{Name: text(loc, msgRatingList, listName(loc, r.List)), Printed: printed}, text(loc, msgRatingPeriodReport, formatDate(loc, r.Until)))
	d.withPageNumbers()
	d.changesTable(r, text(loc, msgRatingLegend))
	return d.output(w)
}

// EventRatingPDF prints what the lists made of one event's games: for
// each period, each person's games of the event and the event's part
// K·Σ(s − E) of the change, beside the period's whole change.
func EventRatingPDF(w io.Writer, loc catalog.Lang, e EventRating) error {
	d := newDocument(loc, e.Event, text(loc, msgRatingEventReport))
	d.withPageNumbers()
	if len(e.Periods) == 0 {
		d.newPage(false)
		note := text(loc, msgRatingEventNotRated)
		if e.Pending {
			note = text(loc, msgRatingEventPending)
		}
		d.note(note)
	}
	for _, p := range e.Periods {
		d.title = text(loc, msgRatingEventPeriod, listName(loc, p.List), formatDate(loc, p.Until))
		d.changesTable(p, text(loc, msgRatingLegend)+"\n"+text(loc, msgRatingEventLegend))
	}
	if len(e.Unlinked) > 0 {
		d.note(text(loc, msgRatingEventUnlinked, strings.Join(e.Unlinked, ", ")))
	}
	return d.output(w)
}

// changesTable prints the changes of one period on new pages: a row per
// game, the person's name, rating and K on their first, then a total row
// with the rating after the period, Σ(s − E) and K·Σ(s − E).
func (d *document) changesTable(r RatingReport, legend string) {
	loc := d.loc
	var rows [][]cell
	for _, c := range r.Changes {
		for i, l := range c.Lines {
			row := make([]cell, 12)
			if i == 0 {
				row[0], row[1], row[2], row[3] = cell{text: c.Name, bold: true}, cell{text: c.FederationID}, cell{text: strconv.Itoa(c.Old)}, cell{text: strconv.Itoa(c.K)}
			}
			opponent := l.Opponent
			if l.Correction {
				what := text(loc, msgRatingCorrection)
				if l.Event != "" {
					what += ": " + text(loc, msgRatingGamePlace, l.Event, l.Round, l.Board)
				}
				opponent += " (" + what + ")"
			} else {
				row[6], row[7] = cell{text: signed(l.D)}, cell{text: formatDecimal(loc, l.E, 3, false)}
			}
			row[4], row[5] = cell{text: opponent}, cell{text: strconv.Itoa(l.OpponentRating)}
			row[8], row[9] = cell{text: formatS(loc, l.S)}, cell{text: strconv.Itoa(l.Points) + ":" + strconv.Itoa(l.OpponentPoints)}
			row[10], row[11] = cell{text: formatDecimal(loc, l.S-l.E, 3, true)}, cell{text: formatDecimal(loc, float64(c.K)*(l.S-l.E), 2, true)}
			rows = append(rows, row)
		}
		total := make([]cell, 12)
		total[0] = cell{text: text(loc, msgRatingAfter, c.New, signed(c.New-c.Old)), bold: true}
		total[4] = cell{text: "Σ", bold: true}
		total[10] = cell{text: formatDecimal(loc, c.Sum, 3, true), bold: true}
		total[11] = cell{text: formatDecimal(loc, float64(c.K)*c.Sum, 2, true), bold: true}
		rows = append(rows, total)
	}
	heads := []struct {
		title string
		align string
		flex  bool
	}{
		{text(loc, msgPlayer), "L", true}, {text(loc, msgRatingID), "C", false}, {text(loc, msgRating), "R", false}, {"K", "R", false},
		{text(loc, msgRatingOpponent), "L", true}, {text(loc, msgRating), "R", false}, {"D", "R", false}, {"E", "R", false}, {"s", "R", false},
		{text(loc, msgScore), "C", false}, {"s − E", "R", false}, {"K·(s − E)", "R", false},
	}
	t := d.placeTable(wideLayouts(tableSizes), func(float64) *table {
		t := &table{rows: rows}
		for i, h := range heads {
			values := []string{h.title}
			for _, row := range rows {
				values = append(values, row[i].text)
			}
			t.lead = append(t.lead, column{title: h.title, width: d.textWidth(values...), align: h.align, flex: h.flex})
		}
		return t
	})
	notes := []string{optionsNote(loc, r.Options), legend}
	t.after = d.notesHeight(notes...)
	t.draw(d)
	d.notes(notes...)
}

// signed writes a whole number with its sign: +62, −9, 0.
func signed(n int) string {
	switch {
	case n > 0:
		return "+" + strconv.Itoa(n)
	case n < 0:
		return "−" + strconv.Itoa(-n)
	}
	return "0"
}

// formatDecimal writes v rounded to digits decimals in the language's
// decimal separator, with a true minus sign, and a plus when withSign.
func formatDecimal(loc catalog.Lang, v float64, digits int, withSign bool) string {
	p := math.Pow(10, float64(digits))
	v = math.Round(v*p) / p
	s := strconv.FormatFloat(math.Abs(v), 'f', digits, 64)
	if loc != catalog.English {
		s = strings.Replace(s, ".", ",", 1)
	}
	switch {
	case v < 0:
		return "−" + s
	case v > 0 && withSign:
		return "+" + s
	}
	return s
}

// formatS writes a game's s: 1, ½, 0 (and −1, −½ … in a correction) as a
// crosstable does, a points' share with three decimals.
func formatS(loc catalog.Lang, s float64) string {
	if s*2 == math.Trunc(s*2) {
		return formatPoints(loc, s)
	}
	return formatDecimal(loc, s, 3, false)
}
