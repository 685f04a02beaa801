package report

import (
	"io"
	"strconv"
	"strings"

	"adiukh/tournament/catalog"
)

// TableCards are the cards set on the tables of a round played over the
// board (issue 67): one for each board to be played, with the table's
// number and its two players, or, before the round is paired, one for
// each player due in it. Byes and games forfeited at the pairing have no
// table and no card.
type TableCards struct {
	Event Event
	Round int
	Cards []TableCard
}

// TableCard is one table's card: Table 0 is a player's card printed
// before the pairing, with one player; a board's card has White then
// Black.
type TableCard struct {
	Table   int
	Players []Player
}

// The card's sizes in mm and points: one A4 page folded across its middle
// into a tent, the upper half printed upside down so that both sides read
// upright on the table.
const (
	cardHalf       = 148.5
	cardTableSize  = 64.0
	cardNameSize   = 30.0
	cardSingleSize = 40.0
	cardLeastSize  = 14.0
)

// Messages of the table cards.
const (
	msgTableCards     msg = "report.table_cards"
	msgTableCardsNone msg = "report.table_cards_none"
	msgStartNoShort   msg = "report.start_no_short"
)

// TableCardsPDF renders the round's table cards, a card a page: each half
// of it (the fold between them dashed) the event, the round, the table's
// number large and the players' names with their titles and federations.
func TableCardsPDF(w io.Writer, loc catalog.Lang, c TableCards) error {
	d := newDocument(loc, c.Event, text(loc, msgTableCards, c.Round))
	d.withPageNumbers()
	if len(c.Cards) == 0 {
		d.newPage(false)
		d.font(false, 12)
		d.multiCell(d.pageWidth(), 7, text(loc, msgTableCardsNone, c.Round), "", "C", false)
		return d.output(w)
	}
	for _, card := range c.Cards {
		d.pdf.AddPageFormat("P", a4)
		// The lower half reads upright; the upper one is the same half
		// turned about the page's centre.
		d.cardHalf(c, card, cardHalf)
		d.pdf.TransformBegin()
		d.pdf.TransformRotate(180, a4.Wd/2, a4.Ht/2)
		d.cardHalf(c, card, cardHalf)
		d.pdf.TransformEnd()
		d.pdf.SetDashPattern([]float64{2, 2}, 0)
		d.pdf.SetDrawColor(150, 150, 150)
		d.pdf.Line(margin, cardHalf, a4.Wd-margin, cardHalf)
		d.pdf.SetDashPattern(nil, 0)
		d.pdf.SetDrawColor(0, 0, 0)
	}
	return d.output(w)
}

// cardHalf draws one half of a card, from top down to the page's foot.
func (d *document) cardHalf(c TableCards, card TableCard, top float64) {
	width := d.pageWidth()
	d.pdf.SetXY(margin, top+8)
	d.font(false, 11)
	d.pdf.SetTextColor(80, 80, 80)
	d.cell(width, 6, d.fit(c.Event.Name, width), "", 2, "C", false)
	d.cell(width, 6, text(d.loc, msgRound)+" "+strconv.Itoa(c.Round), "", 2, "C", false)
	d.pdf.SetTextColor(0, 0, 0)
	if card.Table > 0 {
		d.font(true, cardTableSize)
		d.cell(width, 26, text(d.loc, msgTable)+" "+strconv.Itoa(card.Table), "", 2, "C", false)
	} else {
		d.pdf.Ln(10)
	}
	size := cardNameSize
	if len(card.Players) == 1 {
		size = cardSingleSize
	}
	for i, p := range card.Players {
		if i > 0 {
			d.font(false, 14)
			d.cell(width, 8, "—", "", 2, "C", false)
		}
		name := d.shrinkToFit(listedName(d.loc, p.Name, p.Latin), width, true, size, cardLeastSize)
		d.cell(width, size*0.45, name, "", 2, "C", false)
		d.font(false, 14)
		d.cell(width, 7, d.fit(cardParticulars(d.loc, p, card.Table == 0), width), "", 2, "C", false)
	}
}

// cardParticulars is the line under a name: the title, the federation,
// and on a player's card the start number.
func cardParticulars(loc catalog.Lang, p Player, startNo bool) string {
	var parts []string
	if t := p.printedTitle(loc); t != "" {
		parts = append(parts, t)
	}
	if p.Federation != "" {
		parts = append(parts, p.Federation)
	}
	if startNo && p.StartNo > 0 {
		parts = append(parts, text(loc, msgStartNoShort, p.StartNo))
	}
	return strings.Join(parts, " · ")
}
