package store_test

import (
	"context"
	"errors"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/composition"
	"adiukh/tournament/store"
)

// The data version moves with every committed write and only then: a read,
// or a write that fails and is rolled back, leaves it.
func TestDataVersionMovesWithEveryWrite(t *testing.T) {
	t.Parallel()
	forEachDB(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		version := func() int64 {
			t.Helper()
			v, err := st.DataVersion(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return v
		}
		before := version()
		_, e := seedEvent(t, st)
		afterWrite := version()
		if afterWrite <= before {
			t.Fatalf("a write left the version at %d (was %d)", afterWrite, before)
		}
		if err := st.View(ctx, func(tx tournament.Tx) error { _, err := tx.Event(e.ID); return err }); err != nil {
			t.Fatal(err)
		}
		failed := errors.New("refused")
		err := st.Update(ctx, func(tx tournament.Tx) error {
			e.Name = "Не сохранится"
			if err := tx.UpdateEvent(e); err != nil {
				return err
			}
			return failed
		})
		if !errors.Is(err, failed) {
			t.Fatalf("the failing write: %v", err)
		}
		if v := version(); v != afterWrite {
			t.Errorf("a read and a rolled-back write moved the version from %d to %d", afterWrite, v)
		}
		if err := st.Composition().Update(ctx, func(tx composition.Tx) error {
			return tx.AddAudit(&tournament.AuditEntry{EventID: e.ID, Action: "test"})
		}); err != nil {
			t.Fatal(err)
		}
		if v := version(); v <= afterWrite {
			t.Errorf("a write through the contests' store left the version at %d", v)
		}
	})
}
