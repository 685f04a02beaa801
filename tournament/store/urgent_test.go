package store_test

import (
	"context"
	"strings"
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

// TestUrgentWritesFirstOnSQLite: while one transaction writes and others
// wait for SQLite's one writing connection, an urgent one that comes last
// writes next; reading, it has connections of its own.
func TestUrgentWritesFirstOnSQLite(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	ctx := context.Background()
	writing, release := make(chan struct{}), make(chan struct{})
	order := make(chan string, 4)
	var done sync.WaitGroup
	write := func(ctx context.Context, name string) {
		done.Add(1)
		go func() {
			defer done.Done()
			if err := st.Update(ctx, func(tournament.Tx) error { order <- name; return nil }); err != nil {
				t.Error(err)
			}
		}()
	}
	done.Add(1)
	go func() {
		defer done.Done()
		_ = st.Update(ctx, func(tournament.Tx) error { close(writing); <-release; return nil })
	}()
	<-writing
	waitFor := func(n int) {
		for deadline := time.Now().Add(10 * time.Second); store.WritersWaiting(st) != n; time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%d transactions never queued for the writing connection", n)
			}
		}
	}
	write(ctx, "first")
	waitFor(1)
	write(ctx, "second")
	waitFor(2)
	write(tournament.WithUrgency(ctx), "move")
	waitFor(3)
	close(release)
	done.Wait()
	close(order)
	var got []string
	for name := range order {
		got = append(got, name)
	}
	if strings.Join(got, " ") != "move first second" {
		t.Errorf("the writes ran in the order %q, want the urgent one first and then the others as they came", got)
	}
}
