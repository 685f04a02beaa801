package store_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/store"
)

// TestConcurrentUserAddIsConflict adds the same e-mail in two transactions
// at once: the second checks for the address while the first has inserted it
// but not yet committed, so only the unique key can stop it. One wins, the
// other gets ECONFLICT on the e-mail, never an internal error.
func TestConcurrentUserAddIsConflict(t *testing.T) {
	t.Parallel()
	forEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		inserted := make(chan struct{})
		errs := make(chan error, 2)
		go func() {
			errs <- st.Accounts().Update(ctx, func(tx account.Tx) error {
				if err := tx.CreateUser(&tournament.User{Email: "same@example.org", Role: tournament.ArbiterRole}); err != nil {
					close(inserted)
					return err
				}
				close(inserted)
				// Keep the insert uncommitted while the other one runs.
				time.Sleep(300 * time.Millisecond)
				return nil
			})
		}()
		go func() {
			<-inserted
			errs <- st.Accounts().Update(ctx, func(tx account.Tx) error {
				return tx.CreateUser(&tournament.User{Email: "same@example.org", Role: tournament.ArbiterRole})
			})
		}()
		var conflicts, ok int
		for range 2 {
			err := <-errs
			var e *tournament.Error
			switch {
			case err == nil:
				ok++
			case errors.As(err, &e) && e.Code == tournament.ECONFLICT && e.Field == "email":
				conflicts++
			default:
				t.Errorf("error %v, want nil or ECONFLICT on the e-mail", err)
			}
		}
		if ok != 1 || conflicts != 1 {
			t.Errorf("%d added and %d conflicts, want one of each", ok, conflicts)
		}
	})
}

// TestUniqueViolationIsConflict breaks a unique key that no use case checks
// first (a token hash): the store answers ECONFLICT, not an internal error.
func TestUniqueViolationIsConflict(t *testing.T) {
	t.Parallel()
	forEachDB(t, func(t *testing.T, st *store.Store) {
		u, _ := seedEvent(t, st)
		create := func() error {
			return st.Accounts().Update(context.Background(), func(tx account.Tx) error {
				return tx.CreateToken(&account.Token{UserID: u.ID, Hash: "same-hash", CreatedAt: time.Now()})
			})
		}
		if err := create(); err != nil {
			t.Fatal(err)
		}
		if err := create(); tournament.ErrorCode(err) != tournament.ECONFLICT {
			t.Errorf("second token with the same hash: %v, want ECONFLICT", err)
		}
	})
}

// TestViewIsReadOnly writes inside View: the database refuses, and nothing
// is stored.
func TestViewIsReadOnly(t *testing.T) {
	t.Parallel()
	forEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		err := st.Accounts().View(ctx, func(tx account.Tx) error {
			return tx.CreateUser(&tournament.User{Email: "viewer@example.org", Role: tournament.ArbiterRole})
		})
		if err == nil {
			t.Fatal("a write inside View succeeded")
		}
		if has, err := st.HasUsers(ctx); err != nil || has {
			t.Errorf("after the refused write: users %v, error %v", has, err)
		}
	})
}

// TestReadsDoNotWaitForWrites holds a write transaction open and reads
// meanwhile: the read answers with the last committed state, and one View
// keeps reading the state it started with while a write commits.
func TestReadsDoNotWaitForWrites(t *testing.T) {
	t.Parallel()
	forEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		_, e := seedEvent(t, st)
		addPlayer := func(tx tournament.Tx, no int) error {
			return tx.CreatePlayer(&tournament.Player{EventID: e.ID, StartNo: no, Name: "Игрок", FirstRound: 1})
		}
		countPlayers := func(tx tournament.Tx) int {
			players, err := tx.Players(e.ID)
			if err != nil {
				t.Error(err)
			}
			return len(players)
		}

		written, release := make(chan struct{}), make(chan struct{})
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := st.Update(ctx, func(tx tournament.Tx) error {
				if err := addPlayer(tx, 1); err != nil {
					return err
				}
				close(written)
				<-release
				return nil
			})
			if err != nil {
				t.Error(err)
			}
		}()
		<-written
		read := make(chan int)
		go func() {
			var n int
			if err := st.View(ctx, func(tx tournament.Tx) error { n = countPlayers(tx); return nil }); err != nil {
				t.Error(err)
			}
			read <- n
		}()
		select {
		case n := <-read:
			if n != 0 {
				t.Errorf("a read during the write saw %d players, want the committed 0", n)
			}
		case <-time.After(20 * time.Second):
			t.Error("a read waited for a write transaction held open")
			close(release)
			wg.Wait()
			return
		}
		close(release)
		wg.Wait()

		// One View sees one state: a write committed between its reads
		// does not show.
		err := st.View(ctx, func(tx tournament.Tx) error {
			before := countPlayers(tx)
			if err := st.Update(ctx, func(tx tournament.Tx) error { return addPlayer(tx, 2) }); err != nil {
				return err
			}
			if after := countPlayers(tx); after != before {
				t.Errorf("one View read %d players, then %d after another transaction committed", before, after)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}
