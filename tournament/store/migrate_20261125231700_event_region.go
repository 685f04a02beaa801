package store

import "gorm.io/gorm"

// Migration 20261125231700-event-region keeps the region an event is held
// in, which the calendar filters by; events stored before it have none.
// The row type is a frozen copy; the live one is in models.go.

type eventRegionRow20261125231700 struct {
	Region string `gorm:"size:200;not null;default:''"`
}

func (eventRegionRow20261125231700) TableName() string { return "events" }

func eventRegionMigration(tx *gorm.DB) error {
	return tx.Migrator().AddColumn(&eventRegionRow20261125231700{}, "Region")
}
