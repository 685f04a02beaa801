package dutch_test

import (
	"math/rand/v2"
	"testing"

	"adiukh/tournament/pairing/dutch"
)

// adiukhPoints is the default event scoring: win 2, draw 1, loss 0.
var adiukhPoints = dutch.Points{Win: 2, Draw: 1, Loss: 0, ZeroPointBye: 0, ForfeitLoss: 0, PairingBye: 2}

// eventOptions shape a generated event.
type eventOptions struct {
	players, rounds int
	seed            uint64
	byeRate         float64 // share of players on a requested half-point bye per round
	withdrawRate    float64 // share of players withdrawing per round
	forfeitRate     float64 // share of games lost by forfeit
	lateEntries     int     // players who join in round 2
}

// generateEvent plays a random Swiss event, pairing each round with Pair,
// and returns the state before each round (as far as pairing succeeded).
func generateEvent(tb testing.TB, o eventOptions) []dutch.Tournament {
	tb.Helper()
	rng := rand.New(rand.NewPCG(o.seed, uint64(o.players)))
	t := dutch.Tournament{TotalRounds: o.rounds, Points: adiukhPoints, InitialColor: dutch.White}
	for id := 1; id <= o.players; id++ {
		t.Players = append(t.Players, dutch.Player{ID: id})
	}
	withdrawn := map[int]bool{}
	var states []dutch.Tournament
	for round := 1; round <= o.rounds; round++ {
		for i := range t.Players {
			p := &t.Players[i]
			late := p.ID > o.players-o.lateEntries && round == 1
			if withdrawn[p.ID] || late {
				p.Absent = true
				continue
			}
			p.Absent = false
			if round > 1 && rng.Float64() < o.withdrawRate {
				withdrawn[p.ID] = true
				p.Absent = true
			} else if round > 1 && rng.Float64() < o.byeRate {
				p.Absent = true
			}
		}
		states = append(states, cloneTournament(t))
		pairing, err := dutch.Pair(t)
		if err != nil {
			tb.Logf("round %d of a generated event: %v", round, err)
			return states
		}
		rounds := map[int]dutch.Round{}
		if pairing.Bye != 0 {
			rounds[pairing.Bye] = dutch.Round{Outcome: dutch.Win, Paired: true}
		}
		for _, b := range pairing.Boards {
			w, bl := dutch.Round{Opponent: b.Black, Color: dutch.White, Played: true, Paired: true},
				dutch.Round{Opponent: b.White, Color: dutch.Black, Played: true, Paired: true}
			switch x := rng.Float64(); {
			case x < o.forfeitRate:
				w.Played, bl.Played = false, false
				w.Outcome, bl.Outcome = dutch.Win, dutch.Loss
			case x < 0.3:
				w.Outcome, bl.Outcome = dutch.Draw, dutch.Draw
			case (x < 0.65) == (b.White < b.Black):
				w.Outcome, bl.Outcome = dutch.Win, dutch.Loss
			default:
				w.Outcome, bl.Outcome = dutch.Loss, dutch.Win
			}
			rounds[b.White], rounds[b.Black] = w, bl
		}
		for i := range t.Players {
			p := &t.Players[i]
			r, ok := rounds[p.ID]
			if !ok && p.Absent && !withdrawn[p.ID] && p.ID <= o.players-o.lateEntries {
				r = dutch.Round{Outcome: dutch.Draw} // requested half-point bye
			}
			p.History = append(p.History, r)
		}
		t.PlayedRounds = round
	}
	return states
}

func cloneTournament(t dutch.Tournament) dutch.Tournament {
	c := t
	c.Players = make([]dutch.Player, len(t.Players))
	for i, p := range t.Players {
		p.History = append([]dutch.Round(nil), p.History...)
		c.Players[i] = p
	}
	return c
}
