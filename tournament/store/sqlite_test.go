package store_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

// TestTwoStoresOnOneSQLiteFile runs two stores on one SQLite file, as two
// servers would, and writes through both at once: every write succeeds
// (the writes wait for each other's lock instead of failing with
// SQLITE_BUSY), and each store reads what the other wrote.
func TestTwoStoresOnOneSQLiteFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "shared.db")
	stores := storetest.TwoInstances(t, path)
	_, e := seedEvent(t, stores[0])
	const writers, writes = 4, 15
	var wg sync.WaitGroup
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st := stores[w%2]
			for i := range writes {
				err := st.Update(context.Background(), func(tx tournament.Tx) error {
					// Read first, then write: the pattern that fails at
					// once under a deferred BEGIN when the other server
					// wrote in between.
					players, err := tx.Players(e.ID)
					if err != nil {
						return err
					}
					return tx.CreatePlayer(&tournament.Player{EventID: e.ID, StartNo: len(players) + 1, Name: fmt.Sprintf("Игрок %d-%d", w, i), FirstRound: 1})
				})
				if err != nil {
					t.Errorf("writer %d, write %d: %v", w, i, err)
				}
			}
		}()
	}
	wg.Wait()
	for i, st := range stores {
		st.View(context.Background(), func(tx tournament.Tx) error {
			players, err := tx.Players(e.ID)
			if err != nil || len(players) != writers*writes {
				t.Errorf("store %d reads %d players (%v), want %d", i, len(players), err, writers*writes)
			}
			return nil
		})
	}
}

// TestBusySQLiteRetries holds the write lock of one store for longer than
// the busy timeout of the other. With one attempt the other's write fails
// with SQLITE_BUSY and a message that points to PostgreSQL; with retries it
// runs its transaction again and succeeds once the lock is free.
func TestBusySQLiteRetries(t *testing.T) {
	// Not parallel: it changes the busy timeout of every store opened.
	for _, tc := range []struct {
		name     string
		attempts int
		fails    bool
	}{{"one attempt", 1, true}, {"retries", 40, false}} {
		t.Run(tc.name, func(t *testing.T) {
			defer store.SetBusyTimeout(50, tc.attempts)()
			path := filepath.Join(t.TempDir(), "shared.db")
			first, err := store.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer first.Close()
			second, err := store.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer second.Close()
			_, e := seedEvent(t, first)

			locked, done := make(chan struct{}), make(chan error)
			go func() {
				done <- first.Update(context.Background(), func(tx tournament.Tx) error {
					close(locked)
					time.Sleep(400 * time.Millisecond) // eight busy timeouts
					return tx.CreatePlayer(&tournament.Player{EventID: e.ID, StartNo: 1, Name: "Первый", FirstRound: 1})
				})
			}()
			<-locked
			err = second.Update(context.Background(), func(tx tournament.Tx) error {
				return tx.CreatePlayer(&tournament.Player{EventID: e.ID, StartNo: 2, Name: "Второй", FirstRound: 1})
			})
			if err := <-done; err != nil {
				t.Fatal(err)
			}
			if tc.fails {
				if err == nil || !strings.Contains(err.Error(), "use PostgreSQL") {
					t.Errorf("write while the other store held the lock, without retries: %v, want SQLITE_BUSY pointing to PostgreSQL", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("write while the other store held the lock: %v", err)
			}
			second.View(context.Background(), func(tx tournament.Tx) error {
				players, err := tx.Players(e.ID)
				if err != nil || len(players) != 2 {
					t.Errorf("players %+v (%v), want both", players, err)
				}
				return nil
			})
		})
	}
}
