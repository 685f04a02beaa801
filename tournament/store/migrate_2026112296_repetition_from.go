package store

import "gorm.io/gorm"

// Migration 2026112296 adds to a correspondence game the ply from which its
// positions are counted for repetition (correspondence.Game.RepetitionFrom):
// the arbiter who lets a repeating game go on starts the count again there.
// 0 for every game that exists: counted from the start, as before.

type repetitionFromRow2026112296 struct {
	RepetitionFrom int `gorm:"not null;default:0"`
}

func (repetitionFromRow2026112296) TableName() string { return "correspondence_games" }

func repetitionFromMigration(tx *gorm.DB) error {
	return tx.Migrator().AddColumn(&repetitionFromRow2026112296{}, "RepetitionFrom")
}
