package store

import "gorm.io/gorm"

// Migration 20261127051007-knockout keeps the knockout events (issue 68):
// the event's setting (its matches' games and tie-break stages, the match
// for third place, the seeding) and the games of each match, a board of a
// knockout round being a match (tournament/knockout). Events stored before
// it have no setting. The row types are frozen copies; the live ones are
// in models.go and knockout.go.

type knockoutEventRow20261127051007 struct {
	// Knockout is the JSON of tournament.KnockoutSettings; "" for none.
	Knockout string `gorm:"type:text;not null;default:''"`
}

func (knockoutEventRow20261127051007) TableName() string { return "events" }

type knockoutGameRow20261127051007 struct {
	ID      int64 `gorm:"primaryKey"`
	EventID int64 `gorm:"not null;uniqueIndex:knockout_games_match,priority:1"`
	Round   int   `gorm:"not null;uniqueIndex:knockout_games_match,priority:2"`
	Board   int   `gorm:"not null;uniqueIndex:knockout_games_match,priority:3"`
	// Number is the game's in the match, from 1; 0 is the lot that
	// decided a level match, WhiteID its winner.
	Number    int    `gorm:"not null;uniqueIndex:knockout_games_match,priority:4"`
	WhiteID   int64  `gorm:"not null"`
	White     int    `gorm:"not null"`
	Black     int    `gorm:"not null"`
	EndReason string `gorm:"size:32;not null"`
	Reason    string `gorm:"type:text;not null;default:''"`
}

func (knockoutGameRow20261127051007) TableName() string { return "knockout_games" }

func knockoutMigration(tx *gorm.DB) error {
	m := tx.Migrator()
	if err := m.AddColumn(&knockoutEventRow20261127051007{}, "Knockout"); err != nil {
		return err
	}
	return m.CreateTable(&knockoutGameRow20261127051007{})
}
