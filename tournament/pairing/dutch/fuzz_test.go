package dutch_test

import (
	"errors"
	"testing"

	"adiukh/tournament/pairing/dutch"
)

// tournamentFromBytes builds a small, possibly inconsistent tournament from
// fuzz input: up to 9 players and 4 played rounds of arbitrary records.
func tournamentFromBytes(data []byte) dutch.Tournament {
	next := func() byte {
		if len(data) == 0 {
			return 0
		}
		b := data[0]
		data = data[1:]
		return b
	}
	n := int(next()%9) + 1
	played := int(next() % 5)
	t := dutch.Tournament{PlayedRounds: played, TotalRounds: played + 1 + int(next()%3),
		Points: adiukhPoints, InitialColor: dutch.Color(next() % 3), Baku: next()%7 == 0}
	for id := 1; id <= n; id++ {
		p := dutch.Player{ID: id, Absent: next()%5 == 0}
		for range played {
			b := next()
			p.History = append(p.History, dutch.Round{
				Opponent: int(b % 11), Color: dutch.Color(b / 11 % 3), Outcome: dutch.Outcome(b / 33 % 3),
				Played: b&0x80 != 0, Paired: next()%2 == 0,
			})
		}
		t.Players = append(t.Players, p)
	}
	if next()%3 == 0 {
		t.Forbidden = [][]int{{int(next()%9) + 1, int(next()%9) + 1}}
	}
	return t
}

// FuzzPair: no input makes Pair panic, and every pairing it returns passes
// Check.
func FuzzPair(f *testing.F) {
	f.Add([]byte{4, 0, 2, 1})
	f.Add([]byte{6, 2, 1, 1, 0, 0x85, 1, 0x8c, 0, 0x81, 1, 0x86, 0, 0x83, 1, 0x8a, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		in := tournamentFromBytes(data)
		p, err := dutch.Pair(in)
		if err != nil {
			var ie *dutch.InputError
			if !errors.As(err, &ie) && !errors.Is(err, dutch.ErrNoPairing) {
				t.Fatalf("Pair error %v is neither an InputError nor ErrNoPairing", err)
			}
			return
		}
		v, err := dutch.Check(in, p)
		if err != nil || len(v) > 0 {
			t.Fatalf("Pair(%+v) = %+v breaks the absolute criteria: %v %v", in, p, v, err)
		}
	})
}
