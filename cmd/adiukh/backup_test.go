package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestBackupAndRestoreCommands backs up a demo database, restores it into a
// new file, refuses to overwrite without --force, and sends PostgreSQL to
// pg_dump.
func TestBackupAndRestoreCommands(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db, backup, restored := filepath.Join(dir, "adiukh.db"), filepath.Join(dir, "backup.db"), filepath.Join(dir, "restored.db")
	if _, errOut, status := runCLI(t, "demo", "--db", db); status != 0 {
		t.Fatalf("demo: %d %s", status, errOut)
	}
	for _, tc := range []struct {
		args        []string
		status      int
		out, errOut string
	}{
		{[]string{"backup", "--db", db}, 2, "", "adiukh backup: -o is required"},
		{[]string{"restore", "--db", restored}, 2, "", "adiukh restore: -i is required"},
		{[]string{"backup", "-h"}, 0, "", "Flags of adiukh backup"},
		{[]string{"backup", "--db", db, "-o", backup}, 0, "backed up", ""},
		{[]string{"backup", "--db", db, "-o", backup}, 1, "", "already exists"},
		{[]string{"restore", "--db", restored, "-i", backup}, 0, "restored", ""},
		{[]string{"restore", "--db", restored, "-i", backup}, 1, "", "--force"},
		{[]string{"restore", "--db", restored, "-i", backup, "--force"}, 0, "restored", ""},
		{[]string{"export", "standings", "--event", "1", "--db", restored, "--format", "csv"}, 0, "", ""},
		{[]string{"backup", "--db", "postgres://db.example.org/adiukh", "-o", backup}, 2, "", "pg_dump"},
	} {
		out, errOut, status := runCLI(t, tc.args...)
		if status != tc.status || !strings.Contains(out, tc.out) || !strings.Contains(errOut, tc.errOut) {
			t.Errorf("%v: status %d, stdout %q, stderr %q; want %d, %q, %q", tc.args, status, out, errOut, tc.status, tc.out, tc.errOut)
		}
	}
}
