package report

import (
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"adiukh/tournament/catalog"
)

// The move grid of a score sheet: two blocks of 30 numbered moves a page,
// each move a White and a Black column, as §7.2 records a game "in
// columns". 60 moves cover nearly every Adiukh game (a longer one
// continues on a blank sheet); a game whose sheet has room for more
// (international draughts' 75) continues on a second page.
const (
	defaultSheetMoves  = 60
	sheetMovesPerBlock = 30
	sheetRowHeight     = 5.5
	sheetNumberWidth   = 9.0
	sheetMoveWidth     = 38.0
	sheetBlockGap      = 12.0
	// sheetMarkWidth is the column, after Black's move, where the players
	// mark a move that repeats a position, for a game whose draw rules
	// count repetitions; the moves' columns give it their room.
	sheetMarkWidth = 10.0
	// Below the grid: a gap, the score's boxes with their labels (16 mm)
	// and the signatures (13 mm).
	sheetGridGap   = 7.0
	sheetBelowGrid = sheetGridGap + 16 + 13
)

// ScoreSheetsPDF renders one score sheet (бланк записи партии) per entry, a
// page each: the pre-filled particulars, the numbered move grid, the result
// box "__ : __" and signature lines. Zero fields are left as lines to fill in
// by hand, so blank sheets are ScoreSheet values with nothing (or only the
// event) filled in.
func ScoreSheetsPDF(w io.Writer, loc catalog.Lang, sheets []ScoreSheet) error {
	var event Event
	if len(sheets) > 0 {
		event = sheets[0].Event
	}
	d := newDocument(loc, event, text(loc, msgScoreSheet))
	d.withPageNumbers()
	for _, s := range sheets {
		d.scoreSheet(s)
	}
	return d.output(w)
}

// formPage starts a page of a form to fill in at the board — a score sheet
// or a match card: its title, then the event, discipline, time control,
// round, the board or table (numberLabel) and the date. It returns the
// width of the page's text.
func (d *document) formPage(title msg, e Event, round int, numberLabel msg, number int, date time.Time) float64 {
	return d.formPageAt(title, e, round, 0, numberLabel, number, date)
}

// formPageAt is formPage with the table of a team match before the board:
// "Стол 3, доска 1", as the match card numbers its boards.
func (d *document) formPageAt(title msg, e Event, round, table int, numberLabel msg, number int, date time.Time) float64 {
	d.pdf.AddPageFormat("P", a4)
	width := d.pageWidth()
	d.font(true, 16)
	d.cell(width, 9, text(d.loc, title), "", 1, "C", false)
	d.pdf.Ln(3)

	// The discipline's name is long ("Русские шашки — классическая
	// программа, командные соревнования"), the time control short: the
	// time control takes the room it is printed in, the discipline the
	// rest; a time control to be written by hand, a share of the row.
	timeControl := FormatTimeControl(d.loc, e.TimeControl)
	room := (width - 8) * 0.38
	if timeControl != "" {
		d.font(false, 9)
		label := d.textWidth(text(d.loc, msgTimeControl) + ":")
		d.font(true, 11)
		room = min(room, label+d.textWidth(timeControl))
	}
	discipline := width - 8 - room
	d.field(text(d.loc, msgEvent), e.Name, margin, width)
	name := disciplineName(d.loc, e)
	if d.fieldFits(text(d.loc, msgDiscipline), name, discipline, fieldLeast) {
		d.field(text(d.loc, msgDiscipline), name, margin, discipline)
		d.field(text(d.loc, msgTimeControl), timeControl, margin+discipline+8, room)
	} else {
		// A discipline longer still (international draughts' team
		// events, «Стоклеточные шашки — классическая программа,
		// командные соревнования», beside 90 min + 30 s/move) takes a
		// row of its own rather than be cut: a form names its discipline
		// whole.
		d.field(text(d.loc, msgDiscipline), name, margin, width)
		d.field(text(d.loc, msgTimeControl), timeControl, margin, width)
	}
	type part struct {
		label msg
		value string
	}
	parts := []part{{msgRound, formatInt(round)}, {numberLabel, formatInt(number)}, {msgDate, formatDate(d.loc, date)}}
	if table > 0 {
		parts = []part{parts[0], {msgTable, formatInt(table)}, parts[1], parts[2]}
	}
	share := (width - 8*float64(len(parts)-1)) / float64(len(parts))
	for i, p := range parts {
		d.field(text(d.loc, p.label), p.value, margin+float64(i)*(share+8), share)
	}
	return width
}

