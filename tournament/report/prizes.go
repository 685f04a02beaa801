package report

import (
	"io"
	"strconv"
	"strings"

	"adiukh/tournament/catalog"
	"adiukh/tournament/csvfile"
)

const (
	msgPrizeList        msg = "report.prize_list"
	msgPrizeWinners     msg = "report.prize_winners"
	msgPrizeFund        msg = "report.prize_fund"
	msgPrizeRule        msg = "report.prize_rule"
	msgPrizeOnePer      msg = "report.prize_one_per_player"
	msgPrizeSeveral     msg = "report.prize_several_per_player"
	msgPrizeNotFinished msg = "report.prize_not_finished"
	msgPrizeNone        msg = "report.prize_none"
	msgPrizeNoAwards    msg = "report.prize_no_awards"
	msgPrizeCategory    msg = "report.prize_category"
	msgPrizeAmount      msg = "report.prize_amount"
	msgPrizePlaces      msg = "report.prize_places"
	msgPrizeTotal       msg = "report.prize_total"
	msgPrizeUnawarded   msg = "report.prize_unawarded"
	msgPrizeDeclined    msg = "report.prize_declined"
	msgPrizeShared      msg = "report.prize_shared"
)

// PrizeList is an event's prize list for its treasurer: the prizes, the
// rule for ties and, once the event is finished, who gets what. The texts
// are worded in the document's language by the caller (export).
type PrizeList struct {
	Event Event
	// Rule names the rule for ties, OnePerPlayer whether a player gets one
	// prize at most.
	Rule         string
	OnePerPlayer bool
	// Finished: the final standings stand and Awards are given; until
	// then the document says that nothing is given yet.
	Finished  bool
	Prizes    []PrizeLine
	Awards    []PrizeAward
	Unawarded []PrizeLine
	Declined  []PrizeAward
	// Total is the sum of the awards, written as Amount is.
	Total string
}

// PrizeLine is one prize of the list: its list ("By place", "Women"), the
// place in it and the amount as written ("100", "37.50").
type PrizeLine struct {
	List   string
	Place  int
	Amount string
}

// PrizeAward is a player's award: the prize of the player's place in its
// list, the places the player's group tied on points shares ("2–4", "1"),
// the number of players in it and the amount.
type PrizeAward struct {
	PrizeLine
	Places  string
	Tied    int
	StartNo int
	Name    string
}

// PrizeListPDF prints the prize list: the winners with their amounts and
// the total, the places nobody reached and the prizes players left for a
// larger one, then the whole list; an event not finished yet has no
// winners, and the document says so.
func PrizeListPDF(w io.Writer, loc catalog.Lang, l PrizeList) error {
	d := newDocument(loc, l.Event, text(loc, msgPrizeList))
	d.withPageNumbers()
	d.newPage(false)
	width := d.pageWidth()
	d.font(false, 9.5)
	one := text(loc, msgPrizeSeveral)
	if l.OnePerPlayer {
		one = text(loc, msgPrizeOnePer)
	}
	d.multiCell(width, 5, text(loc, msgPrizeRule, l.Rule)+" · "+one, "", "L", false)
	d.pdf.Ln(2)
	heading := func(s string) {
		if d.pdf.GetY()+20 > d.bottom() {
			d.newPage(false)
		}
		d.font(true, 11)
		d.cell(width, 7, s, "", 1, "L", false)
	}
	switch {
	case len(l.Prizes) == 0:
		d.note(text(loc, msgPrizeNone))
	case !l.Finished:
		d.note(text(loc, msgPrizeNotFinished))
	default:
		heading(text(loc, msgPrizeWinners))
		if len(l.Awards) == 0 {
			d.note(text(loc, msgPrizeNoAwards))
		} else {
			rows := make([][]cell, 0, len(l.Awards)+1)
			for _, a := range l.Awards {
				places := a.Places
				if a.Tied > 1 {
					places = text(loc, msgPrizeShared, a.Places, a.Tied)
				}
				rows = append(rows, []cell{{text: a.List}, {text: strconv.Itoa(a.Place)}, {text: places}, {text: strconv.Itoa(a.StartNo)}, {text: a.Name}, {text: a.Amount, bold: true}})
			}
			rows = append(rows, []cell{{text: text(loc, msgPrizeTotal), bold: true}, {}, {}, {}, {}, {text: l.Total, bold: true}})
			d.prizeTable([]string{text(loc, msgPrizeCategory), text(loc, msgPlace), text(loc, msgPrizePlaces), text(loc, msgStartNo), text(loc, msgPlayer), text(loc, msgPrizeAmount)},
				[]string{"L", "C", "C", "R", "L", "R"}, 4, rows)
		}
		var notes []string
		if len(l.Unawarded) > 0 {
			var parts []string
			for _, p := range l.Unawarded {
				parts = append(parts, p.List+", "+strconv.Itoa(p.Place)+": "+p.Amount)
			}
			notes = append(notes, text(loc, msgPrizeUnawarded, strings.Join(parts, "; ")))
		}
		if len(l.Declined) > 0 {
			var parts []string
			for _, a := range l.Declined {
				parts = append(parts, a.Name+" — "+a.List+", "+strconv.Itoa(a.Place)+": "+a.Amount)
			}
			notes = append(notes, text(loc, msgPrizeDeclined, strings.Join(parts, "; ")))
		}
		d.notes(notes...)
		d.pdf.Ln(3)
	}
	if len(l.Prizes) > 0 {
		heading(text(loc, msgPrizeFund))
		rows := make([][]cell, 0, len(l.Prizes))
		for _, p := range l.Prizes {
			rows = append(rows, []cell{{text: p.List}, {text: strconv.Itoa(p.Place)}, {text: p.Amount}})
		}
		d.prizeTable([]string{text(loc, msgPrizeCategory), text(loc, msgPlace), text(loc, msgPrizeAmount)}, []string{"L", "C", "R"}, 0, rows)
	}
	d.signatureLine(text(loc, msgChiefArbiter)+":", l.Event.ChiefArbiter)
	return d.output(w)
}

