package store

import (
	"time"

	"gorm.io/gorm"
)

// Migration 20261127051233-relay creates the tables of the relay of games
// played over the board (issue 67, tournament/relay): each relayed board of
// a round with its source, its moves (JSON: each move, the position it
// left, the clocks) and the result it proposes; the operators an arbiter
// names for a round; the relay keys (a program's push key of an event, a
// round's operator link), kept by their hashes. The row types are frozen
// copies; the live ones are in relay.go.

type relayBoardRow20261127051233 struct {
	ID             int64                    `gorm:"primaryKey"`
	EventID        int64                    `gorm:"not null;uniqueIndex:idx_relay_boards_board,priority:1"`
	Event          relayEvent20261127051233 `gorm:"constraint:OnDelete:CASCADE"`
	Round          int                      `gorm:"not null;uniqueIndex:idx_relay_boards_board,priority:2"`
	Board          int                      `gorm:"not null;uniqueIndex:idx_relay_boards_board,priority:3"`
	Source         string                   `gorm:"size:16;not null"`
	URL            string                   `gorm:"size:2000;not null"`
	WholeRound     bool                     `gorm:"not null"`
	SourceSince    time.Time                `gorm:"not null"`
	LastHeard      time.Time                `gorm:"not null"`
	NextPoll       time.Time                `gorm:"not null;index"`
	Failures       int                      `gorm:"not null"`
	Status         string                   `gorm:"size:16;not null"`
	Stop           string                   `gorm:"type:text;not null"`
	StopPly        int                      `gorm:"not null"`
	StoppedBy      string                   `gorm:"size:16;not null"`
	Plies          string                   `gorm:"type:text;not null"`
	ProposedWhite  int                      `gorm:"not null"`
	ProposedBlack  int                      `gorm:"not null"`
	ProposedReason string                   `gorm:"size:32;not null"`
	Version        int                      `gorm:"not null"`
	UpdatedAt      time.Time                `gorm:"not null"`
}

func (relayBoardRow20261127051233) TableName() string { return "relay_boards" }

type relayEvent20261127051233 struct {
	ID int64 `gorm:"primaryKey"`
}

func (relayEvent20261127051233) TableName() string { return "events" }

type relayUser20261127051233 struct {
	ID int64 `gorm:"primaryKey"`
}

func (relayUser20261127051233) TableName() string { return "users" }

type relayOperatorRow20261127051233 struct {
	EventID int64                    `gorm:"primaryKey;autoIncrement:false"`
	Event   relayEvent20261127051233 `gorm:"constraint:OnDelete:CASCADE"`
	Round   int                      `gorm:"primaryKey;autoIncrement:false"`
	UserID  int64                    `gorm:"primaryKey;autoIncrement:false;index"`
	User    relayUser20261127051233  `gorm:"constraint:OnDelete:CASCADE"`
}

func (relayOperatorRow20261127051233) TableName() string { return "relay_operators" }

type relayKeyRow20261127051233 struct {
	Hash      string                   `gorm:"primaryKey;size:64"`
	EventID   int64                    `gorm:"not null;index"`
	Event     relayEvent20261127051233 `gorm:"constraint:OnDelete:CASCADE"`
	Round     int                      `gorm:"not null"`
	Kind      string                   `gorm:"size:16;not null"`
	CreatedBy int64                    `gorm:"not null"`
	CreatedAt time.Time                `gorm:"not null"`
}

func (relayKeyRow20261127051233) TableName() string { return "relay_keys" }

func relayMigration(tx *gorm.DB) error {
	return tx.Migrator().CreateTable(&relayBoardRow20261127051233{}, &relayOperatorRow20261127051233{}, &relayKeyRow20261127051233{})
}
