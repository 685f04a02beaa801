package correspondence

import (
	"context"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/knockout"
)

// Store keeps correspondence play beside the event it belongs to; every use
// case runs in one Update, one database transaction.
type Store interface {
	Update(ctx context.Context, fn func(tx Tx) error) error
	View(ctx context.Context, fn func(tx Tx) error) error
}

// Tx is the store inside one transaction: the parts of the tournament store
// a section touches (its event, players, rounds, results, audit log, users)
// and the correspondence records. Lookups of missing rows return an
// *tournament.Error with code ENOTFOUND.
type Tx interface {
	Event(id int64) (*tournament.Event, error)
	// Events lists events (see tournament.EventTx).
	Events(ownerID int64, all bool) ([]tournament.Event, error)
	// LockEvent serializes the writes of one event (see tournament.Tx).
	LockEvent(id int64) error
	UpdateEvent(e *tournament.Event) error
	Players(eventID int64) ([]tournament.Player, error)
	// PlayerNames reads the names of the players with these IDs.
	PlayerNames(ids []int64) (map[int64]string, error)
	UpdatePlayer(p *tournament.Player) error
	Rounds(eventID int64) ([]tournament.Round, error)
	CreateRound(r *tournament.Round) error
	UpdateRoundStatus(r *tournament.Round) error
	UpdateGame(g *tournament.Game) error
	AddAudit(a *tournament.AuditEntry) error
	// EventOpenings reads a micro-match event's own table of openings.
	tournament.OpeningTx
	UserByEmail(email string) (*tournament.User, error)
	// User finds an account by ID.
	User(id int64) (*tournament.User, error)

	// Settings are the section's settings; defaults when none are stored.
	Settings(eventID int64) (*Settings, error)
	SaveSettings(s *Settings) error
	// PlayerAccounts maps the event's player IDs to the accounts that play
	// for them (linked through tournament.Service.LinkPlayer).
	PlayerAccounts(eventID int64) (map[int64]tournament.User, error)
	// AccountsOfUser lists the players a user plays for, in every event.
	AccountsOfUser(userID int64) ([]Account, error)

	// CreateGames stores new games and gives each its ID.
	CreateGames(games []Game) error
	// Game reads one game; LockGame reads it for update, so that a second
	// transaction locking it waits (a row lock on PostgreSQL).
	Game(id int64) (*Game, error)
	LockGame(id int64) (*Game, error)
	// GameAt reads one game as Game does and, in the same statement, the
	// data version of what the transaction reads (see kept).
	GameAt(id int64) (*Game, int64, error)
	// GameVersions reads the versions of the games, by ID.
	GameVersions(ids []int64) (map[int64]int, error)
	// SecondGames reads the IDs of the second games of the micro-matches
	// of these boards (their games' IDs), by board: the boards whose
	// second game has not started are absent.
	SecondGames(boardGameIDs []int64) (map[int64]int64, error)
	// MatchGames reads every game of a knockout event's matches
	// (knockout.Tx): a knockout played on the server records its games'
	// ends through tournament/knockout, in the same transaction.
	MatchGames(eventID int64) ([]knockout.Game, error)
	// RenamedGame is the ID of the game that had the ID former before a
	// micro-match's second game had an ID of its own (it had its board's
	// plus 2^40); ENOTFOUND when no game had it.
	RenamedGame(former int64) (int64, error)
	// SaveGame writes g if the stored version is still g.Version and
	// increments it; otherwise ECONFLICT.
	SaveGame(g *Game) error
	// SaveGames saves the games as SaveGame saves each, in one statement
	// where the database can, and reports game by game nil or the
	// ECONFLICT of one whose stored version is no longer its own; any
	// other failure is the error.
	SaveGames(games []*Game) ([]error, error)
	// Games lists the games of an event by round and board.
	Games(eventID int64) ([]Game, error)
	// GamesOfPlayers lists the games of the given players.
	GamesOfPlayers(playerIDs []int64) ([]Game, error)
	// RunningLiveGamesOfPlayers lists the given players' live games that
	// are running.
	RunningLiveGamesOfPlayers(playerIDs []int64) ([]Game, error)
	// RunningLiveGames lists the live games that are running.
	RunningLiveGames() ([]Game, error)
	// LiveBeat reads, for update, the last beat of any instance's live
	// clock (zero before the first); SetLiveBeat keeps at as the last.
	LiveBeat() (time.Time, error)
	SetLiveBeat(at time.Time) error
	// DueGames lists the running games whose deadline is at or before t.
	DueGames(t time.Time) ([]Game, error)
	// GamesPastEndDate lists the running games of events whose end date is
	// before day (YYYY-MM-DD).
	GamesPastEndDate(day string) ([]Game, error)
	AddMove(m *Move) error
	// AddMoves records moves, of one game or several, in one statement.
	AddMoves(moves []Move) error
	// Moves lists the moves of a game by ply.
	Moves(gameID int64) ([]Move, error)

	AddLeave(l *Leave) error
	// Leaves lists the leave of an event's players by start.
	Leaves(eventID int64) ([]Leave, error)
	DeleteLeave(id int64) error

	AddNotification(n *Notification) error
	// Inbox lists a user's newest notifications first, at most limit.
	Inbox(userID int64, limit int) ([]Notification, error)
	MarkRead(userID int64, ids []int64) error
	// Unmailed lists notifications not yet e-mailed, oldest first.
	Unmailed(limit int) ([]Notification, error)
	// ClaimMail marks a notification mailed; false when another instance
	// already did.
	ClaimMail(id int64) (bool, error)
	// UnclaimMail takes the mark back after a failed delivery.
	UnclaimMail(id int64) error
}
