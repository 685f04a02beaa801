package web

import (
	"fmt"

	"adiukh/rules"
)

// The board is drawn server-side as SVG: 8×8 squares of 50 units, White at
// the bottom, with the files and ranks in a margin. game.js redraws the
// towers from the same encoding (see core.TowerCode) when stepping through a game.
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
	Mark  bool // a square of the move just played, or of the problem
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

// newBoardView draws a position; marked squares are highlighted.
func newBoardView(p rules.Position, marked ...rules.Square) *boardView {
	b := &boardView{}
	for rank := 7; rank >= 0; rank-- {
		for file := 0; file < 8; file++ {
			sq := squareView{X: 20 + file*squareSize, Y: (7 - rank) * squareSize}
			if s, ok := rules.SquareAt(file, rank); ok {
				sq.Dark, sq.Name = true, s.String()
				sq.Tower = newTowerView(p.At(s))
				for _, m := range marked {
					sq.Mark = sq.Mark || m == s
				}
			}
			b.Squares = append(b.Squares, sq)
		}
	}
	for i := 0; i < 8; i++ {
		b.Files = append(b.Files, labelView{X: 20 + i*squareSize + squareSize/2, Y: 8*squareSize + 15, Text: string(rune('a' + i))})
		b.Ranks = append(b.Ranks, labelView{X: 10, Y: (7-i)*squareSize + squareSize/2 + 5, Text: fmt.Sprint(i + 1)})
	}
	return b
}
