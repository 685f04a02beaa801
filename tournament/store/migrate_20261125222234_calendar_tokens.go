package store

import (
	"time"

	"gorm.io/gorm"
)

// Migration 20261125222234-calendar-tokens keeps the token of each
// account's personal calendar feed: only its SHA-256, as of the API tokens,
// one per account (a new one replaces it). The row type is a frozen copy;
// the live one is in calendar.go.

type calendarTokenRow20261125222234 struct {
	UserID    int64     `gorm:"primaryKey;autoIncrement:false"`
	Hash      string    `gorm:"size:64;not null;uniqueIndex"`
	CreatedAt time.Time `gorm:"not null"`
}

func (calendarTokenRow20261125222234) TableName() string { return "calendar_tokens" }

func calendarTokensMigration(tx *gorm.DB) error {
	return tx.Migrator().CreateTable(&calendarTokenRow20261125222234{})
}
