package main

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"adiukh/internal/clitest"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/store"
)

// dbWithArbiter is a new SQLite database in dir holding one account, the
// arbiter arbiter@example.org, who may own the events imported into it.
func dbWithArbiter(t *testing.T, dir string) string {
	t.Helper()
	db := filepath.Join(dir, "adiukh.db")
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	err = st.Accounts().Update(context.Background(), func(tx account.Tx) error {
		return tx.CreateUser(&tournament.User{Email: "arbiter@example.org", Role: tournament.ArbiterRole, Locale: "ru"})
	})
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	return db
}

func TestImportCommand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := dbWithArbiter(t, dir)
	good := filepath.Join(pairingCorpus, "tournaments", "t000-n13-r5.trf")
	bad := filepath.Join(dir, "bad.trf")
	os.WriteFile(bad, []byte("012 Open\n152 X\n"), 0o644)
	clitest.Run(t, run, []clitest.Case{
		{Name: "a corpus tournament", Args: []string{"import", "--trf", good, "--owner", "arbiter@example.org", "--db", db}, Out: "imported from"},
		{Name: "syntax error names line and column", Args: []string{"import", "--trf", bad, "--owner", "arbiter@example.org", "--db", db}, Code: 1, ErrOut: "line 2, column 5"},
		{Name: "unknown owner", Args: []string{"import", "--trf", good, "--owner", "nobody@example.org", "--db", db}, Code: 1, ErrOut: "owner nobody@example.org"},
		{Name: "missing flags", Args: []string{"import", "--trf", good}, Code: 2, ErrOut: "adiukh import: --owner is required"},
	})
}
