package kit

import (
	"fmt"
	"slices"
	"strings"

	"adiukh/rules"
	"adiukh/tournament"
)

// The board is drawn server-side as SVG: the game's squares (8×8 or 10×10)
// of 50 units, White at the bottom (Black at the bottom for the player of
// Black), with the files and ranks in a margin, or each dark square's
// number in its corner where the game numbers them. app.js redraws the
// pieces from the same encoding (see core.PieceCode) when stepping through
// a game: Adiukh's towers, other games' flat men and kings.
const squareSize = 50

// BoardView is one position ready to draw.
type BoardView struct {
	Squares []squareView
	Files   []labelView
	Ranks   []labelView
	// Side is the drawing's width and height, the margin included.
	Side int
}

type squareView struct {
	X, Y int // top-left corner
	Dark bool
	Name string // "c3" or "32" on dark squares
	// Number is the name written in a corner of a numbered board's square.
	Number string
	Tower  *towerView
	Piece  *pieceView // a flat man or king, of a game without towers
	Mark   bool       // a square of the move just played, or of the problem
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

// pieceView is a flat piece: a man, or a king marked by a crown ring.
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

// newTowerView draws a tower: its owner's checkers over the other
// colour's, labelled with their counts when there are more than one.
func newTowerView(t rules.Piece) *towerView {
	v := &towerView{Owner: colorCode(t.Owner)}
	if t.Other > 0 {
		v.Under = colorCode(t.Owner.Opponent())
	}
	if t.Own+t.Other > 1 {
		v.Label = fmt.Sprintf("%d/%d", t.Own, t.Other)
		if t.Other == 0 {
			v.Label = fmt.Sprint(t.Own)
		}
	}
	return v
}

// StateBoardView draws a position of any game seen from bottom's side:
// White's with White's first rank at the bottom, Black's turned round, as a
// player of Black sits at the board; towers or flat pieces as the game has
// them; marked squares highlighted. The squares keep their names, so
// scripts are unaffected.
func StateBoardView(v *rules.Variant, s rules.State, bottom rules.Color, marked ...string) *BoardView {
	pieces := map[string]rules.Piece{}
	for _, p := range s.Pieces() {
		pieces[p.Square] = p
	}
	return layBoard(v.Board, bottom, marked, func(sq *squareView) {
		p, ok := pieces[sq.Name]
		switch {
		case !ok:
		case v.Towers:
			sq.Tower = newTowerView(p)
		default:
			sq.Piece = &pieceView{Owner: colorCode(p.Owner), King: p.King}
		}
	})
}

// GameBoardView draws a played game's position, stored in the notation of
// its event's game.
func GameBoardView(k tournament.GameKind, position string, bottom rules.Color, marked ...string) (*BoardView, error) {
	s, err := k.Rules().ParseState(position, rules.White)
	if err != nil {
		return nil, fmt.Errorf("a game's stored position %q: %w", position, err)
	}
	return StateBoardView(k.Variant(), s, bottom, marked...), nil
}

// layBoard lays out the squares, and the files and ranks or the squares'
// numbers, seen from bottom's side; place puts the piece of a dark square
// on it.
func layBoard(board rules.Board, bottom rules.Color, marked []string, place func(*squareView)) *BoardView {
	n := board.Size
	// column and row place a file and a rank on the drawing, 0 at the left
	// and at the top.
	column := func(file int) int { return file }
	row := func(rank int) int { return n - 1 - rank }
	if bottom == rules.Black {
		column = func(file int) int { return n - 1 - file }
		row = func(rank int) int { return rank }
	}
	// The margin holds the files and ranks; a numbered board writes its
	// squares' numbers in the squares and needs none, so that its ten
	// files take the whole width a phone gives them.
	margin := 20
	if board.Numeric {
		margin = 0
	}
	b := &BoardView{Side: margin + n*squareSize}
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			file, rank := column(x), row(y) // both maps are their own inverse
			sq := squareView{X: margin + x*squareSize, Y: y * squareSize}
			if name, ok := board.SquareName(file, rank); ok {
				sq.Dark, sq.Name = true, name
				if board.Numeric {
					sq.Number = name
				}
				place(&sq)
				sq.Mark = slices.Contains(marked, name)
			}
			b.Squares = append(b.Squares, sq)
		}
	}
	if board.Numeric {
		return b
	}
	for i := 0; i < n; i++ {
		b.Files = append(b.Files, labelView{X: 20 + column(i)*squareSize + squareSize/2, Y: n*squareSize + 15, Text: string(rune('a' + i))})
		b.Ranks = append(b.Ranks, labelView{X: 10, Y: row(i)*squareSize + squareSize/2 + 5, Text: fmt.Sprint(i + 1)})
	}
	return b
}

// MoveEnds are the squares a move written in full notation starts and
// ends on: "c3" and "e5" of "c3:e5", "32" and "28" of "32-28".
func MoveEnds(notation string) []string {
	squares := strings.FieldsFunc(notation, func(r rune) bool { return r == '-' || r == ':' || r == 'x' })
	if len(squares) == 0 {
		return nil
	}
	return []string{squares[0], squares[len(squares)-1]}
}
