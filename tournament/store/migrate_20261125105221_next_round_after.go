package store

import "gorm.io/gorm"

// Migration 20261125105221-next-round-after gives events played live the pause
// after which the server pairs and publishes their next round
// (events.next_round_after, seconds; 0: the arbiter does). The row type is
// a frozen copy; the live one is in models.go.

type nextRoundAfterRow20261125105221 struct {
	NextRoundAfter int `gorm:"not null;default:0"`
}

func (nextRoundAfterRow20261125105221) TableName() string { return "events" }

func nextRoundAfterMigration(tx *gorm.DB) error {
	return tx.Migrator().AddColumn(&nextRoundAfterRow20261125105221{}, "NextRoundAfter")
}
