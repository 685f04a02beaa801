package report

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"adiukh/rules"
	"adiukh/tournament/catalog"
)

// Diagram geometry in mm: a board of any size takes the same width, its
// squares smaller the more there are (9.5 mm on 8×8, 7.6 mm on 10×10), so
// that two diagrams stand side by side on the page either way.
const (
	boardSide   = 76.0
	diagramGap  = 12.0
	stackLayers = 5 // discs drawn at most; the label gives the true counts
)

// Move list geometry: three blocks of numbered move pairs across the page.
const (
	recordBlocks    = 3
	recordRowHeight = 5.0
	recordNoWidth   = 9.0
	recordGap       = 4.0
)

// GameRecordPDF renders one game: the players and the score, diagrams of the
// start position (only when it is not the initial one) and of the final
// position with every tower drawn as a stack of discs in its colours, the
// positions in the notation of §7.2, and the numbered moves.
//
// A game scores Event.GamePoints (24 when not set: Adiukh's), and the
// positions of a game without towers are Flat: men and kings drawn as flat
// discs, a king crowned by a ring.
func GameRecordPDF(w io.Writer, loc catalog.Lang, g GameRecord) error {
	points := g.Event.GamePoints
	if points == 0 {
		points = 24
	}
	if err := checkScoreOf(g.Result, points); err != nil {
		return fmt.Errorf("game record result: %w", err)
	}
	board := g.Event.Board
	if g.Start != nil {
		if err := checkPosition(*g.Start, board); err != nil {
			return fmt.Errorf("game record start position: %w", err)
		}
	}
	if err := checkPosition(g.Final, board); err != nil {
		return fmt.Errorf("game record final position: %w", err)
	}
	d := newDocument(loc, g.Event, text(loc, msgGameRecord))
	d.withPageNumbers()
	d.newPage(false)
	d.recordIntro(g)

	y := d.pdf.GetY()
	x := margin + 5
	if g.Start != nil {
		d.diagram(x, y, text(loc, msgStartPosition), *g.Start, board)
		x += boardSide + 5 + diagramGap
	}
	label := msgLastPosition
	if g.Ended {
		label = msgFinalPosition
	}
	bottom := d.diagram(x, y, text(loc, label), g.Final, board)
	d.pdf.SetY(bottom + 4)
	firstBlack := g.Start != nil && g.Start.ToMove == Black
	d.moveList(moveRows(g.Moves, firstBlack))
	return d.output(w)
}

// recordIntro prints the players, round, board, date and score.
func (d *document) recordIntro(g GameRecord) {
	width := d.pageWidth()
	d.font(true, 11)
	players := text(d.loc, msgWhite) + ": " + titledLabel(d.loc, g.White) + "   —   " + text(d.loc, msgBlack) + ": " + titledLabel(d.loc, g.Black)
	d.multiCell(width, 6, players, "", "C", false)
	var parts []string
	if g.Round > 0 {
		parts = append(parts, text(d.loc, msgRound)+" "+strconv.Itoa(g.Round))
	}
	if g.Board > 0 {
		parts = append(parts, text(d.loc, msgBoard)+" "+strconv.Itoa(g.Board))
	}
	parts = append(parts, formatDate(d.loc, g.Date))
	if score := formatScore(d.loc, g.Result); score != "" {
		if g.EndReason != "" {
			score += " (" + text(d.loc, msg("reason."+g.EndReason)) + ")"
		}
		parts = append(parts, text(d.loc, msgScore)+" "+score)
	}
	d.font(false, 10)
	d.cell(width, 6, nonEmpty(parts...), "", 1, "C", false)
	switch {
	case g.Match:
		line := text(d.loc, msgKnockoutSheetGame) + " " + strconv.Itoa(g.Game)
		if g.TieBreak != "" {
			line += "   —   " + text(d.loc, msgKnockoutTieBreak) + ": " + text(d.loc, tempoWords[g.TieBreak])
		}
		d.multiCell(width, 6, line, "", "C", false)
	case g.Game > 0:
		line := text(d.loc, msgMicroGame) + " " + strconv.Itoa(g.Game)
		if g.Opening != "" {
			line += "   —   " + text(d.loc, msgOpening) + ": " + g.Opening
		}
		d.multiCell(width, 6, line, "", "C", false)
	}
	if g.Override != "" {
		// The result counts as the arbiter accepted it; the moves end
		// elsewhere, and the reader is told so.
		note := text(d.loc, msgOverride, g.Override)
		if g.SheetScore != "" {
			note = text(d.loc, msgOverrideSheetScore, g.SheetScore, g.Override)
		}
		d.font(false, 9)
		d.multiCell(width, 5, note, "", "C", false)
	}
	d.pdf.Ln(4)
}

