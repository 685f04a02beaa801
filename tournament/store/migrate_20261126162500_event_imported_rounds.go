package store

import "gorm.io/gorm"

// Migration 20261126162500-event-imported-rounds keeps how many of an
// event's rounds came from a TRF file, whose games never had score sheets
// for the desk to ask for (issue 60). An event imported before it keeps 0:
// its games kept a score only when the file gave one. The row type is a
// frozen copy; the live one is in models.go.

type eventImportedRoundsRow20261126162500 struct {
	ImportedRounds int `gorm:"not null;default:0"`
}

func (eventImportedRoundsRow20261126162500) TableName() string { return "events" }

func eventImportedRoundsMigration(tx *gorm.DB) error {
	return tx.Migrator().AddColumn(&eventImportedRoundsRow20261126162500{}, "ImportedRounds")
}
