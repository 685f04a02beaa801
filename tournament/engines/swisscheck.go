package engines

import (
	"fmt"
	"slices"
	"strings"

	"adiukh/tournament"
	"adiukh/tournament/pairing/dutch"
)

// CheckPairing lists the absolute criteria of FIDE C.04.3 that a pairing of
// round in.Round breaks, by dutch.Check on the same input the engine pairs:
// every player to be paired appears exactly once and no absent one does; no
// rematch and no forbidden pair (C1); the pairing-allocated bye only to an
// eligible player, and only one (C2); colours within the absolute limits
// (C3). Each warning names its board (0 for a player left unpaired). An
// empty list means the pairing is legal.
func CheckPairing(in tournament.PairingInput, pairings []tournament.Pairing) ([]tournament.PairingWarning, error) {
	t, _, err := DutchInput(in)
	if err != nil {
		return nil, err
	}
	noOf := make(map[int64]int, len(in.Players))
	for _, p := range in.Players {
		noOf[p.ID] = p.StartNo
	}
	var out []tournament.PairingWarning
	var proposed dutch.Pairing
	boardsOf := map[int][]int{} // the boards of each start number, in order
	byeBoard := 0
	for i, pr := range pairings {
		w, b := noOf[pr.WhiteID], noOf[pr.BlackID]
		boardsOf[w] = append(boardsOf[w], i+1)
		if b == 0 {
			if proposed.Bye != 0 {
				out = append(out, tournament.PairingWarning{Board: i + 1, Code: "two_byes", Players: []int{w},
					Format: warning("a second bye in the round (player %d): an odd field has one pairing-allocated bye (C2)")})
				continue
			}
			proposed.Bye, byeBoard = w, i+1
			continue
		}
		boardsOf[b] = append(boardsOf[b], i+1)
		proposed.Boards = append(proposed.Boards, dutch.Board{White: w, Black: b})
	}
	violations, err := dutch.Check(t, proposed)
	if err != nil {
		return nil, fmt.Errorf("check of round %d of event %d: %w", in.Round, in.Event.ID, err)
	}
	for _, v := range violations {
		w := tournament.PairingWarning{Code: v.Code, Players: v.Players, Format: violationFormat(v)}
		switch {
		case v.Code == "bye_ineligible":
			w.Board = byeBoard
		case v.Code == "paired_twice":
			// The seat that pairs the player again: the last one.
			seats := boardsOf[v.Players[0]]
			w.Board = seats[len(seats)-1]
		case len(v.Players) > 0 && v.Code != "unpaired" && len(boardsOf[v.Players[0]]) > 0:
			w.Board = boardsOf[v.Players[0]][0]
		}
		out = append(out, w)
	}
	slices.SortStableFunc(out, func(a, b tournament.PairingWarning) int { return a.Board - b.Board })
	return out, nil
}

// warning marks a warning's English format, the catalogue's ID for it.
func warning(format string) string { return format }

// violationFormat is the format of a warning for a violation the Dutch
// engine found, naming the criterion it breaks; its arguments are the
// violation's players.
func violationFormat(v dutch.Violation) string {
	switch v.Code {
	case "rematch":
		return warning("players %d and %d have already played each other (C1)")
	case "forbidden":
		return warning("players %d and %d must not be paired (C1)")
	case "unknown_player":
		return warning("player %d is not in the event")
	case "absent_paired":
		return warning("player %d does not play this round (withdrawn or on a bye) but is paired")
	case "paired_twice":
		return warning("player %d is paired twice")
	case "unpaired":
		return warning("player %d plays this round but is not paired")
	case "bye_ineligible":
		return warning("player %d has already had a bye or a win without playing (C2)")
	case "colour":
		if strings.Contains(v.Format, "white") {
			return warning("player %d cannot have white again (C3)")
		}
		return warning("player %d cannot have black again (C3)")
	}
	return v.Format
}
