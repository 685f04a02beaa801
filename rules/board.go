// Package rules is what every game shares: the squares of the 8×8 board and
// the colours, a written move and its readings, game sheets and PDN as read
// and written, scores, messages and their stored keys, titles, and the two
// things the rest of the program sees any game through, Game (its rules)
// and Variant (its value). Each game is a package of its own beside it
// (rules/adiukh, rules/russian, rules/international), listed by the
// registry rules/games; this one imports none of them. It is pure: no I/O,
// nothing outside the standard library, nothing of the tournament that uses
// it.
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
