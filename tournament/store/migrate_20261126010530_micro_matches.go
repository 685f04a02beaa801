package store

import (
	"time"

	"gorm.io/gorm"
)

// Migration 20261126010530-micro-matches keeps the micro-matches of Russian
// draughts events (issue 51, item 5): the event's setting (where the
// opening is drawn, what the standings count), the openings drawn for a
// round when it was paired, the two games of a board, and the event's own
// table of openings when the arbiter loaded one. Events, rounds and games
// stored before it have none. The row types are frozen copies; the live
// ones are in models.go and openings.go.

type microEventRow20261126010530 struct {
	MicroMatch string `gorm:"size:8;not null;default:''"`
	MicroCount string `gorm:"size:8;not null;default:''"`
}

func (microEventRow20261126010530) TableName() string { return "events" }

type microRoundRow20261126010530 struct {
	// Openings is the JSON list of the openings drawn; "" for none.
	Openings string `gorm:"type:text;not null;default:''"`
}

func (microRoundRow20261126010530) TableName() string { return "rounds" }

type microGameRow20261126010530 struct {
	// MicroGames is the JSON pair of the two games' results; "" for none.
	MicroGames string `gorm:"type:text;not null;default:''"`
}

func (microGameRow20261126010530) TableName() string { return "games" }

type eventOpeningsRow20261126010530 struct {
	EventID int64 `gorm:"primaryKey;autoIncrement:false"`
	// Content is the table as tournament/openings writes it in JSON.
	Content   string    `gorm:"type:text;not null"`
	UpdatedAt time.Time `gorm:"not null"`
}

func (eventOpeningsRow20261126010530) TableName() string { return "event_openings" }

func microMatchesMigration(tx *gorm.DB) error {
	m := tx.Migrator()
	for _, col := range []string{"MicroMatch", "MicroCount"} {
		if err := m.AddColumn(&microEventRow20261126010530{}, col); err != nil {
			return err
		}
	}
	if err := m.AddColumn(&microRoundRow20261126010530{}, "Openings"); err != nil {
		return err
	}
	if err := m.AddColumn(&microGameRow20261126010530{}, "MicroGames"); err != nil {
		return err
	}
	return m.CreateTable(&eventOpeningsRow20261126010530{})
}