// diagram draws a captioned board with its towers and the position's
// notation under it; it returns the y below the notation. A board with
// named squares has its files and ranks in the margin, a numbered one
// (international draughts) each dark square's number in its corner.
func (d *document) diagram(x, y float64, caption string, pos Position, board rules.Board) float64 {
	switch pos.ToMove {
	case White:
		caption += " (" + text(d.loc, msgWhiteToMove) + ")"
	case Black:
		caption += " (" + text(d.loc, msgBlackToMove) + ")"
	}
	d.font(true, 9)
	d.pdf.SetXY(x, y)
	d.cell(boardSide, 5, caption, "", 0, "C", false)
	top := y + 6

	n := board.Size
	square := boardSide / float64(n)
	d.pdf.SetDrawColor(0, 0, 0)
	for row := range n {
		for file := range n {
			rank := n - 1 - row
			name, ok := board.SquareName(file, rank)
			if !ok {
				continue
			}
			sx, sy := x+float64(file)*square, top+float64(row)*square
			d.pdf.SetFillColor(170, 170, 170)
			d.pdf.Rect(sx, sy, square, square, "F")
			if board.Numeric {
				d.font(false, 4.5)
				d.pdf.SetXY(sx, sy)
				d.cell(square*0.5, 2.2, name, "", 0, "L", false)
			}
		}
		if !board.Numeric {
			d.font(false, 7)
			d.pdf.SetXY(x-4, top+float64(row)*square)
			d.cell(4, square, strconv.Itoa(n-row), "", 0, "C", false)
		}
	}
	if !board.Numeric {
		d.font(false, 7)
		for file := range n {
			d.pdf.SetXY(x+float64(file)*square, top+boardSide)
			d.cell(square, 4, string(rune('a'+file)), "", 0, "C", false)
		}
	}
	d.pdf.SetLineWidth(0.4)
	d.pdf.Rect(x, top, boardSide, boardSide, "D")
	d.pdf.SetLineWidth(0.2)
	places := squarePlaces(board)
	for _, t := range pos.Towers {
		at := places[t.Square]
		cx, cy := x+(float64(at.file)+0.5)*square, top+(float64(n-at.rank)-0.5)*square
		if pos.Flat {
			d.piece(cx, cy, square, t.Owner, slices.Contains(pos.Kings, t.Square))
		} else {
			d.tower(cx, cy, square, t)
		}
	}

	d.font(false, 7.5)
	d.pdf.SetXY(x, top+boardSide+5)
	d.multiCell(boardSide, 3.5, positionNotation(d.loc, pos), "", "L", false)
	return d.pdf.GetY()
}

