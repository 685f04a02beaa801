package store_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	_ "github.com/mattn/go-sqlite3"

	"adiukh/tournament"
	"adiukh/tournament/store"
)

// TestSwissMigrationUpgrades opens a database as it was before the Swiss
// migration (its columns dropped, the migration not recorded): opening it
// adds the columns, and old rows read with their zero values.
func TestSwissMigrationUpgrades(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	_, e := seedEvent(t, st)
	update(t, st, func(tx tournament.Tx) error {
		return tx.CreatePlayer(&tournament.Player{EventID: e.ID, StartNo: 1, Name: "Хуажев Аслан", FirstRound: 1})
	})
	st.Close()

	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, stmt := range []string{
		"ALTER TABLE events DROP COLUMN forbid_same_club", "ALTER TABLE events DROP COLUMN baku", "ALTER TABLE events DROP COLUMN black_first",
		"ALTER TABLE players DROP COLUMN bye_round", "ALTER TABLE players DROP COLUMN bye_kind",
		"ALTER TABLE rounds DROP COLUMN warnings", "DELETE FROM migrations WHERE id = '2026112222-swiss'",
	} {
		if _, err := db.Exec(stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	db.Close()

	st, err = store.Open(path)
	if err != nil {
		t.Fatalf("open the old database: %v", err)
	}
	defer st.Close()
	err = st.View(context.Background(), func(tx tournament.Tx) error {
		ev, err := tx.Event(e.ID)
		if err != nil {
			return err
		}
		players, err := tx.Players(e.ID)
		if err != nil {
			return err
		}
		if ev.ForbidSameClub || ev.Baku || len(players) != 1 || players[0].ByeRound != 0 || players[0].ByeKind != "" {
			t.Errorf("after the upgrade: event %+v, players %+v; want the Swiss fields empty", ev, players)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	update(t, st, func(tx tournament.Tx) error {
		ev, err := tx.Event(e.ID)
		if err != nil {
			return err
		}
		ev.ForbidSameClub = true
		return tx.UpdateEvent(ev)
	})
}
