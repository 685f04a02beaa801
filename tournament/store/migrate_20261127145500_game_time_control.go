package store

import "gorm.io/gorm"

// Migration 20261127145500-game-time-control lets a game played on the
// server keep a clock of its own when it is not its event's (issue 68):
// a live team knockout's tie-break leg is played at its stage's time
// control ("" for the event's). The row type is a frozen copy; the live
// one is in correspondence.go.

type gameTimeControlRow20261127145500 struct {
	TimeControl string `gorm:"type:text;not null;default:''"`
}

func (gameTimeControlRow20261127145500) TableName() string { return "correspondence_games" }

func gameTimeControlMigration(tx *gorm.DB) error {
	return tx.Migrator().AddColumn(&gameTimeControlRow20261127145500{}, "TimeControl")
}
