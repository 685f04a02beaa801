package store

import (
	"time"

	"gorm.io/gorm"
)

// Migration 20261125102336-live-games marks events played live on the site
// (events.online) and gives the games on the server what live play needs:
// whether the game is live (a clock in minutes with Fischer increment,
// not days), when each side first showed up, for the no-show forfeit, and
// what each move left on its player's clock, for the game's record.
// The row types are frozen copies; the live ones are in models.go and
// correspondence.go.

type onlineEventRow20261125102336 struct {
	Online bool `gorm:"not null;default:false"`
}

func (onlineEventRow20261125102336) TableName() string { return "events" }

type liveGameRow20261125102336 struct {
	Live       bool `gorm:"not null;default:false"`
	WhiteShown *time.Time
	BlackShown *time.Time
}

func (liveGameRow20261125102336) TableName() string { return "correspondence_games" }

type liveMoveRow20261125102336 struct {
	LeftMs int64 `gorm:"not null;default:0"`
}

func (liveMoveRow20261125102336) TableName() string { return "correspondence_moves" }

func liveGamesMigration(tx *gorm.DB) error {
	m := tx.Migrator()
	if err := m.AddColumn(&onlineEventRow20261125102336{}, "Online"); err != nil {
		return err
	}
	for _, column := range []string{"Live", "WhiteShown", "BlackShown"} {
		if err := m.AddColumn(&liveGameRow20261125102336{}, column); err != nil {
			return err
		}
	}
	return m.AddColumn(&liveMoveRow20261125102336{}, "LeftMs")
}