// tower draws a tower centred on a square: discs of the other colour at the bottom, the owner's on top (§2),
// at most stackLayers of them, and on the top disc its true counts
// (own, or own/other as in §7.2's e5-2/1) when it is more than one checker.
func (d *document) tower(centreX, centreY, square float64, t Tower) {
	rx, ry, step := square*0.38, square*0.16, square*0.11
	own, other := t.Own, t.Other
	if total := own + other; total > stackLayers {
		other = 0
		if t.Other > 0 {
			other = min(max(int(math.Round(float64(t.Other)*stackLayers/float64(total))), 1), stackLayers-1)
		}
		own = stackLayers - other
	}
	height := 2*ry + float64(own+other-1)*step
	base := centreY + height/2 - ry
	for i := range own + other {
		colour := t.Owner
		if i < other {
			colour = opposite(t.Owner)
		}
		d.discColour(colour)
		d.pdf.Ellipse(centreX, base-float64(i)*step, rx, ry, 0, "FD")
	}
	if t.Own+t.Other == 1 {
		return
	}
	label := strconv.Itoa(t.Own)
	if t.Other > 0 {
		label += "/" + strconv.Itoa(t.Other)
	}
	d.font(true, 5.5)
	if t.Owner == Black {
		d.pdf.SetTextColor(255, 255, 255)
	}
	topY := base - float64(own+other-1)*step
	d.pdf.SetXY(centreX-rx, topY-ry)
	d.cell(2*rx, 2*ry, label, "", 0, "C", false)
	d.pdf.SetTextColor(0, 0, 0)
}

// piece draws a flat piece (a game without towers) centred on a square: a
// disc of its colour with a thin rim, a king with a thick ring inside
// instead.
func (d *document) piece(centreX, centreY, square float64, owner Colour, king bool) {
	r := square * 0.38
	d.discColour(owner)
	d.pdf.Circle(centreX, centreY, r, "FD")
	if owner == Black {
		d.pdf.SetDrawColor(255, 255, 255)
	}
	inner, width := r*0.7, 0.15
	if king {
		inner, width = r*0.5, 0.7
	}
	d.pdf.SetLineWidth(width)
	d.pdf.Circle(centreX, centreY, inner, "D")
	d.pdf.SetLineWidth(0.2)
	d.pdf.SetDrawColor(0, 0, 0)
}

func (d *document) discColour(c Colour) {
	d.pdf.SetDrawColor(0, 0, 0)
	if c == Black {
		d.pdf.SetFillColor(35, 35, 35)
		return
	}
	d.pdf.SetFillColor(255, 255, 255)
}

func opposite(c Colour) Colour {
	if c == White {
		return Black
	}
	return White
}

// moveRow is one numbered line of the move list: White's and Black's ply.
type moveRow struct {
	white, black string
}

// moveRows pairs the plies; a game that starts with Black to move opens with
// "…" in White's column, as move lists print it.
func moveRows(plies []string, firstBlack bool) []moveRow {
	if firstBlack {
		plies = append([]string{"…"}, plies...)
	}
	var rows []moveRow
	for i := 0; i < len(plies); i += 2 {
		row := moveRow{white: plies[i]}
		if i+1 < len(plies) {
			row.black = plies[i+1]
		}
		rows = append(rows, row)
	}
	return rows
}

