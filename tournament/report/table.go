package report

import "math"

// column is one column of a table; width is its least width in mm, and flex
// columns (names) share whatever the page has left.
type column struct {
	title string
	width float64
	align string // "L", "C" or "R"
	flex  bool
	split float64 // width of the first part of a two-part cell; 0 for none
	tight bool    // a centred grid column measured by tightWidth
}

// cell is one table cell; shade greys it out (the crosstable's diagonal).
// In a column with a split, text is right-aligned before the split and
// second centred after it, so that the parts of every row line up.
type cell struct {
	text   string
	second string
	bold   bool
	shade  bool
}

// table is a grid that may be too wide for a page: its lead columns (place,
// number, name) repeat on every page, its middle columns (rounds, opponents)
// are split over as many pages as they need, and its tail columns (points,
// tie-breaks) come once, after the last middle column.
type table struct {
	lead, middle, tail []column
	rows               [][]cell // each row: lead, middle and tail cells in that order
	fontSize           float64
	rowHeight          float64
	// after is the height of what follows the table on its last page
	// (legend, signature): the last rows move to a new page with it rather
	// than leave it alone there.
	after float64
}

const (
	portraitWidth  = 210 - 2*margin
	landscapeWidth = 297 - 2*margin
)

// layout is a page orientation and a font size to try a table in.
type layout struct {
	landscape bool
	size      float64
}

// tableSizes are the font sizes of a table, largest first: a table shrinks
// to fit its page before its columns are split over pages or a text is cut.
var tableSizes = []float64{tableFont, 7.5, 7, 6.5}

// wideLayouts tries a portrait page at the full size, then landscape pages
// at every size: a table that does not fit upright turns before it shrinks.
func wideLayouts(sizes []float64) []layout {
	ls := []layout{{false, sizes[0]}}
	for _, s := range sizes {
		ls = append(ls, layout{true, s})
	}
	return ls
}

// uprightLayouts tries portrait pages at every size, then landscape ones:
// for lists that read best upright, such as a pairing list.
func uprightLayouts(sizes []float64) []layout {
	var ls []layout
	for _, landscape := range []bool{false, true} {
		for _, s := range sizes {
			ls = append(ls, layout{landscape, s})
		}
	}
	return ls
}

// rowHeightFor is the height of a table row in a font size: 5 mm at 8 pt.
func rowHeightFor(size float64) float64 {
	return size * 0.625
}

// placeTable builds the table in each layout in turn, its column widths
// measured in the layout's font (the bold face is set for build to measure
// with d.textWidth), and
// starts a page for the first whose columns fit; when none does, the last
// layout is used and the middle columns continue on further pages.
func (d *document) placeTable(layouts []layout, build func(size float64) *table) *table {
	var t *table
	var chosen layout
	for _, l := range layouts {
		d.font(true, l.size)
		t, chosen = build(l.size), l
		t.fontSize, t.rowHeight = l.size, rowHeightFor(l.size)
		width := portraitWidth
		if l.landscape {
			width = landscapeWidth
		}
		if t.width() <= width {
			break
		}
	}
	d.newPage(chosen.landscape)
	return t
}

// width is the width of all the table's columns side by side.
func (t *table) width() float64 {
	return sumWidths(t.lead) + sumWidths(t.middle) + sumWidths(t.tail)
}

func sumWidths(cols []column) float64 {
	total := 0.0
	for _, c := range cols {
		total += c.width
	}
	return total
}

// pages splits the middle columns into runs that fit next to the lead columns
// on a page of the given width; the tail stays together with the last run.
// The runs are made as even as they can be (15 rounds on two pages as 8 and
// 7, not 14 and 1).
func (t *table) pages(width float64) [][2]int {
	greedy := t.greedyPages(width)
	pages := len(greedy)
	if pages == 1 {
		return greedy
	}
	per := (len(t.middle) + pages - 1) / pages
	var even [][2]int
	for start := 0; start < len(t.middle); start += per {
		even = append(even, [2]int{start, min(start+per, len(t.middle))})
	}
	if len(even) == pages && t.fits(even, width) {
		return even
	}
	return greedy
}

// greedyPages fills each page with as many middle columns as fit.
func (t *table) greedyPages(width float64) [][2]int {
	room := width - sumWidths(t.lead)
	tail := sumWidths(t.tail)
	var runs [][2]int
	start, used := 0, 0.0
	for i, c := range t.middle {
		if used+c.width > room && i > start {
			runs = append(runs, [2]int{start, i})
			start, used = i, 0
		}
		used += c.width
	}
	if used+tail > room && start < len(t.middle) {
		runs = append(runs, [2]int{start, len(t.middle)})
		start = len(t.middle)
	}
	return append(runs, [2]int{start, len(t.middle)})
}

// fits tells whether every run, and the tail after the last, fits the width.
func (t *table) fits(runs [][2]int, width float64) bool {
	room := width - sumWidths(t.lead)
	for i, run := range runs {
		used := sumWidths(t.middle[run[0]:run[1]])
		if i == len(runs)-1 {
			used += sumWidths(t.tail)
		}
		if used > room {
			return false
		}
	}
	return true
}

