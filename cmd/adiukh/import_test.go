package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/store"
)

func TestImportCommand(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "adiukh.db")
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	err = st.Update(context.Background(), func(tx tournament.Tx) error {
		return tx.CreateUser(&tournament.User{Email: "arbiter@example.org", Role: tournament.ArbiterRole, Locale: "ru"})
	})
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(pairingCorpus, "tournaments", "t000-n13-r5.trf")
	bad := filepath.Join(dir, "bad.trf")
	os.WriteFile(bad, []byte("012 Open\n152 X\n"), 0o644)
	for _, tc := range []struct {
		name        string
		args        []string
		code        int
		out, errOut string
	}{
		{"a corpus tournament", []string{"import", "--trf", good, "--owner", "arbiter@example.org", "--db", db}, 0, "imported from", ""},
		{"syntax error names line and column", []string{"import", "--trf", bad, "--owner", "arbiter@example.org", "--db", db}, 1, "", "line 2, column 5"},
		{"unknown owner", []string{"import", "--trf", good, "--owner", "nobody@example.org", "--db", db}, 1, "", "owner nobody@example.org"},
		{"missing flags", []string{"import", "--trf", good}, 2, "", "usage: adiukh import"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := run(tc.args, &out, &errOut)
			if code != tc.code || !strings.Contains(out.String(), tc.out) || !strings.Contains(errOut.String(), tc.errOut) {
				t.Fatalf("exit %d, stdout %q, stderr %q; want exit %d, stdout with %q, stderr with %q",
					code, out.String(), errOut.String(), tc.code, tc.out, tc.errOut)
			}
		})
	}
}
