//go:build unix

package store

import (
	"errors"
	"os"
	"syscall"
	"time"
)

// The programs that have an SQLite database open (a server, a command run
// beside it) each hold a shared lock on a file next to it, path+"-lock";
// Restore takes it exclusively, so that it never replaces the data under a
// running server. The lock is a flock on a file of its own: SQLite's own
// locks (fcntl, per process and file) would be dropped by closing another
// descriptor of the database file itself.

// errBusy is a lock another program holds.
var errBusy = errors.New("the database is in use")

// inUseGrace is how long lockInUse waits for a lock held the other way
// before it calls the database busy. A lock a program has just released
// can still be held for a moment by a process it forks: the child gets a
// copy of every descriptor, and one opened close-on-exec closes only when
// the child's exec runs, which a loaded machine delays. A running server
// holds its lock for as long as it runs, so the wait changes no answer.
var inUseGrace = time.Second

// lockInUse takes the lock of the database at path, shared (a program
// using it) or exclusive (Restore); errBusy when it stays held the other
// way for inUseGrace. Closing the file releases it.
func lockInUse(path string, exclusive bool) (*os.File, error) {
	f, err := os.OpenFile(path+"-lock", os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	for deadline := time.Now().Add(inUseGrace); ; time.Sleep(10 * time.Millisecond) {
		err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB)
		if err == nil {
			return f, nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) || time.Now().After(deadline) {
			f.Close()
			if errors.Is(err, syscall.EWOULDBLOCK) {
				return nil, errBusy
			}
			return nil, err
		}
	}
}
