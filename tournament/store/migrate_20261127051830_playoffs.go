package store

import (
	"time"

	"gorm.io/gorm"
)

// Migration 20261127051830-playoffs keeps the play-offs of ties (issue 68,
// tournament/playoff): an event played to decide places of another's final
// standings names its parent (events.parent_event_id) and how many times
// its round robin is played through (events.cycles: a match of N games is
// N); the table playoffs keeps, by the play-off event, its parent, the
// places it decides and which player of the parent each of its players
// is. Events stored before are events of their own: 0 and 0. The row types
// are frozen copies; the live ones are in models.go and playoffs.go.

type eventPlayoffRow20261127051830 struct {
	ParentEventID int64 `gorm:"not null;default:0"`
	Cycles        int   `gorm:"not null;default:0"`
}

func (eventPlayoffRow20261127051830) TableName() string { return "events" }

type playoffRow20261127051830 struct {
	PlayoffEventID int64                      `gorm:"primaryKey;autoIncrement:false"`
	Playoff        playoffEvent20261127051830 `gorm:"foreignKey:PlayoffEventID;constraint:OnDelete:CASCADE"`
	EventID        int64                      `gorm:"not null;index"`
	Event          playoffEvent20261127051830 `gorm:"foreignKey:EventID;constraint:OnDelete:CASCADE"`
	PlaceFrom      int                        `gorm:"not null"`
	PlaceTo        int                        `gorm:"not null"`
	Games          int                        `gorm:"not null"`
	Players        string                     `gorm:"type:text;not null"` // JSON: [{"parent": id, "player": id}, …]
	CreatedAt      time.Time                  `gorm:"not null"`
}

func (playoffRow20261127051830) TableName() string { return "playoffs" }

type playoffEvent20261127051830 struct {
	ID int64 `gorm:"primaryKey"`
}

func (playoffEvent20261127051830) TableName() string { return "events" }

func playoffsMigration(tx *gorm.DB) error {
	for _, column := range []string{"ParentEventID", "Cycles"} {
		if err := tx.Migrator().AddColumn(&eventPlayoffRow20261127051830{}, column); err != nil {
			return err
		}
	}
	return tx.Migrator().CreateTable(&playoffRow20261127051830{})
}
