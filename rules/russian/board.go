// Package russian knows Russian draughts: the board, move generation with
// the Turkish strike and promotion during a capture, FEN and move notation,
// the end of a game with the draw axioms, game sheets and PDN (GameType 25,
// as lidraughts writes it) and perft. It is pure like rules, and imports
// nothing of ours but rules, whose squares, colours, scores, sheets and
// messages it shares; it implements rules.Game for the rest of the code.
//
// The rules are those of the seeds: "Русские шашки" (russian-draughts-ru.txt,
// rules 1–16), "Учимся играть в шашки" (learning-draughts-ru.txt, the rules
// summed up at its end, 1–12) and "Шашечные аксиомы" (draw-axioms-ru.txt,
// axioms 1–7); comments cite them as RD 4, LD 9 and axiom 5.
package russian

import (
	"math/bits"

	"adiukh/rules"
	"adiukh/rules/flat"
)

// Square, Color and their names are those of rules: the 32 dark squares,
// a1=0, c1=1 … h8=31, with a1 dark and White's men on rows 1–3 (LD,
// diagram 1).
type (
	Square = rules.Square
	Color  = rules.Color
)

const (
	White = rules.White
	Black = rules.Black
)

// Diagonal directions; opposite directions differ in the lowest bit.
const (
	northEast = iota
	southWest
	northWest
	southEast
	noDirection = 0xFF
)

const noSquare = rules.NoSquare

// step[s][d] is the next square from s in direction d, or noSquare.
var step [32][4]Square

// forward[c] lists the directions a man of colour c moves in (RD 1).
var forward = [2][2]int{{northEast, northWest}, {southWest, southEast}}

// kingRow[c] has a bit for every square of colour c's promotion row: row 8
// for White, row 1 for Black.
var kingRow = [2]uint32{0xF0000000, 0x0000000F}

// mainRoad has a bit for every square of the main road a1–h8 (axiom 5).
var mainRoad uint32

// Masks of the shifts that move a whole set one step along a diagonal:
// squares of odd ranks (0-based even: a1, c1 … on ranks 1, 3, 5, 7) and
// the two edge files that cannot step off the board sideways.
const (
	lowRanks uint32 = 0x0F0F0F0F // ranks 1, 3, 5, 7 (files a, c, e, g)
	fileA    uint32 = 0x01010101 // a1, a3, a5, a7
	fileH    uint32 = 0x80808080 // h2, h4, h6, h8
)

func init() {
	steps := [4][2]int{{1, 1}, {-1, -1}, {-1, 1}, {1, -1}}
	for s := Square(0); s < 32; s++ {
		for d, st := range steps {
			n, ok := rules.SquareAt(s.File()+st[0], s.Rank()+st[1])
			if !ok {
				n = noSquare
			}
			step[s][d] = n
		}
		if s.File() == s.Rank() {
			mainRoad |= 1 << s
		}
	}
}

// shift moves every square of set one step in direction d; squares that
// would leave the board are dropped.
func shift(set uint32, d int) uint32 {
	switch d {
	case northEast:
		return (set&lowRanks)<<4 | (set&^lowRanks&^fileH)<<5
	case northWest:
		return (set&lowRanks&^fileA)<<3 | (set&^lowRanks)<<4
	case southWest:
		return (set&lowRanks&^fileA)>>5 | (set&^lowRanks)>>4
	default:
		return (set&lowRanks)>>4 | (set&^lowRanks&^fileH)>>3
	}
}

func lowest(set uint32) Square { return Square(bits.TrailingZeros32(set)) }

// Position is what stands on the board and whose move it is: a FEN.
type Position struct {
	Men   [2]uint32 // the men and kings of each colour
	Kings uint32    // which of them are kings
	Side  Color     // the side to move
}

// Start returns the initial position: White's men on rows 1–3, Black's on
// rows 6–8, White to move (LD, diagram 1).
func Start() Position {
	return Position{Men: [2]uint32{0x00000FFF, 0xFFF00000}, Side: White}
}

// Pieces returns the squares of colour c's pieces.
func (p *Position) Pieces(c Color) uint32 { return p.Men[c] }

func (p *Position) occupied() uint32 { return p.Men[White] | p.Men[Black] }

// Piece tells what stands on a square.
func (p *Position) Piece(s Square) (c Color, king, ok bool) {
	return flat.PieceOn(p.Men, p.Kings, uint32(1)<<s)
}

// count returns the number of pieces of c, and of its kings.
func (p *Position) count(c Color) (pieces, kings int) { return flat.Count(p.Men[c], p.Kings) }
