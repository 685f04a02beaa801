package tournament

import "context"

// Store keeps the domain. Every use case that writes runs inside one Update,
// which is one database transaction: all of it is kept or none.
type Store interface {
	// Update runs fn in a read-write transaction, committed when fn
	// returns nil and rolled back otherwise.
	Update(ctx context.Context, fn func(tx Tx) error) error
	// View runs fn with a consistent read-only view.
	View(ctx context.Context, fn func(tx Tx) error) error
}

// Tx is the store inside one transaction. Lookups of missing rows return an
// *Error with code ENOTFOUND.
type Tx interface {
	CreateEvent(e *Event) error
	Event(id int64) (*Event, error)
	// LockEvent makes other transactions that lock the same event wait
	// until this one ends, so that the writes of one event never interleave
	// (two results completing one round, two arbiters pairing at once).
	LockEvent(id int64) error
	// Events lists events by start date, newest first: all of them when
	// all is true, else the public ones and those owned by ownerID.
	Events(ownerID int64, all bool) ([]Event, error)
	UpdateEvent(e *Event) error

	CreatePlayer(p *Player) error
	// Players lists the players of an event by start number.
	Players(eventID int64) ([]Player, error)
	UpdatePlayer(p *Player) error
	DeletePlayer(p *Player) error

	// CreateRound stores a round with its games and sets their IDs and
	// versions.
	CreateRound(r *Round) error
	// Rounds lists the rounds of an event by number, each with its games by board.
	Rounds(eventID int64) ([]Round, error)
	UpdateRoundStatus(r *Round) error
	// DeleteRound removes a round with its games.
	DeleteRound(r *Round) error
	// UpdateGame writes g if the stored version is still g.Version, then
	// increments g.Version; a newer stored version is an ECONFLICT error.
	UpdateGame(g *Game) error

	AddAudit(a *AuditEntry) error
	// Audit lists the audit entries of an event, oldest first.
	Audit(eventID int64) ([]AuditEntry, error)

	CreateUser(u *User) error
	UserByEmail(email string) (*User, error)
	CreateToken(t *Token) error
	// TokenByHash finds an API token and its owner by the token's hash.
	TokenByHash(hash string) (*Token, *User, error)

	TeamTx
}
