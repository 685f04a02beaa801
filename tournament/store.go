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

// Tx is the store inside one transaction, made of one part per aggregate.
// A use case receives the whole Tx from Update; the helpers it calls take
// only the parts they need (a renumbering needs PlayerTx, a result
// RoundTx), so each one's dependencies show in its signature. A new
// discipline (correspondence games, composition entries) adds its own part
// here. Lookups of missing rows return an *Error with code ENOTFOUND.
type Tx interface {
	EventTx
	PlayerTx
	RoundTx
	SubmissionTx
	AuditTx
	UserTx
	RegulationsTx
	PersonTx
	PersonClaimTx
	OpeningTx
	PresenceTx
}

// EventTx keeps events and their settings.
type EventTx interface {
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
	// DiscardEvent removes an event that holds only players and rounds,
	// for an import that could not finish.
	DiscardEvent(id int64) error
	// ContestEntries counts the entries of a composition event's contest,
	// withdrawn ones included.
	ContestEntries(eventID int64) (int, error)
}

// PlayerTx keeps the players of events.
type PlayerTx interface {
	CreatePlayer(p *Player) error
	// CreatePlayers stores new players at once (an import), setting their
	// IDs.
	CreatePlayers(ps []Player) error
	// Players lists the players of an event by start number.
	Players(eventID int64) ([]Player, error)
	// Lookalikes lists the players of p's event whose name holds one of
	// the words it looks for in p.Name (every player when there are none)
	// or is p's (up to case and ё/е), or with p's federation ID, by start number.
	Lookalikes(p *Player) ([]Player, error)
	// CountPlayers counts the players of an event.
	CountPlayers(eventID int64) (int, error)
	// Player reads player playerID of the event; ENOTFOUND when the
	// player does not play in it.
	Player(eventID, playerID int64) (*Player, error)
	// CountNumberedBefore counts the registered players of p's event who
	// come before p, a newcomer, in the order by rating (then name; a
	// namesake registered earlier comes first).
	CountNumberedBefore(p *Player) (int, error)
	// ShiftStartNumbers moves every player of the event numbered from on
	// one number down, to free number from for a newcomer.
	ShiftStartNumbers(eventID int64, from int) error
	UpdatePlayer(p *Player) error
	DeletePlayer(p *Player) error
}

// RoundTx keeps rounds and their games with the games' results.
type RoundTx interface {
	// CreateRound stores a round with its games and sets their IDs and
	// versions.
	CreateRound(r *Round) error
	// AddGames stores more games of a stored round (an import written in
	// parts) and sets their IDs and versions.
	AddGames(r *Round, games []Game) error
	// Rounds lists the rounds of an event by number, each with its games by board.
	Rounds(eventID int64) ([]Round, error)
	// Board reads round n of an event with its one game on board b alone;
	// ENOTFOUND when the round has no such board.
	Board(eventID int64, n, b int) (*Round, error)
	// RoundHeads lists the rounds of an event by number without their
	// games.
	RoundHeads(eventID int64) ([]Round, error)
	// PlayerGames reads the games a player of the event plays in every
	// round, by round and board, without their start numbers.
	PlayerGames(eventID, playerID int64) ([]Game, error)
	// CountRounds counts the rounds paired in an event, drafts included.
	CountRounds(eventID int64) (int, error)
	UpdateRoundStatus(r *Round) error
	// UpdateRoundStart writes r.StartsAt (zero clears it).
	UpdateRoundStart(r *Round) error
	// DeleteRound removes a round with its games.
	DeleteRound(r *Round) error
	// UpdateGame writes g if the stored version is still g.Version, then
	// increments g.Version; a newer stored version is an ECONFLICT error.
	UpdateGame(g *Game) error
	// CreateGame adds a game to a round and sets its ID and version.
	CreateGame(g *Game) error
	// DeleteGame removes a game that has no result.
	DeleteGame(g *Game) error
	// UpdateGamePlayers writes the players of g if the stored version is
	// still g.Version, then increments g.Version.
	UpdateGamePlayers(g *Game) error
}

// AuditTx keeps the audit log.
type AuditTx interface {
	AuditWriter
	// Audit lists the audit entries of an event, oldest first.
	Audit(eventID int64) ([]AuditEntry, error)
	// AuditOf lists the audit entries of an event about the subjects
	// named ("round 3", "round 3 board 7"), oldest first.
	AuditOf(eventID int64, subjects []string) ([]AuditEntry, error)
}

// UserTx reads the accounts the domain needs to know: who a player,
// author or judge is. Accounts are written by package account, through a
// store of its own.
type UserTx interface {
	UserByEmail(email string) (*User, error)
	// UserByID finds an account by its number; ENOTFOUND when none.
	UserByID(id int64) (*User, error)
}

// playerRoundTx reads players and rounds together, as pairing and
// registration do.
type playerRoundTx interface {
	PlayerTx
	RoundTx
}

// StandingsTx is what an event's standings read in their snapshot: its
// players and rounds, and the events of its play-offs (Options.Playoffs),
// which the store's transaction also answers for.
type StandingsTx interface {
	EventTx
	playerRoundTx
}
