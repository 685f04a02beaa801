// Package knockout is the bracket of a knockout event (issue 68): who meets
// whom in each round, the byes of a field that is not a power of two, and
// when a match of several games is decided.
//
// It works on entrants' IDs in seed order and on game outcomes only, and
// knows nothing of players, events or storage: package engines maps the
// event's players and rounds onto it and the domain stores what it says.
//
// The bracket is the standard one (FIDE's knockout tables): seeds 1 and 2
// can meet only in the final, 1–4 in the semi-finals, and in the first round
// seed s meets seed size+1−s (1–16, 8–9 … in a bracket of 16). A field of n
// players plays in a bracket of the next power of two; its size−n byes go to
// the top seeds, who meet the empty places of the bottom ones.
package knockout

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
)

// MinPlayers is the smallest field a knockout can be played with.
const MinPlayers = 2

// MaxPlayers bounds a bracket: 1,024 players play ten rounds.
const MaxPlayers = 1024

// Size is the bracket a field of n players plays in: the smallest power
// of two not below n.
func Size(n int) int {
	if n <= 1 {
		return 1
	}
	return 1 << bits.Len(uint(n-1))
}

// Rounds is the number of rounds of a field of n players: log2(Size(n)).
func Rounds(n int) int { return bits.Len(uint(Size(n))) - 1 }

// Positions is the standard order of seeds down a bracket of size places
// (a power of two): position i of the first round holds seed Positions[i],
// and the matches are positions 2k and 2k+1. For 8: 1 8 4 5 2 7 3 6, so
// that 1 meets 8, the winner meets the winner of 4–5, and 1 and 2 are in
// opposite halves.
func Positions(size int) []int {
	order := []int{1}
	for len(order) < size {
		n := 2 * len(order)
		next := make([]int, 0, n)
		for _, s := range order {
			next = append(next, s, n+1-s)
		}
		order = next
	}
	return order
}

// ErrField is a field the bracket cannot be made of.
var ErrField = errors.New("knockout: the field must have 2 to 1024 players")

// Match is one match of a round: the two entrants (0 for an empty place:
// a bye, or the winner of a match that had none), and its winner once
// decided (0 until then, and for a match neither side played).
type Match struct {
	Top, Bottom int64
	Winner      int64
}

// Bye reports whether the match has one entrant only, who goes through.
func (m Match) Bye() bool { return (m.Top == 0) != (m.Bottom == 0) }

// Empty reports whether the match has no entrant: nobody plays it and
// nobody goes through.
func (m Match) Empty() bool { return m.Top == 0 && m.Bottom == 0 }

// Loser is the entrant the match put out (0 for none).
func (m Match) Loser() int64 {
	switch m.Winner {
	case 0:
		return 0
	case m.Top:
		return m.Bottom
	}
	return m.Top
}

// FirstRound is the first round of the bracket of the entrants in seed
// order (seeded[0] is seed 1): Size/2 matches in bracket order, the top
// seeds against the empty places when the field is not a power of two.
func FirstRound(seeded []int64) ([]Match, error) {
	if len(seeded) < MinPlayers || len(seeded) > MaxPlayers {
		return nil, ErrField
	}
	seen := make(map[int64]bool, len(seeded))
	for _, id := range seeded {
		if id == 0 || seen[id] {
			return nil, fmt.Errorf("knockout: entrant %d is missing or listed twice", id)
		}
		seen[id] = true
	}
	size := Size(len(seeded))
	pos := Positions(size)
	at := func(seed int) int64 {
		if seed > len(seeded) {
			return 0
		}
		return seeded[seed-1]
	}
	matches := make([]Match, size/2)
	for k := range matches {
		matches[k] = Match{Top: at(pos[2*k]), Bottom: at(pos[2*k+1])}
		if matches[k].Bye() {
			matches[k].Winner = matches[k].Top + matches[k].Bottom
		}
	}
	return matches, nil
}

// Next is the round after round: its matches' winners two by two, in
// bracket order. A match whose winner is not known yet leaves its place
// empty; the caller pairs a round only once the one before is decided.
func Next(round []Match) []Match {
	next := make([]Match, len(round)/2)
	for k := range next {
		next[k] = Match{Top: round[2*k].Winner, Bottom: round[2*k+1].Winner}
		if next[k].Bye() {
			next[k].Winner = next[k].Top + next[k].Bottom
		}
	}
	return next
}

// ThirdPlace is the match for third place of the semi-finals semis (two
// matches): their losers, or nil when a semi-final put nobody out (a bye,
// a match neither side played).
func ThirdPlace(semis []Match) *Match {
	if len(semis) != 2 {
		return nil
	}
	top, bottom := semis[0].Loser(), semis[1].Loser()
	if top == 0 || bottom == 0 {
		return nil
	}
	return &Match{Top: top, Bottom: bottom}
}

// Draw shuffles the entrants into a seed order by lot from seed: the same
// seed and entrants give the same order, so a drawn bracket can be made
// again and checked.
func Draw(entrants []int64, seed uint64) []int64 {
	out := append([]int64(nil), entrants...)
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// FirstWhite reports whether the top entrant of match k of a round has
// White in the match's first game: the matches alternate, so that the
// higher seeds do not all start with the same colour.
func FirstWhite(k int) bool { return k%2 == 0 }