// moveList prints the numbered moves in blocks across the page, top to
// bottom then left to right, continuing on new pages as needed. An official
// record never drops a square: the blocks are three, or two when a move
// would not fit a column of three, and a move longer than its column still
// wraps after a square onto as many lines as it needs.
func (d *document) moveList(rows []moveRow) {
	if len(rows) == 0 {
		return
	}
	d.font(false, 8)
	blocks := recordBlocks
	for _, r := range rows {
		if w := d.textWidth(r.white, r.black); w > recordMoveWidth(d, blocks) {
			blocks = 2
		}
	}
	moveWidth := recordMoveWidth(d, blocks)
	blockWidth := recordNoWidth + 2*moveWidth
	type laidOut struct {
		white, black []string
		height       float64
	}
	lines := make([]laidOut, len(rows))
	for i, r := range rows {
		l := laidOut{white: d.wrapMove(r.white, moveWidth), black: d.wrapMove(r.black, moveWidth)}
		l.height = float64(max(len(l.white), len(l.black), 1)) * recordRowHeight
		lines[i] = l
	}
	d.font(true, 10)
	d.cell(0, 6, text(d.loc, msgMoves), "", 1, "L", false)
	for next := 0; next < len(rows); {
		if d.pdf.GetY()+recordRowHeight+lines[next].height > d.bottom() {
			d.newPage(false)
		}
		top := d.pdf.GetY()
		room := d.bottom() - top - recordRowHeight
		remaining := 0.0
		for _, l := range lines[next:] {
			remaining += l.height
		}
		// The blocks share the rows evenly; a row is never split.
		target := min(room, remaining/float64(blocks))
		deepest := 0.0
		for block := 0; block < blocks && next < len(rows); block++ {
			x := margin + float64(block)*(blockWidth+recordGap)
			d.pdf.SetXY(x, top)
			d.font(true, 8)
			d.pdf.SetFillColor(225, 228, 232)
			d.cell(recordNoWidth, recordRowHeight, text(d.loc, msgMoveNo), "1", 0, "C", true)
			d.cell(moveWidth, recordRowHeight, text(d.loc, msgWhite), "1", 0, "C", true)
			d.cell(moveWidth, recordRowHeight, text(d.loc, msgBlack), "1", 0, "C", true)
			d.font(false, 8)
			used := 0.0
			for next < len(rows) && used+lines[next].height <= room && (used == 0 || used < target-0.01) {
				y := top + recordRowHeight + used
				l := lines[next]
				d.pdf.Rect(x, y, recordNoWidth, l.height, "D")
				d.pdf.Rect(x+recordNoWidth, y, moveWidth, l.height, "D")
				d.pdf.Rect(x+recordNoWidth+moveWidth, y, moveWidth, l.height, "D")
				d.pdf.SetXY(x, y)
				d.cell(recordNoWidth, recordRowHeight, strconv.Itoa(next+1), "", 0, "C", false)
				for i, part := range l.white {
					d.pdf.SetXY(x+recordNoWidth, y+float64(i)*recordRowHeight)
					d.cell(moveWidth, recordRowHeight, part, "", 0, "L", false)
				}
				for i, part := range l.black {
					d.pdf.SetXY(x+recordNoWidth+moveWidth, y+float64(i)*recordRowHeight)
					d.cell(moveWidth, recordRowHeight, part, "", 0, "L", false)
				}
				used += l.height
				next++
			}
			deepest = max(deepest, used)
		}
		d.pdf.SetY(top + recordRowHeight + deepest + 4)
	}
}

// recordMoveWidth is the width of a move column when the list has that many
// blocks across the page.
func recordMoveWidth(d *document, blocks int) float64 {
	blockWidth := (d.pageWidth() - recordGap*float64(blocks-1)) / float64(blocks)
	return (blockWidth - recordNoWidth) / 2
}

// wrapMove breaks a move too long for its column after a square of its
// route ("b2:d4:f6:d8:" then "a5:d2:h6"), in the current font.
func (d *document) wrapMove(move string, width float64) []string {
	move = printable(move)
	room := width - 2*cellMargin
	if move == "" || d.pdf.GetStringWidth(move) <= room {
		return []string{move}
	}
	var lines []string
	line := ""
	for _, part := range strings.SplitAfter(move, ":") {
		if line != "" && d.pdf.GetStringWidth(line+part) > room {
			lines = append(lines, line)
			line = ""
		}
		line += part
	}
	return append(lines, line)
}

