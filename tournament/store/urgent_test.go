package store_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

// TestUrgentPassesTheCrowd holds every shared PostgreSQL connection in an
// open transaction: an urgent one (a live move) still runs at once, on the
// connections kept for it, while an ordinary one waits for a connection.
func TestUrgentPassesTheCrowd(t *testing.T) {
	t.Parallel()
	storetest.SkipWithoutPostgres(t)
	st := storetest.Open(t)["postgres"]
	ctx := context.Background()
	release := make(chan struct{})
	var held, done sync.WaitGroup
	for range store.PostgresConns {
		held.Add(1)
		done.Add(1)
		go func() {
			defer done.Done()
			_ = st.View(ctx, func(tournament.Tx) error {
				held.Done()
				<-release
				return nil
			})
		}()
	}
	held.Wait()
	defer func() { close(release); done.Wait() }()

	waiting, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
	defer cancel()
	if err := st.View(waiting, func(tx tournament.Tx) error { _, err := tx.Events(0, true); return err }); err == nil {
		t.Error("an ordinary transaction ran while every shared connection was held")
	}
	urgent, cancel := context.WithTimeout(tournament.WithUrgency(ctx), 5*time.Second)
	defer cancel()
	if err := st.Update(urgent, func(tx tournament.Tx) error { _, err := tx.Events(0, true); return err }); err != nil {
		t.Errorf("an urgent transaction with every shared connection held: %v", err)
	}
}
