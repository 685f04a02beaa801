package account

import (
	"context"
	"time"

	"adiukh/tournament"
)

// Store is what accounts are kept in: the users, their web sessions, API
// tokens and sign-ups, the account audit log, and the sign-in limits in
// transactions of their own. It is the same database as the tournament
// store; the domain reads users only through tournament.UserTx.
type Store interface {
	// Update runs fn in a read-write transaction, committed when fn
	// returns nil and rolled back otherwise.
	Update(ctx context.Context, fn func(tx Tx) error) error
	// View runs fn with a consistent read-only view.
	View(ctx context.Context, fn func(tx Tx) error) error
	// SignInLimits runs fn in one write transaction that changes no data
	// pages show.
	SignInLimits(ctx context.Context, fn func(tx LimitTx) error) error
}

// Tx is the account store inside one transaction. Lookups of missing rows
// return an *tournament.Error with code ENOTFOUND.
type Tx interface {
	tournament.UserTx
	CreateUser(u *tournament.User) error
	// Users lists every account, by number.
	Users() ([]tournament.User, error)
	// SetUserRole changes what the account may do.
	SetUserRole(userID int64, role tournament.Role) error
	// LockAdmins lists the administrators' numbers and, on PostgreSQL,
	// locks their rows until the transaction ends, so that two
	// transactions cannot each take the role from one of the last two.
	LockAdmins() ([]int64, error)
	SetPasswordHash(userID int64, hash string) error
	// SetUserDetails stores the account's name (in one string and in
	// parts) and sex.
	SetUserDetails(u *tournament.User) error
	// AdminExists reports whether any account is an administrator.
	AdminExists() (bool, error)

	CreateToken(t *Token) error
	// TokenByHash finds an API token and its owner by the token's hash.
	TokenByHash(hash string) (*Token, *tournament.User, error)
	// Tokens lists the user's API tokens, newest first.
	Tokens(userID int64) ([]Token, error)
	Token(id int64) (*Token, error)
	DeleteToken(id int64) error
	// FeedTokenMade is when the user's personal calendar token was made,
	// zero without one, and DeleteFeedToken stops it: the token is the
	// entries area's (entries.FeedTx), and ends with the account's other
	// keys.
	FeedTokenMade(userID int64) (time.Time, error)
	DeleteFeedToken(userID int64) error

	CreateSession(s *Session) error
	// SessionByHash finds a session and its user; ENOTFOUND when none.
	SessionByHash(hash string) (*Session, *tournament.User, error)
	DeleteSession(hash string) error
	// DeleteSessions ends every session of the user (all of them when
	// expiredBy is zero, else those expired by then) and returns how many
	// it ended.
	DeleteSessions(userID int64, expiredBy time.Time) (int64, error)
	// Sessions lists the user's sessions, newest first.
	Sessions(userID int64) ([]Session, error)
	// DeleteSessionByID ends one session of the user; ENOTFOUND when the
	// user has none with that ID.
	DeleteSessionByID(userID, id int64) error

	// CreateSignUp stores a sign-up; an address asked for twice is an
	// ECONFLICT error.
	CreateSignUp(s *SignUp) error
	// SignUpByToken finds a sign-up by its link's hash; ENOTFOUND when
	// none.
	SignUpByToken(hash string) (*SignUp, error)
	// SignUpByEmail finds a sign-up by its address; ENOTFOUND when none.
	SignUpByEmail(email string) (*SignUp, error)
	// SignUps lists the sign-ups, oldest first.
	SignUps() ([]SignUp, error)
	DeleteSignUp(id int64) error
	// DeleteSignUpsExpiredBy deletes the sign-ups whose link expired by
	// then; those waiting for an administrator do not expire.
	DeleteSignUpsExpiredBy(t time.Time) error

	// CreatePasswordReset stores a mailed reset link.
	CreatePasswordReset(r *PasswordReset) error
	// PasswordResetByHash finds a reset link by its token's hash;
	// ENOTFOUND when none.
	PasswordResetByHash(hash string) (*PasswordReset, error)
	// DeletePasswordResets drops every reset link of the user.
	DeletePasswordResets(userID int64) error

	// AddAuditEntry appends to the account audit log.
	AddAuditEntry(a *AuditEntry) error
	// AuditEntries lists the account audit log, newest first: at most
	// limit entries older than the entry before (all when before is 0).
	AuditEntries(before int64, limit int) ([]AuditEntry, error)
}

// LimitTx keeps the sign-in limits in the database, so that every
// instance serving the site counts the same guesses.
type LimitTx interface {
	// Lock makes the attempts that lock one key wait for each other until
	// this transaction ends, on every instance.
	Lock(key string) error
	// Pair reads a pair's backoff; nil when it has none.
	Pair(key string) (*Backoff, error)
	SavePair(key string, b *Backoff) error
	DeletePair(key string) error
	// Failures counts the failures of one kind from an address after
	// since, and gives the oldest of them.
	Failures(kind, addr string, since time.Time) (n int, oldest time.Time, err error)
	AddFailure(kind, addr string, at time.Time) (id int64, err error)
	DeleteFailure(id int64) error
	// Sweep forgets the pairs quiet since pairsBefore and the failures
	// older than failuresBefore.
	Sweep(pairsBefore, failuresBefore time.Time) error
}

// Backoff is the state of one pair of the sign-in limits (see Limits).
type Backoff struct {
	Failures int
	Next     time.Time // no attempt is checked before this
	Last     time.Time
}

// Token is an API token of a user. Only a hash of the token is kept.
type Token struct {
	ID        int64
	UserID    int64
	Hash      string
	Name      string // what the owner calls it, such as the script that uses it
	CreatedAt time.Time
	// ExpiresAt is when the token stops working; zero only for tokens
	// made before tokens expired.
	ExpiresAt time.Time
}

// Session is a web sign-in, kept on the server so that it can be ended
// everywhere at once. The browser holds a random value; only its hash is
// stored.
type Session struct {
	ID        int64
	UserID    int64
	Hash      string
	CreatedAt time.Time
	ExpiresAt time.Time
}

// SignUp is an account someone asked for on the sign-up page. It is kept
// apart from the users until its address is confirmed by the link mailed
// to it or, on a site without mail, an administrator approves it: until
// then nobody can sign in with it, and no rule about users has to know
// about accounts that are not yet ones.
type SignUp struct {
	ID    int64
	Email string
	// Name is "Surname GivenNames" of the name in parts.
	Name                            string
	Surname, GivenNames, Patronymic string
	// PasswordHash is the password of a sign-up waiting for an
	// administrator; "" for one confirmed by mail, whose link's follower
	// chooses it.
	PasswordHash string
	Locale       string
	// TokenHash is the hash of the confirmation link's token; "" when an
	// administrator approves instead.
	TokenHash string
	// ExpiresAt is when the link stops working; zero when it waits for an
	// administrator.
	ExpiresAt time.Time
	CreatedAt time.Time
}
