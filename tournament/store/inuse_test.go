//go:build unix

package store

import (
	"path/filepath"
	"strings"
	"testing"
)

// A program that opens the database while a restore replaces it is told
// to wait; several programs may have it open at once.
func TestInUseLock(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "adiukh.db")
	a, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Open(path)
	if err != nil {
		t.Fatalf("a second program: %v", err)
	}
	if _, err := lockInUse(path, true); err != errBusy {
		t.Errorf("the exclusive lock while the database is open: %v, want errBusy", err)
	}
	a.Close()
	b.Close()
	restoring, err := lockInUse(path, true)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Open(path); err == nil || !strings.Contains(err.Error(), "being restored") {
		t.Errorf("opening during a restore: %v, want a refusal", err)
	}
	restoring.Close()
	c, err := Open(path)
	if err != nil {
		t.Fatalf("after the restore: %v", err)
	}
	c.Close()
}
