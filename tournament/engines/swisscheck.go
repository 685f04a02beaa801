package engines

import (
	"fmt"

	"adiukh/tournament"
	"adiukh/tournament/pairing/dutch"
)

// facts are what the Dutch rules know of one player before a round,
// computed from the same dutch.Tournament the engine pairs.
type facts struct {
	no        int
	rank      int // among the players paired so far or now (C.04.3 A.2)
	valid     bool
	absent    bool
	score     int // tenths of the event's points
	whites    int // played games with white
	blacks    int
	last      dutch.Color // colour of the last played game
	repeated  bool        // the last two played games had the same colour
	byeBefore bool        // had the pairing-allocated bye or an unplayed win (C2)
	met       map[int]bool
	played    []dutch.Color // colours of played games, in order
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
		f := &facts{no: p.ID, absent: p.Absent, met: map[int]bool{}}
		f.valid = !p.Absent
		for _, r := range p.History {
			f.valid = f.valid || r.Paired
			f.score += roundPoints(t.Points, r)
			if !r.Played && (roundPoints(t.Points, r) >= t.Points.Win || (r.Paired && r.Opponent == 0)) {
				f.byeBefore = true
			}
			if !r.Played {
				continue
			}
			f.met[r.Opponent] = true
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
		if f.valid {
			f.rank = rank
			rank++
		}
		out[p.ID] = f
	}
	return out
}

// CheckPairing lists the absolute criteria of FIDE C.04.3 that a pairing of
// round in.Round breaks: every player to be paired appears exactly once and
// no absent one does; no rematch and no forbidden pair (C1); at most one
// pairing-allocated bye, to a player who has had none and no unplayed win
// (C2); no player gets a colour his absolute preference forbids (C3, A.7),
// topscorers in the last round excepted. An empty list means the pairing
// is legal.
func CheckPairing(in tournament.PairingInput, pairings []tournament.Pairing) ([]tournament.PairingWarning, error) {
	t, _, err := DutchInput(in)
	if err != nil {
		return nil, err
	}
	all := swissFacts(t)
	noOf := make(map[int64]int, len(in.Players))
	for _, p := range in.Players {
		noOf[p.ID] = p.StartNo
	}
	forbidden := map[[2]int]bool{}
	for _, group := range t.Forbidden {
		for i, a := range group {
			for _, b := range group[i+1:] {
				forbidden[[2]int{a, b}], forbidden[[2]int{b, a}] = true, true
			}
		}
	}
	topThreshold := t.PlayedRounds * max(t.Points.Win, t.Points.Draw) / 2
	lastRound := t.PlayedRounds >= t.TotalRounds-1
	var out []tournament.PairingWarning
	warn := func(board int, code, ru, en string) {
		out = append(out, tournament.PairingWarning{Board: board, Code: code, TextRU: ru, TextEN: en})
	}
	seen := map[int]int{}
	byes := 0
	for i, pr := range pairings {
		board := i + 1
		w, b := all[noOf[pr.WhiteID]], all[noOf[pr.BlackID]]
		for _, f := range []*facts{w, b} {
			if f == nil {
				continue
			}
			if at, twice := seen[f.no]; twice {
				warn(board, "twice", fmt.Sprintf("игрок %d уже стоит на доске %d", f.no, at), fmt.Sprintf("player %d is already on board %d", f.no, at))
			}
			seen[f.no] = board
			if f.absent {
				warn(board, "absent", fmt.Sprintf("игрок %d не играет в этом туре (выбыл или взял бай)", f.no), fmt.Sprintf("player %d does not play this round (withdrawn or on a requested bye)", f.no))
			}
		}
		if b == nil {
			byes++
			if byes > 1 {
				warn(board, "extra_bye", "второй бай в туре: при нечётном числе игроков бай один (C2)", "a second bye in the round: an odd field has one pairing-allocated bye (C2)")
			}
			if w.byeBefore {
				warn(board, "second_bye", fmt.Sprintf("игрок %d уже получал бай или очко без игры (C2)", w.no), fmt.Sprintf("player %d has already had a bye or a point without playing (C2)", w.no))
			}
			continue
		}
		if w.met[b.no] {
			warn(board, "rematch", fmt.Sprintf("игроки %d и %d уже встречались (C1)", w.no, b.no), fmt.Sprintf("players %d and %d have already met (C1)", w.no, b.no))
		}
		if forbidden[[2]int{w.no, b.no}] {
			warn(board, "forbidden", fmt.Sprintf("игрокам %d и %d запрещено встречаться (один клуб)", w.no, b.no), fmt.Sprintf("players %d and %d must not meet (same club)", w.no, b.no))
		}
		for _, side := range []struct {
			f      *facts
			colour dutch.Color
		}{{w, dutch.White}, {b, dutch.Black}} {
			pref, strength := side.f.preference()
			exempt := lastRound && side.f.score > topThreshold
			if strength == "absolute" && pref != side.colour && !exempt {
				warn(board, "colour", fmt.Sprintf("игрок %d должен играть %s (абсолютное предпочтение цвета, C3)", side.f.no, colourRU(pref)),
					fmt.Sprintf("player %d must have %s (absolute colour preference, C3)", side.f.no, colourEN(pref)))
			}
		}
	}
	for _, p := range t.Players {
		if f := all[p.ID]; !f.absent && seen[p.ID] == 0 {
			warn(0, "unpaired", fmt.Sprintf("игрок %d не получил пары", p.ID), fmt.Sprintf("player %d is not paired", p.ID))
		}
	}
	return out, nil
}

func colourRU(c dutch.Color) string {
	if c == dutch.White {
		return "белыми"
	}
	return "чёрными"
}

func colourEN(c dutch.Color) string {
	if c == dutch.White {
		return "white"
	}
	return "black"
}
