package dutch_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"adiukh/tournament/engines"
	"adiukh/tournament/pairing/dutch"
	"adiukh/tournament/trf"
)

var (
	eventsDir = flag.String("events", "", "write the TRF files of the 500- and 1,000-player benchmark events (every round) under this folder")
	trfFile   = flag.String("trf", "../../../testdata/pairing-corpus/rounds/t002-n53-r4/r04.trf", "the TRF file BenchmarkDutchFile pairs")
	sizes     = flag.String("sizes", "500,1000", "with -events: the numbers of players of the events to write")
)

// trfOf writes the state of a generated event before its next round as a
// TRF file: FIDE scoring (the generator's 2/1/0 halved), a requested bye as
// H, an absence from the round to pair as a "-" entry for that round.
func trfOf(t dutch.Tournament) *trf.Tournament {
	out := &trf.Tournament{TotalRounds: t.TotalRounds, InitialColor: 'W'}
	for _, p := range t.Players {
		tp := trf.Player{StartNo: p.ID, Name: fmt.Sprintf("Player %04d", p.ID), Rating: 2800 - p.ID}
		for _, r := range p.History {
			res := trf.Result{Opponent: r.Opponent, Color: '-', Code: '-'}
			switch r.Color {
			case dutch.White:
				res.Color = 'w'
			case dutch.Black:
				res.Color = 'b'
			}
			switch {
			case r.Paired && r.Opponent == 0:
				res.Code = 'U'
			case r.Paired && !r.Played:
				res.Code = map[dutch.Outcome]byte{dutch.Win: '+', dutch.Loss: '-'}[r.Outcome]
			case r.Paired:
				res.Code = map[dutch.Outcome]byte{dutch.Win: '1', dutch.Draw: '=', dutch.Loss: '0'}[r.Outcome]
			case r.Outcome == dutch.Draw:
				res.Code = 'H'
			}
			tp.Points += map[dutch.Outcome]int{dutch.Win: 10, dutch.Draw: 5}[r.Outcome]
			tp.Results = append(tp.Results, res)
		}
		if p.Absent {
			tp.Results = append(tp.Results, trf.Result{Color: '-', Code: '-'})
		}
		out.Players = append(out.Players, tp)
	}
	return out
}

// TestEventFiles checks that a generated event written as TRF files pairs
// as the event itself does, so that the benchmark events can be paired from
// files by adiukh and bbpPairings alike. With -events DIR it writes the
// files of the benchmark events, DIR/500/rN.trf and DIR/1000/rN.trf.
func TestEventFiles(t *testing.T) {
	events := []eventOptions{{players: 60, rounds: 9, seed: 2026, byeRate: 0.05, withdrawRate: 0.02, forfeitRate: 0.05, lateEntries: 3}}
	if *eventsDir != "" {
		events = nil
		for _, n := range strings.Split(*sizes, ",") {
			players, err := strconv.Atoi(strings.TrimSpace(n))
			if err != nil {
				t.Fatalf("-sizes: %q is not a number of players", n)
			}
			events = append(events, benchmarkOptions(players))
		}
	}
	for _, o := range events {
		dir := t.TempDir()
		if *eventsDir != "" {
			dir = filepath.Join(*eventsDir, fmt.Sprint(o.players))
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		states := generateEvent(t, o)
		for i, s := range states {
			path := filepath.Join(dir, fmt.Sprintf("r%d.trf", i+1))
			f, err := os.Create(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := trf.Write(f, trfOf(s)); err != nil {
				t.Fatal(err)
			}
			if err := f.Close(); err != nil {
				t.Fatal(err)
			}
			if *eventsDir != "" {
				continue
			}
			want, err := dutch.Pair(s)
			if err != nil {
				t.Fatal(err)
			}
			got, err := pairTRF(path)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("round %d: the TRF file pairs as\n%+v\nthe event as\n%+v", i+1, got, want)
			}
		}
	}
}

func pairTRF(path string) (dutch.Pairing, error) {
	f, err := os.Open(path)
	if err != nil {
		return dutch.Pairing{}, err
	}
	defer f.Close()
	t, err := trf.Read(f)
	if err != nil {
		return dutch.Pairing{}, err
	}
	in, err := engines.DutchInputFromTRF(t)
	if err != nil {
		return dutch.Pairing{}, err
	}
	return dutch.Pair(in)
}

// BenchmarkDutchFile pairs one TRF file (-trf FILE, by default round 4 of a 53-player
// tournament of the trimmed corpus), e.g. one round of the benchmark events
// written by TestEventFiles, for profiling one round.
func BenchmarkDutchFile(b *testing.B) {
	for b.Loop() {
		if _, err := pairTRF(*trfFile); err != nil {
			b.Fatal(err)
		}
	}
}
