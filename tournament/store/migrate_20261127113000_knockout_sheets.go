package store

import "gorm.io/gorm"

// Migration 20261127113000-knockout-sheets keeps the score sheets of the
// games of knockout matches played over the board (issue 68), one a game
// of a match, named as the match's games are (knockout_games): the sheet
// as entered, its report as the rules replayed it, and the arbiter's
// reason where the game's result stands against it. The row type is a
// frozen copy; the live one is in knockout.go.

type knockoutSheetRow20261127113000 struct {
	ID      int64  `gorm:"primaryKey"`
	EventID int64  `gorm:"not null;uniqueIndex:knockout_sheets_game,priority:1"`
	Round   int    `gorm:"not null;uniqueIndex:knockout_sheets_game,priority:2"`
	Board   int    `gorm:"not null;uniqueIndex:knockout_sheets_game,priority:3"`
	Number  int    `gorm:"not null;uniqueIndex:knockout_sheets_game,priority:4"`
	Sheet   string `gorm:"type:text;not null"`
	// Report is the JSON of tournament.SheetReport.
	Report         string `gorm:"type:text;not null"`
	OverrideReason string `gorm:"type:text;not null;default:''"`
}

func (knockoutSheetRow20261127113000) TableName() string { return "knockout_sheets" }

func knockoutSheetsMigration(tx *gorm.DB) error {
	return tx.Migrator().CreateTable(&knockoutSheetRow20261127113000{})
}
