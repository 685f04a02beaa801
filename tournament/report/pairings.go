package report

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"

	"adiukh/tournament/catalog"

	"rsc.io/qr"
)

// qrSize is the printed side of the QR code in mm: big enough for a phone
// camera at arm's length from a notice board.
const qrSize = 28.0

// pairingSizes are the font sizes of a pairing list, largest first.
var pairingSizes = []float64{9, 8.5, 8, 7.5, 7}

// PairingsPDF renders the pairing list of a round: board, start numbers,
// names and points before the round of White and Black, and the result when
// known. With a PublicURL, a QR code to the public pairings page sits at the
// top so players can follow the results on their phones.
func PairingsPDF(w io.Writer, loc catalog.Lang, p Pairings) error {
	for i, b := range p.Boards {
		if err := checkScoreOf(b.Result, cmp.Or(p.Points, 24)); err != nil {
			return fmt.Errorf("pairings board %d (row %d): %w", b.Number, i+1, err)
		}
	}
	var code *qr.Code
	if p.PublicURL != "" {
		var err error
		if code, err = qr.Encode(p.PublicURL, qr.M); err != nil {
			return fmt.Errorf("pairings public URL %q: cannot encode as a QR code: %w", p.PublicURL, err)
		}
	}
	d := newDocument(loc, p.Event, text(loc, msgPairings, p.Round))
	d.withPageNumbers()

	var boards, numbers, points, results, whites, blacks []string
	titles := []string{text(loc, msgTitleColumn)}
	for _, b := range p.Boards {
		boards = append(boards, strconv.Itoa(b.Number))
		numbers = append(numbers, formatInt(b.White.StartNo), formatInt(b.Black.StartNo))
		points = append(points, formatPoints(loc, b.WhitePoints), formatPoints(loc, b.BlackPoints))
		results = append(results, formatScore(loc, b.Result))
		whites = append(whites, nameCell(loc, b.White))
		titles = append(titles, b.White.printedTitle(loc), b.Black.printedTitle(loc))
		if b.Bye {
			blacks = append(blacks, byeBoard(loc, b))
		} else {
			blacks = append(blacks, nameCell(loc, b.Black))
		}
	}
	// Each player's rank has a column of its own after the name, none
	// when no one on the list holds one.
	titled := slices.ContainsFunc(titles[1:], func(t string) bool { return t != "" })
	var rows [][]cell
	for _, b := range p.Boards {
		row := []cell{
			{text: strconv.Itoa(b.Number), bold: true},
			{text: formatInt(b.White.StartNo)},
			{text: nameCell(loc, b.White)},
		}
		if titled {
			row = append(row, cell{text: b.White.printedTitle(loc)})
		}
		row = append(row, cell{text: formatPoints(loc, b.WhitePoints)}, cell{text: formatScore(loc, b.Result), bold: true})
		switch {
		case b.Bye:
			row = append(row, cell{}, cell{text: byeBoard(loc, b)})
		default:
			row = append(row, cell{text: formatPoints(loc, b.BlackPoints)}, cell{text: nameCell(loc, b.Black)})
		}
		if titled {
			row = append(row, cell{text: b.Black.printedTitle(loc)})
		}
		rows = append(rows, append(row, cell{text: formatInt(b.Black.StartNo)}))
	}
	// The list reads best upright: it shrinks before it turns, and names
	// are never cut.
	t := d.placeTable(uprightLayouts(pairingSizes), func(size float64) *table {
		number := d.textWidth(append(numbers, text(loc, msgStartNo))...)
		pts := d.textWidth(append(points, text(loc, msgPoints))...)
		rank := d.textWidth(titles...)
		// Names print in the regular face.
		d.font(false, size)
		white, black := d.textWidth(append(whites, text(loc, msgWhite))...), d.textWidth(append(blacks, text(loc, msgBlack))...)
		d.font(true, size)
		cols := []column{
			columnOf(text(loc, msgBoard), d.textWidth(append(boards, text(loc, msgBoard))...), "C"),
			columnOf(text(loc, msgStartNo), number, "C"),
			{title: text(loc, msgWhite), width: white, align: "L", flex: true},
		}
		if titled {
			cols = append(cols, columnOf(text(loc, msgTitleColumn), rank, "C"))
		}
		cols = append(cols,
			columnOf(text(loc, msgPoints), pts, "C"),
			columnOf(text(loc, msgResult), max(d.textWidth(append(results, text(loc, msgResult))...), 22), "C"),
			columnOf(text(loc, msgPoints), pts, "C"),
			column{title: text(loc, msgBlack), width: black, align: "L", flex: true},
		)
		if titled {
			cols = append(cols, columnOf(text(loc, msgTitleColumn), rank, "C"))
		}
		return &table{rows: rows, lead: append(cols, columnOf(text(loc, msgStartNo), number, "C"))}
	})
	d.pairingsIntro(p, code)
	t.after = signatureHeight
	t.draw(d)
	d.boardOpenings(p)
	d.signatureLine(text(loc, msgChiefArbiter), p.Event.ChiefArbiter)
	return d.output(w)
}

