package trf

import (
	"fmt"
	"slices"
)

// RankedPlayers returns the players in ranking order: by start number, or in
// file order under XXC rank.
func (t *Tournament) RankedPlayers() ([]Player, error) {
	players := slices.Clone(t.Players)
	seen := map[int]bool{}
	for _, p := range players {
		if seen[p.StartNo] {
			return nil, fmt.Errorf("start number %d is repeated", p.StartNo)
		}
		seen[p.StartNo] = true
	}
	if t.RankOrder {
		return players, nil
	}
	slices.SortFunc(players, func(a, b Player) int { return a.StartNo - b.StartNo })
	for i, p := range players {
		if p.StartNo != i+1 {
			return nil, fmt.Errorf("start number %d is missing", i+1)
		}
	}
	return players, nil
}

// Paired reports whether the pairing system paired the player in this
// round: a game, a forfeit, or the pairing-allocated bye.
func (r Result) Paired() bool { return r.Opponent != 0 || r.Code == 'U' || r.Code == '+' }

// Upto returns the tournament as it stood when round was to be paired: the
// earlier rounds, and of that round only the entries of players the pairing
// did not include (requested byes, absences).
func (t *Tournament) Upto(round int) *Tournament {
	c := *t
	c.Players = make([]Player, len(t.Players))
	for i, p := range t.Players {
		q := p
		q.Results = nil
		for r, res := range p.Results {
			if r+1 < round || (r+1 == round && !res.Paired() && res != (Result{Color: ' ', Code: ' '})) {
				q.Results = append(q.Results, res)
			}
		}
		c.Players[i] = q
	}
	return &c
}

// Rounds returns the number of rounds with entries in the file.
func (t *Tournament) Rounds() int {
	n := 0
	for _, p := range t.Players {
		n = max(n, len(p.Results))
	}
	return n
}

// InferInitialColor returns the colour the top-ranked player had in the first
// round where colours were given, as bbpPairings infers it when a file has no
// XXC or 152 line: 'W', 'B', or 0 when no round has colours.
func (t *Tournament) InferInitialColor() byte {
	players, err := t.RankedPlayers()
	if err != nil {
		return 0
	}
	first := -1
	for _, p := range players {
		for r, res := range p.Results {
			if (res.Color == 'w' || res.Color == 'b') && (first < 0 || r < first) {
				first = r
			}
		}
	}
	if first < 0 {
		return 0
	}
	rank := 0
	for _, p := range players {
		present := false
		for _, res := range p.Results[:min(first+1, len(p.Results))] {
			present = present || res.Paired()
		}
		if !present {
			continue
		}
		if len(p.Results) > first {
			switch c := p.Results[first].Color; {
			case (c == 'w') == (rank%2 == 0) && (c == 'w' || c == 'b'):
				return 'W'
			case c == 'w' || c == 'b':
				return 'B'
			}
		}
		rank++
	}
	return 0
}
