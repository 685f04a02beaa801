package store

import "gorm.io/gorm"

// Migration 20261126203000-live-connections keeps, for each side of a live
// game, its player's newest stream of the game (the game's version its
// opening saved; negated once it closed; 0 before the first), so that the
// opponent's page shows whether they are connected, on whichever instance
// (issue 64). The row type is a
// frozen copy; the live one is in correspondence.go.

type liveConnectionsRow20261126203000 struct {
	WhiteConnection int `gorm:"not null;default:0"`
	BlackConnection int `gorm:"not null;default:0"`
}

func (liveConnectionsRow20261126203000) TableName() string { return "correspondence_games" }

func liveConnectionsMigration(tx *gorm.DB) error {
	m := tx.Migrator()
	for _, column := range []string{"WhiteConnection", "BlackConnection"} {
		if err := m.AddColumn(&liveConnectionsRow20261126203000{}, column); err != nil {
			return err
		}
	}
	return nil
}