// positionNotation writes the position as §7.2 does:
// "белые: a5-1, e5-2/1; черные: b6-2/3"; a position of Russian draughts
// as its FEN names the pieces: "белые: a1, Kh4; черные: g7".
func positionNotation(loc catalog.Lang, pos Position) string {
	var white, black []string
	towers := slices.Clone(pos.Towers)
	// The shorter name first: numbered squares in their numbers' order
	// (5 before 32), named ones ("a1" … "h8") all of one length.
	slices.SortFunc(towers, func(a, b Tower) int {
		return cmp.Or(cmp.Compare(len(a.Square), len(b.Square)), strings.Compare(a.Square, b.Square))
	})
	for _, t := range towers {
		s := fmt.Sprintf("%s-%d", t.Square, t.Own)
		if t.Other > 0 {
			s += "/" + strconv.Itoa(t.Other)
		}
		if pos.Flat {
			// Russian draughts' FEN: a man by its square, a king as Kh4.
			s = t.Square
			if slices.Contains(pos.Kings, t.Square) {
				s = "K" + t.Square
			}
		}
		if t.Owner == White {
			white = append(white, s)
		} else {
			black = append(black, s)
		}
	}
	list := func(s []string) string {
		if len(s) == 0 {
			return "—"
		}
		return strings.Join(s, ", ")
	}
	return text(loc, msgNotationWhite) + ": " + list(white) + "; " + text(loc, msgNotationBlack) + ": " + list(black)
}

// place is a dark square's file and rank, both from 0 at White's bottom
// left.
type place struct{ file, rank int }

// squarePlaces finds every dark square of the board by its name, as the
// game names it ("e5", or "32" on a numbered board).
func squarePlaces(board rules.Board) map[string]place {
	places := make(map[string]place, board.Squares())
	for file := range board.Size {
		for rank := range board.Size {
			if name, ok := board.SquareName(file, rank); ok {
				places[name] = place{file, rank}
			}
		}
	}
	return places
}

// checkPosition refuses a position that cannot be drawn truthfully on the
// board.
func checkPosition(pos Position, board rules.Board) error {
	if board.Size == 0 {
		return fmt.Errorf("the event names no board to draw the position on")
	}
	places := squarePlaces(board)
	taken := make(map[string]bool, len(pos.Towers))
	for i, t := range pos.Towers {
		where := fmt.Sprintf("tower %d (%s)", i+1, t.Square)
		if _, ok := places[t.Square]; !ok {
			return fmt.Errorf("%s: %w", where, notASquare(t.Square, board))
		}
		if taken[t.Square] {
			return fmt.Errorf("%s: a second tower on the same square", where)
		}
		taken[t.Square] = true
		if t.Owner != White && t.Owner != Black {
			return fmt.Errorf("%s: owner must be White or Black", where)
		}
		if pos.Flat && (t.Own != 1 || t.Other != 0) {
			return fmt.Errorf("%s: counts %d/%d; a piece of Russian draughts is one man or king", where, t.Own, t.Other)
		}
		// §2: a tower has 1–24 checkers, its owner's colour on top.
		if t.Own < 1 || t.Other < 0 || t.Own+t.Other > 24 {
			return fmt.Errorf("%s: counts %d/%d; a tower has at least one checker of its owner's colour and at most 24 in all", where, t.Own, t.Other)
		}
	}
	for _, k := range pos.Kings {
		if !pos.Flat || !taken[k] {
			return fmt.Errorf("king on %s: a king stands on a piece of a position of Russian draughts", k)
		}
	}
	if pos.ToMove != NoColour && pos.ToMove != White && pos.ToMove != Black {
		return fmt.Errorf("side to move %d is not White, Black or NoColour", pos.ToMove)
	}
	return nil
}

// notASquare says why a name is no dark square of the board: a light
// square of a board with named squares (towers stand on dark ones, §1), or
// a name off the board.
func notASquare(name string, board rules.Board) error {
	if board.Numeric {
		return fmt.Errorf("square %q is not one of 1–%d", name, board.Squares())
	}
	last := fmt.Sprintf("%c%d", 'a'+board.Size-1, board.Size)
	if len(name) >= 2 && name[0] >= 'a' && name[0] < byte('a'+board.Size) {
		if rank, err := strconv.Atoi(name[1:]); err == nil && rank >= 1 && rank <= board.Size {
			return fmt.Errorf("square %q is a light square; towers stand on dark squares (§1)", name)
		}
	}
	return fmt.Errorf("square %q is not a1–%s", name, last)
}
