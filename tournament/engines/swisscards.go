package engines

import (
	"fmt"

	"adiukh/tournament"
	"adiukh/tournament/pairing/dutch"
)

// ExplainPairing builds the pairing card of each board of round in.Round:
// each player's score group and float (C.04.3 A.4: a player paired with a
// lower score floats down, with a higher one up; the bye is a downfloat),
// colour preference (A.6) and the colour allocation rule that gives the
// colours (E.1–E.5), or a note that the arbiter set them against the rules.
// Scores are without acceleration.
func ExplainPairing(in tournament.PairingInput, pairings []tournament.Pairing) ([]tournament.PairingCard, error) {
	t, _, err := DutchInput(in)
	if err != nil {
		return nil, err
	}
	all := swissFacts(t)
	initial := initialColour(in.Event)
	noOf := make(map[int64]int, len(in.Players))
	for _, p := range in.Players {
		noOf[p.ID] = p.StartNo
	}
	unit := func(tenths int) float64 { return float64(tenths) / 10 }
	cards := make([]tournament.PairingCard, 0, len(pairings))
	for i, pr := range pairings {
		w, b := all[noOf[pr.WhiteID]], all[noOf[pr.BlackID]]
		if w == nil {
			return nil, fmt.Errorf("pairing card of board %d: player %d is not in the event", i+1, pr.WhiteID)
		}
		card := tournament.PairingCard{Board: i + 1, White: side(w, b, unit)}
		if b == nil {
			card.White.Float = "down"
			card.ColourRule = "bye"
			cards = append(cards, card)
			continue
		}
		card.Black = side(b, w, unit)
		rule, colour := colourRule(w, b, initial)
		card.ColourRule = rule
		if colour != dutch.White {
			card.ColourRule, card.RulesRule, card.RulesWhite = "arbiter", rule, b.no
		}
		cards = append(cards, card)
	}
	return cards, nil
}

// side describes f, paired against o (nil for the bye), for a card.
func side(f, o *facts, unit func(int) float64) tournament.CardSide {
	pref, strength := f.preference()
	s := tournament.CardSide{StartNo: f.no, Score: unit(f.score), Strength: strength}
	if pref != dutch.NoColor {
		s.Preference = colourEN(pref)
	}
	switch {
	case o == nil:
	case f.score > o.score:
		s.Float, s.OpponentScore = "down", unit(o.score)
	case f.score < o.score:
		s.Float, s.OpponentScore = "up", unit(o.score)
	}
	return s
}

// colourRule finds the colour allocation rule of C.04.3 E that decides
// between p and o, in the order of the rules (as the engine applies them),
// and the colour it gives p.
func colourRule(p, o *facts, initial dutch.Color) (string, dutch.Color) {
	pp, ps := p.preference()
	op, os := o.preference()
	pImb, oImb := abs(p.whites-p.blacks), abs(o.whites-o.blacks)
	switch {
	case pp != dutch.NoColor && op != dutch.NoColor && pp != op:
		return "E.1", pp
	case pp != dutch.NoColor && op == dutch.NoColor:
		return "E.1", pp
	case op != dutch.NoColor && pp == dutch.NoColor:
		return "E.1", invert(op)
	case ps == "absolute" && (pImb > oImb || os != "absolute"):
		return "E.2", pp
	case os == "absolute" && (oImb > pImb || ps != "absolute"):
		return "E.2", invert(op)
	case ps == "strong" && os != "strong":
		return "E.3", pp
	case os == "strong" && ps != "strong":
		return "E.3", invert(op)
	}
	for i, j := len(p.played)-1, len(o.played)-1; i >= 0 && j >= 0; i, j = i-1, j-1 {
		if p.played[i] != o.played[j] {
			return "E.4", o.played[j]
		}
	}
	// E.5: the higher-ranked player gets his preference, or the colour the
	// initial colour gives his rank.
	higher := p
	if o.score > p.score || (o.score == p.score && o.rank < p.rank) {
		higher = o
	}
	hp, _ := higher.preference()
	if hp == dutch.NoColor {
		hp = initial
		if higher.rank%2 == 1 {
			hp = invert(initial)
		}
	}
	if higher == p {
		return "E.5", hp
	}
	return "E.5", invert(hp)
}

func abs(x int) int { return max(x, -x) }

// facts are what the colour and float rules know of one player before a
// round, computed from the same dutch.Tournament the engine pairs.
type facts struct {
	no       int
	rank     int // among the players paired so far or now (C.04.3 A.2)
	score    int // tenths of the event's points
	whites   int // played games with white
	blacks   int
	last     dutch.Color   // colour of the last played game
	repeated bool          // the last two played games had the same colour
	played   []dutch.Color // colours of played games, in order
}

// preference is the colour preference of A.6 and its strength.
func (f *facts) preference() (dutch.Color, string) {
	diff := f.whites - f.blacks
	lower := dutch.White
	if diff > 0 {
		lower = dutch.Black
	}
	switch {
	case diff > 1 || diff < -1:
		return lower, "absolute"
	case f.repeated:
		return invert(f.last), "absolute"
	case diff != 0:
		return lower, "strong"
	case f.last != dutch.NoColor:
		return invert(f.last), "mild"
	}
	return dutch.NoColor, ""
}

func invert(c dutch.Color) dutch.Color {
	switch c {
	case dutch.White:
		return dutch.Black
	case dutch.Black:
		return dutch.White
	}
	return dutch.NoColor
}

// roundPoints is what one round scores in the Dutch engine's reading.
func roundPoints(pt dutch.Points, r dutch.Round) int {
	switch {
	case r.Outcome == dutch.Win && r.Opponent == 0 && r.Paired:
		return pt.PairingBye
	case r.Outcome == dutch.Win:
		return pt.Win
	case r.Outcome == dutch.Draw:
		return pt.Draw
	case !r.Paired:
		return pt.ZeroPointBye
	case r.Played:
		return pt.Loss
	}
	return pt.ForfeitLoss
}

// swissFacts gathers the facts of every player by start number.
func swissFacts(t dutch.Tournament) map[int]*facts {
	out := make(map[int]*facts, len(t.Players))
	rank := 0
	for _, p := range t.Players {
		f := &facts{no: p.ID}
		valid := !p.Absent
		for _, r := range p.History {
			valid = valid || r.Paired
			f.score += roundPoints(t.Points, r)
			if !r.Played {
				continue
			}
			if r.Color == dutch.White {
				f.whites++
			} else {
				f.blacks++
			}
			f.played = append(f.played, r.Color)
		}
		if n := len(f.played); n > 0 {
			f.last = f.played[n-1]
			f.repeated = n > 1 && f.played[n-2] == f.last
		}
		if valid {
			f.rank = rank
			rank++
		}
		out[p.ID] = f
	}
	return out
}

func colourEN(c dutch.Color) string {
	if c == dutch.White {
		return "white"
	}
	return "black"
}
