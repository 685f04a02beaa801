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
	boardOf := map[int]int{}
	for i, pr := range pairings {
		w, b := noOf[pr.WhiteID], noOf[pr.BlackID]
		if _, twice := boardOf[w]; !twice {
			boardOf[w] = i + 1
		}
		if b == 0 {
			if proposed.Bye != 0 {
				out = append(out, tournament.PairingWarning{Board: i + 1, Code: "two_byes",
					TextRU: fmt.Sprintf("второй бай в туре (игрок %d): при нечётном числе игроков бай один (C2)", w),
					TextEN: fmt.Sprintf("a second bye in the round (player %d): an odd field has one pairing-allocated bye (C2)", w)})
				continue
			}
			proposed.Bye = w
			continue
		}
		if _, twice := boardOf[b]; !twice {
			boardOf[b] = i + 1
		}
		proposed.Boards = append(proposed.Boards, dutch.Board{White: w, Black: b})
	}
	violations, err := dutch.Check(t, proposed)
	if err != nil {
		return nil, fmt.Errorf("check of round %d of event %d: %w", in.Round, in.Event.ID, err)
	}
	for _, v := range violations {
		w := tournament.PairingWarning{Code: v.Code, TextRU: violationRU(v), TextEN: v.String()}
		if len(v.Players) > 0 && v.Code != "unpaired" {
			w.Board = boardOf[v.Players[0]]
		}
		out = append(out, w)
	}
	slices.SortStableFunc(out, func(a, b tournament.PairingWarning) int { return a.Board - b.Board })
	return out, nil
}

// violationRU is the Russian text of a violation; the English one is the
// engine's own message.
func violationRU(v dutch.Violation) string {
	ps := v.Players
	switch {
	case v.Code == "rematch" && len(ps) == 2:
		return fmt.Sprintf("игроки %d и %d уже встречались (C1)", ps[0], ps[1])
	case v.Code == "forbidden" && len(ps) == 2:
		return fmt.Sprintf("игрокам %d и %d запрещено встречаться (C1)", ps[0], ps[1])
	case len(ps) == 0:
		return v.String()
	}
	switch v.Code {
	case "unknown_player":
		return fmt.Sprintf("игрок %d не участвует в турнире", ps[0])
	case "absent_paired":
		return fmt.Sprintf("игрок %d в этом туре не играет (выбыл или взял бай), но поставлен в пару", ps[0])
	case "paired_twice":
		return fmt.Sprintf("игрок %d поставлен в пару дважды", ps[0])
	case "unpaired":
		return fmt.Sprintf("игрок %d играет в этом туре, но не получил пары", ps[0])
	case "bye_ineligible":
		return fmt.Sprintf("игрок %d уже получал бай или победу без игры (C2)", ps[0])
	case "colour":
		if strings.Contains(v.Format, "white") {
			return fmt.Sprintf("игрок %d не может снова играть белыми (C3)", ps[0])
		}
		return fmt.Sprintf("игрок %d не может снова играть чёрными (C3)", ps[0])
	}
	return v.String()
}
