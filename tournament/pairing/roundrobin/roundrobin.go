// Package roundrobin schedules all-play-all events by the FIDE Berger tables
// (FIDE Handbook C.05, Annex 1 "Berger Tables for Round-Robin Tournaments").
//
// It works on start numbers only and knows nothing of players, results or
// storage: the caller maps start numbers to players and stores the rounds.
// Team round robins use the same tables with team start numbers; White is
// the home team, whose board 1 takes White.
package roundrobin

import "fmt"

// Pairing is one board of a round, by start number. Black == 0 marks a bye:
// White is the player who sits the round out.
type Pairing struct {
	White, Black int
}

// Bye reports whether the pairing is a bye rather than a game.
func (p Pairing) Bye() bool { return p.Black == 0 }

// Round lists the pairings of one round in board order; a bye, if there is
// one, comes last because it takes no board.
type Round []Pairing

// MinPlayers and MaxPlayers bound the field a round robin is scheduled for;
// the upper bound only keeps absurd input from exhausting memory (1000
// players already need 999 rounds).
const (
	MinPlayers = 2
	MaxPlayers = 1000
)

// Schedule returns every round of a round robin for the given number of
// players, numbered 1…players by start number.
//
// With an odd number of players the table for players+1 is used and the
// highest number is the dummy whose opponent has the bye (C.05 Annex 1:
// "where there is an odd number of players, the highest number counts as a
// bye").
//
// When double is true a second cycle follows with the same pairings and
// colours reversed, and the last two rounds of the first cycle are swapped:
// "For a double-round tournament it is recommended to reverse the order of
// the last two rounds of the first cycle. This is to avoid three consecutive
// games with the same colour" (C.05 Annex 1).
func Schedule(players int, double bool) ([]Round, error) {
	if players < MinPlayers || players > MaxPlayers {
		return nil, fmt.Errorf("a round robin needs %d to %d players, got %d", MinPlayers, MaxPlayers, players)
	}
	n := players + players%2
	cycle := make([]Round, n-1)
	for r := range cycle {
		cycle[r] = bergerRound(n, r+1, players)
	}
	if !double {
		return cycle, nil
	}

	rounds := make([]Round, 0, 2*len(cycle))
	rounds = append(rounds, cycle...)
	if len(rounds) >= 2 {
		last := len(rounds) - 1
		rounds[last-1], rounds[last] = rounds[last], rounds[last-1]
	}
	for _, r := range cycle {
		rounds = append(rounds, reversed(r))
	}
	return rounds, nil
}

// bergerRound builds round r (1-based) of the Berger table for n players (n
// even). Players 1…n-1 sit on a circle; in round r player p meets n, where
// 2p ≡ r+1 (mod n-1), and the others pair off symmetrically around p:
// p+k has White against p-k. Player n alternates colours: Black in odd
// rounds, White in even ones. This reproduces the published tables exactly
// (see testdata/fide-berger-tables.txt), including their board order.
// Pairings against the dummy n (when real < n) become byes, listed last.
func bergerRound(n, r, real int) Round {
	circle := n - 1
	wrap := func(x int) int { return ((x-1)%circle+circle)%circle + 1 }
	var p int
	if r%2 == 1 {
		p = (r + 1) / 2
	} else {
		p = n/2 + r/2
	}

	round := make(Round, 0, n/2)
	first := Pairing{White: p, Black: n}
	if r%2 == 0 {
		first = Pairing{White: n, Black: p}
	}
	if n == real {
		round = append(round, first)
	}
	for k := 1; k < n/2; k++ {
		round = append(round, Pairing{White: wrap(p + k), Black: wrap(p - k)})
	}
	if n != real {
		round = append(round, Pairing{White: p})
	}
	return round
}

// reversed swaps the colours of every game of a round; byes stay byes.
func reversed(r Round) Round {
	out := make(Round, len(r))
	for i, p := range r {
		if p.Bye() {
			out[i] = p
			continue
		}
		out[i] = Pairing{White: p.Black, Black: p.White}
	}
	return out
}
