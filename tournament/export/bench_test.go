package export

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/catalog"
	"adiukh/tournament/engines"
	"adiukh/tournament/knockout"
	registration "adiukh/tournament/players"
	"adiukh/tournament/playoff"
	"adiukh/tournament/schedule"
	"adiukh/tournament/store"
	"adiukh/tournament/teams"
)

// circlePairing pairs a Swiss round by the circle method over the players in
// start order, so that no two meet twice: a stand-in engine that gives the
// benchmark event realistic tables without the Dutch system.
func circlePairing(in tournament.PairingInput) ([]tournament.Pairing, error) {
	n := len(in.Players)
	ring := make([]int64, n)
	ring[0] = in.Players[0].ID
	for i := 1; i < n; i++ {
		ring[i] = in.Players[1+(i-1+in.Round-1)%(n-1)].ID
	}
	pairings := make([]tournament.Pairing, n/2)
	for i := range pairings {
		pairings[i] = tournament.Pairing{WhiteID: ring[i], BlackID: ring[n-1-i]}
	}
	return pairings, nil
}

// swissEvent is a 200-player, 9-round Swiss event on an SQLite file with
// every result entered, and an exporter reading it as its arbiter.
func swissEvent(b *testing.B) (context.Context, *Exporter, int64) {
	b.Helper()
	st, err := store.Open(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	opt := engines.Options()
	opt.Pairing[tournament.Swiss] = circlePairing
	svc := tournament.NewService(st, opt)
	u := &tournament.User{Email: "arbiter@example.org", Role: tournament.ArbiterRole}
	if err := st.Accounts().Update(context.Background(), func(tx account.Tx) error { return tx.CreateUser(u) }); err != nil {
		b.Fatal(err)
	}
	ctx := tournament.NewContextWithUser(context.Background(), u)
	text := func(s string) *string { return &s }
	rounds := 9
	e, err := svc.CreateEvent(ctx, tournament.EventInput{
		Name: text("Открытый чемпионат Адыгеи"), Discipline: text("rapid"), System: text("swiss"), Rounds: &rounds, TimeControl: text("8+4"),
		StartDate: text("2026-06-12"), City: text("Майкоп"),
	})
	if err != nil {
		b.Fatal(err)
	}
	for i := range 200 {
		rating := 2200 - 3*i
		if _, err := registration.NewService(svc).RegisterPlayer(ctx, e.ID, tournament.PlayerInput{Name: text(fmt.Sprintf("Участник %03d", i+1)), Rating: &rating, Club: text("Майкоп")}); err != nil {
			b.Fatal(err)
		}
	}
	scores := []string{"17:7", "12:12", "9:15", "24:0", "13:11", "7:17"}
	for n := 1; n <= rounds; n++ {
		r, err := svc.PairNextRound(ctx, e.ID)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := svc.PublishRound(ctx, e.ID, n); err != nil {
			b.Fatal(err)
		}
		for _, g := range r.Games {
			score := scores[(n*7+g.Board)%len(scores)]
			if _, err := svc.RecordResult(ctx, tournament.ResultInput{EventID: e.ID, Round: n, Board: g.Board, Score: score, EndReason: "final_position", Version: g.Version}); err != nil {
				b.Fatal(err)
			}
		}
	}
	return ctx, New(svc, teams.NewService(st.Teams(), svc, engines.TeamOptions()), schedule.NewService(st, nil), knockout.NewService(st.Knockout(), nil), playoff.NewService(st.Playoffs(), svc, nil, nil)), e.ID
}

// BenchmarkExportStandingsAndProgress200 is what an arbiter prints at the
// end of a 200-player Swiss event, from the database: the standings and the
// progress table. The target, for the rendering, is 300 ms.
func BenchmarkExportStandingsAndProgress200(b *testing.B) {
	ctx, x, id := swissEvent(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := x.StandingsPDF(ctx, io.Discard, catalog.Russian, id, 0); err != nil {
			b.Fatal(err)
		}
		if err := x.CrosstablePDF(ctx, io.Discard, catalog.Russian, id); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExportScoreSheets100 prints the score sheets of a 100-board round
// from the database. The target, for the rendering, is 1 s.
func BenchmarkExportScoreSheets100(b *testing.B) {
	ctx, x, id := swissEvent(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := x.ScoreSheetsPDF(ctx, io.Discard, catalog.Russian, id, 9); err != nil {
			b.Fatal(err)
		}
	}
}
