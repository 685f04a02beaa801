package store

import "gorm.io/gorm"

// Migration 20261127143500-report-game-no lets a player report one game of
// a knockout match (issue 68): the game's number in the match beside the
// report's board, 0 for the report of an ordinary board's single game. The
// row type is a frozen copy; the live one is in submissions.go.

type submissionGameRow20261127143500 struct {
	GameNo int `gorm:"not null;default:0"`
}

func (submissionGameRow20261127143500) TableName() string { return "submissions" }

func reportGameNoMigration(tx *gorm.DB) error {
	return tx.Migrator().AddColumn(&submissionGameRow20261127143500{}, "GameNo")
}
