package trf

import (
	"fmt"
	"slices"
	"strings"

	"adiukh/tournament/pairing/dutch"
)

// PairingInput converts the file into the input of the Dutch engine for the
// next round, reading it as JaVaFo and bbpPairings do: the rounds every
// paired player has played are the past; an entry beyond them (a requested
// bye, an absence) or a 240 bye for the next round marks a player who is not
// to be paired.
func (t *Tournament) PairingInput() (dutch.Tournament, error) {
	var out dutch.Tournament
	players, err := t.rankedPlayers()
	if err != nil {
		return out, err
	}
	played := 0
	for _, p := range players {
		for i, r := range p.Results {
			if i > played {
				played = i // an entry after round i means round i was played
			}
			if paired(r) && i+1 > played {
				played = i + 1
			}
		}
	}
	complete := len(players) > 0
	for _, p := range players {
		complete = complete && len(p.Results) > played
	}
	if complete {
		played++
	}
	if t.TotalRounds == 0 {
		return out, fmt.Errorf("the total number of rounds is missing (a 142 or XXR line)")
	}
	if played >= t.TotalRounds {
		return out, fmt.Errorf("all %d rounds have been played", t.TotalRounds)
	}
	out.PlayedRounds, out.TotalRounds = played, t.TotalRounds
	out.Points = t.points()
	switch t.InitialColor {
	case 'W':
		out.InitialColor = dutch.White
	case 'B':
		out.InitialColor = dutch.Black
	}
	onBye := map[int]bool{}
	for _, b := range t.Byes {
		if b.Round == played+1 {
			for _, id := range b.Players {
				onBye[id] = true
			}
		}
	}
	accel := map[int][]int{}
	for _, a := range t.Accelerations {
		accel[a.Player] = a.Points
	}
	out.Baku = len(t.Accelerations) == 0 && strings.HasSuffix(t.System, "BAKU")
	for _, p := range players {
		dp := dutch.Player{ID: p.StartNo, Acceleration: accel[p.StartNo]}
		for i, r := range p.Results {
			if i == played {
				dp.Absent = true
				break
			}
			dp.History = append(dp.History, round(r))
		}
		dp.Absent = dp.Absent || onBye[p.StartNo]
		out.Players = append(out.Players, dp)
	}
	for _, f := range t.Forbidden {
		if f.FirstRound == 0 || (f.FirstRound <= played+1 && played+1 <= f.LastRound) {
			out.Forbidden = append(out.Forbidden, f.Players)
		}
	}
	return out, nil
}

// rankedPlayers returns the players in ranking order: by start number, or in
// file order under XXC rank.
func (t *Tournament) rankedPlayers() ([]Player, error) {
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

// paired reports whether the pairing system paired the player in this
// round: a game, a forfeit, or the pairing-allocated bye.
func paired(r Result) bool { return r.Opponent != 0 || r.Code == 'U' || r.Code == '+' }

func round(r Result) dutch.Round {
	d := dutch.Round{Opponent: r.Opponent, Paired: paired(r)}
	switch r.Color {
	case 'w':
		d.Color = dutch.White
	case 'b':
		d.Color = dutch.Black
	}
	switch r.Code {
	case 'D', '=', 'H':
		d.Outcome = dutch.Draw
	case '+', 'W', '1', 'F', 'U':
		d.Outcome = dutch.Win
	}
	d.Played = r.Opponent != 0 && d.Color != dutch.NoColor && !strings.ContainsRune("+-HFUZ ", rune(r.Code))
	return d
}

// points returns the scoring in tenths: FIDE 1/½/0 unless 162 or BB lines
// say otherwise.
func (t *Tournament) points() dutch.Points {
	p := dutch.StandardPoints
	explicitBye := false
	for _, s := range t.Scoring {
		switch s.Code {
		case 'W':
			p.Win = s.Points
			if !explicitBye {
				p.PairingBye = s.Points
			}
		case 'D':
			p.Draw = s.Points
		case 'L':
			p.Loss = s.Points
		case 'Z':
			p.ZeroPointBye, p.ForfeitLoss = s.Points, s.Points
		case 'P':
			p.PairingBye, explicitBye = s.Points, true
		}
	}
	for _, s := range t.PointLines {
		switch s.Code {
		case 'W':
			p.Win = s.Points
			if !explicitBye {
				p.PairingBye = s.Points
			}
		case 'D':
			p.Draw = s.Points
		case 'L':
			p.Loss = s.Points
		case 'Z':
			p.ZeroPointBye = s.Points
		case 'F':
			p.ForfeitLoss = s.Points
		case 'U':
			p.PairingBye, explicitBye = s.Points, true
		}
	}
	return p
}

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
			if r+1 < round || (r+1 == round && !paired(res) && res != (Result{Color: ' ', Code: ' '})) {
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

// PlayedPairing returns the pairing of a round as the file records it:
// boards in start-number order of the white player, and the
// pairing-allocated bye.
func (t *Tournament) PlayedPairing(round int) dutch.Pairing {
	var out dutch.Pairing
	for _, p := range t.Players {
		if round > len(p.Results) {
			continue
		}
		r := p.Results[round-1]
		switch {
		case r.Code == 'U':
			out.Bye = p.StartNo
		case r.Opponent != 0 && (r.Color == 'w' || (r.Color != 'b' && p.StartNo < r.Opponent)):
			out.Boards = append(out.Boards, dutch.Board{White: p.StartNo, Black: r.Opponent})
		}
	}
	slices.SortFunc(out.Boards, func(a, b dutch.Board) int { return a.White - b.White })
	return out
}

// InferInitialColor returns the colour the top-ranked player had in the first
// round where colours were given, as bbpPairings infers it when a file has no
// XXC or 152 line: 'W', 'B', or 0 when no round has colours.
func (t *Tournament) InferInitialColor() byte {
	players, err := t.rankedPlayers()
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
			present = present || paired(res)
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