// prizeTable draws a table of the prizes where the page stands, its
// column flex (a name) taking the room the others leave.
func (d *document) prizeTable(titles, aligns []string, flex int, rows [][]cell) {
	d.font(true, tableFont)
	t := &table{rows: rows, fontSize: tableFont, rowHeight: rowHeightFor(tableFont)}
	for i, title := range titles {
		values := []string{title}
		for _, row := range rows {
			values = append(values, row[i].text)
		}
		t.lead = append(t.lead, column{title: title, width: d.textWidth(values...), align: aligns[i], flex: i == flex})
	}
	if d.pdf.GetY()+3*t.rowHeight > d.bottom() {
		d.newPage(false)
	}
	t.draw(d)
}

// PrizeListCSV writes the prize list for the treasurer's spreadsheet: a
// line per award (the list, the place, the places shared, the player, the
// amount), then the prizes nobody reached without a player. An event not
// finished yet lists its prizes without players, under a comment that
// says nothing is given yet.
func PrizeListCSV(w io.Writer, dialect CSVDialect, loc catalog.Lang, l PrizeList) error {
	f := newCSV(w, dialect, "prize list")
	if !l.Finished {
		f.Comment(text(loc, msgPrizeNotFinished))
	}
	f.Write([]string{text(loc, msgPrizeCategory), text(loc, msgPlace), text(loc, msgPrizePlaces), text(loc, msgStartNo), text(loc, msgPlayer), text(loc, msgPrizeAmount)})
	prize := func(p PrizeLine) []string {
		return []string{csvfile.Text(p.List), strconv.Itoa(p.Place), "", "", "", f.amount(p.Amount)}
	}
	if !l.Finished {
		for _, p := range l.Prizes {
			f.Write(prize(p))
		}
		return f.Close()
	}
	for _, a := range l.Awards {
		f.Write([]string{csvfile.Text(a.List), strconv.Itoa(a.Place), a.Places, strconv.Itoa(a.StartNo), csvfile.Text(a.Name), f.amount(a.Amount)})
	}
	for _, p := range l.Unawarded {
		f.Write(prize(p))
	}
	return f.Close()
}

// amount writes an amount ("37.50") as a number of the dialect, which a
// spreadsheet adds up.
func (f csvFile) amount(s string) string {
	v, err := strconv.ParseFloat(strings.Replace(s, ",", ".", 1), 64)
	if err != nil {
		return csvfile.Text(s)
	}
	return f.Number(v)
}
