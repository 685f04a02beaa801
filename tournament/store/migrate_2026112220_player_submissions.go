package store

import (
	"time"

	"gorm.io/gorm"
)

// Migration 2026112220-player-submissions creates the tables of player
// accounts and the results players submit. Its row types are frozen copies.

type submissionsSetting struct {
	EventID int64        `gorm:"primaryKey;autoIncrement:false"`
	Event   initialEvent `gorm:"constraint:OnDelete:CASCADE"`
	Open    bool         `gorm:"not null"`
}

func (submissionsSetting) TableName() string { return "submission_settings" }

type submissionsPlayerAccount struct {
	PlayerID int64         `gorm:"primaryKey;autoIncrement:false"`
	Player   initialPlayer `gorm:"constraint:OnDelete:CASCADE"`
	EventID  int64         `gorm:"not null;index"`
	UserID   int64         `gorm:"not null;index"`
	User     initialUser   `gorm:"constraint:OnDelete:CASCADE"`
}

func (submissionsPlayerAccount) TableName() string { return "player_accounts" }

type submissionsSubmission struct {
	ID        int64       `gorm:"primaryKey"`
	EventID   int64       `gorm:"not null;index"`
	GameID    int64       `gorm:"not null;index"`
	Game      initialGame `gorm:"constraint:OnDelete:CASCADE"`
	Round     int         `gorm:"not null"`
	Board     int         `gorm:"not null"`
	PlayerID  int64       `gorm:"not null"`
	UserID    int64       `gorm:"not null"`
	UserEmail string      `gorm:"size:254;not null"`
	Score     string      `gorm:"size:8;not null"`
	EndReason string      `gorm:"size:32;not null"`
	Sheet     string      `gorm:"type:text;not null"`
	Status    string      `gorm:"size:16;not null"`
	DecidedBy string      `gorm:"size:254;not null"`
	Reason    string      `gorm:"type:text;not null"`
	CreatedAt time.Time
	DecidedAt time.Time
}

func (submissionsSubmission) TableName() string { return "submissions" }

func migratePlayerSubmissions(tx *gorm.DB) error {
	return tx.Migrator().CreateTable(&submissionsSetting{}, &submissionsPlayerAccount{}, &submissionsSubmission{})
}
