package store_test

import (
	"context"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/entries"
	"adiukh/tournament/store/storetest"
)

// TestEntryWithdrawalsMigration: an entry kept before migration
// 20261125220621 reads as before, with no withdrawal; after it an account
// has one live entry per event, and enters again once its entry is
// declined or withdrawn.
func TestEntryWithdrawalsMigration(t *testing.T) {
	t.Parallel()
	for name, dsn := range storetest.DSNs(t) {
		t.Run(name, func(t *testing.T) {
			exec, open := olderDatabase(t, dsn, "20261125193804-live-clock")
			at := time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)
			olderEvent(exec, 1, "rapid", "8+4", "registration")
			exec(`INSERT INTO entries (id, event_id, user_id, user_email, name, status, note, birth_year, sex, region, rating, reason, player_id, created_at)
				VALUES (1, 1, 1, 'arbiter@example.org', 'Судья', 'pending', 'приеду', 1990, '', '', 0, '', 0, ?)`, at)
			st := open()
			err := st.Entries().Update(context.Background(), func(tx entries.Tx) error {
				all, err := tx.Entries(1)
				if err != nil {
					return err
				}
				if len(all) != 1 || all[0].Status != entries.EntryPending || all[0].Note != "приеду" || all[0].WithdrawReason != "" || !all[0].WithdrawnAt.IsZero() {
					t.Fatalf("the entry after the migration: %+v", all)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			second := entries.Entry{EventID: 1, UserID: 1, UserEmail: "arbiter@example.org", Name: "Судья", Status: entries.EntryPending, CreatedAt: at}
			// A refused write ends a PostgreSQL transaction: each in its own.
			err = st.Entries().Update(context.Background(), func(tx entries.Tx) error { return tx.CreateEntry(&second) })
			if tournament.ErrorCode(err) != tournament.ECONFLICT {
				t.Errorf("a second live entry: %v, want ECONFLICT", err)
			}
			err = st.Entries().Update(context.Background(), func(tx entries.Tx) error {
				all, err := tx.Entries(1)
				if err != nil {
					return err
				}
				for _, status := range []entries.EntryStatus{entries.EntryWithdrawn, entries.EntryDeclined} {
					all[0].Status, all[0].WithdrawReason, all[0].WithdrawnAt = status, "не успеваю", at.Add(time.Hour)
					if err := tx.UpdateEntry(&all[0]); err != nil {
						return err
					}
					again := second
					if err := tx.CreateEntry(&again); err != nil {
						t.Fatalf("entering again after a %s entry: %v", status, err)
					}
					again.Status = status
					if err := tx.UpdateEntry(&again); err != nil {
						return err
					}
				}
				all, err = tx.Entries(1)
				if err != nil {
					return err
				}
				if len(all) != 3 || all[0].WithdrawReason != "не успеваю" || !all[0].WithdrawnAt.Equal(at.Add(time.Hour)) {
					t.Errorf("the entries: %+v", all)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}