// draw prints the table from the cursor on, adding pages (with the event
// header and the table's header row) as it goes.
func (t *table) draw(d *document) {
	runs := t.pages(d.pageWidth())
	for i, run := range runs {
		if i > 0 {
			d.newPage(d.landscape())
		}
		last := i == len(runs)-1
		cols, pick := t.columnsOf(run, last)
		t.stretch(cols, pick, d.pageWidth())
		t.headerRow(d, cols)
		onPage := 0
		for r, row := range t.rows {
			// The last row never goes alone to a page of its own: the
			// one before it goes with it.
			lone := onPage > 1 && r == len(t.rows)-2 && d.pdf.GetY()+2*t.rowHeight > d.bottom()
			if d.pdf.GetY()+t.rowHeight > d.bottom() || lone || (last && onPage > 0 && t.movesOn(d, r)) {
				d.newPage(d.landscape())
				t.headerRow(d, cols)
				onPage = 0
			}
			t.bodyRow(d, cols, row, pick, r%2 == 1)
			onPage++
		}
	}
}

// movesOn tells whether row r starts a new page so that what follows the
// table does not stand alone on one: the rows from r on fit this page, but
// not together with what follows, and from r on are just the rows that
// must go to free the room (at least two, so that no row stands alone
// above the legend).
func (t *table) movesOn(d *document, r int) bool {
	if t.after == 0 {
		return false
	}
	y, bottom := d.pdf.GetY(), d.bottom()
	left := float64(len(t.rows)-r) * t.rowHeight
	if y+left > bottom || y+left+t.after <= bottom {
		return false
	}
	// The rows that must go with the legend: enough to free its room here.
	moving := max(2, int(math.Ceil((y+left+t.after-bottom)/t.rowHeight)))
	return len(t.rows)-r <= moving
}

// columnsOf lists the columns of one page and, for each, its index in a row.
func (t *table) columnsOf(run [2]int, last bool) ([]column, []int) {
	var cols []column
	var pick []int
	add := func(cs []column, offset, from, to int) {
		for i := from; i < to; i++ {
			cols = append(cols, cs[i])
			pick = append(pick, offset+i)
		}
	}
	add(t.lead, 0, 0, len(t.lead))
	add(t.middle, len(t.lead), run[0], run[1])
	if last {
		add(t.tail, len(t.lead)+len(t.middle), 0, len(t.tail))
	}
	return cols, pick
}

// stretch shares the width the columns leave free: first with the middle
// columns (rounds, opponents), up to half again their width, so that a grid
// reads easily; the rest goes to the flex columns (names).
func (t *table) stretch(cols []column, pick []int, width float64) {
	spare := width - sumWidths(cols)
	if spare <= 0 {
		return
	}
	var middle, flex []int
	for i, c := range cols {
		switch {
		case c.flex:
			flex = append(flex, i)
		case pick[i] >= len(t.lead) && pick[i] < len(t.lead)+len(t.middle):
			middle = append(middle, i)
		}
	}
	if len(middle) > 0 {
		grow := min(spare/float64(len(middle)), cols[middle[0]].width/2)
		for _, i := range middle {
			cols[i].width += grow
			if cols[i].split > 0 {
				cols[i].split += grow / 2
			}
		}
		spare -= grow * float64(len(middle))
	}
	for _, i := range flex {
		cols[i].width += spare / float64(len(flex))
	}
}

func (t *table) headerRow(d *document, cols []column) {
	d.font(true, t.fontSize)
	d.pdf.SetFillColor(220, 224, 230)
	d.pdf.SetDrawColor(120, 120, 120)
	for _, c := range cols {
		d.cell(c.width, t.rowHeight+1, d.fit(c.title, c.width), "1", 0, "C", true)
	}
	d.pdf.Ln(-1)
}

func (t *table) bodyRow(d *document, cols []column, row []cell, pick []int, zebra bool) {
	background := 255
	if zebra {
		background = 243
	}
	// Colour and font change only between cells that differ: a 200-player
	// grid has 40 000 cells and fpdf writes every change into the page.
	fill, bold := -1, false
	d.font(false, t.fontSize)
	for i, c := range cols {
		cl := row[pick[i]]
		want := background
		if cl.shade {
			want = 150
		}
		if want != fill {
			d.pdf.SetFillColor(want, want, want)
			fill = want
		}
		if cl.bold != bold {
			d.font(cl.bold, t.fontSize)
			bold = cl.bold
		}
		if c.split > 0 {
			x, y := d.pdf.GetXY()
			d.cell(c.width, t.rowHeight, "", "1", 0, "", true)
			d.pdf.SetXY(x, y)
			d.cell(c.split, t.rowHeight, d.fit(cl.text, c.split), "", 0, "R", false)
			d.cell(c.width-c.split, t.rowHeight, d.fit(cl.second, c.width-c.split), "", 0, "C", false)
			continue
		}
		text := d.fit(cl.text, c.width)
		if c.tight {
			text = d.fitRoom(cl.text, c.width-tightPadding/2)
		}
		d.cell(c.width, t.rowHeight, text, "1", 0, c.align, true)
	}
	d.pdf.Ln(-1)
}
