package store

import (
	"time"

	"gorm.io/gorm"
)

// Migration 2026112201-initial creates accounts, tokens, events, players,
// rounds, games and the audit log. The row types below are this migration's
// own frozen copies: they never change, whatever happens to the live rows in
// models.go.

type initialUser struct {
	ID           int64  `gorm:"primaryKey"`
	Email        string `gorm:"size:254;not null;uniqueIndex"`
	Name         string `gorm:"size:200;not null"`
	Role         string `gorm:"size:16;not null"`
	PasswordHash string `gorm:"size:200;not null"`
	Locale       string `gorm:"size:8;not null"`
	CreatedAt    time.Time
}

func (initialUser) TableName() string { return "users" }

type initialToken struct {
	ID        int64       `gorm:"primaryKey"`
	UserID    int64       `gorm:"not null;index"`
	User      initialUser `gorm:"constraint:OnDelete:CASCADE"`
	Hash      string      `gorm:"size:64;not null;uniqueIndex"`
	CreatedAt time.Time
}

func (initialToken) TableName() string { return "api_tokens" }

type initialEvent struct {
	ID                 int64  `gorm:"primaryKey"`
	Name               string `gorm:"size:200;not null"`
	Discipline         string `gorm:"size:32;not null"`
	System             string `gorm:"size:32;not null"`
	Rounds             int    `gorm:"not null"`
	TimeControl        string `gorm:"size:32;not null"`
	ScoreWin           float64
	ScoreDraw          float64
	ScoreLoss          float64
	ScoreBye           float64
	ScoreForfeitWin    float64
	TieBreaks          string `gorm:"size:1000;not null"`
	StartDate          string `gorm:"size:10;not null"`
	EndDate            string `gorm:"size:10;not null"`
	Venue              string `gorm:"size:200;not null"`
	City               string `gorm:"size:200;not null"`
	ChiefArbiter       string `gorm:"size:200;not null"`
	Arbiters           string `gorm:"type:text;not null"`
	Status             string `gorm:"size:16;not null"`
	Visibility         string `gorm:"size:16;not null"`
	ManualStartNumbers bool   `gorm:"not null"`
	OwnerID            int64  `gorm:"not null;index"`
	Owner              initialUser
	CreatedAt          time.Time
}

func (initialEvent) TableName() string { return "events" }

type initialPlayer struct {
	ID            int64        `gorm:"primaryKey"`
	EventID       int64        `gorm:"not null;index"`
	Event         initialEvent `gorm:"constraint:OnDelete:CASCADE"`
	StartNo       int          `gorm:"not null"`
	Name          string       `gorm:"size:100;not null"`
	Rating        int          `gorm:"not null"`
	BirthYear     int          `gorm:"not null"`
	Club          string       `gorm:"size:100;not null"`
	City          string       `gorm:"size:100;not null"`
	FederationID  string       `gorm:"size:100;not null"`
	FirstRound    int          `gorm:"not null"`
	WithdrawnFrom int          `gorm:"not null"`
}

func (initialPlayer) TableName() string { return "players" }

type initialRound struct {
	ID      int64        `gorm:"primaryKey"`
	EventID int64        `gorm:"not null;uniqueIndex:idx_round_number"`
	Event   initialEvent `gorm:"constraint:OnDelete:CASCADE"`
	Number  int          `gorm:"not null;uniqueIndex:idx_round_number"`
	Status  string       `gorm:"size:16;not null"`
}

func (initialRound) TableName() string { return "rounds" }

type initialGame struct {
	ID             int64        `gorm:"primaryKey"`
	RoundID        int64        `gorm:"not null;uniqueIndex:idx_game_board"`
	Round          initialRound `gorm:"constraint:OnDelete:CASCADE"`
	Board          int          `gorm:"not null;uniqueIndex:idx_game_board"`
	WhiteID        int64        `gorm:"not null;index"`
	White          initialPlayer
	BlackID        *int64 `gorm:"index"`
	Black          *initialPlayer
	EndReason      string `gorm:"size:32;not null"`
	WhitePoints    int    `gorm:"not null"`
	BlackPoints    int    `gorm:"not null"`
	Sheet          string `gorm:"type:text;not null"`
	SheetReport    string `gorm:"type:text;not null"`
	OverrideReason string `gorm:"type:text;not null"`
	Version        int    `gorm:"not null"`
}

func (initialGame) TableName() string { return "games" }

type initialAudit struct {
	ID        int64        `gorm:"primaryKey"`
	EventID   int64        `gorm:"not null;index"`
	Event     initialEvent `gorm:"constraint:OnDelete:CASCADE"`
	At        time.Time
	UserID    int64  `gorm:"not null"`
	UserEmail string `gorm:"size:254;not null"`
	Action    string `gorm:"size:32;not null"`
	Subject   string `gorm:"size:200;not null"`
	Before    string `gorm:"type:text;not null"`
	After     string `gorm:"type:text;not null"`
	Reason    string `gorm:"type:text;not null"`
}

func (initialAudit) TableName() string { return "audit_entries" }

func migrateInitial(tx *gorm.DB) error {
	return tx.Migrator().CreateTable(&initialUser{}, &initialToken{}, &initialEvent{}, &initialPlayer{}, &initialRound{}, &initialGame{}, &initialAudit{})
}
