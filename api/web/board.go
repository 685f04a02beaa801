package web

import (
	"fmt"

	"adiukh/rules"
	"adiukh/rules/russian"
	"adiukh/tournament"
)

// The board is drawn server-side as SVG: 8×8 squares of 50 units, White at
// the bottom (Black at the bottom for the player of Black), with the files
// and ranks in a margin. app.js redraws the
// towers from the same encoding (see core.TowerCode) when stepping through a
// game, and a Russian draughts game's flat pieces from core.PieceCode's.
const squareSize = 50

// boardView is one position ready to draw.
type boardView struct {
	Squares []squareView
	Files   []labelView
	Ranks   []labelView
}

type squareView struct {
	X, Y  int // top-left corner
	Dark  bool
	Name  string // "c3" on dark squares
	Tower *towerView
	Piece *pieceView // a piece of Russian draughts, which has no towers
	Mark  bool       // a square of the move just played, or of the problem
}

// towerView is a tower as drawn: the owner's colour on top, the other
// colour's checkers under it (rules §3.7: captured checkers go under the
// capturing tower), and its composition as "own/other" when it is more than
// one checker.
type towerView struct {
	Owner string // "w" or "b"
	Under string // colour of the checkers under it; "" when none
	Label string
}

// pieceView is a flat piece of Russian draughts: a man, or a king marked
// by a crown ring.
type pieceView struct {
	Owner string // "w" or "b"
	King  bool
}

type labelView struct {
	X, Y int
	Text string
}

// CX and CY are the centre of a square.
func (s squareView) CX() int { return s.X + squareSize/2 }
func (s squareView) CY() int { return s.Y + squareSize/2 }

func colorCode(c rules.Color) string {
	if c == rules.White {
		return "w"
	}
	return "b"
}

func newTowerView(t rules.Tower) *towerView {
	if t.Empty() {
		return nil
	}
	v := &towerView{Owner: colorCode(t.Owner)}
	if t.Other > 0 {
		v.Under = colorCode(t.Owner.Opponent())
	}
	if t.Height() > 1 {
		v.Label = fmt.Sprintf("%d/%d", t.Own, t.Other)
		if t.Other == 0 {
			v.Label = fmt.Sprint(t.Own)
		}
	}
	return v
}

// newBoardView draws a position seen from bottom's side: White's with rank 1
// at the bottom and files a..h, Black's turned round (rank 8 at the bottom,
// files h..a), as a player of Black sits at the board. Marked squares are
// highlighted. The squares keep their names, so scripts are unaffected.
func newBoardView(p rules.Position, bottom rules.Color, marked ...rules.Square) *boardView {
	return layBoard(bottom, marked, func(sq *squareView, s rules.Square) { sq.Tower = newTowerView(p.At(s)) })
}

// newRussianBoardView draws a position of Russian draughts as newBoardView
// draws Adiukh's: flat men and kings instead of towers.
func newRussianBoardView(p russian.Position, bottom rules.Color, marked ...rules.Square) *boardView {
	return layBoard(bottom, marked, func(sq *squareView, s rules.Square) {
		if c, king, ok := p.Piece(s); ok {
			sq.Piece = &pieceView{Owner: colorCode(c), King: king}
		}
	})
}

// gameBoardView draws a played game's position, stored in the notation of
// its event's game: Adiukh's towers or Russian draughts' flat pieces.
func gameBoardView(k tournament.GameKind, position string, bottom rules.Color, marked ...rules.Square) (*boardView, error) {
	if k.OrAdiukh() == tournament.RussianGame {
		p, err := russian.ParseFEN(position)
		if err != nil {
			return nil, fmt.Errorf("a game's stored position %q: %w", position, err)
		}
		return newRussianBoardView(p, bottom, marked...), nil
	}
	p, err := rules.ParsePosition(position)
	if err != nil {
		return nil, fmt.Errorf("a game's stored position %q: %w", position, err)
	}
	return newBoardView(p, bottom, marked...), nil
}

// layBoard lays out the squares, files and ranks seen from bottom's side;
// place puts the piece of a dark square on it.
func layBoard(bottom rules.Color, marked []rules.Square, place func(*squareView, rules.Square)) *boardView {
	// column and row place a file and a rank on the drawing, 0 at the left
	// and at the top.
	column := func(file int) int { return file }
	row := func(rank int) int { return 7 - rank }
	if bottom == rules.Black {
		column = func(file int) int { return 7 - file }
		row = func(rank int) int { return rank }
	}
	b := &boardView{}
	for y := 0; y < 8; y++ {
		for x := 0; x < 8; x++ {
			file, rank := column(x), row(y) // both maps are their own inverse
			sq := squareView{X: 20 + x*squareSize, Y: y * squareSize}
			if s, ok := rules.SquareAt(file, rank); ok {
				sq.Dark, sq.Name = true, s.String()
				place(&sq, s)
				for _, m := range marked {
					sq.Mark = sq.Mark || m == s
				}
			}
			b.Squares = append(b.Squares, sq)
		}
	}
	for i := 0; i < 8; i++ {
		b.Files = append(b.Files, labelView{X: 20 + column(i)*squareSize + squareSize/2, Y: 8*squareSize + 15, Text: string(rune('a' + i))})
		b.Ranks = append(b.Ranks, labelView{X: 10, Y: row(i)*squareSize + squareSize/2 + 5, Text: fmt.Sprint(i + 1)})
	}
	return b
}
