package kit

import (
	"fmt"

	"adiukh/tournament"
)

// SeatOption is one seat of a draft round in the swap form: "3w" is board 3,
// white.
type SeatOption struct {
	Value  string
	Board  int
	White  bool
	Player *tournament.Player
}

// SeatOptions are the seats that can be swapped: a requested bye is not
// part of the pairing (review.Service.SwapSeats), so its board is not offered.
func SeatOptions(rows []BoardRow) []SeatOption {
	var seats []SeatOption
	for _, r := range rows {
		if r.EndReason == string(tournament.HalfPointBye) || r.EndReason == string(tournament.ZeroPointBye) {
			continue
		}
		seats = append(seats, SeatOption{Value: fmt.Sprintf("%dw", r.Board), Board: r.Board, White: true, Player: r.White})
		if r.Black != nil {
			seats = append(seats, SeatOption{Value: fmt.Sprintf("%db", r.Board), Board: r.Board, Player: r.Black})
		}
	}
	return seats
}