// scoreSheet prints one score sheet: a page for every 60 moves of the
// game's sheet (Event.SheetMoves: 75 for international draughts goes on
// to a second page), each with the particulars so that a loose page still
// names its game, the score and the signatures under the last.
func (d *document) scoreSheet(s ScoreSheet) {
	total := s.Event.SheetMoves
	if total == 0 {
		total = defaultSheetMoves
	}
	moves := gridMoves(s.Moves, total)
	const perPage = 2 * sheetMovesPerBlock
	for first := 1; first <= total; first += perPage {
		d.sheetParticulars(s)
		// The grid's rows are as high as the page leaves them below the
		// fields (a micro-match's game and opening take a row more), so
		// that the score and the signatures stay above the footer.
		top := d.pdf.GetY()
		row := min(sheetRowHeight, (d.bottom()-top-sheetBelowGrid)/(sheetMovesPerBlock+1))
		blockWidth := sheetNumberWidth + 2*sheetMoveWidth
		deepest := 0
		for block := range 2 {
			from := first + block*sheetMovesPerBlock
			rows := min(sheetMovesPerBlock, total-from+1)
			if rows <= 0 {
				break
			}
			d.moveGridBlock(margin+float64(block)*(blockWidth+sheetBlockGap), top, row, from, rows, moves, s.Event.Repetitions)
			deepest = max(deepest, rows)
		}
		d.pdf.SetY(top + row*float64(deepest+1) + sheetGridGap)
	}
	white, black, _ := strings.Cut(s.Score, ":")
	d.resultBox(white, black)
	d.signatures()
}

// sheetParticulars starts a page of a score sheet: the event, the round,
// the board, the players, a micro-match's game and opening, a knockout
// match's game and its tie-break's tempo.
func (d *document) sheetParticulars(s ScoreSheet) {
	width := d.formPageAt(msgScoreSheet, s.Event, s.Round, s.Table, msgBoard, s.Board, s.Date)
	d.playerFields(msgWhite, s.White, s.WhiteTeam, s.Black, width)
	d.playerFields(msgBlack, s.Black, s.BlackTeam, s.White, width)
	switch {
	case s.Match:
		const game = 42.0
		d.field(text(d.loc, msgKnockoutSheetGame), formatInt(s.Game), margin, game)
		if s.TieBreak != "" {
			d.field(text(d.loc, msgKnockoutTieBreak), text(d.loc, tempoWords[s.TieBreak]), margin+game+8, width-game-8)
		}
	case s.Game > 0:
		const game = 42.0
		d.field(text(d.loc, msgMicroGame), formatInt(s.Game), margin, game)
		d.field(text(d.loc, msgOpening), s.Opening, margin+game+8, width-game-8)
	}
	d.pdf.Ln(4)
}

// sheetRankWidth is the width of a score sheet's field of a player's rank.
const sheetRankWidth = 52.0

// playerFields are a score sheet's line of one player: the name with the
// team and, in a field of its own, the rank or title, which both lines
// have when either player holds one.
func (d *document) playerFields(side msg, p Player, team string, opponent Player, width float64) {
	name := nonEmpty(playerLabel(d.loc, p), team)
	if p.Title == "" && opponent.Title == "" {
		d.field(text(d.loc, side), name, margin, width)
		return
	}
	d.field(text(d.loc, side), name, margin, width-sheetRankWidth-8)
	d.field(text(d.loc, msgTitleField), p.printedTitle(d.loc), margin+width-sheetRankWidth, sheetRankWidth)
}

// gridMoves are the plies that fit a grid of that many moves; a game
// longer than the grid ends it with "…" in its last cell, as a player who
// runs out of rows writes on.
func gridMoves(moves []string, room int) []string {
	plies := 2 * room
	if len(moves) <= plies {
		return moves
	}
	return append(slices.Clip(moves[:plies-1]), "…")
}

// fieldLeast is the least size a field's value is set in before it is
// cut with an ellipsis.
const fieldLeast = 7.0

// fieldFits reports whether a field of the width holds the value whole,
// set no smaller than size least.
func (d *document) fieldFits(label, value string, width, least float64) bool {
	d.font(false, 9)
	room := width - d.textWidth(label+":") - 2*cellMargin
	d.font(true, least)
	return d.pdf.GetStringWidth(printable(value)) <= room
}