// boardOpenings lists the openings drawn for each board under the
// pairings.
func (d *document) boardOpenings(p Pairings) {
	for _, b := range p.Boards {
		if b.Opening != "" {
			d.font(false, 9)
			d.multiCell(0, 5, text(d.loc, msgBoard)+" "+strconv.Itoa(b.Number)+". "+text(d.loc, msgOpening)+": "+b.Opening, "", "L", false)
		}
	}
}

// pairingsIntro prints the round's date and, on the right, the QR code.
func (d *document) pairingsIntro(p Pairings, code *qr.Code) {
	top := d.pdf.GetY()
	d.font(false, 10)
	switch {
	case !p.Starts.IsZero():
		d.cell(0, 6, text(d.loc, msgRoundStarts)+": "+formatDate(d.loc, p.Starts)+" "+p.Starts.Format("15:04"), "", 1, "L", false)
	case !p.Date.IsZero():
		d.cell(0, 6, text(d.loc, msgDate)+": "+formatDate(d.loc, p.Date), "", 1, "L", false)
	}
	if p.Opening != "" {
		d.cell(0, 6, text(d.loc, msgRoundOpening)+": "+p.Opening, "", 1, "L", false)
	}
	if code == nil {
		d.pdf.Ln(2)
		return
	}
	x := margin + d.pageWidth() - qrSize
	d.drawQR(code, x, top, qrSize)
	d.font(false, 7)
	d.pdf.SetTextColor(80, 80, 80)
	captionWidth := 70.0
	d.pdf.SetXY(x-captionWidth-5, top+qrSize/2-4)
	d.multiCell(captionWidth, 3.5, text(d.loc, msgQRCaption)+"\n"+p.PublicURL, "", "R", false)
	d.pdf.SetTextColor(0, 0, 0)
	d.pdf.SetY(top + qrSize + 3)
}

// drawQR draws the code as vector squares (crisp at any printer resolution),
// joining each row's runs of dark modules into one rectangle.
func (d *document) drawQR(code *qr.Code, x, y, size float64) {
	module := size / float64(code.Size)
	d.pdf.SetFillColor(0, 0, 0)
	for row := 0; row < code.Size; row++ {
		for col := 0; col < code.Size; {
			if !code.Black(col, row) {
				col++
				continue
			}
			start := col
			for col < code.Size && code.Black(col, row) {
				col++
			}
			// A hair of overlap keeps viewers from showing seams between modules.
			d.pdf.Rect(x+float64(start)*module, y+float64(row)*module, float64(col-start)*module+0.02, module+0.02, "F")
		}
	}
}

// byeBoard names a bye where the opponent would stand, as the pages do: a
// requested bye by its points, the pairing's bye as such (whatever it
// scores: a round robin's rest day nothing).
func byeBoard(loc catalog.Lang, b Board) string {
	switch {
	case b.ByeRequested && b.Result.Kind == HalfPointBye:
		return text(loc, msgHalfPointByeBoard)
	case b.ByeRequested && b.Result.Kind == ZeroPointBye:
		return text(loc, msgZeroPointByeBoard)
	}
	return text(loc, msgByeBoard)
}
