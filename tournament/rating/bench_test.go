package rating_test

import (
	"math/rand/v2"
	"testing"

	"adiukh/tournament/rating"
)

// BenchmarkClosePeriod rates a period of 200,000 games among 5,000
// persons, half of them with published ratings: the pure part of closing
// a federation's period (docs/benchmarks.md).
func BenchmarkClosePeriod(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	published := map[int64]rating.State{}
	for id := int64(1); id <= 2500; id++ {
		published[id] = rating.State{Rating: 1200 + rng.IntN(1300), Games: rng.IntN(200), Registered: true}
	}
	games := make([]rating.Game, 200_000)
	for i := range games {
		a := int64(1 + rng.IntN(5000))
		bb := int64(1 + rng.IntN(5000))
		for bb == a {
			bb = int64(1 + rng.IntN(5000))
		}
		pa := 12 + rng.IntN(13)
		games[i] = rating.Game{A: a, B: bb, PointsA: pa, PointsB: 24 - pa}
	}
	b.ReportAllocs()
	for b.Loop() {
		rating.Close(published, games, nil, rating.Options{})
	}
}
