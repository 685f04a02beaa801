package tournament_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	registration "adiukh/tournament/players"
	"adiukh/tournament/store"
)

// playedEvent is a 16-player double round robin on an SQLite file with every
// result of its 30 rounds entered.
func playedEvent(b *testing.B) (context.Context, *tournament.Service, *tournament.Event) {
	b.Helper()
	st, err := store.Open(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	svc := tournament.NewService(st, engines.Options())
	u := &tournament.User{Email: "arbiter@example.org", Role: tournament.ArbiterRole}
	if err := st.Accounts().Update(context.Background(), func(tx account.Tx) error { return tx.CreateUser(u) }); err != nil {
		b.Fatal(err)
	}
	ctx := tournament.NewContextWithUser(context.Background(), u)
	e, err := svc.CreateEvent(ctx, tournament.EventInput{Name: ptr("Бенчмарк"), Discipline: ptr("rapid"), System: ptr("double-round-robin")})
	if err != nil {
		b.Fatal(err)
	}
	for i := range 16 {
		if _, err := registration.NewService(svc).RegisterPlayer(ctx, e.ID, tournament.PlayerInput{Name: ptr(fmt.Sprintf("Игрок %02d", i+1)), Rating: ptr(1500 + i)}); err != nil {
			b.Fatal(err)
		}
	}
	scores := []string{"17:7", "12:12", "9:15", "24:0", "13:11"}
	for n := 1; n <= 30; n++ {
		r, err := svc.PairNextRound(ctx, e.ID)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := svc.PublishRound(ctx, e.ID, n); err != nil {
			b.Fatal(err)
		}
		for _, g := range r.Games {
			score := scores[(n+g.Board)%len(scores)]
			if _, err := svc.RecordResult(ctx, tournament.ResultInput{EventID: e.ID, Round: n, Board: g.Board, Score: score, EndReason: "final_position", Version: g.Version}); err != nil {
				b.Fatal(err)
			}
		}
	}
	return ctx, svc, e
}

// BenchmarkStandings reads a finished 16-player double round robin (240
// games) from SQLite and ranks it with every tie-break.
func BenchmarkStandings(b *testing.B) {
	ctx, svc, e := playedEvent(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := svc.Standings(ctx, e.ID, 0); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRecordResult corrects one result again and again: one
// transaction with the event lock, the version check and the audit entry.
func BenchmarkRecordResult(b *testing.B) {
	ctx, svc, e := playedEvent(b)
	g, err := svc.Round(ctx, e.ID, 30)
	if err != nil {
		b.Fatal(err)
	}
	version := g.Games[0].Version
	scores := []string{"17:7", "7:17"}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		game, err := svc.RecordResult(ctx, tournament.ResultInput{EventID: e.ID, Round: 30, Board: 1, Score: scores[i%2], EndReason: "final_position", Version: version})
		if err != nil {
			b.Fatal(err)
		}
		version = game.Version
		i++
	}
}
