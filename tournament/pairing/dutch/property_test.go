package dutch_test

import (
	"errors"
	"reflect"
	"testing"

	"adiukh/tournament/pairing/dutch"
)

// checkPairing verifies the absolute criteria on one round: every present
// player is paired exactly once, nobody meets an earlier opponent or a
// forbidden partner, nobody gets a third colour in a row or a colour
// difference beyond two (C.04.3 C3, except topscorers in the last round), at
// most one pairing-allocated bye, to a player who never had one nor a
// forfeit win.
func checkPairing(t *testing.T, s dutch.Tournament, p dutch.Pairing) {
	t.Helper()
	byID := map[int]*dutch.Player{}
	for i := range s.Players {
		byID[s.Players[i].ID] = &s.Players[i]
	}
	seen := map[int]bool{}
	see := func(id int) {
		pl, ok := byID[id]
		switch {
		case !ok:
			t.Fatalf("unknown player %d paired", id)
		case pl.Absent:
			t.Fatalf("absent player %d paired", id)
		case seen[id]:
			t.Fatalf("player %d paired twice", id)
		}
		seen[id] = true
	}
	score := func(pl *dutch.Player) int {
		total := 0
		for _, r := range pl.History {
			switch {
			case r.Outcome == dutch.Win:
				total += 2
			case r.Outcome == dutch.Draw:
				total++
			}
		}
		return total
	}
	lastRound := s.PlayedRounds == s.TotalRounds-1
	colourOK := func(pl *dutch.Player, c dutch.Color) bool {
		diff, run := 0, 0
		last := dutch.NoColor
		for _, r := range append(append([]dutch.Round(nil), pl.History...), dutch.Round{Color: c, Played: true}) {
			if !r.Played {
				continue
			}
			if r.Color == dutch.White {
				diff++
			} else {
				diff--
			}
			if r.Color == last {
				run++
			} else {
				run = 1
			}
			last = r.Color
		}
		return run <= 2 && diff <= 2 && diff >= -2
	}
	for _, b := range p.Boards {
		see(b.White)
		see(b.Black)
		w, bl := byID[b.White], byID[b.Black]
		for _, r := range w.History {
			if r.Played && r.Opponent == b.Black {
				t.Fatalf("rematch %d-%d", b.White, b.Black)
			}
		}
		for _, g := range s.Forbidden {
			in := map[int]bool{}
			for _, id := range g {
				in[id] = true
			}
			if in[b.White] && in[b.Black] {
				t.Fatalf("forbidden pair %d-%d", b.White, b.Black)
			}
		}
		top := lastRound && (score(w) > s.PlayedRounds || score(bl) > s.PlayedRounds)
		if !top && (!colourOK(w, dutch.White) || !colourOK(bl, dutch.Black)) {
			t.Fatalf("board %d-%d breaks the colour rules", b.White, b.Black)
		}
	}
	if p.Bye != 0 {
		see(p.Bye)
		for _, r := range byID[p.Bye].History {
			if (r.Paired && r.Opponent == 0) || (!r.Played && r.Outcome == dutch.Win) {
				t.Fatalf("player %d gets a second bye or a bye after a forfeit win", p.Bye)
			}
		}
	}
	for _, pl := range s.Players {
		if !pl.Absent && !seen[pl.ID] {
			t.Fatalf("present player %d not paired", pl.ID)
		}
	}
}

func TestGeneratedEvents(t *testing.T) {
	for _, o := range []eventOptions{
		{players: 9, rounds: 7, seed: 1},
		{players: 20, rounds: 9, seed: 2, byeRate: 0.05},
		{players: 31, rounds: 11, seed: 3, byeRate: 0.05, withdrawRate: 0.03, forfeitRate: 0.05, lateEntries: 3},
		{players: 64, rounds: 9, seed: 4, forfeitRate: 0.03},
		{players: 101, rounds: 9, seed: 5, byeRate: 0.02, withdrawRate: 0.01, lateEntries: 4},
	} {
		states := generateEvent(t, o)
		for i, s := range states {
			p, err := dutch.Pair(s)
			if err != nil {
				t.Fatalf("%+v round %d: %v", o, i+1, err)
			}
			checkPairing(t, s, p)
			if v, err := dutch.Check(s, p); err != nil || len(v) > 0 {
				t.Fatalf("%+v round %d: Check reports %v %v", o, i+1, v, err)
			}
		}
	}
}

func TestForbiddenPairs(t *testing.T) {
	s := dutch.Tournament{TotalRounds: 3, Points: adiukhPoints, InitialColor: dutch.White}
	for id := 1; id <= 4; id++ {
		s.Players = append(s.Players, dutch.Player{ID: id})
	}
	free, err := dutch.Pair(s)
	if err != nil {
		t.Fatal(err)
	}
	if free.Boards[0] != (dutch.Board{White: 1, Black: 3}) {
		t.Fatalf("round 1 of 4 players: first board %v, want 1-3", free.Boards[0])
	}
	s.Forbidden = [][]int{{1, 3}}
	p, err := dutch.Pair(s)
	if err != nil {
		t.Fatal(err)
	}
	checkPairing(t, s, p)
}

func TestNoPairing(t *testing.T) {
	// Two players who have already met cannot meet again.
	s := dutch.Tournament{TotalRounds: 3, PlayedRounds: 1, Points: adiukhPoints, InitialColor: dutch.White,
		Players: []dutch.Player{
			{ID: 1, History: []dutch.Round{{Opponent: 2, Color: dutch.White, Outcome: dutch.Win, Played: true, Paired: true}}},
			{ID: 2, History: []dutch.Round{{Opponent: 1, Color: dutch.Black, Outcome: dutch.Loss, Played: true, Paired: true}}},
		}}
	if _, err := dutch.Pair(s); !errors.Is(err, dutch.ErrNoPairing) {
		t.Fatalf("Pair error = %v, want ErrNoPairing", err)
	}
}

