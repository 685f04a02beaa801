package account

import (
	"context"
	"crypto/sha256"
	"sync"
	"time"

	"adiukh/tournament"
)

// A Versioner tells the version of the data: a number that changes
// whenever any write transaction commits, on any instance sharing the
// database, or the command line (store.Store.DataVersion). A store that
// is one lets the service keep the sign-ins it verified (verified).
type Versioner interface {
	DataVersion(ctx context.Context) (int64, error)
}

// maxVerified bounds the sign-ins kept; past it the service forgets them
// all and verifies again.
const maxVerified = 20000

// verified keeps the owners of the API tokens and session values verified
// lately, each with the data version it was read at: every request of a
// live player sends its token, and reading it was a transaction of its
// own per move. A kept owner is given only while the data version stays
// what it was, read anew for each request (one primary-key read): a token
// revoked, a sign-out, a changed role or name, on this instance or any
// other, is a write that changes the version, and the next request reads
// the token again. Moves change no version (store's unversioned).
type verified struct {
	mu      sync.Mutex
	entries map[verifiedKey]verifiedEntry
}

type verifiedKey struct {
	session bool
	hash    [sha256.Size]byte
}

type verifiedEntry struct {
	user    tournament.User
	version int64
	// expires is when the token or session ends (zero: never).
	expires time.Time
}

// signIn verifies a token (or a session value) with read, or gives the
// owner kept for it while the data version stays as it was when it was
// read and the sign-in has not expired.
func (s *Service) signIn(ctx context.Context, session bool, secret string, read func() (*tournament.User, time.Time, error)) (*tournament.User, error) {
	vs, ok := s.store.(Versioner)
	if !ok {
		u, _, err := read()
		return u, err
	}
	// The version is read before the sign-in, so that an owner is kept
	// under a version at least as old as what was read.
	version, err := vs.DataVersion(ctx)
	if err != nil {
		return nil, err
	}
	key := verifiedKey{session, sha256.Sum256([]byte(secret))}
	v := &s.verified
	v.mu.Lock()
	e, kept := v.entries[key]
	v.mu.Unlock()
	if kept && e.version == version && (e.expires.IsZero() || s.now().Before(e.expires)) {
		u := e.user
		return &u, nil
	}
	u, expires, err := read()
	if err != nil {
		return nil, err
	}
	v.mu.Lock()
	if v.entries == nil || len(v.entries) >= maxVerified {
		v.entries = map[verifiedKey]verifiedEntry{}
	}
	v.entries[key] = verifiedEntry{user: *u, version: version, expires: expires}
	v.mu.Unlock()
	return u, nil
}
