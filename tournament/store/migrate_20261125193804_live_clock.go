package store

import (
	"time"

	"gorm.io/gorm"
)

// Migration 20261125193804-live-clock keeps the last beat of the live clock that
// every instance runs each second, so that an instance starting after all
// were away gives the running live games the time back: the server's
// outage is not charged to the side to move. The row type is a frozen
// copy; the live one is in correspondence.go.

type liveClockRow20261125193804 struct {
	ID     int       `gorm:"primaryKey;autoIncrement:false"`
	BeatAt time.Time `gorm:"not null"`
}

func (liveClockRow20261125193804) TableName() string { return "live_clock" }

func liveClockMigration(tx *gorm.DB) error {
	return tx.Migrator().CreateTable(&liveClockRow20261125193804{})
}