func TestBadInput(t *testing.T) {
	for _, tc := range []struct {
		name string
		t    dutch.Tournament
	}{
		{"no rounds planned", dutch.Tournament{Players: []dutch.Player{{ID: 1}}}},
		{"repeated number", dutch.Tournament{TotalRounds: 2, Players: []dutch.Player{{ID: 1}, {ID: 1}}}},
		{"history too long", dutch.Tournament{TotalRounds: 2, Players: []dutch.Player{{ID: 1, History: []dutch.Round{{}}}}}},
		{"one-sided game", dutch.Tournament{TotalRounds: 3, PlayedRounds: 1, Players: []dutch.Player{
			{ID: 1, History: []dutch.Round{{Opponent: 2, Color: dutch.White, Played: true, Paired: true}}},
			{ID: 2, History: []dutch.Round{{Outcome: dutch.Draw}}},
		}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var ie *dutch.InputError
			if _, err := dutch.Pair(tc.t); !errors.As(err, &ie) {
				t.Fatalf("Pair error = %v, want an *InputError", err)
			}
		})
	}
}

func TestBaku(t *testing.T) {
	s := dutch.Tournament{TotalRounds: 9, Points: adiukhPoints, InitialColor: dutch.White, Baku: true}
	for id := 1; id <= 8; id++ {
		s.Players = append(s.Players, dutch.Player{ID: id})
	}
	p, err := dutch.Pair(s)
	if err != nil {
		t.Fatal(err)
	}
	// C.04.5.1: the accelerated top half plays among itself in round 1.
	for _, b := range p.Boards {
		if (b.White <= 4) != (b.Black <= 4) {
			t.Fatalf("Baku round 1 pairs %d with %d across the halves", b.White, b.Black)
		}
	}
	s.Points.Win = 3
	if _, err := dutch.Pair(s); err == nil {
		t.Fatal("Baku with win ≠ 2 × draw must be refused")
	}
}

// TestCheck: Pair's own pairings pass Check; hand edits that break the
// absolute criteria are reported.
func TestCheck(t *testing.T) {
	states := generateEvent(t, eventOptions{players: 30, rounds: 7, seed: 9, byeRate: 0.05, forfeitRate: 0.05})
	for i, s := range states {
		p, err := dutch.Pair(s)
		if err != nil {
			t.Fatal(err)
		}
		if v, err := dutch.Check(s, p); err != nil || len(v) > 0 {
			t.Fatalf("round %d: Pair's pairing fails Check: %v %v", i+1, v, err)
		}
	}
	s := states[3]
	p, _ := dutch.Pair(s)
	var opponent int // an earlier opponent of the first board's white player
	for _, pl := range s.Players {
		if pl.ID == p.Boards[0].White {
			for _, r := range pl.History {
				if r.Played {
					opponent = r.Opponent
				}
			}
		}
	}
	for _, tc := range []struct {
		name string
		edit func(p dutch.Pairing) dutch.Pairing
		code string
	}{
		{"rematch", func(p dutch.Pairing) dutch.Pairing {
			for i, b := range p.Boards {
				if b.White == opponent || b.Black == opponent {
					other := b.White + b.Black - opponent
					p.Boards[i] = dutch.Board{White: p.Boards[0].Black, Black: other}
				}
			}
			p.Boards[0].Black = opponent
			return p
		}, "rematch"},
		{"player left out", func(p dutch.Pairing) dutch.Pairing { p.Boards = p.Boards[1:]; return p }, "unpaired"},
		{"player twice", func(p dutch.Pairing) dutch.Pairing { p.Boards[1].White = p.Boards[0].White; return p }, "paired_twice"},
		{"unknown player", func(p dutch.Pairing) dutch.Pairing { p.Boards[0].White = 999; return p }, "unknown_player"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			edited := tc.edit(dutch.Pairing{Boards: append([]dutch.Board(nil), p.Boards...), Bye: p.Bye})
			v, err := dutch.Check(s, edited)
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, x := range v {
				found = found || x.Code == tc.code
			}
			if !found {
				t.Fatalf("Check(%v) = %v, want a %s violation", edited, v, tc.code)
			}
		})
	}
}

// TestScoreSlots pairs every round of random events with one score
// sub-field per score field (so that most brackets pair the round again
// with more), with three (as Pair does) and with one per score group: the
// weights compare alike, so the pairings must be the same.
func TestScoreSlots(t *testing.T) {
	for seed := range uint64(6) {
		o := eventOptions{players: 40 + 17*int(seed), rounds: 9, seed: seed, byeRate: 0.05, withdrawRate: 0.02, forfeitRate: 0.03, lateEntries: 3}
		for _, s := range generateEvent(t, o) {
			want, err := dutch.PairWithSlots(s, 0)
			if err != nil {
				t.Fatalf("seed %d, round %d: %v", seed, s.PlayedRounds+1, err)
			}
			for _, slots := range []int{1, 3} {
				got, err := dutch.PairWithSlots(s, slots)
				if err != nil {
					t.Fatalf("seed %d, round %d, %d slots: %v", seed, s.PlayedRounds+1, slots, err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("seed %d, round %d: %d score sub-fields pair\n%v\nbut one per score group\n%v", seed, s.PlayedRounds+1, slots, got, want)
				}
			}
		}
	}
}
