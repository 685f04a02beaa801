package interchange_test

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"adiukh/internal/testcorpus"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/interchange"
	registration "adiukh/tournament/players"
	"adiukh/tournament/store"
)

// BenchmarkImportTRF imports 4,096 players × 60 rounds (122,880 games)
// into SQLite while another event's arbiter records a result every 10 ms,
// and reports how long the longest of those writes waited (other-write-ms):
// the import must not hold the database's one writer for long.
func BenchmarkImportTRF(b *testing.B) {
	data := testcorpus.BigTRF(b, 4096, 60)
	b.SetBytes(int64(len(data)))
	for range b.N {
		b.StopTimer()
		st, err := store.Open(filepath.Join(b.TempDir(), "bench.db"))
		if err != nil {
			b.Fatal(err)
		}
		svc := tournament.NewService(st, engines.Options())
		trfs := interchange.NewService(st.Interchange(), svc, engines.InterchangeOptions())
		u := &tournament.User{Email: "arbiter@example.org", Role: tournament.ArbiterRole}
		if err := st.Accounts().Update(context.Background(), func(tx account.Tx) error { return tx.CreateUser(u) }); err != nil {
			b.Fatal(err)
		}
		ctx := tournament.NewContextWithUser(context.Background(), u)
		other, err := svc.CreateEvent(ctx, tournament.EventInput{Name: ptr("Другой турнир"), Discipline: ptr("rapid"), System: ptr("swiss"), Rounds: ptr(5)})
		if err != nil {
			b.Fatal(err)
		}
		stop := make(chan struct{})
		var longest time.Duration
		var wg sync.WaitGroup
		wg.Go(func() {
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				case <-time.After(10 * time.Millisecond):
				}
				start := time.Now()
				if _, err := registration.NewService(svc).RegisterPlayer(ctx, other.ID, tournament.PlayerInput{Name: ptr(fmt.Sprintf("Поздний %d", i))}); err != nil {
					b.Error(err)
					return
				}
				longest = max(longest, time.Since(start))
			}
		})
		b.StartTimer()
		if _, err := trfs.ImportTRF(ctx, bytes.NewReader(data), ""); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		close(stop)
		wg.Wait()
		b.ReportMetric(float64(longest.Milliseconds()), "other-write-ms")
		st.Close()
	}
}
