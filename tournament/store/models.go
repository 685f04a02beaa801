package store

import (
	"time"
)

// The rows below are the live shape of the tables, read and written by the
// transactions. They follow the schema the migrations create (see
// migrate.go) but never create it: a new column is a new migration with its
// own frozen row type, then a field here.

type userRow struct {
	ID           int64  `gorm:"primaryKey"`
	Email        string `gorm:"size:254;not null;uniqueIndex"`
	Name         string `gorm:"size:200;not null"`
	Surname      string `gorm:"size:60;not null;default:''"`
	GivenNames   string `gorm:"size:80;not null;default:''"`
	Patronymic   string `gorm:"size:60;not null;default:''"`
	Sex          string `gorm:"size:1;not null;default:''"`
	Role         string `gorm:"size:16;not null"`
	PasswordHash string `gorm:"size:200;not null"`
	Locale       string `gorm:"size:8;not null"`
	CreatedAt    time.Time
}

func (userRow) TableName() string { return "users" }

type tokenRow struct {
	ID        int64   `gorm:"primaryKey"`
	UserID    int64   `gorm:"not null;index"`
	User      userRow `gorm:"constraint:OnDelete:CASCADE"`
	Hash      string  `gorm:"size:64;not null;uniqueIndex"`
	CreatedAt time.Time
	// Name and ExpiresAt come with migration 2026112230-sessions.
	Name      string `gorm:"size:100;not null;default:''"`
	ExpiresAt *time.Time
}

func (tokenRow) TableName() string { return "api_tokens" }

type eventRow struct {
	ID                 int64  `gorm:"primaryKey"`
	Name               string `gorm:"size:200;not null"`
	Game               string `gorm:"size:16;not null;default:'adiukh'"`
	Discipline         string `gorm:"size:32;not null"`
	System             string `gorm:"size:32;not null"`
	Rounds             int    `gorm:"not null"`
	TimeControl        string `gorm:"size:32;not null"`
	ScoreWin           float64
	ScoreDraw          float64
	ScoreLoss          float64
	ScoreBye           float64
	ScoreForfeitWin    float64
	TieBreaks          string `gorm:"size:1000;not null"` // IDs joined by ","
	StartDate          string `gorm:"size:10;not null"`
	EndDate            string `gorm:"size:10;not null"`
	Venue              string `gorm:"size:200;not null"`
	City               string `gorm:"size:200;not null"`
	Region             string `gorm:"size:200;not null;default:''"`
	ChiefArbiter       string `gorm:"size:200;not null"`
	Arbiters           string `gorm:"type:text;not null"` // JSON array of names
	Status             string `gorm:"size:16;not null"`
	Visibility         string `gorm:"size:16;not null"`
	ManualStartNumbers bool   `gorm:"not null"`
	ForbidSameClub     bool   `gorm:"not null;default:false"`
	Baku               bool   `gorm:"not null;default:false"`
	BlackFirst         bool   `gorm:"not null;default:false"`
	SheetsRequired     bool   `gorm:"not null;default:false"`
	Rated              bool   `gorm:"not null;default:false"`
	Online             bool   `gorm:"not null;default:false"`
	NextRoundAfter     int    `gorm:"not null;default:0"`
	MicroMatch         string `gorm:"size:8;not null;default:''"`
	MicroCount         string `gorm:"size:8;not null;default:''"`
	TimeZone           string `gorm:"size:64;not null;default:''"`
	OwnerID            int64  `gorm:"not null;index"`
	Owner              userRow
	CreatedAt          time.Time
	// Sequence, ModifiedAt, CancelReason and HiddenAt: migration
	// 20261125215918-event-revisions.
	Sequence     int `gorm:"not null;default:0"`
	ModifiedAt   *time.Time
	CancelReason string `gorm:"type:text;not null;default:''"`
	HiddenAt     *time.Time
	// ReopenedAt and ReopenReason: migration 20261126132000-event-reopened.
	ReopenedAt   *time.Time
	ReopenReason string `gorm:"type:text;not null;default:''"`
	// ImportedRounds: migration 20261126162500-event-imported-rounds.
	ImportedRounds int `gorm:"not null;default:0"`
	// ParentEventID and Cycles: migration 20261127051830-playoffs.
	ParentEventID int64 `gorm:"not null;default:0"`
	Cycles        int   `gorm:"not null;default:0"`
	// Knockout: migration 20261127051007-knockout, the JSON of
	// tournament.KnockoutSettings ("" for none).
	Knockout string `gorm:"type:text;not null;default:''"`
}

