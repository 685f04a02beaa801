//go:build unix

package store

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
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

// A lock released by its program but still held for a moment by a copy of
// its descriptor, as a child forked just before holds one until its exec,
// is waited for, not reported as a server using the database
// (TestBackupAndRestoreCommands failed so when tests forked beside it).
func TestInUseLockHeldByAForkedCopy(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "adiukh.db")
	restoring, err := lockInUse(path, true)
	if err != nil {
		t.Fatal(err)
	}
	forked, err := syscall.Dup(int(restoring.Fd()))
	if err != nil {
		t.Fatal(err)
	}
	restoring.Close()
	execed := make(chan struct{})
	go func() {
		defer close(execed)
		time.Sleep(50 * time.Millisecond)
		syscall.Close(forked)
	}()
	st, err := Open(path)
	<-execed
	if err != nil {
		t.Fatalf("opening as the forked copy lets the lock go: %v", err)
	}
	st.Close()
}
