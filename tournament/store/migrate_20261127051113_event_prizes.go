package store

import (
	"time"

	"gorm.io/gorm"
)

// Migration 20261127051113-event-prizes creates the table of events' prize
// lists (tournament/prizelist): the rule for ties, one prize per player and
// the prizes themselves as JSON, read and written whole. The row type is a
// frozen copy; the live one is in prizes.go.

type prizeListRow20261127051113 struct {
	EventID      int64     `gorm:"primaryKey;autoIncrement:false"`
	Ties         string    `gorm:"size:20;not null"`
	OnePerPlayer bool      `gorm:"not null"`
	Prizes       string    `gorm:"not null"`
	SetAt        time.Time `gorm:"not null"`
}

func (prizeListRow20261127051113) TableName() string { return "event_prizes" }

func eventPrizesMigration(tx *gorm.DB) error {
	return tx.Migrator().CreateTable(&prizeListRow20261127051113{})
}
