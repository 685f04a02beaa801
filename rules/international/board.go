// Package international knows the draughts of the FMJD's international
// rules: international draughts on the 10×10 board (key "international",
// squares numbered 1–50, PDN GameType 20) and Brazilian draughts, the same
// rules on the 8×8 board of Russian draughts (key "brazilian", algebraic
// squares, GameType 26). One engine serves both, parameterised by a
// Variant: the board's size, the names of its squares and the draw rules.
// Men move forward and capture forward and backward, capturing is
// compulsory and the sequence taking the most pieces must be played, the
// pieces taken leave the board after the whole capture, a man is crowned
// only when its move ends on the far row, and kings fly.
//
// Like rules/russian it is pure and imports nothing of ours but rules,
// whose colours, scores, sheets and messages it shares; it implements
// rules.Game for both games. docs/international.md cites the rule books;
// comments cite the FMJD's official rules for international draughts as
// FMJD 4.3 and the FMJD's rules of the 64-square game as FMJD-64 7.2.5.
package international

import (
	"math/bits"

	"adiukh/rules"
	"adiukh/rules/flat"
)

// Color is that of rules.
type Color = rules.Color

const (
	White = rules.White
	Black = rules.Black
)

// Square is a dark square of the board, numbered from 0 as PDN numbers it
// from 1: row by row from Black's side, left to right as White sees the
// board. On the 10×10 board square 0 is the international "1" (b10), 49
// is "50" (i1); on the 8×8 board 0 is b8 and 31 is g1.
type Square int8

const noSquare Square = -1

// Diagonal directions as White sees the board; opposite directions differ
// in the lowest bit.
const (
	upRight = iota
	downLeft
	upLeft
	downRight
	noDirection = -1
)

// forward lists the directions a man of each colour moves in (FMJD: a man's move).
var forward = [2][2]int{{upRight, upLeft}, {downLeft, downRight}}

// maxSquares bounds the dark squares of any board here (10×10).
const maxSquares = 50

// Variant is one of the two games: the board and what differs between
// them. Its tables are built once, when the package is loaded.
type Variant struct {
	key        string
	size       int // squares along a side
	squares    int // dark squares
	gameType   string
	pdnVariant string
	// numbered is true when squares are written by number (international
	// draughts), false when by name (Brazilian draughts, a1 … h8).
	numbered bool
	// menEach is the number of men each side starts with.
	menEach int
	// step[s][d] is the next square from s in direction d, or noSquare.
	step [maxSquares][4]Square
	// A set moves one step in direction d as (set&shiftMask[d][i]) shifted
	// by shiftBy[d][i], i = 0, 1: the step's length differs between rows.
	shiftMask [4][2]uint64
	shiftBy   [4][2]int
	// promotion[c] is the row where colour c's men are crowned.
	promotion [2]uint64
	// longDiagonal is a1–h8 on the 8×8 board (FMJD-64 7.2.7); unused on
	// the 10×10 board.
	longDiagonal uint64
	all          uint64
	// kingsOnlyMoves is the moves each of kings only, without a capture or
	// a man's move, that draw a game (the FMJD's draws: 25; FMJD-64 7.2.5: 15).
	kingsOnlyMoves int
	// endingOf names the ending of few pieces on the board, and the moves
	// each side has in it before it is drawn.
	endingOf func(v *Variant, p *Position) (rules.EndReason, int)
	// forceCount is whether FMJD-64 7.2.6's count applies.
	forceCount bool
}

// International is international draughts on the 10×10 board.
var International = newVariant(Variant{key: "international", size: 10, gameType: "20", pdnVariant: "International",
	numbered: true, menEach: 20, kingsOnlyMoves: 25, endingOf: endingOfFMJD})

// Brazilian is Brazilian draughts on the 8×8 board.
var Brazilian = newVariant(Variant{key: "brazilian", size: 8, gameType: "26", pdnVariant: "Brazilian",
	menEach: 12, kingsOnlyMoves: 15, endingOf: endingOfFMJD64, forceCount: true})

// newVariant completes a variant's tables from its size.
func newVariant(v Variant) *Variant {
	size := v.size
	v.squares = size * size / 2
	v.all = 1<<v.squares - 1
	deltas := [4][2]int{{1, 1}, {-1, -1}, {-1, 1}, {1, -1}} // file, rank
	for s := Square(0); int(s) < v.squares; s++ {
		file, rank := v.coordinates(s)
		for d, delta := range deltas {
			n := v.at(file+delta[0], rank+delta[1])
			v.step[s][d] = n
			if n == noSquare {
				continue
			}
			by := int(n) - int(s)
			i := 0
			if v.shiftMask[d][0] != 0 && v.shiftBy[d][0] != by {
				i = 1
			}
			v.shiftMask[d][i] |= 1 << s
			v.shiftBy[d][i] = by
		}
		switch rank {
		case size - 1:
			v.promotion[White] |= 1 << s
		case 0:
			v.promotion[Black] |= 1 << s
		}
		if file == rank {
			v.longDiagonal |= 1 << s
		}
	}
	return &v
}

// coordinates returns the file (0 = a) and rank (0 = White's first row)
// of a square.
func (v *Variant) coordinates(s Square) (file, rank int) {
	half := v.size / 2
	row, col := int(s)/half, int(s)%half
	rank = v.size - 1 - row
	file = 2 * col
	if row%2 == 0 {
		file++
	}
	return file, rank
}

// at is the square on a file and rank, noSquare off the board or on a
// light square.
func (v *Variant) at(file, rank int) Square {
	if file < 0 || rank < 0 || file >= v.size || rank >= v.size || (file+rank)%2 != 0 {
		return noSquare
	}
	row := v.size - 1 - rank
	return Square(row*(v.size/2) + file/2)
}

// shift moves every square of set one step in direction d; squares that
// would leave the board are dropped.
func (v *Variant) shift(set uint64, d int) uint64 {
	var out uint64
	for i := 0; i < 2; i++ {
		part := set & v.shiftMask[d][i]
		if by := v.shiftBy[d][i]; by > 0 {
			out |= part << by
		} else {
			out |= part >> -by
		}
	}
	return out
}

func lowest(set uint64) Square { return Square(bits.TrailingZeros64(set)) }

// Position is what stands on the board and whose move it is: a FEN.
type Position struct {
	Men   [2]uint64 // the men and kings of each colour
	Kings uint64    // which of them are kings
	Side  Color     // the side to move
}

// Start returns the initial position: Black's men on the first rows by
// number, White's on the last, White to move (FMJD 2.6 numbers the squares).
func (v *Variant) Start() Position {
	black := uint64(1)<<v.menEach - 1
	return Position{Men: [2]uint64{black << (v.squares - v.menEach), black}, Side: White}
}

func (p *Position) occupied() uint64 { return p.Men[White] | p.Men[Black] }

// Piece tells what stands on a square.
func (p *Position) Piece(s Square) (c Color, king, ok bool) {
	return flat.PieceOn(p.Men, p.Kings, uint64(1)<<s)
}

// count returns the number of pieces of c, and of its kings.
func (p *Position) count(c Color) (pieces, kings int) { return flat.Count(p.Men[c], p.Kings) }
