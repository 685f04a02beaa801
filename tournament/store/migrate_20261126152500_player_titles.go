package store

import "gorm.io/gorm"

// Migration 20261126152500-player-titles keeps an event's player's sports
// rank or title (players.title: «КМС», «I», «GMI», as the rule book of the
// event's game writes it; empty for the players stored before, who had
// none). The row type is a frozen copy; the live one is in models.go.

type playerTitleRow20261126152500 struct {
	Title string `gorm:"size:16;not null;default:''"`
}

func (playerTitleRow20261126152500) TableName() string { return "players" }

func playerTitlesMigration(tx *gorm.DB) error {
	return tx.Migrator().AddColumn(&playerTitleRow20261126152500{}, "Title")
}
