package ratings_test

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/interchange"
	"adiukh/tournament/people"
	"adiukh/tournament/ratings"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
	"adiukh/tournament/trf"
)

// BenchmarkClosePeriodOnSQLite closes a period of 5,000 persons of the
// register and 200,704 games — two rated events of 4,096 players × 49
// rounds (persons 1–4,096 and 905–5,000), imported from TRF — on an
// SQLite file, in one transaction (docs/benchmarks.md).
func BenchmarkClosePeriodOnSQLite(b *testing.B) {
	benchmarkClosePeriod(b, func() string { return filepath.Join(b.TempDir(), "bench.db") })
}

// BenchmarkClosePeriodOnPostgres is the same on a new schema of the
// server ADIUKH_TEST_POSTGRES names.
func BenchmarkClosePeriodOnPostgres(b *testing.B) {
	storetest.SkipWithoutPostgres(b)
	benchmarkClosePeriod(b, func() string { return storetest.DSNs(b)["postgres"] })
}

func benchmarkClosePeriod(b *testing.B, newDatabase func() string) {
	for range b.N {
		b.StopTimer()
		st, err := store.Open(newDatabase())
		if err != nil {
			b.Fatal(err)
		}
		events := tournament.NewService(st, engines.Options())
		trfs := interchange.NewService(st.Interchange(), events, engines.InterchangeOptions())
		register := people.NewService(st.People(), people.Options{})
		admin := &tournament.User{Email: "admin@example.org", Role: tournament.Admin}
		if err := st.Accounts().Update(context.Background(), func(tx account.Tx) error { return tx.CreateUser(admin) }); err != nil {
			b.Fatal(err)
		}
		ctx := tournament.NewContextWithUser(context.Background(), admin)
		const persons, players, rounds = 5000, 4096, 49
		ids := make([]string, persons)
		for i := range persons {
			p, err := register.CreatePerson(ctx, people.PersonInput{Surname: ptr(fmt.Sprintf("Игрок%04d", i)), GivenNames: ptr("Тест"), ConfirmSimilar: true})
			if err != nil {
				b.Fatal(err)
			}
			ids[i] = p.FederationID
		}
		for ev := range 2 {
			t := &trf.Tournament{Info: []trf.InfoLine{{Code: "012", Text: fmt.Sprintf("Турнир %d", ev)}}, TotalRounds: rounds}
			for i := range players {
				who := i + ev*(persons-players)
				p := trf.Player{StartNo: i + 1, Name: fmt.Sprintf("Игрок%04d Тест", who), FideID: ids[who]}
				for r := 1; r <= rounds; r++ {
					o := i ^ (r + 64*ev)
					res := trf.Result{Opponent: o + 1, Color: 'w', Code: '1'}
					if o < i {
						res.Color, res.Code = 'b', '0'
					}
					p.Results = append(p.Results, res)
				}
				t.Players = append(t.Players, p)
			}
			var buf bytes.Buffer
			if err := trf.Write(&buf, t); err != nil {
				b.Fatal(err)
			}
			e, err := trfs.ImportTRF(ctx, &buf, "")
			if err != nil {
				b.Fatal(err)
			}
			if _, err := events.UpdateEvent(ctx, e.ID, tournament.EventInput{StartDate: ptr("2026-10-01"), EndDate: ptr("2026-10-02"), Rated: ptr(true), Status: ptr("finished")}, ""); err != nil {
				b.Fatal(err)
			}
		}
		all, err := events.Events(ctx)
		if err != nil {
			b.Fatal(err)
		}
		list := ratings.ListOf(all[0].Discipline)
		lists := ratings.NewService(st.Ratings(), ratings.Options{})
		b.StartTimer()
		l, err := lists.ClosePeriod(ctx, list, "2026-10-31")
		b.StopTimer()
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(l.Period.Games), "games")
		b.ReportMetric(float64(len(l.Rows)), "persons")
		st.Close()
	}
}
