package connlimit

import (
	"syscall"
	"time"
)

// DefaultPerAddress is how many connections one address may hold by
// default: a club of some forty players behind one NAT, each with a
// page's connections (a browser opens up to six) and a live game's stream,
// stays well under it, while one address can hold no more than a small
// part of the server's connections.
const DefaultPerAddress = 300

// maxTotal bounds the default total whatever the file limit: each held
// connection costs a goroutine and its buffers, some 15 KB, so that 20,000
// of them are about 300 MB.
const maxTotal = 20000

// minTotal is the least total a server is given, however few files it may
// open: below it a handful of clients would already be turned away.
const minTotal = 64

// RaiseFileLimit raises the process's soft limit of open files to its hard
// limit, where the system allows it, and returns the soft limit then in
// force. (Go's runtime does the same at start on Linux; doing it here
// keeps the figure the limits are computed from the one in force.)
func RaiseFileLimit() (uint64, error) {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil {
		return 0, err
	}
	if rl.Cur < rl.Max {
		raised := rl
		raised.Cur = raised.Max
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &raised); err == nil {
			rl = raised
		}
	}
	return rl.Cur, nil
}

// filesKept is how many of files, the process's limit of open files, are
// kept for everything but clients' connections: the database's
// connections and files, the documents and uploads being read, the
// listening socket, the log. A quarter, and at least 256.
func filesKept(files uint64) uint64 {
	return max(files/4, 256)
}

// MaxTotal is the most connections a server whose limit of open files is
// files may hold in all, leaving filesKept for the rest.
func MaxTotal(files uint64) int {
	if files <= filesKept(files)+minTotal {
		return minTotal
	}
	return int(min(files-filesKept(files), maxTotal))
}

// DefaultPerAccount is how many connections of one signed-in account count
// by the account instead of its address: a player's pages in a few tabs
// (a browser opens up to six connections for each site) and a live game's
// stream.
const DefaultPerAccount = 30

// Request bodies by default, as nginx's: a body that sends nothing for
// DefaultBodyIdle is closed (client_body_timeout is 60 s; headers must
// come within 10 s, the server's ReadHeaderTimeout), and an address whose
// bodies come slower than DefaultMinBodyRate in all once they have come
// for DefaultBodyGrace gives way to a newcomer when the server is full. A
// club's slow line of 64 kbit/s uploads 8 KB a second.
const (
	DefaultBodyIdle    = 20 * time.Second
	DefaultMinBodyRate = 1024
	DefaultBodyGrace   = 5 * time.Second
)

// DefaultLimits are the limits of a server whose limit of open files is
// files and whose idle timeout is idle: DefaultPerAddress, and in all
// MaxTotal(files) (and no more per address than that), DefaultPerAccount,
// and the request bodies' defaults.
func DefaultLimits(files uint64, idle time.Duration) Limits {
	total := MaxTotal(files)
	return Limits{PerAddress: min(DefaultPerAddress, total), Total: total, Idle: idle, PerAccount: DefaultPerAccount,
		BodyIdle: DefaultBodyIdle, MinBodyRate: DefaultMinBodyRate, BodyGrace: DefaultBodyGrace}
}
