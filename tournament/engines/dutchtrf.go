package engines

import (
	"slices"
	"strings"

	"adiukh/tournament"
	"adiukh/tournament/pairing/dutch"
	"adiukh/tournament/trf"
)

// DutchInputFromTRF converts a TRF file into the input of the Dutch engine
// for the next round, reading it as JaVaFo and bbpPairings do: the rounds
// every paired player has played are the past; an entry beyond them (a
// requested bye, an absence) or a 240 bye for the next round marks a player
// who is not to be paired.
func DutchInputFromTRF(t *trf.Tournament) (dutch.Tournament, error) {
	var out dutch.Tournament
	players, err := t.RankedPlayers()
	if err != nil {
		return out, err
	}
	played := 0
	for _, p := range players {
		for i, r := range p.Results {
			if i > played {
				played = i // an entry after round i means round i was played
			}
			if r.Paired() && i+1 > played {
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
		return out, tournament.Invalid("", "the total number of rounds is missing (a 142 or XXR line)")
	}
	if played >= t.TotalRounds {
		return out, tournament.Invalid("", "all %d rounds have been played: there is no next round to pair", t.TotalRounds)
	}
	out.PlayedRounds, out.TotalRounds = played, t.TotalRounds
	out.Points = trfPoints(t)
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
			dp.History = append(dp.History, dutchRound(r))
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

// DutchPairingFromTRF returns the pairing of a round as the file records it:
// boards in start-number order of the white player, and the
// pairing-allocated bye.
func DutchPairingFromTRF(t *trf.Tournament, round int) dutch.Pairing {
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

// dutchRound reads one round of a player's line.
func dutchRound(r trf.Result) dutch.Round {
	d := dutch.Round{Opponent: r.Opponent, Paired: r.Paired()}
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

// trfPoints returns the file's scoring in tenths: FIDE 1/½/0 unless 162
// or BB lines say otherwise.
func trfPoints(t *trf.Tournament) dutch.Points {
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
