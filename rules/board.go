// Package rules knows Adiukh checkers exactly: squares, towers, positions and
// their notation, move generation, move notation (full, with turning squares,
// short), game sheets and PDN, replay with validation reports, final scores and
// perft. It is pure: no I/O, nothing outside the standard library, nothing of
// the tournament that uses it.
package rules

// Square is one of the 32 dark squares, numbered rank by rank from White's side:
// a1=0, c1=1, e1=2, g1=3, b2=4, … h8=31.
type Square uint8

// NoSquare marks the edge of the board in the neighbour tables.
const NoSquare Square = 0xFF

// Color is the colour of a checker, and of the player who owns it.
type Color uint8

const (
	White Color = iota
	Black
)

// Opponent returns the other colour.
func (c Color) Opponent() Color { return c ^ 1 }

func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// File returns the file of the square, 0 for a … 7 for h.
func (s Square) File() int { r := s.Rank(); return 2*int(s%4) + r%2 }

// Rank returns the rank of the square, 0 for rank 1 … 7 for rank 8.
func (s Square) Rank() int { return int(s / 4) }

// String names the square as the rules do: "c3".
func (s Square) String() string {
	if s >= 32 {
		return "??"
	}
	return squareName[s]
}

// squareName holds the squares' names, made once, so that naming a square
// (every move written, every replayed sheet) allocates nothing.
var squareName = func() (names [32]string) {
	for s := range Square(32) {
		names[s] = string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
	}
	return names
}()

// SquareAt returns the dark square on the given file and rank (both 0-based),
// or false when it is off the board or a light square.
func SquareAt(file, rank int) (Square, bool) {
	if file < 0 || file > 7 || rank < 0 || rank > 7 || (file+rank)%2 != 0 {
		return NoSquare, false
	}
	return Square(rank*4 + file/2), true
}

// ParseSquare reads a square name such as "c3".
func ParseSquare(s string) (Square, bool) {
	if len(s) != 2 {
		return NoSquare, false
	}
	return SquareAt(int(s[0])-'a', int(s[1])-'1')
}

// Diagonal directions. Opposite directions differ only in the lowest bit, so
// the 180° turn of §3.14 is d^1.
const (
	northEast = iota
	southWest
	northWest
	southEast
	noDirection = 0xFF
)

// neighbour[s][d] is the next square from s in direction d, or NoSquare.
var neighbour [32][4]Square

// adjacent[s] and diagonals[s] have a bit for every square next to s, and for
// every square on the diagonals through s.
var adjacent, diagonals [32]uint32

// fileSquares[f] has a bit for every dark square of file f.
var fileSquares [8]uint32

// promotionRank is the king row of each colour (§1.3): rank 8 for White,
// rank 1 for Black.
var promotionRank = [2]int{7, 0}

// kingRow[c] has a bit for every square of colour c's promotion row.
var kingRow [2]uint32

// forward[c] lists the two directions a man of colour c makes quiet moves in.
var forward = [2][2]int{{northEast, northWest}, {southWest, southEast}}

func init() {
	steps := [4][2]int{{1, 1}, {-1, -1}, {-1, 1}, {1, -1}}
	for s := Square(0); s < 32; s++ {
		for d, step := range steps {
			n, ok := SquareAt(s.File()+step[0], s.Rank()+step[1])
			if !ok {
				n = NoSquare
			}
			neighbour[s][d] = n
			fileSquares[s.File()] |= 1 << s
			if n != NoSquare {
				adjacent[s] |= 1 << n
			}
			for f, r := s.File()+step[0], s.Rank()+step[1]; ; f, r = f+step[0], r+step[1] {
				q, ok := SquareAt(f, r)
				if !ok {
					break
				}
				diagonals[s] |= 1 << q
			}
		}
		for c := White; c <= Black; c++ {
			if s.Rank() == promotionRank[c] {
				kingRow[c] |= 1 << s
			}
		}
	}
}
