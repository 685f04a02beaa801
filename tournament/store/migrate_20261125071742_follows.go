package store

import (
	"time"

	"gorm.io/gorm"
)

// Migration 20261125071742-follows creates the table of what accounts
// follow: events (PlayerID 0) and players of events (tournament.Follow).
// The row type is a frozen copy; the live one is in follows.go.

type followRow20261125071742 struct {
	UserID    int64     `gorm:"primaryKey;autoIncrement:false"`
	EventID   int64     `gorm:"primaryKey;autoIncrement:false;index"`
	PlayerID  int64     `gorm:"primaryKey;autoIncrement:false"`
	CreatedAt time.Time `gorm:"not null"`
}

func (followRow20261125071742) TableName() string { return "follows" }

func followsMigration(tx *gorm.DB) error {
	return tx.Migrator().CreateTable(&followRow20261125071742{})
}
