package store

import "gorm.io/gorm"

// Migration 2026112294 adds the event setting that makes an event wait
// for the score sheets of its played games (tournament.Event.SheetsRequired;
// off for every event that exists, as before it was there).

type sheetsRequiredRow2026112294 struct {
	SheetsRequired bool `gorm:"not null;default:false"`
}

func (sheetsRequiredRow2026112294) TableName() string { return "events" }

func sheetsRequiredMigration(tx *gorm.DB) error {
	return tx.Migrator().AddColumn(&sheetsRequiredRow2026112294{}, "SheetsRequired")
}
