package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCommandsRefuseAMissingDatabase: a command that reads or changes the
// data of a database refuses a file that is not there (a mistyped --db)
// and creates nothing.
func TestCommandsRefuseAMissingDatabase(t *testing.T) {
	// Not parallel: it sets stdin, which every command reads.
	dir := t.TempDir()
	typo := filepath.Join(dir, "typo.db")
	trf := filepath.Join(dir, "event.trf")
	if err := os.WriteFile(trf, []byte("012 Test\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"export", "federation"},
		{"export", "standings", "--event", "1"},
		{"token", "create", "--email", "a@example.org"},
		{"token", "list", "--email", "a@example.org"},
		{"token", "revoke", "--id", "1"},
		{"user", "password", "--email", "a@example.org", "--password-stdin"},
		{"user", "sign-out", "--email", "a@example.org"},
		{"import", "--trf", trf, "--owner", "a@example.org"},
		{"backup", "-o", filepath.Join(dir, "backup.db")},
	} {
		stdin = strings.NewReader("a long password\n")
		out, errOut, status := runCLI(t, append(args, "--db", typo)...)
		if status != 1 || out != "" || !strings.Contains(errOut, "there is no database "+typo+"; adiukh serve --db "+typo+" or adiukh demo") {
			t.Errorf("%v: status %d, stdout %q, stderr %q; want 1 and no database", args, status, out, errOut)
		}
		if _, err := os.Stat(typo); !os.IsNotExist(err) {
			t.Fatalf("%v created %s", args, typo)
		}
	}
}
