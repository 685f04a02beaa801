package store

import (
	"time"

	"gorm.io/gorm"
)

// Migration 20261125072653-regulations creates the table of events'
// regulations, the PDF an arbiter attaches for the calendar
// (tournament.Regulations). The row type is a frozen copy; the live one is
// in regulations.go.

type regulationsRow20261125072653 struct {
	EventID    int64     `gorm:"primaryKey;autoIncrement:false"`
	FileName   string    `gorm:"size:200;not null"`
	Content    []byte    `gorm:"not null"`
	Size       int       `gorm:"not null"`
	UploadedAt time.Time `gorm:"not null"`
}

func (regulationsRow20261125072653) TableName() string { return "event_regulations" }

func regulationsMigration(tx *gorm.DB) error {
	return tx.Migrator().CreateTable(&regulationsRow20261125072653{})
}
