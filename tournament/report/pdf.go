package report

import (
	"adiukh/tournament/catalog"
	"fmt"
	"io"
	"strings"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// Page geometry in millimetres (A4).
const (
	margin       = 12.0
	footerHeight = 8.0
	cellMargin   = 1.0
)

// a4 is the page size of every report.
var a4 = fpdf.SizeType{Wd: 210, Ht: 297}

// fontFamily is the Go font, embedded as TTF: it covers Cyrillic, ½ and the
// minus sign the tables print.
const fontFamily = "Go"

// document is one PDF under construction with the event header every page of
// a list starts with.
type document struct {
	pdf   *fpdf.Fpdf
	loc   catalog.Lang
	event Event
	title string
}

// newDocument starts an A4 document. No page is added yet: each report picks
// the orientation that fits its widest table.
func newDocument(loc catalog.Lang, event Event, title string) *document {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.AddUTF8FontFromBytes(fontFamily, "", goregular.TTF)
	pdf.AddUTF8FontFromBytes(fontFamily, "B", gobold.TTF)
	pdf.SetMargins(margin, margin, margin)
	pdf.SetCellMargin(cellMargin)
	// Pages break where the tables say, so that header rows repeat.
	pdf.SetAutoPageBreak(false, margin)
	docTitle := title
	if event.Name != "" {
		docTitle = event.Name + " — " + title
	}
	pdf.SetTitle(docTitle, true)
	pdf.SetCreator("adiukh", true)
	pdf.SetLang(string(langOf(loc)))
	pdf.AliasNbPages("")
	return &document{pdf: pdf, loc: loc, event: event, title: title}
}

func langOf(loc catalog.Lang) catalog.Lang {
	if loc == catalog.English {
		return catalog.English
	}
	return catalog.Russian
}

// withPageNumbers prints "стр. 1 из 3" at the foot of every page.
func (d *document) withPageNumbers() {
	d.pdf.SetFooterFunc(func() {
		d.pdf.SetY(-margin)
		d.font(false, 7)
		d.pdf.SetTextColor(110, 110, 110)
		footer := "adiukh"
		if !d.event.Printed.IsZero() {
			footer += " · " + text(d.loc, msgPrinted, formatDate(d.loc, d.event.Printed)+" "+d.event.Printed.Format("15:04 MST"))
		}
		d.cell(0, 4, footer, "", 0, "L", false)
		d.cell(0, 4, text(d.loc, msgPage, d.pdf.PageNo(), "{nb}"), "", 0, "R", false)
		d.pdf.SetTextColor(0, 0, 0)
	})
}

// output writes the finished PDF, or the first error fpdf met on the way.
func (d *document) output(w io.Writer) error {
	if err := d.pdf.Output(w); err != nil {
		return fmt.Errorf("render PDF: %w", err)
	}
	return nil
}

func (d *document) font(bold bool, size float64) {
	style := ""
	if bold {
		style = "B"
	}
	d.pdf.SetFont(fontFamily, style, size)
}

// pageWidth is the printable width of the current page.
func (d *document) pageWidth() float64 {
	w, _ := d.pdf.GetPageSize()
	return w - 2*margin
}

// bottom is the lowest y a table row may reach on the current page.
func (d *document) bottom() float64 {
	_, h := d.pdf.GetPageSize()
	return h - margin - footerHeight
}

// newPage adds a page and draws the event header on it; the cursor ends up
// below the header.
func (d *document) newPage(landscape bool) {
	orientation := "P"
	if landscape {
		orientation = "L"
	}
	d.pdf.AddPageFormat(orientation, a4)
	d.eventHeader()
}

// eventHeader prints the event name, its particulars and the report title.
func (d *document) eventHeader() {
	width := d.pageWidth()
	d.font(true, 13)
	d.multiCell(width, 6, d.event.Name, "", "C", false)
	details := nonEmpty(
		disciplineName(d.loc, d.event),
		systemName(d.loc, d.event.SystemID),
		d.event.Venue,
		d.event.City,
		formatDates(d.loc, d.event.StartDate, d.event.EndDate),
		FormatTimeControl(d.loc, d.event.TimeControl),
	)
	if details != "" {
		d.font(false, 9)
		d.pdf.SetTextColor(70, 70, 70)
		d.multiCell(width, 4.5, details, "", "C", false)
		d.pdf.SetTextColor(0, 0, 0)
	}
	y := d.pdf.GetY() + 1.5
	d.pdf.SetLineWidth(0.4)
	d.pdf.Line(margin, y, margin+width, y)
	d.pdf.SetLineWidth(0.2)
	d.pdf.SetY(y + 2)
	d.font(true, 12)
	d.cell(width, 7, d.title, "", 1, "C", false)
	d.pdf.Ln(2)
}

// nonEmpty joins the non-empty parts with a middle dot.
func nonEmpty(parts ...string) string {
	var kept []string
	for _, p := range parts {
		if p != "" {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, " · ")
}

// cell prints one line of text in a box; see fpdf's CellFormat.
func (d *document) cell(w, h float64, s, border string, ln int, align string, fill bool) {
	d.pdf.CellFormat(w, h, printable(s), border, ln, align, fill, 0, "")
}

// multiCell prints text wrapped to width w, keeping its line breaks.
func (d *document) multiCell(w, h float64, s, border, align string, fill bool) {
	lines := strings.Split(s, "\n")
	for i, line := range lines {
		lines[i] = printable(line)
	}
	d.pdf.MultiCell(w, h, strings.Join(lines, "\n"), border, align, fill)
}

// fit shortens s with an ellipsis so that it fits in width w of the current font.
func (d *document) fit(s string, w float64) string {
	return d.fitRoom(s, w-2*cellMargin)
}

// shrinkToFit sets the font to the largest size from size down to least
// (in half points) at which s fits width w, and returns s; only what does
// not fit even at least is cut.
func (d *document) shrinkToFit(s string, w float64, bold bool, size, least float64) string {
	room := w - 2*cellMargin
	for d.font(bold, size); size > least && d.pdf.GetStringWidth(printable(s)) > room; {
		size -= 0.5
		d.font(bold, size)
	}
	return d.fit(s, w)
}

// tightPadding is what a centred grid cell keeps around its text: a
// 20-player crosstable has 20 score columns, and the usual cell margins
// alone would take 50 mm of a landscape page.
const tightPadding = 0.8

// tightWidth is the width a centred grid cell needs for the widest of texts.
func (d *document) tightWidth(texts ...string) float64 {
	return d.textWidth(texts...) - 2*cellMargin - 0.5 + tightPadding
}

// fitRoom shortens s with an ellipsis so that it takes at most room.
func (d *document) fitRoom(s string, room float64) string {
	s = printable(s)
	if s == "" || d.pdf.GetStringWidth(s) <= room {
		return s
	}
	runes := []rune(s)
	for len(runes) > 0 {
		runes = runes[:len(runes)-1]
		if cut := strings.TrimRight(string(runes), " ") + "…"; d.pdf.GetStringWidth(cut) <= room {
			return cut
		}
	}
	return ""
}

// textWidth is the width a cell needs for the widest of texts in the current font.
func (d *document) textWidth(texts ...string) float64 {
	widest := 0.0
	for _, t := range texts {
		widest = max(widest, d.pdf.GetStringWidth(printable(t)))
	}
	return widest + 2*cellMargin + 0.5
}

// signatureLine prints "Главный судья ________ Name" under a table.
func (d *document) signatureLine(label, name string) {
	if d.pdf.GetY()+signatureHeight > d.bottom() {
		d.newPage(d.landscape())
	}
	d.pdf.Ln(8)
	d.font(false, 10)
	d.cell(d.textWidth(label)+2, 6, label, "", 0, "L", false)
	x, y := d.pdf.GetXY()
	d.pdf.Line(x, y+5, x+50, y+5)
	d.pdf.SetX(x + 52)
	d.cell(0, 6, name, "", 1, "L", false)
}

func (d *document) landscape() bool {
	w, h := d.pdf.GetPageSize()
	return w > h
}

// signatureHeight is the room signatureLine takes.
const signatureHeight = 14.0

// notesHeight is the room note takes for each of the notes on this page.
func (d *document) notesHeight(notes ...string) float64 {
	d.font(false, noteFont)
	h := 0.0
	for _, n := range notes {
		if n != "" {
			h += 1.5 + noteLine*float64(len(d.pdf.SplitText(printable(n), d.pageWidth())))
		}
	}
	return h
}

// Notes are set small, in lines of noteLine mm.
const (
	noteFont = 7.5
	noteLine = 3.8
)

// note prints a small grey line of text, e.g. a legend under a table.
func (d *document) note(s string) {
	if d.pdf.GetY()+6 > d.bottom() {
		d.newPage(d.landscape())
	}
	d.pdf.Ln(1.5)
	d.font(false, noteFont)
	d.pdf.SetTextColor(80, 80, 80)
	d.multiCell(d.pageWidth(), noteLine, s, "", "L", false)
	d.pdf.SetTextColor(0, 0, 0)
}