func (eventRow) TableName() string { return "events" }

type playerRow struct {
	ID      int64    `gorm:"primaryKey"`
	EventID int64    `gorm:"not null;index;index:idx_player_rating_order,priority:1"`
	Event   eventRow `gorm:"constraint:OnDelete:CASCADE"`
	// Start numbers are unique per event, but a swap passes through a
	// moment where two players share one, so the service keeps them unique.
	StartNo       int    `gorm:"not null"`
	Name          string `gorm:"size:100;not null"`
	NameKey       string `gorm:"size:255;not null;default:'';index:idx_player_rating_order,priority:3"`
	Rating        int    `gorm:"not null;index:idx_player_rating_order,priority:2"`
	BirthYear     int    `gorm:"not null"`
	Club          string `gorm:"size:100;not null"`
	City          string `gorm:"size:100;not null"`
	FederationID  string `gorm:"size:100;not null"`
	Title         string `gorm:"size:16;not null;default:''"`
	Federation    string `gorm:"size:3;not null;default:''"`
	Sex           string `gorm:"size:1;not null;default:''"`
	BirthDate     string `gorm:"size:10;not null;default:''"`
	FirstRound    int    `gorm:"not null"`
	WithdrawnFrom int    `gorm:"not null"`
	ByeRound      int    `gorm:"not null;default:0"`
	ByeKind       string `gorm:"size:8;not null;default:''"`
	PersonID      int64  `gorm:"not null;default:0"`
}

func (playerRow) TableName() string { return "players" }

type roundRow struct {
	ID      int64    `gorm:"primaryKey"`
	EventID int64    `gorm:"not null;uniqueIndex:idx_round_number"`
	Event   eventRow `gorm:"constraint:OnDelete:CASCADE"`
	Number  int      `gorm:"not null;uniqueIndex:idx_round_number"`
	Status  string   `gorm:"size:16;not null"`
	// Warnings is the JSON list of the check of a hand-edited pairing.
	Warnings string `gorm:"type:text;not null;default:''"`
	// Openings is the JSON list of the openings drawn; "" for none.
	Openings string `gorm:"type:text;not null;default:''"`
	// StartsAt is when the round starts at the boards; NULL when not set.
	StartsAt *time.Time
}

func (roundRow) TableName() string { return "rounds" }

// gameRow is a row of games. It has no fields of the rows it refers to
// (the round, the players), whose keys the migrations made: with them, a
// row was 1,672 bytes, and the read of a 4,096-player, 60-round event's
// 245,760 games grew its slice to 400 MB, 1.5 GB allocated in all, which
// the process kept from the system long after (issue 59.5).
type gameRow struct {
	ID      int64  `gorm:"primaryKey"`
	RoundID int64  `gorm:"not null;uniqueIndex:idx_game_board"`
	Board   int    `gorm:"not null;uniqueIndex:idx_game_board"`
	WhiteID int64  `gorm:"not null;index"`
	BlackID *int64 `gorm:"index"` // NULL for the bye
	// EndReason is "" while the game has no result.
	EndReason      string `gorm:"size:32;not null"`
	WhitePoints    int    `gorm:"not null"`
	BlackPoints    int    `gorm:"not null"`
	Sheet          string `gorm:"type:text;not null"`
	SheetReport    string `gorm:"type:text;not null"` // JSON, "" without a sheet
	OverrideReason string `gorm:"type:text;not null"`
	Version        int    `gorm:"not null"`
	// MicroGames is the JSON pair of a micro-match's two results; "" for none.
	MicroGames string `gorm:"type:text;not null;default:''"`
	// MicroSheets is the JSON pair of the two games' score sheets; "" for
	// none.
	MicroSheets string `gorm:"type:text;not null;default:''"`
}

func (gameRow) TableName() string { return "games" }

type auditRow struct {
	ID        int64    `gorm:"primaryKey"`
	EventID   int64    `gorm:"not null;index"`
	Event     eventRow `gorm:"constraint:OnDelete:CASCADE"`
	At        time.Time
	UserID    int64  `gorm:"not null"`
	UserEmail string `gorm:"size:254;not null"`
	Action    string `gorm:"size:32;not null"`
	Subject   string `gorm:"size:200;not null"`
	Before    string `gorm:"type:text;not null"`
	After     string `gorm:"type:text;not null"`
	Reason    string `gorm:"type:text;not null"`
}

func (auditRow) TableName() string { return "audit_entries" }
