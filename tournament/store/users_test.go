package store_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/store"
)

func TestUsersByIDAndRole(t *testing.T) {
	t.Parallel()
	forEachDB(t, func(t *testing.T, st *store.Store) {
		u, _ := seedEvent(t, st)
		admin := &tournament.User{Email: "admin@example.org", Name: "Админ", Role: tournament.Admin, Locale: "ru", CreatedAt: time.Now().UTC()}
		updateAccounts(t, st, func(tx account.Tx) error { return tx.CreateUser(admin) })
		updateAccounts(t, st, func(tx account.Tx) error {
			users, err := tx.Users()
			if err != nil {
				return err
			}
			if len(users) != 2 || users[0].ID != u.ID || users[1].Email != admin.Email || users[1].Role != tournament.Admin {
				t.Errorf("users %+v, want the arbiter then the admin", users)
			}
			got, err := tx.UserByID(u.ID)
			if err != nil || got.Email != u.Email {
				t.Errorf("user %d: %+v, %v", u.ID, got, err)
			}
			if _, err := tx.UserByID(u.ID + 100); tournament.ErrorCode(err) != tournament.ENOTFOUND {
				t.Errorf("missing user: error %v, want ENOTFOUND", err)
			}
			ids, err := tx.LockAdmins()
			if err != nil || len(ids) != 1 || ids[0] != admin.ID {
				t.Errorf("admins %v, %v; want [%d]", ids, err, admin.ID)
			}
			if err := tx.SetUserRole(u.ID, tournament.Admin); err != nil {
				return err
			}
			if err := tx.SetUserRole(u.ID+100, tournament.Admin); tournament.ErrorCode(err) != tournament.ENOTFOUND {
				t.Errorf("role of a missing user: error %v, want ENOTFOUND", err)
			}
			ids, err = tx.LockAdmins()
			if err != nil || len(ids) != 2 {
				t.Errorf("admins after the change %v, %v; want both", ids, err)
			}
			return nil
		})
	})
}

// TestLockAdminsSerialisesDemotions has the last two administrators each
// take the role from the other at once: with LockAdmins first, the second
// transaction sees one administrator left, so one always stays.
func TestLockAdminsSerialisesDemotions(t *testing.T) {
	t.Parallel()
	forEachDB(t, func(t *testing.T, st *store.Store) {
		a := &tournament.User{Email: "a@example.org", Role: tournament.Admin, Locale: "ru", CreatedAt: time.Now().UTC()}
		b := &tournament.User{Email: "b@example.org", Role: tournament.Admin, Locale: "ru", CreatedAt: time.Now().UTC()}
		updateAccounts(t, st, func(tx account.Tx) error {
			if err := tx.CreateUser(a); err != nil {
				return err
			}
			return tx.CreateUser(b)
		})
		demote := func(id int64, wait time.Duration) error {
			return st.Accounts().Update(context.Background(), func(tx account.Tx) error {
				ids, err := tx.LockAdmins()
				if err != nil {
					return err
				}
				time.Sleep(wait)
				if len(ids) < 2 {
					return tournament.Conflict("role", "last administrator")
				}
				return tx.SetUserRole(id, tournament.ArbiterRole)
			})
		}
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, id := range []int64{a.ID, b.ID} {
			wg.Go(func() { errs[i] = demote(id, 200*time.Millisecond) })
		}
		wg.Wait()
		var ids []int64
		err := st.Accounts().View(context.Background(), func(tx account.Tx) (err error) {
			users, err := tx.Users()
			for _, u := range users {
				if u.Role == tournament.Admin {
					ids = append(ids, u.ID)
				}
			}
			return err
		})
		if err != nil || len(ids) != 1 {
			t.Errorf("administrators left %v (%v); demotions answered %v, want one left", ids, err, errs)
		}
	})
}
