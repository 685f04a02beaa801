package adiukh

import (
	"adiukh/rules"
)

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
			n, ok := rules.SquareAt(s.File()+step[0], s.Rank()+step[1])
			if !ok {
				n = NoSquare
			}
			neighbour[s][d] = n
			fileSquares[s.File()] |= 1 << s
			if n != NoSquare {
				adjacent[s] |= 1 << n
			}
			for f, r := s.File()+step[0], s.Rank()+step[1]; ; f, r = f+step[0], r+step[1] {
				q, ok := rules.SquareAt(f, r)
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
