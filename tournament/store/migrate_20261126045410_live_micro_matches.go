package store

import "gorm.io/gorm"

// Migration 20261126045410-live-micro-matches lets a game played on the server be
// one of the two games of a micro-match (issue 51): its number in the
// micro-match beside its board (0 for a board's only game), and the
// position it started from when that is not its section's (the drawn
// opening's FEN). The row type is a frozen copy; the live one is in
// correspondence.go.

type liveMicroMatchRow20261126045410 struct {
	MicroGame     int    `gorm:"not null;default:0"`
	StartPosition string `gorm:"type:text;not null;default:''"`
}

func (liveMicroMatchRow20261126045410) TableName() string { return "correspondence_games" }

func liveMicroMatchesMigration(tx *gorm.DB) error {
	m := tx.Migrator()
	for _, column := range []string{"MicroGame", "StartPosition"} {
		if err := m.AddColumn(&liveMicroMatchRow20261126045410{}, column); err != nil {
			return err
		}
	}
	return nil
}
