package report

// column is one column of a table; width is its least width in mm, and flex
// columns (names) share whatever the page has left.
type column struct {
	title string
	width float64
	align string // "L", "C" or "R"
	flex  bool
}

// cell is one table cell; shade greys it out (the crosstable's diagonal).
type cell struct {
	text  string
	bold  bool
	shade bool
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
}

const portraitWidth = 210 - 2*margin

func sumWidths(cols []column) float64 {
	total := 0.0
	for _, c := range cols {
		total += c.width
	}
	return total
}

// needsLandscape tells whether the table is too wide for a portrait page.
func (t *table) needsLandscape() bool {
	return sumWidths(t.lead)+sumWidths(t.middle)+sumWidths(t.tail) > portraitWidth
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
		t.stretch(cols, d.pageWidth())
		t.headerRow(d, cols)
		for r, row := range t.rows {
			if d.pdf.GetY()+t.rowHeight > d.bottom() {
				d.newPage(d.landscape())
				t.headerRow(d, cols)
			}
			t.bodyRow(d, cols, row, pick, r%2 == 1)
		}
	}
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

// stretch gives the width the columns leave free to the flex columns.
func (t *table) stretch(cols []column, width float64) {
	flex := 0
	for _, c := range cols {
		if c.flex {
			flex++
		}
	}
	spare := width - sumWidths(cols)
	if flex == 0 || spare <= 0 {
		return
	}
	for i := range cols {
		if cols[i].flex {
			cols[i].width += spare / float64(flex)
		}
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
		d.cell(c.width, t.rowHeight, d.fit(cl.text, c.width), "1", 0, c.align, true)
	}
	d.pdf.Ln(-1)
}