// field prints "Label: value" with the value on a line to write on, so a
// missing value leaves room to fill in by hand. Fields on one row share the
// row: the cursor moves down only after a field that ends at the right margin.
func (d *document) field(label, value string, x, width float64) {
	const height = 8.0
	y := d.pdf.GetY()
	d.font(false, 9)
	d.pdf.SetTextColor(90, 90, 90)
	d.pdf.SetXY(x, y)
	labelWidth := d.textWidth(label + ":")
	d.cell(labelWidth, height, label+":", "", 0, "L", false)
	d.pdf.SetTextColor(0, 0, 0)
	lineWidth := width - labelWidth
	// A long value (an event's name, a discipline, a player's full name)
	// is set smaller until it fits.
	d.cell(lineWidth, height, d.shrinkToFit(value, lineWidth, true, 11, fieldLeast), "", 0, "L", false)
	d.pdf.Line(x+labelWidth, y+height-1.2, x+width, y+height-1.2)
	if x+width >= margin+d.pageWidth()-0.01 {
		d.pdf.SetXY(margin, y+height+1)
	} else {
		d.pdf.SetXY(x+width, y)
	}
}

// moveGridBlock draws one block of the move grid: a header row, then the
// numbered rows from first on, with the plies of moves written in, and
// with marks a column to mark repeated positions in (draw-axioms: "в
// бланках для записи партии ставится отметка против тех ходов, которые
// повторяются").
func (d *document) moveGridBlock(x, y, row float64, first, rows int, moves []string, marks bool) {
	ply := func(i int) string {
		if i < len(moves) {
			return moves[i]
		}
		return ""
	}
	d.pdf.SetDrawColor(60, 60, 60)
	d.pdf.SetFillColor(225, 228, 232)
	d.font(true, 9)
	moveWidth := sheetMoveWidth
	if marks {
		moveWidth -= sheetMarkWidth / 2
	}
	d.pdf.SetXY(x, y)
	d.cell(sheetNumberWidth, row, text(d.loc, msgMoveNo), "1", 0, "C", true)
	d.cell(moveWidth, row, text(d.loc, msgWhite), "1", 0, "C", true)
	d.cell(moveWidth, row, text(d.loc, msgBlack), "1", 0, "C", true)
	if marks {
		d.font(true, 7)
		d.cell(sheetMarkWidth, row, text(d.loc, msgRepeatedMark), "1", 0, "C", true)
	}
	d.font(false, 9)
	for i := range rows {
		d.pdf.SetXY(x, y+row*float64(i+1))
		d.cell(sheetNumberWidth, row, strconv.Itoa(first+i), "1", 0, "C", true)
		white := 2 * (first + i - 1)
		d.cell(moveWidth, row, ply(white), "1", 0, "C", false)
		d.cell(moveWidth, row, ply(white+1), "1", 0, "C", false)
		if marks {
			d.cell(sheetMarkWidth, row, "", "1", 0, "C", false)
		}
	}
}

// resultBox prints "Счёт партии: [  ] : [  ]" with the colours under the
// boxes, and White's and Black's score in them when given.
func (d *document) resultBox(white, black string) {
	const box, height = 16.0, 10.0
	y := d.pdf.GetY()
	d.font(true, 11)
	label := text(d.loc, msgScore) + ":"
	d.pdf.SetXY(margin, y)
	d.cell(d.textWidth(label)+2, height, label, "", 0, "L", false)
	x := d.pdf.GetX()
	d.pdf.SetLineWidth(0.4)
	d.pdf.Rect(x, y, box, height, "D")
	d.pdf.SetXY(x, y)
	d.font(true, 14)
	d.cell(box, height, white, "", 0, "C", false)
	d.font(true, 16)
	d.cell(6, height, ":", "", 0, "C", false)
	d.pdf.Rect(x+box+6, y, box, height, "D")
	d.font(true, 14)
	d.cell(box, height, black, "", 0, "C", false)
	d.pdf.SetLineWidth(0.2)
	d.font(false, 7)
	d.pdf.SetXY(x, y+height)
	d.cell(box, 4, text(d.loc, msgWhite), "", 0, "C", false)
	d.pdf.SetX(x + box + 6)
	d.cell(box, 4, text(d.loc, msgBlack), "", 0, "C", false)
	d.pdf.SetY(y + height + 6)
}

// signatures prints the three signature lines: White, Black, arbiter.
func (d *document) signatures() {
	const gap = 8.0
	width := (d.pageWidth() - 2*gap) / 3
	y := d.pdf.GetY()
	for i, label := range []string{text(d.loc, msgSignatureWhite), text(d.loc, msgSignatureBlack), text(d.loc, msgSignatureArbiter)} {
		x := margin + float64(i)*(width+gap)
		d.pdf.Line(x, y+8, x+width, y+8)
		d.font(false, 8)
		d.pdf.SetXY(x, y+9)
		d.cell(width, 4, label, "", 0, "C", false)
	}
}
