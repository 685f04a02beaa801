package dutch_test

import (
	"testing"

	"adiukh/tournament/pairing/dutch"
)

// benchmarkOptions shape the benchmark events: 9 rounds, 2 % requested
// byes per round.
func benchmarkOptions(players int) eventOptions {
	return eventOptions{players: players, rounds: 9, seed: 2026, byeRate: 0.02}
}

// benchmarkEvent pairs every round of one random 9-round event; the
// reported ns/op is per event, round/s are given as a metric.
func benchmarkEvent(b *testing.B, players int) {
	states := generateEvent(b, benchmarkOptions(players))
	b.ResetTimer()
	for b.Loop() {
		for _, s := range states {
			if _, err := dutch.Pair(s); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Seconds())/float64(b.N*len(states)), "s/round")
}

func BenchmarkDutch100(b *testing.B)  { benchmarkEvent(b, 100) }
func BenchmarkDutch500(b *testing.B)  { benchmarkEvent(b, 500) }
func BenchmarkDutch1000(b *testing.B) { benchmarkEvent(b, 1000) }
