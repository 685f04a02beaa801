//go:build unix

package store

import (
	"errors"
	"os"
	"syscall"
)

// The programs that have an SQLite database open (a server, a command run
// beside it) each hold a shared lock on a file next to it, path+"-lock";
// Restore takes it exclusively, so that it never replaces the data under a
// running server. The lock is a flock on a file of its own: SQLite's own
// locks (fcntl, per process and file) would be dropped by closing another
// descriptor of the database file itself.

// errBusy is a lock another program holds.
var errBusy = errors.New("the database is in use")

// lockInUse takes the lock of the database at path, shared (a program
// using it) or exclusive (Restore), without waiting; errBusy when it is
// held the other way. Closing the file releases it.
func lockInUse(path string, exclusive bool) (*os.File, error) {
	f, err := os.OpenFile(path+"-lock", os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	if err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, errBusy
		}
		return nil, err
	}
	return f, nil
}
