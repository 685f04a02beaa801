package store

import "gorm.io/gorm"

// Migration 20261125223700 adds the game an event is played in
// (tournament.Event.Game): "adiukh" or "russian"; every event that exists
// is of Adiukh, the only game before.

type eventGameRow20261125223700 struct {
	Game string `gorm:"size:16;not null;default:'adiukh'"`
}

func (eventGameRow20261125223700) TableName() string { return "events" }

func eventGameMigration(tx *gorm.DB) error {
	return tx.Migrator().AddColumn(&eventGameRow20261125223700{}, "Game")
}
